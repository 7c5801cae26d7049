package io.browserflow.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Parses the {@code ${...}} placeholders in flow string values, without evaluating anything: a
 * placeholder is the text between {@code ${} and the next {@code }}, a dotted path such as
 * {@code USER}, {@code input.USER}, {@code credential.PASSWORD}, {@code vars.total},
 * {@code steps.read.text}, {@code loop.row.DEVICE_ID}, {@code loop.index} or {@code loop.item}.
 *
 * <pre>{@code
 * Placeholders.references("${BASE_URL}/users/${steps.read.text}"); // ["BASE_URL", "steps.read.text"]
 * Placeholders.isWhole("${steps.list.items}");                     // true: may bind any JSON value
 * Placeholders.isWhole("id-${loop.index}");                        // false: a string template
 * Placeholders.syntaxError("${USER");                              // "unterminated ${ at offset 0: ..."
 * Placeholders.replace("Hi ${USER}", ref -> "Ann");                // "Hi Ann"
 * }</pre>
 *
 * <p>Syntax: {@code ${} opens a placeholder and the next {@code }} closes it. Malformed are an
 * unterminated {@code ${}, an empty or blank {@code ${}}, and a {@code ${} inside a placeholder.
 * There is no escape; a {@code $} or {@code {} not forming {@code ${} is literal text. Paths are
 * returned exactly as written (no trimming); whether they resolve is the validator's business
 * ({@code BINDING_UNRESOLVED}). Every method runs in linear time and allocates nothing for a value
 * without {@code ${}.
 */
public final class Placeholders {
  /** The text that opens a placeholder. */
  public static final String OPEN = "${";

  private Placeholders() {}

  /** Whether the value contains {@code ${} at all (well-formed or not). */
  public static boolean contains(String value) {
    return value.contains(OPEN);
  }

  /**
   * The paths of the well-formed placeholders in {@code value}, in order, duplicates kept;
   * malformed ones are skipped (see {@link #syntaxError(String)}). Empty when there are none.
   */
  public static List<String> references(String value) {
    Objects.requireNonNull(value, "value");
    int open = value.indexOf(OPEN);
    if (open < 0) {
      return List.of();
    }
    List<String> refs = new ArrayList<>(2);
    while (open >= 0) {
      int close = value.indexOf('}', open + 2);
      if (close < 0) {
        break;
      }
      int nested = value.indexOf(OPEN, open + 2);
      if (nested >= 0 && nested < close) {
        // the outer "${" is malformed; the inner one may still be fine
        open = nested;
        continue;
      }
      String path = value.substring(open + 2, close);
      if (!path.isBlank()) {
        refs.add(path);
      }
      open = value.indexOf(OPEN, close + 1);
    }
    return refs;
  }

  /**
   * Whether the value is exactly one well-formed placeholder and nothing else, e.g.
   * {@code ${steps.list.items}}; such a value may bind any JSON value, not only a string.
   */
  public static boolean isWhole(String value) {
    return wholeReference(value).isPresent();
  }

  /** The path when {@link #isWhole(String)} holds, e.g. {@code steps.list.items}. */
  public static Optional<String> wholeReference(String value) {
    Objects.requireNonNull(value, "value");
    int last = value.length() - 1;
    if (last < 3 || !value.startsWith(OPEN) || value.charAt(last) != '}'
        || value.indexOf('}') != last || value.indexOf(OPEN, 2) >= 0) {
      return Optional.empty();
    }
    String path = value.substring(2, last);
    return path.isBlank() ? Optional.empty() : Optional.of(path);
  }

  /**
   * Describes the first malformed placeholder of the value (unterminated {@code ${}, empty
   * {@code ${}}, {@code ${} inside a placeholder) with its 0-based offset; empty when the syntax is
   * fine. The description never repeats the value itself.
   */
  public static Optional<String> syntaxError(String value) {
    Objects.requireNonNull(value, "value");
    int open = value.indexOf(OPEN);
    while (open >= 0) {
      int close = value.indexOf('}', open + 2);
      if (close < 0) {
        return Optional.of("unterminated ${ at offset " + open + ": close the placeholder with }");
      }
      int nested = value.indexOf(OPEN, open + 2);
      if (nested >= 0 && nested < close) {
        return Optional.of("${ inside a placeholder at offset " + nested
            + ": placeholders do not nest; close the one opened at offset " + open + " first");
      }
      if (value.substring(open + 2, close).isBlank()) {
        return Optional.of("empty ${} at offset " + open
            + ": name what to insert, e.g. ${input.KEY} or ${steps.<id>.<field>}");
      }
      open = value.indexOf(OPEN, close + 1);
    }
    return Optional.empty();
  }

  /**
   * Replaces every placeholder by {@code resolver.apply(path)}; the rest of the text is kept as
   * is. The resolver may throw to report an unknown path.
   *
   * @throws IllegalArgumentException when the value has malformed placeholder syntax
   */
  public static String replace(String value, Function<String, String> resolver) {
    Objects.requireNonNull(resolver, "resolver");
    Optional<String> error = syntaxError(value);
    if (error.isPresent()) {
      throw new IllegalArgumentException("malformed placeholder: " + error.get());
    }
    int open = value.indexOf(OPEN);
    if (open < 0) {
      return value;
    }
    StringBuilder out = new StringBuilder(value.length() + 16);
    int from = 0;
    while (open >= 0) {
      int close = value.indexOf('}', open + 2);
      out.append(value, from, open).append(resolver.apply(value.substring(open + 2, close)));
      from = close + 1;
      open = value.indexOf(OPEN, from);
    }
    return out.append(value, from, value.length()).toString();
  }

  /** Where a placeholder stands in a script: in code, a quoted string, a template literal or a comment. */
  public enum ScriptContext { CODE, STRING, TEMPLATE, COMMENT }

  /**
   * A placeholder in a script: its path, its span ({@code start} at {@code $}, {@code end} after
   * {@code }}), where it stands, and for {@link ScriptContext#STRING} and {@link ScriptContext#TEMPLATE}
   * the span of the literal holding it (its opening quote to after its closing one).
   */
  public record ScriptUse(String path, int start, int end, ScriptContext context, int literalStart, int literalEnd) { }

  private static final java.util.regex.Pattern SCRIPT_ROOTS =
      java.util.regex.Pattern.compile("(input|credential|vars|steps|loop)\\.");

  /**
   * The well-formed placeholders of a JavaScript script with where each stands: quoted strings
   * ({@code '...'}, {@code "..."}, with backslash escapes), template literals, {@code //} and
   * {@code /* *}{@code /} comments are told apart from code. Regular expression literals count as
   * code. In a template literal only references with a root ({@code input.}, {@code credential.},
   * {@code vars.}, {@code steps.}, {@code loop.}) are placeholders; {@code `${document.title}`} is
   * JavaScript's own substitution. Empty when there are none.
   */
  public static List<ScriptUse> inScript(String script) {
    Objects.requireNonNull(script, "script");
    if (!contains(script)) {
      return List.of();
    }
    List<ScriptUse> uses = new ArrayList<>(2);
    List<int[]> pending = new ArrayList<>(); // in the open literal: start, end, path offsets
    char quote = 0;
    int literalStart = -1;
    int n = script.length();
    for (int i = 0; i < n; i++) {
      char c = script.charAt(i);
      if (script.startsWith(OPEN, i)) {
        int close = script.indexOf('}', i + 2);
        int nested = script.indexOf(OPEN, i + 2);
        if (close < 0 || nested >= 0 && nested < close || script.substring(i + 2, close).isBlank()) {
          continue; // malformed: syntaxError reports it
        }
        if (quote == 0) {
          uses.add(new ScriptUse(script.substring(i + 2, close), i, close + 1, ScriptContext.CODE, -1, -1));
        } else if (quote != '`' || SCRIPT_ROOTS.matcher(script.substring(i + 2, close)).lookingAt()) {
          pending.add(new int[] {i, close + 1});
        } // else JavaScript's own substitution in a template literal, e.g. ${document.title}
        i = close;
        continue;
      }
      if (quote == 0) {
        if (c == '/' && i + 1 < n && (script.charAt(i + 1) == '/' || script.charAt(i + 1) == '*')) {
          int end = script.charAt(i + 1) == '/' ? script.indexOf('\n', i) : script.indexOf("*/", i + 2);
          end = end < 0 ? n : script.charAt(i + 1) == '/' ? end : end + 2;
          for (int at = script.indexOf(OPEN, i); at >= 0 && at < end; ) {
            int close = script.indexOf('}', at + 2);
            if (close < 0 || close >= end) {
              break;
            }
            uses.add(new ScriptUse(script.substring(at + 2, close), at, close + 1, ScriptContext.COMMENT, -1, -1));
            at = script.indexOf(OPEN, close + 1);
          }
          i = end - 1;
        } else if (c == '\'' || c == '"' || c == '`') {
          quote = c;
          literalStart = i;
          pending.clear();
        }
      } else if (c == '\\') {
        i++;
      } else if (c == quote) {
        closeLiteral(script, uses, pending, quote, literalStart, i + 1);
        quote = 0;
      }
    }
    if (quote != 0) {
      closeLiteral(script, uses, pending, quote, literalStart, n);
    }
    uses.sort(java.util.Comparator.comparingInt(ScriptUse::start));
    return uses;
  }

  private static void closeLiteral(String script, List<ScriptUse> uses, List<int[]> pending, char quote, int start, int end) {
    ScriptContext context = quote == '`' ? ScriptContext.TEMPLATE : ScriptContext.STRING;
    for (int[] p : pending) {
      uses.add(new ScriptUse(script.substring(p[0] + 2, p[1] - 1), p[0], p[1], context, start, end));
    }
    pending.clear();
  }
}
