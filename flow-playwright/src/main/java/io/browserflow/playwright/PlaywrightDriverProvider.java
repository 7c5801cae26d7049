package io.browserflow.playwright;

import io.browserflow.engine.spi.PageDriver;
import io.browserflow.engine.spi.PageDriverProvider;

/**
 * Makes {@link PlaywrightDriver} available to {@link java.util.ServiceLoader} under the name
 * {@code playwright-chromium}; {@link #create()} launches the Chromium found on the machine, headless
 * (see {@link PlaywrightDriver#launch(LaunchOptions)}).
 */
public final class PlaywrightDriverProvider implements PageDriverProvider {
  /** {@code playwright-chromium}. */
  @Override
  public String name() {
    return PlaywrightDriver.NAME;
  }

  /** {@link PlaywrightDriver#launch()}. */
  @Override
  public PageDriver create() {
    return PlaywrightDriver.launch();
  }
}
