package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.function.Predicate;

/** A codec of a JSON format: a content is of the format when it is a JSON object {@code looksLike} accepts. */
abstract class JsonCodec implements FormatCodec {
  private final Format format;
  private final Predicate<JsonNode> looksLike;

  JsonCodec(Format format, Predicate<JsonNode> looksLike) {
    this.format = format;
    this.looksLike = looksLike;
  }

  @Override
  public final Format format() {
    return format;
  }

  @Override
  public final boolean detects(String content) {
    return Json.object(content).map(looksLike::test).orElse(false);
  }
}
