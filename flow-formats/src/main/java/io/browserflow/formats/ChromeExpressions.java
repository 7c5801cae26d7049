package io.browserflow.formats;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.DefaultConditionVisitor;
import io.browserflow.api.Target;
import java.util.regex.Pattern;

/**
 * Conditions as page expressions for {@code waitForExpression}: url and title globs as regular
 * expressions, load states as {@code document.readyState}, texts and attributes through {@code
 * document.querySelector} (when a candidate gives a css selector), negations; none for the rest.
 */
final class ChromeExpressions {
  private static final Pattern FUNCTION = Pattern.compile("^\\s*(?:async\\s+)?(?:function\\b|\\([^()]*\\)\\s*=>|[\\w$]+\\s*=>)");

  private final ChromeExportState st;

  ChromeExpressions(ChromeExportState st) {
    this.st = st;
  }

  /** A page expression for the condition, when one is plain to write; null otherwise. */
  String expression(Condition c, String p) {
    return c.accept(new DefaultConditionVisitor<String>() {
      @Override
      public String visitUrl(Condition.Url u) {
        return "new RegExp(" + js(globRegex(u.glob(), "[^/]*")) + ").test(location.href)";
      }

      @Override
      public String visitTitle(Condition.Title t) {
        return "new RegExp(" + js(globRegex(t.glob(), "[\\s\\S]*")) + ").test(document.title)";
      }

      @Override
      public String visitExpression(Condition.Expression e) {
        String script = e.script();
        return FUNCTION.matcher(script).find() ? "(" + script + ")()" : script;
      }

      @Override
      public String visitLoad(Condition.Load l) {
        return switch (l.state()) {
          case LOAD -> "document.readyState === 'complete'";
          case DOMCONTENTLOADED -> "document.readyState !== 'loading'";
          case NETWORKIDLE -> {
            st.issues.info(ConversionCode.APPROXIMATED, p, "network idle is written as the document being completely loaded");
            yield "document.readyState === 'complete'";
          }
        };
      }

      @Override
      public String visitText(Condition.Text t) {
        String subject;
        if (t.target().isEmpty()) {
          subject = "(document.body ? document.body.innerText : '')";
        } else {
          String css = css(t.target().get());
          if (css == null) {
            return null;
          }
          subject = "((document.querySelector(" + js(css) + ") || {}).innerText || '')";
        }
        String norm = subject + ".replace(/\\s+/g, ' ').trim()";
        return switch (t.match()) {
          case EQUALS -> norm + " === " + js(t.text());
          case GLOB -> "new RegExp(" + js(globRegex(t.text(), "[\\s\\S]*")) + ").test(" + norm + ")";
          case CONTAINS -> norm + ".includes(" + js(t.text()) + ")";
        };
      }

      @Override
      public String visitAttribute(Condition.Attribute a) {
        String css = css(a.target());
        return css == null ? null : "!!(document.querySelector(" + js(css) + ") || {hasAttribute: () => false}).hasAttribute(" + js(a.name()) + ")";
      }

      @Override
      public String visitNot(Condition.Not n) {
        String inner = expression(n.condition(), p);
        return inner == null ? null : "!(" + inner + ")";
      }

      // none plain to write
      @Override public String visitCondition(Condition condition) { return null; }
    });
  }

  /** A css selector for the target usable in document.querySelector, when a candidate gives one. */
  private static String css(Target t) {
    if (!t.framePath().isEmpty() || !t.shadowPath().isEmpty()) {
      return null;
    }
    for (Candidate c : t.candidates()) {
      String css = switch (c.kind()) {
        case CSS -> c.value();
        case ID -> "[id=" + CssStrings.quote(c.value()) + "]";
        case TEST_ID -> "[data-testid=" + CssStrings.quote(c.value()) + "]";
        case PLACEHOLDER -> "[placeholder=" + CssStrings.quote(c.value()) + "]";
        case ROLE, LABEL, TEXT, XPATH, ARIA, TEXT_CONTAINS -> null;
      };
      if (css != null) {
        return css;
      }
    }
    return null;
  }

  /** A JavaScript regular expression source for a glob: {@code **} any run, {@code *} the given class. */
  static String globRegex(String glob, String star) {
    StringBuilder re = new StringBuilder("^");
    for (int i = 0; i < glob.length(); i++) {
      char ch = glob.charAt(i);
      if (ch == '*') {
        if (i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
          re.append("[\\s\\S]*");
          i++;
        } else {
          re.append(star);
        }
      } else if ("\\^$.|?+()[]{}/".indexOf(ch) >= 0) {
        re.append('\\').append(ch);
      } else {
        re.append(ch);
      }
    }
    return re.append('$').toString();
  }

  /** A JavaScript string literal. */
  static String js(String s) {
    try {
      return Json.MAPPER.writeValueAsString(s).replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
