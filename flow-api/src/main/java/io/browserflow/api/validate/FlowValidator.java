package io.browserflow.api.validate;

import io.browserflow.api.Flow;
import io.browserflow.api.FlowValidationException;
import io.browserflow.api.Problem;
import java.util.List;

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

  /** Every problem of the flow, in document order; empty when the flow is valid. */
  public List<Problem> validate(Flow flow) {
    return new ValidationRun(flow, limits).run();
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
