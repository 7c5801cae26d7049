package io.browserflow.engine.spi;

import java.util.List;
import java.util.Map;
import org.immutables.value.Value;

/** Rows extracted by a scrape (field to value, in field order), with how the container resolved. */
@Value.Immutable
public interface ScrapeResult {
  @Value.Parameter
  List<Map<String, String>> items();

  @Value.Parameter
  Resolution resolution();

  static ScrapeResult of(List<Map<String, String>> items, Resolution resolution) {
    return ImmutableScrapeResult.of(items, resolution);
  }
}
