package io.browserflow.cli;

/** What the test classes' {@code @AfterAll} methods do with what their {@code @BeforeAll} opened. */
public final class OpenedResources {
  private OpenedResources() { }

  /** Closes each of {@code resources} that was opened (not null), in order. */
  public static void closeAll(AutoCloseable... resources) throws Exception {
    for (AutoCloseable r : resources) {
      if (r != null) {
        r.close();
      }
    }
  }
}
