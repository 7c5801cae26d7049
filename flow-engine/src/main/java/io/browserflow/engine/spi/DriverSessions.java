package io.browserflow.engine.spi;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;

/**
 * Helpers for drivers that hand the engine a session they keep owning.
 *
 * <pre>{@code
 * DriverSession shared = driver.openSession(options);
 * engine.run(...);   // through a PageDriver whose openSession returns DriverSessions.keptOpen(shared)
 * shared.close();    // the owner closes it when it is done
 * }</pre>
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
}
