package io.browserflow.cli.django;

import io.browserflow.api.Flow;
import io.browserflow.cli.OpenedResources;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.playwright.PlaywrightDriver;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Django's admin on a fresh project and database in the test class's folder, and one BrowserFlow
 * driver flows replay on against it: started before the class's tests, both closed after them.
 *
 * <pre>{@code
 * @TempDir static Path dir;
 * @RegisterExtension static final DjangoReplays DJANGO = new DjangoReplays(() -> dir);
 * }</pre>
 */
final class DjangoReplays implements BeforeAllCallback, AfterAllCallback {
  private final Supplier<Path> dir;
  private DjangoAdmin admin;
  private PlaywrightDriver driver;

  /** {@code dir}: the class's folder, asked for once JUnit made it. */
  DjangoReplays(Supplier<Path> dir) {
    this.dir = dir;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    admin = DjangoAdmin.start(dir.get());
    driver = PlaywrightDriver.launch();
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    OpenedResources.closeAll(driver, admin);
  }

  DjangoAdmin admin() {
    return admin;
  }

  PlaywrightDriver driver() {
    return driver;
  }

  RunResult replay(Flow flow, Inputs inputs) {
    return replay(flow, inputs, RunOptions.defaults());
  }

  /** Replays {@code flow} with {@code inputs} in an engine of its own on the driver. */
  RunResult replay(Flow flow, Inputs inputs, RunOptions options) {
    try (FlowEngine engine = FlowEngine.builder().driver(driver).build()) {
      return engine.run(flow, inputs, options);
    }
  }
}
