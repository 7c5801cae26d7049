/**
 * The page driver SPI: the browser primitives the engine's interpreter needs. Implement
 * {@link io.browserflow.engine.spi.PageDriver} to run flows on another browser technology, and
 * prove it with the {@code PageDriverContract} suite of flow-testkit ({@code io.browserflow.testkit}).
 */
@Value.Style(
    visibility = Value.Style.ImplementationVisibility.PACKAGE,
    overshadowImplementation = true,
    jdkOnly = true,
    get = {"is*", "get*"})
package io.browserflow.engine.spi;

import org.immutables.value.Value;
