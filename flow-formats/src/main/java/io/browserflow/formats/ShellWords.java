package io.browserflow.formats;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Shell-like splitting and quoting of one {@code .browserctl} command line.
 *
 * <p>Splitting: blanks separate words; {@code "..."} keeps blanks and understands {@code \"},
 * {@code \\}, {@code \$}, {@code \`}, {@code \n}, {@code \t}, {@code \r} and {@code \}{@code uXXXX}
 * (any other backslash stays literal); {@code '...'} is literal; outside quotes a backslash escapes the next character;
 * adjacent parts join into one word ({@code a"b c"} is {@code ab c}). {@code ${...}} is never
 * expanded: it is a template for the runner. A {@code #} inside a line is literal (only whole-line
 * comments exist), so {@code click #login} works.
 */
final class ShellWords {
  private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_.:/@%+=,-]+");
  private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?");
  /** Sub-command and option words written bare; anything else positional is quoted. */
  private static final Set<String> KEYWORDS = Set.of("new", "close", "main", "load", "domcontentloaded",
      "networkidle", "top", "bottom", "visible", "hidden", "role", "text", "label", "placeholder", "testid", "alt",
      "title", "first", "last", "nth", "click", "dblclick", "fill", "type", "hover", "check", "uncheck", "select",
      "focus", "value", "attr");

  private ShellWords() {}

  /** Thrown for an unterminated quote; the message names the problem, never the line. */
  static final class SyntaxException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    SyntaxException(String message) {
      super(message);
    }
  }

  static List<String> split(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean inWord = false;
    int n = line.length();
    for (int i = 0; i < n; i++) {
      char c = line.charAt(i);
      if (c == '"') {
        inWord = true;
        int j = i + 1;
        boolean closed = false;
        for (; j < n; j++) {
          char d = line.charAt(j);
          if (d == '"') {
            closed = true;
            break;
          }
          if (d == '\\' && j + 1 < n) {
            char e = line.charAt(j + 1);
            switch (e) {
              case '"': case '\\': case '$': case '`':
                cur.append(e);
                j++;
                continue;
              case 'n':
                cur.append('\n');
                j++;
                continue;
              case 't':
                cur.append('\t');
                j++;
                continue;
              case 'r':
                cur.append('\r');
                j++;
                continue;
              case 'u':
                if (j + 5 < n && line.substring(j + 2, j + 6).matches("[0-9A-Fa-f]{4}")) {
                  cur.append((char) Integer.parseInt(line.substring(j + 2, j + 6), 16));
                  j += 5;
                  continue;
                }
                cur.append(d);
                continue;
              default:
                cur.append(d);
                continue;
            }
          }
          cur.append(d);
        }
        if (!closed) {
          throw new SyntaxException("unterminated double quote starting at column " + (i + 1));
        }
        i = j;
      } else if (c == '\'') {
        inWord = true;
        int end = line.indexOf('\'', i + 1);
        if (end < 0) {
          throw new SyntaxException("unterminated single quote starting at column " + (i + 1));
        }
        cur.append(line, i + 1, end);
        i = end;
      } else if (c == '\\') {
        inWord = true;
        if (i + 1 < n) {
          cur.append(line.charAt(++i));
        }
      } else if (Character.isWhitespace(c)) {
        if (inWord) {
          words.add(cur.toString());
          cur.setLength(0);
          inWord = false;
        }
      } else {
        inWord = true;
        cur.append(c);
      }
    }
    if (inWord) {
      words.add(cur.toString());
    }
    return words;
  }

  /** One line that {@link #split} turns back into exactly {@code argv}. */
  static String join(List<String> argv) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < argv.size(); i++) {
      if (i > 0) {
        sb.append(' ');
      }
      String w = argv.get(i);
      boolean bare = SAFE.matcher(w).matches()
          && (i == 0 || w.startsWith("--") || NUMBER.matcher(w).matches() || KEYWORDS.contains(w));
      sb.append(bare ? w : quote(w));
    }
    return sb.toString();
  }

  static String quote(String w) {
    StringBuilder sb = new StringBuilder(w.length() + 2).append('"');
    for (int i = 0; i < w.length(); i++) {
      char c = w.charAt(i);
      switch (c) {
        case '"': sb.append("\\\""); break;
        case '\\': sb.append("\\\\"); break;
        case '\n': sb.append("\\n"); break;
        case '\t': sb.append("\\t"); break;
        case '\r': sb.append("\\r"); break;
        case '\u000B': case '\u000C': case '\u0085': case '\u2028': case '\u2029':
          // other line terminators would split the line of a text file
          sb.append(String.format("\\u%04x", (int) c));
          break;
        default: sb.append(c);
      }
    }
    return sb.append('"').toString();
  }
}
