/**
 * Validation of flows against structural rules, placeholder scoping and {@link
 * io.browserflow.api.validate.FlowLimits}: {@link io.browserflow.api.validate.FlowValidator}
 * reports every problem with a code and a path, as one {@link
 * io.browserflow.api.FlowValidationException}. Grading flows that are valid (fragile selectors,
 * secrets, fixed waits) is lint's job: {@link io.browserflow.api.lint}.
 *
 * <pre>{@code
 * List<Problem> problems = FlowValidator.of(FlowLimits.defaults()).validate(flow);   // empty when valid
 * }</pre>
 */
package io.browserflow.api.validate;
