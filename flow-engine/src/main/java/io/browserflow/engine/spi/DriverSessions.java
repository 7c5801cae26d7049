package io.browserflow.engine.spi;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Helpers for drivers that hand the engine a session they keep owning.
 *
 * <pre>{@code
 * DriverSession shared = driver.openSession(options);
 * engine.run(...);   // through a PageDriver whose openSession returns DriverSessions.keptOpen(shared)
 * shared.close();    // the owner closes it when it is done
 * }</pre>
 *
 * <p>{@link #driverOver(String, DriverSession)} is that {@code PageDriver}.
 */
public final class DriverSessions {
  private DriverSessions() {}

  /**
   * {@code session} as the engine sees it during one run: every call goes to {@code session}
   * (the SPI's default methods too, so nothing a driver implements is bypassed), except
   * {@link DriverSession#close()}, which does nothing: the session outlives the run (a JUnit test's
   * context, a Selenium IDE suite's shared session) and its owner closes it.
   */
  public static DriverSession keptOpen(DriverSession session) {
    return onClose(session, () -> { });
  }

  /**
   * {@code session} with {@link DriverSession#close()} replaced by {@code close} (which may read
   * the session, e.g. its {@link DriverSession#storageState()}, then close it); every other call
   * goes to {@code session}. The stand-in has the optional features ({@link DriverFeatures}) {@code session} has.
   */
  public static DriverSession onClose(DriverSession session, Runnable close) {
    return (DriverSession) Proxy.newProxyInstance(DriverSession.class.getClassLoader(), DriverFeatures.interfacesOf(session),
        (proxy, method, args) -> {
          if (method.getName().equals("close") && method.getParameterCount() == 0) {
            close.run();
            return null;
          }
          try {
            return method.invoke(session, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        });
  }

  /**
   * A driver named {@code name} whose every session is {@code session}, {@linkplain #keptOpen kept
   * open}; closing the driver closes nothing. For running flows on a session the caller owns: a live
   * session's commands, a check run in another run's session.
   */
  public static PageDriver driverOver(String name, DriverSession session) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(session, "session");
    return new PageDriver() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public DriverSession openSession(SessionOptions options) {
        return keptOpen(session);
      }

      @Override
      public void close() {
        // the session is the caller's
      }
    };
  }

  /**
   * {@code driver} (its name and environment) with its sessions opened by {@code open}, which usually
   * opens one of {@code driver} and adds to it; closing the result closes {@code driver} only when
   * {@code closesDriver} (false: the caller keeps owning it).
   */
  public static PageDriver opening(PageDriver driver, Function<SessionOptions, DriverSession> open, boolean closesDriver) {
    Objects.requireNonNull(driver, "driver");
    Objects.requireNonNull(open, "open");
    return new PageDriver() {
      @Override
      public String name() {
        return driver.name();
      }

      @Override
      public Map<String, String> environment() {
        return driver.environment();
      }

      @Override
      public DriverSession openSession(SessionOptions options) {
        return open.apply(options);
      }

      @Override
      public void close() {
        if (closesDriver) {
          driver.close();
        }
      }
    };
  }
}
