/**
 * The Playwright page driver: runs flows in a real Chromium.
 *
 * <p>{@link io.browserflow.playwright.PlaywrightDriver} is the entry point: it launches the Chromium
 * found on the machine ({@link io.browserflow.playwright.LaunchOptions}), connects to a Playwright
 * browser server or to a Chromium DevTools endpoint, or wraps a {@code Browser} you already have. It
 * implements the engine's {@link io.browserflow.engine.spi.PageDriver} SPI and passes its contract
 * suite; {@link io.browserflow.playwright.PlaywrightDriverProvider} makes it available to
 * {@link java.util.ServiceLoader} as {@code playwright-chromium}.
 *
 * <pre>{@code
 * try (PlaywrightDriver driver = PlaywrightDriver.launch();
 *      DriverSession session = driver.openSession(SessionOptions.defaults())) {
 *   session.open("http://127.0.0.1:8080/", Duration.ofSeconds(10));
 * }
 * }</pre>
 */
@Value.Style(
    visibility = Value.Style.ImplementationVisibility.PACKAGE,
    overshadowImplementation = true,
    jdkOnly = true,
    get = {"is*", "get*"})
package io.browserflow.playwright;

import org.immutables.value.Value;
