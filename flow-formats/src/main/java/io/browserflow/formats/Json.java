package io.browserflow.formats;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.Problem;
import java.util.List;
import java.util.Optional;

/** The JSON plumbing the codecs share. */
final class Json {
  static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private Json() {}

  /** {@code content} parsed when it is a JSON object; empty for anything else (detection never throws). */
  static Optional<JsonNode> object(String content) {
    String c = content.strip();
    if (!c.startsWith("{")) {
      return Optional.empty();
    }
    try {
      JsonNode n = MAPPER.readTree(c);
      return n != null && n.isObject() ? Optional.of(n) : Optional.empty();
    } catch (JsonProcessingException e) {
      return Optional.empty();
    }
  }

  /** {@code content} parsed, or {@code JSON_SYNTAX} naming {@code origin}, line and column. */
  /** How messages name a document: its origin, or "the document" when the caller gave none. */
  static String label(String origin) {
    return origin == null ? "the document" : origin;
  }

  static JsonNode parse(String content, String origin) {
    try {
      return MAPPER.readTree(content);
    } catch (JsonProcessingException e) {
      String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
      throw new FlowFormatException(List.of(Problem.of(ErrorCode.JSON_SYNTAX, "", label(origin) + " is not valid JSON" + where + ": " + e.getOriginalMessage())));
    }
  }

  static String write(JsonNode node) {
    try {
      return MAPPER.writeValueAsString(node) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
