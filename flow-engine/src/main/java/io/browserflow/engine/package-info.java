/**
 * The BrowserFlow engine: runs validated {@link io.browserflow.api.Flow}s through a
 * {@link io.browserflow.engine.spi.PageDriver}, journals every step transition write-ahead into a
 * {@link io.browserflow.engine.store.RunStore}, and recovers interrupted runs for review.
 *
 * <p>This package holds what a caller needs to run a flow: {@link io.browserflow.engine.FlowEngine}
 * (the entry point, built with {@code FlowEngine.builder()}), {@link io.browserflow.engine.Inputs},
 * {@link io.browserflow.engine.RunOptions}, the outcome ({@link io.browserflow.engine.RunResult},
 * {@link io.browserflow.engine.StepResult}, {@link io.browserflow.engine.RunStatus},
 * {@link io.browserflow.engine.StepState}), control and progress ({@link io.browserflow.engine.RunHandle},
 * {@link io.browserflow.engine.RunListener}, {@link io.browserflow.engine.ManualStepHandler},
 * {@link io.browserflow.engine.Sleeper}), and, package-private, the interpreter that walks a run
 * ({@code Execution}, {@code Preflight}, {@code Interpreter}, {@code RunJournal}, ...).
 *
 * <p>Recovery stays here too: {@link io.browserflow.engine.RecoveredRun} and
 * {@link io.browserflow.engine.ResumeDecision} are what {@link io.browserflow.engine.FlowEngine#recover()}
 * returns and {@link io.browserflow.engine.FlowEngine#resume} takes, so a caller recovering runs uses
 * them with the engine and nothing else; and the plan a resumed run follows ({@code ResumePlan}) is
 * read by the interpreter alone, so it stays package-private beside it. They are not in
 * {@code engine.store}: a store keeps the journal recovery reads (a {@code JournalEntry} records a
 * {@code ResumeDecision} as it records a {@code StepState}), but deciding how an interrupted run
 * continues is the engine's.
 *
 * <p>The other packages: {@code engine.spi} (the driver SPI), {@code engine.store} (run stores and
 * the journal entry), {@code engine.review} (capability manifest, digest approvals),
 * {@code engine.schedule} (scheduled runs).
 *
 * <pre>{@code
 * Inputs inputs = Inputs.builder().input("QUERY", "shoes").build();
 * try (FlowEngine engine = FlowEngine.builder().driver(driver).storeDirectory(Path.of(".browserflow/runs")).build()) {
 *   for (RecoveredRun interrupted : engine.recover()) {   // left NEEDS_REVIEW by a crash, never continued by itself
 *     engine.resume(interrupted.runId(), flow, inputs, ResumeDecision.VERIFY, RunOptions.defaults());
 *   }
 *   RunResult result = engine.run(flow, inputs);
 * }
 * }</pre>
 */
@Value.Style(
    visibility = Value.Style.ImplementationVisibility.PACKAGE,
    overshadowImplementation = true,
    jdkOnly = true,
    get = {"is*", "get*"})
package io.browserflow.engine;

import org.immutables.value.Value;
