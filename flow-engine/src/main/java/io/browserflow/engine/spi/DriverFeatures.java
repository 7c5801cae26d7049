package io.browserflow.engine.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The optional features a {@link DriverSession} may have, each a small interface it implements
 * ({@link EmulatesDevice}, {@link EmulatesNetwork}, {@link SendsHttp}, {@link HasClipboard},
 * {@link AnswersDialogs}, {@link HandsOverStorage}, {@link Forks}), in the manner of Selenium's
 * {@code TakesScreenshot}. The engine checks the ones a flow needs before its first step, so a step
 * a driver cannot run is refused up front ({@code UNSUPPORTED_STEP}), never met half-way through.
 *
 * <pre>{@code
 * final class MySession implements DriverSession, SendsHttp { ... }   // http steps run, clipboard steps are refused
 * }</pre>
 */
public final class DriverFeatures {
  /** Every optional feature interface. */
  public static final List<Class<?>> ALL = List.of(EmulatesDevice.class, EmulatesNetwork.class, SendsHttp.class,
      HasClipboard.class, AnswersDialogs.class, HandsOverStorage.class, Forks.class);

  private DriverFeatures() {}

  /** The session as {@code feature}, when it has it. */
  public static <T> Optional<T> of(DriverSession session, Class<T> feature) {
    return feature.isInstance(session) ? Optional.of(feature.cast(session)) : Optional.empty();
  }

  /**
   * The interfaces a stand-in for {@code session} implements to offer what it offers:
   * {@link DriverSession} and each feature {@code session} has (for proxies such as
   * {@link DriverSessions#keptOpen}).
   */
  static Class<?>[] interfacesOf(DriverSession session) {
    List<Class<?>> out = new ArrayList<>();
    out.add(DriverSession.class);
    ALL.stream().filter(f -> f.isInstance(session)).forEach(out::add);
    return out.toArray(Class<?>[]::new);
  }
}
