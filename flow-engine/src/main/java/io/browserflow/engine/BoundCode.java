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
 *   <li><b>Scripts</b>: the values reach the script as strings in the argument of a wrapper
 *       function, never as script text: inside a quoted literal a value is concatenated
 *       ({@code 'Hi ${NAME}!'} reads {@code ('Hi ' + v + '!')}), inside a template literal it is a
 *       substitution, one in a comment binds nothing; validation refuses one standing in code. A
 *       script with placeholders is an expression, a function (whose result is the script's) or a
 *       list of statements (the last one's value is the script's, as the page gives it).</li>
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
    String code = out.toString().strip().replaceFirst(";+$", "");
    int last = lastStatementStart(code);
    String tail = last < 0 ? "" : code.substring(last).strip();
    String body;
    if (last < 0) { // an expression, or a function the page calls
      body = "const __r = (" + code + "\n); return typeof __r === 'function' ? __r() : __r;";
    } else if (tail.isEmpty() || STATEMENT.matcher(tail).matches()) { // statements ending with one that has no value
      body = code + "\nreturn undefined;";
    } else { // statements: the value of the last one, as the page gives a script's completion value
      body = code.substring(0, last) + "\nreturn (" + tail + "\n);";
    }
    return "() => ((__bf) => { " + body + " })(" + json(values) + ")";
  }

  private static final java.util.regex.Pattern STATEMENT = java.util.regex.Pattern.compile(
      "^(var|let|const|if|for|while|do|switch|try|throw|return|function|class)\\b.*", java.util.regex.Pattern.DOTALL);

  /**
   * Where the last statement of a list of statements starts (after its last {@code ;} outside
   * brackets, strings and comments); -1 when the script is one expression or function. A script
   * that opens with a statement keyword and has no such {@code ;} is one statement ({@code if ...}),
   * whose value is {@code undefined}: its whole text then stands before the {@code return}.
   */
  private static int lastStatementStart(String code) {
    int depth = 0;
    int lastSemicolon = -1;
    char quote = 0;
    for (int i = 0; i < code.length(); i++) {
      char c = code.charAt(i);
      if (quote != 0) {
        if (c == '\\') {
          i++;
        } else if (c == quote) {
          quote = 0;
        }
      } else if (c == '/' && i + 1 < code.length() && code.charAt(i + 1) == '/') {
        int end = code.indexOf('\n', i);
        i = end < 0 ? code.length() : end;
      } else if (c == '/' && i + 1 < code.length() && code.charAt(i + 1) == '*') {
        int end = code.indexOf("*/", i + 2);
        i = end < 0 ? code.length() : end + 1;
      } else if (c == '\'' || c == '"' || c == '`') {
        quote = c;
      } else if (c == '(' || c == '[' || c == '{') {
        depth++;
      } else if (c == ')' || c == ']' || c == '}') {
        depth--;
      } else if (c == ';' && depth == 0) {
        lastSemicolon = i;
      }
    }
    if (lastSemicolon >= 0) {
      return lastSemicolon + 1;
    }
    return STATEMENT.matcher(code).matches() ? code.length() : -1;
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
