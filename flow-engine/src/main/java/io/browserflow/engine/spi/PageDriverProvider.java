package io.browserflow.engine.spi;

/**
 * {@link java.util.ServiceLoader} entry point of a driver module
 * ({@code META-INF/services/io.browserflow.engine.spi.PageDriverProvider}).
 */
public interface PageDriverProvider {
  /** The driver name this provider creates, e.g. {@code playwright-chromium}. */
  String name();

  /** Creates a driver with its default settings. */
  PageDriver create();
}
