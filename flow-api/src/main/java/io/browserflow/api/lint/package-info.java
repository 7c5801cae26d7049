/**
 * Lint of recorded or written flows: fragile selectors and frame locators, fixed waits, literal
 * secrets and volatile values, write steps nobody checks. Where validation ({@link
 * io.browserflow.api.validate.FlowValidator}) rejects flows that cannot run, lint grades flows that
 * can: each {@link io.browserflow.api.lint.LintWarning} has a {@link io.browserflow.api.lint.LintCode}
 * and a severity, and the report's {@link io.browserflow.api.lint.Quality} is {@code READY},
 * {@code NEEDS_REVIEW} or {@code BLOCKED}.
 *
 * <pre>{@code
 * LintReport report = FlowLint.lint(flow);
 * if (report.quality() == Quality.BLOCKED) {
 *   report.warnings().forEach(w -> System.err.println(w.code() + " at " + w.path() + ": " + w.message()));
 * }
 * }</pre>
 *
 * <p>The entry point is {@link io.browserflow.api.lint.FlowLint}; options are
 * {@link io.browserflow.api.lint.LintOptions}. Rule families are package-private classes, one per
 * kind of finding (selectors, frames, waits, values and secrets, navigation, success checks).
 */
package io.browserflow.api.lint;
