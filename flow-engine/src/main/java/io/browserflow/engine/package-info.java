/**
 * The BrowserFlow engine: runs validated {@link io.browserflow.api.Flow}s through a
 * {@link io.browserflow.engine.spi.PageDriver}, journals every step transition write-ahead, keeps
 * runs in a {@link io.browserflow.engine.RunStore}, and recovers interrupted runs for review.
 *
 * <pre>{@code
 * try (FlowEngine engine = FlowEngine.builder().driver(driver).storeDirectory(Path.of(".browserflow/runs")).build()) {
 *   RunResult result = engine.run(flow, Inputs.builder().input("QUERY", "shoes").build());
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
