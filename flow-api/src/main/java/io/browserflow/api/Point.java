package io.browserflow.api;

import org.immutables.value.Value;

/** An offset in CSS pixels from an element's top-left corner. */
@Value.Immutable
public interface Point {
  @Value.Parameter
  double x();

  @Value.Parameter
  double y();

  static Point of(double x, double y) {
    return ImmutablePoint.of(x, y);
  }
}
