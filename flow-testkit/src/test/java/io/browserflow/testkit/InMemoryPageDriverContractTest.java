package io.browserflow.testkit;

import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.SessionOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;

/** The in-memory driver against the driver contract. */
class InMemoryPageDriverContractTest extends PageDriverContract {
  private final List<InMemoryPageDriver> drivers = new ArrayList<>();

  @Override
  protected DriverSession openSession(Map<String, String> pages, SessionOptions options) {
    InMemoryPageDriver.Builder b = InMemoryPageDriver.builder();
    pages.forEach((path, html) -> b.page(url(path), html));
    InMemoryPageDriver driver = b.build();
    drivers.add(driver);
    return driver.openSession(options);
  }

  @Override
  protected String url(String path) {
    return "http://app.test" + path;
  }

  @AfterEach
  void closeDrivers() {
    drivers.forEach(InMemoryPageDriver::close);
  }
}
