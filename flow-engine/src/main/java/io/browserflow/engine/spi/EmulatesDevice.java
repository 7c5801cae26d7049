package io.browserflow.engine.spi;

import java.util.OptionalDouble;

/**
 * A {@link DriverSession} that can emulate a device: the {@code setViewport} steps that give a
 * {@code deviceScaleFactor}, {@code mobile} or {@code touch} need it. The engine checks for it before a
 * run's first step ({@link DriverFeatures#check}); a plain width and height needs only
 * {@link DriverSession#setViewport(int, int)}.
 */
public interface EmulatesDevice {

  /**
   * Resizes the viewport and emulates a device: its pixel ratio ({@code deviceScaleFactor}; the
   * browser's own when empty), a mobile layout viewport and touch input. A page already shown is
   * reloaded when {@code mobile} or {@code touch} changes.
   */
  void setViewport(int width, int height, OptionalDouble deviceScaleFactor, boolean mobile, boolean touch);
}
