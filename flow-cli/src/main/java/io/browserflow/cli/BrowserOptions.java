package io.browserflow.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --headed} and {@code --browser}: how the commands that launch a local Chromium launch it. */
final class BrowserOptions {
  @Option(names = "--headed", description = "Show the browser window.")
  boolean headed;

  @Option(names = "--browser", paramLabel = "PATH", description = "Chromium or Chrome executable to launch.")
  Path browser;
}
