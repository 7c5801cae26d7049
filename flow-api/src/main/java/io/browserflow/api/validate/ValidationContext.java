package io.browserflow.api.validate;

import io.browserflow.api.Capability;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.Policy;
import io.browserflow.api.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What the rules of one validation pass share: the flow and its limits, the problems found so far
 * (in document order), the binding scope at the current point of the walk, and the capabilities
 * the flow's policy grants. The reporting methods give each kind of problem its code.
 */
final class ValidationContext {
  private final Flow flow;
  private final FlowLimits limits;
  private final List<Problem> problems = new ArrayList<>();
  private final BindingScope scope = new BindingScope();
  private final Set<Capability> declared;
  /** Datasets a datasetWrite anywhere in the flow writes. */
  private final Set<String> datasets = new java.util.TreeSet<>();
  /** Exports seen in the walk, checked against the datasets once the walk is done: name, path, problem index. */
  private final List<Object[]> exports = new ArrayList<>();

  /** Flows a call may name and whose declarations are known here: the top-level flow's subflows. */
  private final java.util.Map<String, Flow> callable;
  /** Calls seen in the walk: the called id and the call step's path. */
  private final List<String[]> calls = new ArrayList<>();

  ValidationContext(Flow flow, FlowLimits limits) {
    this(flow, limits, java.util.Map.of());
  }

  ValidationContext(Flow flow, FlowLimits limits, java.util.Map<String, Flow> callable) {
    this.callable = callable;
    this.flow = flow;
    this.limits = limits;
    Set<Capability> caps = flow.policy().map(Policy::capabilities).orElse(Set.of());
    this.declared = java.util.EnumSet.noneOf(Capability.class);
    this.declared.addAll(caps);
  }

  Flow flow() {
    return flow;
  }

  FlowLimits limits() {
    return limits;
  }

  /** The problems so far; the walk inserts and reorders some to keep document order. */
  List<Problem> problems() {
    return problems;
  }

  BindingScope scope() {
    return scope;
  }

  /** Whether the flow's policy declares {@code capability}. */
  boolean declares(Capability capability) {
    return declared.contains(capability);
  }

  Set<String> datasets() {
    return datasets;
  }

  /** The subflow a call names, when the top-level flow holds it. */
  java.util.Optional<Flow> callable(String id) {
    return java.util.Optional.ofNullable(callable.get(id));
  }

  void call(String id, String path) {
    calls.add(new String[] {id, path});
  }

  List<String[]> calls() {
    return calls;
  }

  /** Notes an export of {@code name} at {@code path}, checked by {@link #checkExports()}. */
  void export(String name, String path) {
    exports.add(new Object[] {name, path, problems.size()});
  }

  /** Every export names a dataset some datasetWrite of the flow writes (before or after it, a loop may go round). */
  void checkExports() {
    for (int i = exports.size() - 1; i >= 0; i--) {
      Object[] e = exports.get(i);
      String name = (String) e[0];
      if (!datasets.contains(name)) {
        problems.add(Math.min((Integer) e[2], problems.size()), Problem.builder().code(io.browserflow.api.ErrorCode.INVALID_FLOW)
            .path((String) e[1]).message("no datasetWrite of the flow writes the dataset '" + name + "'"
                + (datasets.isEmpty() ? "" : " (written: " + datasets + ")") + ": write its rows with datasetWrite").build());
      }
    }
  }

  // ---------------------------------------------------------------- reporting

  void report(Problem problem) {
    problems.add(problem);
  }

  void invalid(String path, String message) {
    problems.add(Problem.of(ErrorCode.INVALID_FLOW, path, message));
  }

  void unresolved(String path, String message) {
    problems.add(Problem.of(ErrorCode.BINDING_UNRESOLVED, path, message));
  }

  void overLimit(String path, String message, Object actual, Object allowed) {
    problems.add(Problem.limit(ErrorCode.LIMIT_EXCEEDED, path, message, actual, allowed));
  }

  void outOfRange(String path, String message, Object actual, Object allowed) {
    problems.add(Problem.limit(ErrorCode.VALUE_OUT_OF_RANGE, path, message, actual, allowed));
  }
}
