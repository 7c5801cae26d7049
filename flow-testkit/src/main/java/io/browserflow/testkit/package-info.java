/**
 * Testing with BrowserFlow without a browser, and testing page drivers.
 *
 * <ul>
 *   <li>{@link io.browserflow.testkit.InMemoryPageDriver}: a browser-free page driver for fast, deterministic
 *       tests. It serves registered HTML pages from memory (parsed by jsoup's HTML5 parser, css matched by
 *       jsoup, xpath by the JDK), interprets declarative {@code data-on-*} behaviours instead of scripts, and
 *       runs on a virtual clock so waits never sleep.</li>
 *   <li>{@link io.browserflow.testkit.PageDriverContract}: the JUnit 5 suite every
 *       {@link io.browserflow.engine.spi.PageDriver} passes; a driver's test extends it.</li>
 *   <li>{@link io.browserflow.testkit.NoOpPageDriver}: a page-less driver that agrees with everything, for
 *       measuring or testing the engine itself.</li>
 * </ul>
 */
package io.browserflow.testkit;
