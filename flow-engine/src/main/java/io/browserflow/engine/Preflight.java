package io.browserflow.engine;

import io.browserflow.api.Capability;
import io.browserflow.api.Credential;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.FlowValidationException;
import io.browserflow.api.Input;
import io.browserflow.api.lint.FlowLint;
import io.browserflow.api.lint.LintCode;
import io.browserflow.api.lint.LintWarning;
import io.browserflow.api.Problem;
import io.browserflow.api.Step;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.validate.FlowValidator;
import io.browserflow.engine.review.FlowReview;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Everything checked before a run's first step: the flow is valid, the inputs and credentials are
 * the declared ones with values of their types, the gated capabilities are allowed, the approved
 * digest (when the engine requires one) matches, and which origins the run may reach.
 */
final class Preflight {
  private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?");
  private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

  /** What a cleared run needs: the flow's digest and the policy it runs under. */
  record Clearance(String digest, RunPolicy policy, Map<String, Flow> callees) {}

  /** A refused run. */
  static final class Refused extends RuntimeException {
    final FlowException reason;
    /** Null when the flow failed validation, which comes before the digest. */
    final String digest;

    Refused(FlowException reason, String digest) {
      super(reason.getMessage(), null, false, false);
      this.reason = reason;
      this.digest = digest;
    }
  }

  private final DefaultFlowEngine engine;
  private final Flow flow;
  private final Inputs inputs;
  private final RunOptions options;
  private final Bindings bindings;

  Preflight(DefaultFlowEngine engine, Flow flow, Inputs inputs, RunOptions options, Bindings bindings) {
    this.engine = engine;
    this.flow = flow;
    this.inputs = inputs;
    this.options = options;
    this.bindings = bindings;
  }

  /** Clears the run, or throws {@link Refused} with the first reason found. */
  Clearance clear() {
    List<Problem> problems = FlowValidator.of(engine.limits).validate(flow);
    if (!problems.isEmpty()) {
      throw new Refused(new FlowValidationException(problems), null);
    }
    String digest = FlowJson.digest(flow);
    Optional<FlowException> inputProblem = checkInputs();
    if (inputProblem.isPresent()) {
      throw new Refused(inputProblem.get(), digest);
    }
    Map<String, Flow> callees;
    try {
      callees = new CalledFlows(flow, engine.library, engine.limits).resolve();
    } catch (FlowRunException e) {
      throw new Refused(e, digest);
    }
    FlowReview review = FlowReview.of(flow);
    for (Flow callee : callees.values()) {
      if (flow.subflow(callee.id()).isEmpty()) { // subflows are reviewed with their flow already
        review = review.with(FlowReview.of(callee)); // what library flows need, the run needs
      }
    }
    FlowReview needs = review;
    Optional<FlowException> refusal = checkCapabilities(needs).or(this::checkSensitiveValues)
        .or(() -> checkApproval(digest)).or(() -> checkCalleeApprovals(callees)).or(() -> checkEnvironment(needs));
    if (refusal.isPresent()) {
      throw new Refused(refusal.get(), digest);
    }
    boolean downloads = review.capabilities().contains(Capability.FILE_DOWNLOAD)
        || flow.policy().map(p -> p.capabilities().contains(Capability.FILE_DOWNLOAD)).orElse(false)
        || options.allowed().contains(Capability.FILE_DOWNLOAD);
    boolean strict = strictOrigins();
    Set<String> allowed = allowedOrigins(review, callees, strict);
    return new Clearance(digest, new RunPolicy(allowed, strict, engine.uploadRoots, options.caller(),
        downloads, options.failOnBlockedRequest()), callees);
  }

  /** A literal secret in the flow (lint SENSITIVE_VALUE at severity error) is refused unless the run allows it. */
  private Optional<FlowException> checkSensitiveValues() {
    if (options.allowSensitiveValues()) {
      return Optional.empty();
    }
    List<LintWarning> secrets = FlowLint.lint(flow).warnings(LintCode.SENSITIVE_VALUE).stream()
        .filter(w -> w.severity() == LintWarning.Severity.ERROR).collect(java.util.stream.Collectors.toList());
    if (secrets.isEmpty()) {
      return Optional.empty();
    }
    String where = secrets.stream().map(w -> w.path() + ": " + w.message()).collect(java.util.stream.Collectors.joining("; "));
    return Optional.of(new FlowRunException(ErrorCode.SENSITIVE_VALUE, "the flow holds " + (secrets.size() == 1
        ? "a literal secret value" : secrets.size() + " literal secret values") + " (" + where + "); "
        + Remedies.allowSensitiveValues(options.caller()), Map.of(FlowException.Details.PATH, secrets.get(0).path())));
  }

  private Optional<FlowException> checkInputs() {
    List<String> missing = new ArrayList<>();
    List<String> missingInputs = new ArrayList<>();
    List<String> missingCredentials = new ArrayList<>();
    List<String> invalid = new ArrayList<>();
    Set<String> declared = new HashSet<>();
    for (Input input : flow.inputs()) {
      declared.add(input.key());
      String value = bindings.inputValues().get(input.key());
      if (value == null) {
        if (input.required()) {
          missing.add("input " + input.key());
          missingInputs.add(input.key());
        }
        continue;
      }
      inputError(input, value).ifPresent(invalid::add);
    }
    inputs.inputs().keySet().stream().filter(k -> !declared.contains(k))
        .forEach(k -> invalid.add("input " + k + " is not declared by the flow"));
    Set<String> declaredCredentials = new HashSet<>();
    for (Credential c : flow.credentials()) {
      declaredCredentials.add(c.key());
      if (c.required() && !inputs.credentials().containsKey(c.key())) {
        missing.add("credential " + c.key());
        missingCredentials.add(c.key());
      }
    }
    inputs.credentials().keySet().stream().filter(k -> !declaredCredentials.contains(k))
        .forEach(k -> invalid.add("credential " + k + " is not declared by the flow"));
    if (!missing.isEmpty()) {
      return Optional.of(new FlowRunException(ErrorCode.INPUT_MISSING, "missing " + String.join(", ", missing)
          + "; " + Remedies.supply(missingInputs, missingCredentials, options.caller()),
          Map.of("missing", String.join(",", missing))));
    }
    if (!invalid.isEmpty()) {
      return Optional.of(new FlowRunException(ErrorCode.INPUT_INVALID, String.join("; ", invalid)));
    }
    return Optional.empty();
  }

  private static Optional<String> inputError(Input input, String value) {
    String key = "input " + input.key();
    Optional<String> typeError = switch (input.type()) {
      case TEXT -> Optional.empty();
      case NUMBER -> NUMBER.matcher(value).matches() ? Optional.empty()
          : Optional.of(key + " must be a number, was \"" + value + "\"");
      case BOOLEAN -> value.equals("true") || value.equals("false") ? Optional.empty()
          : Optional.of(key + " must be true or false, was \"" + value + "\"");
      case DATE -> DATE.matcher(value).matches() ? Optional.empty()
          : Optional.of(key + " must be a date yyyy-MM-dd, was \"" + value + "\"");
      case URL -> value.startsWith("http://") || value.startsWith("https://") ? Optional.empty()
          : Optional.of(key + " must be an http(s) URL, was \"" + value + "\"");
      case SELECT -> input.options().contains(value) ? Optional.empty()
          : Optional.of(key + " must be one of " + input.options() + ", was \"" + value + "\"");
    };
    if (typeError.isPresent()) {
      return typeError;
    }
    if (input.pattern().isPresent() && !Pattern.compile(input.pattern().get()).matcher(value).matches()) {
      return Optional.of(key + " does not match the pattern " + input.pattern().get());
    }
    return Optional.empty();
  }

  /** Scripts, uploads and http requests run only when the flow declares them and this run allows them. */
  private Optional<FlowException> checkCapabilities(FlowReview review) {
    for (Capability gated : RunOptions.GATED) {
      if (review.capabilities().contains(gated) && !options.allowed().contains(gated)) {
        return Optional.of(new FlowRunException(ErrorCode.CAPABILITY_DENIED, "the flow needs " + gated.id()
            + " and this run does not allow it; " + Remedies.allow(gated, options.caller())));
      }
    }
    return Optional.empty();
  }

  private Optional<FlowException> checkApproval(String digest) {
    return engine.approvals == null ? Optional.empty() : unapproved(flow.id(), digest)
        .map(why -> new FlowRunException(ErrorCode.REVIEW_REQUIRED, "flow " + flow.id() + " (digest " + digest + ") "
            + why + "; " + Remedies.approve(options.caller())));
  }

  /**
   * Each library flow the run calls is approved in its exact revision too: it receives the caller's
   * values (credentials included) and may change after the caller's approval. Subflows are part of
   * their flow's digest already.
   */
  private Optional<FlowException> checkCalleeApprovals(Map<String, Flow> callees) {
    if (engine.approvals == null) {
      return Optional.empty();
    }
    for (Flow callee : callees.values()) {
      if (flow.subflow(callee.id()).isPresent()) {
        continue;
      }
      String digest = FlowJson.digest(callee);
      Optional<String> why = unapproved(callee.id(), digest);
      if (why.isPresent()) {
        return Optional.of(new FlowRunException(ErrorCode.REVIEW_REQUIRED, "flow " + flow.id() + " calls library flow "
            + callee.id() + " (digest " + digest + "), which " + why.get() + "; " + Remedies.approve(options.caller()),
            Map.of(FlowException.Details.PATH, callee.id())));
      }
    }
    return Optional.empty();
  }

  /** Why a flow id's revision is not approved: never, an untrusted approval, or one of another revision. */
  private Optional<String> unapproved(String flowId, String digest) {
    Optional<String> approved = engine.approvals.approvedDigest(flowId);
    if (approved.isEmpty()) {
      return Optional.of(engine.approvals.refusal(flowId).map(r -> "has an approval that cannot be trusted: " + r)
          .orElse("was never approved"));
    }
    return approved.get().equals(digest) ? Optional.empty()
        : Optional.of("changed since its approval (approved " + approved.get() + ")");
  }

  /** An approval pinned to an environment holds only there (seed 003), unless the run allows the drift. */
  private Optional<FlowException> checkEnvironment(FlowReview review) {
    if (engine.approvals == null || options.allowEnvironmentDrift()) {
      return Optional.empty();
    }
    Optional<io.browserflow.engine.review.Environment> approved = engine.approvals.approval(flow.id())
        .flatMap(io.browserflow.engine.review.Approvals.Approval::environment);
    if (approved.isEmpty()) {
      return Optional.empty();
    }
    io.browserflow.engine.review.Environment now = io.browserflow.engine.review.Environment.of(engine.driver.environment(),
        options.viewportWidth(), options.viewportHeight(), review.origins());
    List<String> differences = now.differences(approved.get());
    if (differences.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new FlowRunException(ErrorCode.ENVIRONMENT_DRIFT, "flow " + flow.id() + " was approved for another "
        + "environment (" + String.join("; ", differences) + "); " + Remedies.allowDrift(options.caller())));
  }

  /** The flow's own origins (its review's, and URLs bound to inputs and credentials) and those the run allows. */
  /**
   * Whether the run's values may not widen its origins: a run that requires approval, or a tool call
   * over MCP, reaches only the origins its (reviewed) flow declares, and an empty set allows nothing.
   * Plain local runs and tests keep taking the origins of the URLs their inputs bind.
   */
  private boolean strictOrigins() {
    return engine.approvals != null || options.caller() == Caller.MCP;
  }

  /**
   * The origins the run may reach: the flow's literal ones and its {@code policy.allowedOrigins}
   * (patterns such as {@code http://127.0.0.1:*} included), the run's {@code allowOrigins}, and the
   * origins of URLs bound from inputs and credentials. With {@code strict}, a bound origin counts only
   * when a declared one admits it; one that none admits refuses the run before its first step.
   */
  private Set<String> allowedOrigins(FlowReview review, Map<String, Flow> callees, boolean strict) {
    Set<String> declared = new LinkedHashSet<>(review.origins());
    options.allowOrigins().forEach(declared::add);
    // URLs bound to inputs and credentials (e.g. ${credential.BASE_URL}/login)
    Set<String> bound = new LinkedHashSet<>();
    StepBinder binder = new StepBinder(bindings);
    collectBoundOrigins(flow.steps(), binder, bound, callees);
    flow.tabs().forEach(t -> t.url().ifPresent(u -> boundOrigin(u, binder, bound)));
    Set<String> allowed = new LinkedHashSet<>(declared);
    for (String origin : bound) {
      if (!strict || io.browserflow.api.Origins.admits(declared, origin)) {
        allowed.add(origin);
      } else {
        throw new Refused(new FlowRunException(ErrorCode.ORIGIN_DENIED, "a value given to flow " + flow.id()
            + " points it at " + origin + ", an origin the flow does not declare " + (declared.isEmpty() ? "(it declares none)"
            : declared.toString()) + "; in an approved run or a tool call, inputs choose among the declared origins only: "
            + "declare the origins the input may take in policy.allowedOrigins (any port: http://127.0.0.1:*) and have "
            + "the flow reviewed again", Map.of(FlowException.Details.URL, origin)), FlowJson.digest(flow));
      }
    }
    return allowed;
  }

  /** URLs bound to inputs and credentials, in called flows too (their inputs bound from the call's). */
  private static void collectBoundOrigins(List<Step> steps, StepBinder binder, Set<String> allowed, Map<String, Flow> callees) {
    for (Step s : steps) {
      Walk.url(s).ifPresent(u -> boundOrigin(u, binder, allowed));
      Walk.children(s).forEach(body -> collectBoundOrigins(body, binder, allowed, callees));
      Walk.asCall(s).ifPresent(call -> {
        Flow callee = callees.get(call.flow());
        if (callee == null) {
          return;
        }
        Inputs.Builder given = Inputs.builder();
        try {
          call.inputs().forEach((k, v) -> given.input(k, binder.s(v)));
        } catch (FlowRunException notBindableYet) {
          return; // inputs from run-time values: the called flow's URLs are not declared origins
        }
        Bindings caller = binder.bindings();
        callee.credentials().forEach(c -> caller.credential(c.key()).ifPresent(v -> given.credential(c.key(), v)));
        collectBoundOrigins(callee.steps(), new StepBinder(new Bindings(callee, given.build())), allowed, callees);
      });
    }
  }

  private static void boundOrigin(String url, StepBinder binder, Set<String> allowed) {
    try {
      FlowReview.origin(binder.s(url)).ifPresent(allowed::add);
    } catch (FlowRunException notBindableYet) {
      // depends on run-time values (steps, vars, loops): not a declared origin
    }
  }
}
