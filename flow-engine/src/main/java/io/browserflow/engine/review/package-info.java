/**
 * Reviewing a flow before it may run (seed 003's capability manifest and digest):
 * {@link io.browserflow.engine.review.FlowReview#of(io.browserflow.api.Flow)} lists what a flow
 * needs ({@code ui.observe}, {@code ui.interact}, {@code script.eval}, {@code file.upload},
 * {@code file.download}, {@code tabs.multi}), the origins it visits, and the SHA-256 digest of its
 * canonical JSON; {@link io.browserflow.engine.review.Approvals} keeps the approved digest per flow
 * id. An engine built with {@code FlowEngine.builder().requireApproval(approvals)} refuses a flow
 * never approved, or changed since, with {@code REVIEW_REQUIRED} before its first step.
 *
 * <p>Both work on the flow model alone: reviewing needs no driver and no engine.
 *
 * <pre>{@code
 * FlowReview review = FlowReview.of(flow);
 * review.capabilities();                       // [ui.observe, ui.interact, tabs.multi]
 * Approvals approvals = Approvals.create().approve(review);
 * try (FlowEngine engine = FlowEngine.builder().driver(driver).requireApproval(approvals).build()) {
 *   engine.run(flow, inputs);                  // refused with REVIEW_REQUIRED once the flow changes
 * }
 * }</pre>
 */
@Value.Style(
    visibility = Value.Style.ImplementationVisibility.PACKAGE,
    overshadowImplementation = true,
    jdkOnly = true,
    get = {"is*", "get*"})
package io.browserflow.engine.review;

import org.immutables.value.Value;
