package io.browserflow.engine.spi;

import org.immutables.value.Value;

/** A value read from an element, with how the element's target resolved. */
@Value.Immutable
public interface ReadResult {
  @Value.Parameter
  String value();

  @Value.Parameter
  Resolution resolution();

  static ReadResult of(String value, Resolution resolution) {
    return ImmutableReadResult.of(value, resolution);
  }
}
