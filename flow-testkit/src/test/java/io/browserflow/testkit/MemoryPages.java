package io.browserflow.testkit;

import io.browserflow.api.Candidate;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.SessionOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/** Small fixtures shared by the in-memory driver's own tests. */
final class MemoryPages {
  static final String BASE = "http://app.test";
  static final Duration T = Duration.ofSeconds(5);

  private MemoryPages() {}

  /** A session of a one-page driver showing {@code body} at {@code BASE/}. */
  static DriverSession show(String body) {
    DriverSession s = InMemoryPageDriver.builder().page(BASE + "/", body).build().openSession(SessionOptions.defaults());
    s.open(BASE + "/", T);
    return s;
  }

  static DriverSession open(InMemoryPageDriver driver, String url, Path artifacts) {
    DriverSession s = driver.openSession(SessionOptions.builder().artifactsDir(artifacts).build());
    s.open(url, T);
    return s;
  }

  static Target css(String css) {
    return Target.of(Candidate.css(css));
  }

  static InteractionStep.Click click(Target t) {
    return InteractionStep.Click.builder().id("c").target(t).build();
  }

  static String text(DriverSession s, String css) {
    return s.read(css(css), Step.ReadKind.TEXT, Optional.empty(), T).value();
  }

  static String value(DriverSession s, String css) {
    return s.read(css(css), Step.ReadKind.VALUE, Optional.empty(), T).value();
  }

  /** The exception {@code call} throws, asserting it throws one of {@code type}. */
  static <T extends Throwable> T thrown(Class<T> type, org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
    T t = org.assertj.core.api.Assertions.catchThrowableOfType(type, call);
    org.assertj.core.api.Assertions.assertThat(t).as("expected a %s to be thrown", type.getSimpleName()).isNotNull();
    return t;
  }

  static long now(DriverSession s) {
    return ((InMemorySession) s).clock.now();
  }
}
