package io.browserflow.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Placeholders;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Placeholders in text the page runs as code — {@code eval} scripts, {@code expression} conditions,
 * {@code css} and {@code xpath} candidates — bound so that a value can never change the code around
 * it, whatever it holds ({@code '); fetch('//evil') //}, {@code "], .secret}, {@code ' or '1'='1}).
 *
 * <ul>
 *   <li><b>Scripts</b>: the values reach the script as the argument of a wrapper function, never as
 *       script text. A placeholder outside a string literal is the value itself (a string, or the
 *       list or object a whole {@code steps.<id>.items} holds); inside a quoted literal it is
 *       concatenated ({@code 'Hi ${NAME}!'} reads {@code ('Hi ' + v + '!')}), inside a template
 *       literal it is a substitution. A script with placeholders must be an expression or a
 *       function; its result is the function's result when it is one.</li>
 *   <li><b>CSS</b>: inside a quoted string the value is escaped for that string; elsewhere it is
 *       escaped as an identifier ({@code #${ID}}, {@code .${CLASS}}, {@code [name=${N}]}).</li>
 *   <li><b>XPath</b>: inside a quoted literal the value is joined with {@code concat(...)} (XPath 1.0
 *       has no escapes); elsewhere only a name or a number may stand, any other value is refused
 *       ({@code INPUT_INVALID}): put the placeholder in quotes.</li>
 * </ul>
 */
final class BoundCode {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern XPATH_TOKEN = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*|[0-9]+(\\.[0-9]+)?");

  private BoundCode() {}

  /** A script whose placeholders read the values from the wrapper's argument; the script itself when it has none. */
  static String script(String script, Function<String, String> lookup) {
    if (!Placeholders.contains(script)) {
      return script;
    }
    requireSyntax(script);
    List<String> values = new ArrayList<>();
    StringBuilder out = new StringBuilder(script.length() + 32);
    int from = 0;
    int openLiteral = -1; // the quoted literal a "(" was opened before, to close after it
    int openLiteralEnd = -1;
    for (Placeholders.ScriptUse use : Placeholders.inScript(script)) {
      if (use.context() == Placeholders.ScriptContext.COMMENT) {
        continue; // binds nothing
      }
      if (openLiteral >= 0 && use.literalStart() != openLiteral) {
        out.append(script, from, openLiteralEnd).append(')');
        from = openLiteralEnd;
        openLiteral = -1;
      }
      if (use.context() == Placeholders.ScriptContext.STRING && openLiteral < 0) {
        out.append(script, from, use.literalStart()).append('(');
        from = use.literalStart();
        openLiteral = use.literalStart();
        openLiteralEnd = use.literalEnd();
      }
      values.add(lookup.apply(use.path()));
      String ref = "__bf[" + (values.size() - 1) + "]";
      char quote = use.literalStart() >= 0 ? script.charAt(use.literalStart()) : 0;
      out.append(script, from, use.start()).append(switch (use.context()) {
        case STRING -> quote + " + " + ref + " + " + quote;
        case TEMPLATE -> "${" + ref + "}";
        default -> ref;
      });
      from = use.end();
    }
    if (openLiteral >= 0) {
      out.append(script, from, openLiteralEnd).append(')');
      from = openLiteralEnd;
    }
    out.append(script, from, script.length());
    return "() => ((__bf) => { const __r = (" + out + "\n); return typeof __r === 'function' ? __r() : __r; })("
        + json(values) + ")";
  }

  /** A CSS selector with each placeholder's value escaped for where it stands. */
  static String css(String selector, Function<String, String> lookup) {
    if (!Placeholders.contains(selector)) {
      return selector;
    }
    requireSyntax(selector);
    StringBuilder out = new StringBuilder(selector.length() + 16);
    char quote = 0;
    for (int i = 0; i < selector.length(); i++) {
      char c = selector.charAt(i);
      if (selector.startsWith(Placeholders.OPEN, i)) {
        int close = selector.indexOf('}', i + 2);
        String value = lookup.apply(selector.substring(i + 2, close));
        if (quote != 0) {
          cssStringChars(out, value, quote);
        } else {
          cssIdentChars(out, value);
        }
        i = close;
        continue;
      }
      out.append(c);
      if (c == '\\' && i + 1 < selector.length()) {
        out.append(selector.charAt(++i));
      } else if (quote == 0 && (c == '\'' || c == '"')) {
        quote = c;
      } else if (c == quote) {
        quote = 0;
      }
    }
    return out.toString();
  }

  /** An XPath expression with each placeholder's value kept inside its literal, or refused outside one. */
  static String xpath(String xpath, Function<String, String> lookup) {
    if (!Placeholders.contains(xpath)) {
      return xpath;
    }
    requireSyntax(xpath);
    StringBuilder out = new StringBuilder(xpath.length() + 16);
    char quote = 0;
    int literalStart = -1;
    List<String> parts = new ArrayList<>(); // of a literal with placeholders: XPath expressions to concat
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < xpath.length(); i++) {
      char c = xpath.charAt(i);
      if (xpath.startsWith(Placeholders.OPEN, i)) {
        int close = xpath.indexOf('}', i + 2);
        String ref = xpath.substring(i + 2, close);
        String value = lookup.apply(ref);
        if (quote != 0) {
          parts.add(xpathLiteral(text.toString()));
          text.setLength(0);
          parts.add(xpathLiteral(value));
        } else if (XPATH_TOKEN.matcher(value).matches()) {
          out.append(value);
        } else {
          throw new FlowRunException(ErrorCode.INPUT_INVALID, "the value of ${" + ref + "} stands outside quotes in the xpath "
              + xpath + ", where only a name or a number may: put the placeholder inside quotes ('${" + ref + "}')",
              java.util.Map.of());
        }
        i = close;
        continue;
      }
      if (quote == 0) {
        if (c == '\'' || c == '"') {
          quote = c;
          literalStart = out.length();
          parts.clear();
          text.setLength(0);
        }
        out.append(c);
      } else if (c == quote) {
        if (parts.isEmpty()) {
          out.append(text).append(c);
        } else {
          parts.add(xpathLiteral(text.toString()));
          out.setLength(literalStart);
          out.append("concat(").append(String.join(", ", parts)).append(')');
        }
        quote = 0;
      } else {
        text.append(c);
      }
    }
    if (quote != 0) {
      out.append(text); // unterminated literal: left for the browser to report
    }
    return out.toString();
  }

  /** {@code value} as an XPath 1.0 string literal: quoted with a quote it lacks, else a concat of pieces. */
  static String xpathLiteral(String value) {
    if (value.indexOf('\'') < 0) {
      return "'" + value + "'";
    }
    if (value.indexOf('"') < 0) {
      return "\"" + value + "\"";
    }
    List<String> pieces = new ArrayList<>();
    for (String piece : value.split("'", -1)) {
      pieces.add("'" + piece + "'");
      pieces.add("\"'\"");
    }
    pieces.remove(pieces.size() - 1);
    return "concat(" + String.join(", ", pieces) + ")";
  }

  private static void cssStringChars(StringBuilder out, String value, char quote) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == quote || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20 || c == 0x7f) {
        out.append('\\').append(Integer.toHexString(c)).append(' ');
      } else {
        out.append(c);
      }
    }
  }

  /** As CSS.escape: letters, digits, {@code -}, {@code _} and non-ASCII kept, anything else (and a leading digit) escaped. */
  private static void cssIdentChars(StringBuilder out, String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      boolean plain = c >= 0x80 || Character.isLetterOrDigit(c) && c < 0x80 || c == '-' || c == '_';
      boolean identStart = out.length() == 0 || !isIdentChar(out.charAt(out.length() - 1));
      if (c == 0) {
        out.append('\uFFFD');
      } else if (!plain || Character.isDigit(c) && identStart) {
        out.append('\\').append(Integer.toHexString(c)).append(' ');
      } else {
        out.append(c);
      }
    }
  }

  private static boolean isIdentChar(char c) {
    return c >= 0x80 || Character.isLetterOrDigit(c) || c == '-' || c == '_';
  }

  private static void requireSyntax(String value) {
    Placeholders.syntaxError(value).ifPresent(error -> {
      throw new FlowRunException(ErrorCode.BINDING_UNRESOLVED, "malformed placeholder: " + error);
    });
  }

  private static String json(List<String> values) {
    try {
      return JSON.writeValueAsString(values);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("bound values are strings", e);
    }
  }
}
