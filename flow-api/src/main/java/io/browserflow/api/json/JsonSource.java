package io.browserflow.api.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Problem;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;

/**
 * Parses raw JSON into a {@link JsonValue} tree with Jackson's streaming parser. The tree is built
 * without recursion, so nesting is bounded only by {@link #MAX_JSON_DEPTH}; duplicate keys and
 * unpaired surrogates are reported (all of them), malformed JSON ends parsing with one
 * {@code JSON_SYNTAX} problem carrying line, column and the path reached.
 */
final class JsonSource {
  /** JSON nesting accepted; the flow's own structure depth is bounded far below this. */
  static final int MAX_JSON_DEPTH = 1000;

  private static final JsonFactory FACTORY = JsonFactory.builder()
      .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_JSON_DEPTH).build())
      .disable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
      // keys come from untrusted input; do not grow the JVM's intern pool with them
      .disable(JsonFactory.Feature.INTERN_FIELD_NAMES)
      .build();

  private static final int MAX_MESSAGE_CHARS = 200;

  private JsonSource() {}

  static JsonValue parse(String json, Problems problems) {
    try (JsonParser p = FACTORY.createParser(json)) {
      return parse(p, problems);
    } catch (IOException e) {
      problems.add(syntax("", e.getMessage(), null));
      return null;
    }
  }

  static JsonValue parse(byte[] json, Problems problems) {
    try (JsonParser p = FACTORY.createParser(json)) {
      return parse(p, problems);
    } catch (IOException e) {
      problems.add(syntax("", e.getMessage(), null));
      return null;
    }
  }

  /** One open object or array while parsing. */
  private static final class Frame {
    final JsonValue container;
    String key;
    boolean skipValue;

    Frame(JsonValue container) {
      this.container = container;
    }
  }

  private static JsonValue parse(JsonParser p, Problems problems) throws IOException {
    Deque<Frame> stack = new ArrayDeque<>();
    try {
      JsonToken token = p.nextToken();
      if (token == null) {
        problems.add(syntax("", "the document is empty; a flow is a JSON object", p.currentLocation()));
        return null;
      }
      JsonValue root = null;
      while (true) {
        JsonLocation at = p.currentTokenLocation();
        int line = at.getLineNr();
        int column = at.getColumnNr();
        JsonValue value;
        switch (token) {
          case FIELD_NAME: {
            Frame frame = stack.peek();
            String key = p.currentName();
            frame.key = key;
            frame.skipValue = frame.container.field(key) != null;
            if (frame.skipValue) {
              problems.add(located(ErrorCode.FIELD_INVALID, JsonPath.field(path(stack, false), key),
                  "duplicate field " + JsonPath.quote(key) + "; a field may appear only once in an object",
                  line, column));
            } else if (!wellFormed(key)) {
              problems.add(located(ErrorCode.FIELD_INVALID, path(stack, true),
                  "the field name contains an unpaired UTF-16 surrogate (invalid Unicode)", line, column));
            }
            token = p.nextToken();
            continue;
          }
          case END_OBJECT:
          case END_ARRAY:
            stack.pop();
            value = null;
            break;
          case START_OBJECT:
            value = JsonValue.object(line, column);
            break;
          case START_ARRAY:
            value = JsonValue.array(line, column);
            break;
          case VALUE_STRING: {
            String text = p.getText();
            if (!wellFormed(text)) {
              problems.add(located(ErrorCode.FIELD_INVALID, path(stack, true),
                  "the string contains an unpaired UTF-16 surrogate (invalid Unicode)", line, column));
            }
            value = JsonValue.string(text, line, column);
            break;
          }
          case VALUE_NUMBER_INT:
            value = JsonValue.integer(p.getNumberValue(), line, column);
            break;
          case VALUE_NUMBER_FLOAT:
            value = JsonValue.decimal(p.getDoubleValue(), line, column);
            break;
          case VALUE_TRUE:
          case VALUE_FALSE:
            value = JsonValue.bool(token == JsonToken.VALUE_TRUE, line, column);
            break;
          case VALUE_NULL:
            value = JsonValue.nullValue(line, column);
            break;
          default:
            problems.add(syntax(path(stack, true), "unexpected token " + token, at));
            return null;
        }
        if (value != null) {
          if (root == null) {
            root = value;
          } else {
            attach(stack.peek(), value);
          }
          if (value.is(JsonValue.Type.OBJECT) || value.is(JsonValue.Type.ARRAY)) {
            stack.push(new Frame(value));
          }
        }
        if (stack.isEmpty()) {
          break;
        }
        token = p.nextToken();
      }
      JsonToken trailing = p.nextToken();
      if (trailing != null) {
        problems.add(syntax("", "unexpected content after the end of the flow object",
            p.currentTokenLocation()));
        return null;
      }
      return root;
    } catch (StreamConstraintsException e) {
      JsonLocation at = e.getLocation() != null ? e.getLocation() : p.currentLocation();
      problems.add(located(ErrorCode.LIMIT_EXCEEDED, path(stack, true),
          "the document exceeds a parser limit: "
              + clip(e.getOriginalMessage()).replaceAll(",? *from `[^`]*`", ""),
          at.getLineNr(), at.getColumnNr()));
      return null;
    } catch (JsonProcessingException e) {
      problems.add(syntax(path(stack, true), e.getOriginalMessage(), e.getLocation()));
      return null;
    }
  }

  private static void attach(Frame frame, JsonValue value) {
    if (frame.container.is(JsonValue.Type.ARRAY)) {
      frame.container.add(value);
    } else if (!frame.skipValue) {
      frame.container.putIfAbsent(frame.key, value);
    }
  }

  /** The path of the value being parsed (withPending) or of the innermost open container. */
  private static String path(Deque<Frame> stack, boolean withPending) {
    String path = "";
    Iterator<Frame> outermostFirst = stack.descendingIterator();
    while (outermostFirst.hasNext()) {
      Frame frame = outermostFirst.next();
      if (!withPending && !outermostFirst.hasNext()) {
        break;
      }
      if (frame.container.is(JsonValue.Type.ARRAY)) {
        path = JsonPath.index(path, frame.container.size() - (outermostFirst.hasNext() ? 1 : 0));
      } else if (frame.key != null) {
        path = JsonPath.field(path, frame.key);
      }
    }
    return JsonPath.abbreviate(path);
  }

  static boolean wellFormed(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c)) {
        if (i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
          i++;
        } else {
          return false;
        }
      } else if (Character.isLowSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  private static Problem syntax(String path, String message, JsonLocation at) {
    Problem.Builder b = Problem.builder().code(ErrorCode.JSON_SYNTAX).path(path)
        .message("malformed JSON: " + clip(message));
    if (at != null && at.getLineNr() > 0) {
      b.line(at.getLineNr());
      if (at.getColumnNr() > 0) {
        b.column(at.getColumnNr());
      }
    }
    return b.build();
  }

  private static Problem located(ErrorCode code, String path, String message, int line, int column) {
    Problem.Builder b = Problem.builder().code(code).path(path).message(message);
    if (line > 0) {
      b.line(line);
      if (column > 0) {
        b.column(column);
      }
    }
    return b.build();
  }

  private static String clip(String message) {
    if (message == null) {
      return "unreadable input";
    }
    String oneLine = message.replaceAll("\\s+", " ").trim();
    return oneLine.length() <= MAX_MESSAGE_CHARS ? oneLine : oneLine.substring(0, MAX_MESSAGE_CHARS) + "...";
  }
}
