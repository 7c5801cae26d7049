package io.browserflow.api.validate;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowValidationException;
import io.browserflow.api.Problem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a flow against the model's structural rules, placeholder scoping and {@link FlowLimits},
 * reporting ALL problems at once, in document order, each with a JSON-style path such as
 * {@code steps[3].body[1].value} (actual and allowed values for limits and ranges).
 *
 * <pre>{@code
 * List<Problem> problems = FlowValidator.of(FlowLimits.defaults()).validate(flow);
 * FlowValidator.defaults().check(flow); // throws FlowValidationException listing every problem
 * }</pre>
 *
 * <p>What each code means here:
 * <ul>
 *   <li>{@code LIMIT_EXCEEDED}: a {@link FlowLimits} limit (steps incl. nested bodies and
 *       fallbacks, tab aliases, canonical JSON bytes, foreach items, repeat times, scrape rows,
 *       paginate pages, retries, nesting depth, fill/type value, name, description, foreach
 *       concurrency, table rows and cells, while max).
 *   <li>{@code VALUE_OUT_OF_RANGE}: timeouts, viewport sizes, negative retry counts or
 *       intervals, wait ms, counts below 1 (repeat times, maxPages, while max, scrape limit,
 *       concurrency, schedule everyMinutes), negative element counts.
 *   <li>{@code DUPLICATE_ID}: step ids (whole flow), input keys, credential keys (also against
 *       inputs), tab aliases, table columns.
 *   <li>{@code INVALID_FLOW}: structural rules (schema, blank or malformed ids and keys, exactly one
 *       of wait ms/until, select value/label, schedule everyMinutes/cron, ...).
 *   <li>{@code TARGET_EMPTY}: a target without candidates. {@code TAB_UNDECLARED}: a tab alias
 *       neither declared, {@code main}, nor bound by an earlier tabNew or click newTab.
 *   <li>{@code BINDING_UNRESOLVED}: a malformed {@code ${...}}, or one naming no declared input or
 *       credential, no variable set earlier, no earlier step output (an if's branches exclude each
 *       other; a step's outputs are visible in its own expect), or a loop variable outside its loop.
 *       Scripts ({@code eval}, expression conditions), input defaults, table cells and schedule
 *       inputs are literals and not scanned.
 *   <li>{@code CAPABILITY_DENIED}: eval or expression conditions without {@code script.eval},
 *       upload without {@code file.upload} in the flow's policy.
 * </ul>
 * Disabled steps are validated like the others. A validator is immutable and thread-safe.
 */
public final class FlowValidator {
  private final FlowLimits limits;

  private FlowValidator(FlowLimits limits) {
    this.limits = limits;
  }

  public static FlowValidator of(FlowLimits limits) {
    return new FlowValidator(java.util.Objects.requireNonNull(limits, "limits"));
  }

  public static FlowValidator defaults() {
    return of(FlowLimits.defaults());
  }

  public FlowLimits limits() {
    return limits;
  }

  /**
   * Every problem of the flow, in document order; empty when the flow is valid. Subflows are
   * validated as flows of their own (their problems' paths start with {@code subflows[i].}), calls
   * are checked against the subflows they name, and a flow that calls itself, directly or through
   * others, is refused at the call that closes the circle.
   */
  public List<Problem> validate(Flow flow) {
    Map<String, Flow> callable = new LinkedHashMap<>();
    List<Problem> problems = new ArrayList<>();
    for (int i = 0; i < flow.subflows().size(); i++) {
      Flow sub = flow.subflows().get(i);
      if (sub.id().equals(flow.id()) || callable.containsKey(sub.id())) {
        problems.add(Problem.of(ErrorCode.DUPLICATE_ID, "subflows[" + i + "].id", "the id " + sub.id()
            + " is taken by " + (sub.id().equals(flow.id()) ? "the flow itself" : "an earlier subflow") + ": give each its own"));
      } else {
        callable.put(sub.id(), sub);
      }
    }
    ValidationRun top = new ValidationRun(flow, limits, callable);
    List<Problem> all = new ArrayList<>(top.run());
    Map<String, List<String[]>> calls = new LinkedHashMap<>();
    calls.put(flow.id(), top.calls());
    for (int i = 0; i < flow.subflows().size(); i++) {
      Flow sub = flow.subflows().get(i);
      String prefix = "subflows[" + i + "]";
      if (sub.schedule().isPresent()) {
        all.add(Problem.of(ErrorCode.INVALID_FLOW, prefix + ".schedule", "a subflow runs when called: only the top-level flow has a schedule"));
      }
      if (!sub.subflows().isEmpty()) {
        all.add(Problem.of(ErrorCode.INVALID_FLOW, prefix + ".subflows", "subflows belong to the top-level flow: move them there"));
      }
      ValidationRun run = new ValidationRun(sub, limits, callable);
      for (Problem p : run.run()) {
        all.add(Problem.builder().from(p).path(p.path().isEmpty() ? prefix : prefix + "." + p.path()).build());
      }
      List<String[]> own = new ArrayList<>();
      run.calls().forEach(c -> own.add(new String[] {c[0], prefix + "." + c[1]}));
      calls.putIfAbsent(sub.id(), own);
    }
    all.addAll(problems);
    all.addAll(cycles(flow.id(), calls));
    return all;
  }

  /** One problem per call that leads back to a flow already on the way there. */
  private static List<Problem> cycles(String root, Map<String, List<String[]>> calls) {
    List<Problem> found = new ArrayList<>();
    java.util.Set<String> done = new java.util.HashSet<>();
    for (String start : calls.keySet()) {
      walk(start, new ArrayList<>(), calls, done, found);
    }
    return found;
  }

  private static void walk(String id, List<String> way, Map<String, List<String[]>> calls, java.util.Set<String> done,
      List<Problem> found) {
    if (done.contains(id) || !calls.containsKey(id)) {
      return;
    }
    way.add(id);
    for (String[] call : calls.get(id)) {
      int at = way.indexOf(call[0]);
      if (at >= 0) {
        List<String> circle = new ArrayList<>(way.subList(at, way.size()));
        circle.add(call[0]);
        found.add(Problem.of(ErrorCode.INVALID_FLOW, call[1], "the call closes a circle of flows calling each other ("
            + String.join(" → ", circle) + "): a flow may not call itself, directly or through others"));
      } else {
        walk(call[0], way, calls, done, found);
      }
    }
    way.remove(way.size() - 1);
    done.add(id);
  }

  /** Returns the flow when it is valid, else throws {@link FlowValidationException} with every problem. */
  public Flow check(Flow flow) {
    List<Problem> problems = validate(flow);
    if (!problems.isEmpty()) {
      throw new FlowValidationException(problems);
    }
    return flow;
  }
}
