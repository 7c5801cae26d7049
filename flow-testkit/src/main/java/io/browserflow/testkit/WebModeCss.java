package io.browserflow.testkit;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.jsoup.select.Evaluator;
import org.jsoup.select.QueryParser;
import org.jsoup.select.Selector;

/**
 * jsoup evaluators in jsoup's standards ("Web") query mode: attribute values compared case-sensitively
 * except for the attributes HTML lists as case-insensitive, {@code i} and {@code s} flags, {@code [a~=v]} as
 * word matching, class and id selectors case-insensitive only in quirks mode — as browsers match them.
 *
 * <p>jsoup 1.24 parses in Web mode when the JVM sets {@code jsoup.queryMode=web}, a global switch this
 * kit must not flip for the code under test; so it asks jsoup's parser for Web mode directly. When that
 * is not possible (jsoup on the module path, or a jsoup whose parser changed), the public parser is used
 * if it already parses in Web mode (the JVM sets the property, or a later jsoup made it the default), and
 * otherwise using css fails with a message naming the property.
 */
final class WebModeCss {
  private static final MethodHandle WEB_PARSE = webParser();
  private static final boolean PUBLIC_PARSE_IS_WEB = publicParseIsWeb();

  private WebModeCss() {}

  /** Parses a selector in Web mode; jsoup's {@link Selector.SelectorParseException} when it does not parse. */
  static Evaluator evaluator(String css) {
    if (WEB_PARSE != null) {
      try {
        return (Evaluator) WEB_PARSE.invokeExact(css, true);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable e) {
        throw new IllegalStateException("jsoup's query parser failed on '" + css + "'", e);
      }
    }
    if (!PUBLIC_PARSE_IS_WEB) {
      throw new IllegalStateException("the in-memory driver matches css in jsoup's Web query mode; run with "
          + "-Djsoup.queryMode=web (jsoup's parser could not be asked for it directly)");
    }
    return QueryParser.parse(css);
  }

  private static MethodHandle webParser() {
    try {
      return MethodHandles.privateLookupIn(QueryParser.class, MethodHandles.lookup()).findStatic(QueryParser.class,
          "parse", MethodType.methodType(Evaluator.class, String.class, boolean.class));
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  /** Legacy mode reads {@code [a~=v]} as a regular expression (matching "abc" for "b"); Web mode as a word. */
  private static boolean publicParseIsWeb() {
    Element probe = Jsoup.parse("<i a=abc></i>").selectFirst("i");
    return probe != null && !probe.is(QueryParser.parse("[a~=b]"));
  }
}
