/**
 * Scheduled runs: {@link io.browserflow.engine.schedule.FlowScheduler} starts a NEW run of a flow
 * on its {@link io.browserflow.api.Schedule} (every N minutes, or a 5-field cron expression parsed
 * by the package-private {@code CronExpression}) through a {@link io.browserflow.engine.FlowEngine}.
 * A firing never resumes an earlier run, is skipped and reported while the previous run of the flow
 * still goes, and a failed run does not stop the schedule. Credentials are supplied when scheduling
 * and never stored.
 *
 * <p>The scheduler uses the engine's public API only ({@code FlowEngine.start}, {@code RunHandle}).
 *
 * <pre>{@code
 * try (FlowEngine engine = FlowEngine.builder().driver(driver).build();
 *      FlowScheduler scheduler = FlowScheduler.builder(engine).zone(ZoneId.of("Europe/Berlin")).build()) {
 *   scheduler.schedule(flow, Inputs.builder().credential("PASSWORD", secret).build());   // flow's own schedule
 *   scheduler.schedule(other, Schedule.everyMinutes(30), Inputs.empty());
 *   ...                                        // close() stops firing and waits for runs in flight
 * }
 * }</pre>
 */
@Value.Style(
    visibility = Value.Style.ImplementationVisibility.PACKAGE,
    overshadowImplementation = true,
    jdkOnly = true,
    get = {"is*", "get*"})
package io.browserflow.engine.schedule;

import org.immutables.value.Value;
