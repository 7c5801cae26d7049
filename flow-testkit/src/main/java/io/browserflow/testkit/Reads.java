package io.browserflow.testkit;

import io.browserflow.api.Candidate;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Step;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.ReadResult;
import io.browserflow.engine.spi.Resolution;
import io.browserflow.engine.spi.ScrapeResult;
import io.browserflow.engine.spi.TargetException;
import io.browserflow.testkit.TargetResolver.Located;
import io.browserflow.testkit.TargetResolver.Need;
import io.browserflow.testkit.TargetResolver.Probe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jsoup.nodes.Element;

/**
 * {@code read} and {@code scrape}: text, value or an attribute of one element, and rows from a table,
 * the links of a container or the attributes of every element the first candidate matches.
 */
final class Reads {
  private final SessionState state;
  private final TargetResolver resolver;
  private final PageLoader loader;

  Reads(SessionState state, TargetResolver resolver, PageLoader loader) {
    this.state = state;
    this.resolver = resolver;
    this.loader = loader;
  }

  ReadResult read(Target target, Step.ReadKind what, Optional<String> attribute, Duration timeout) {
    state.requireOpen();
    if (what == Step.ReadKind.ATTRIBUTE && attribute.map(String::isBlank).orElse(true)) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "reading an attribute needs the attribute's name",
          Map.of(FlowException.Details.TARGET, target.describe()));
    }
    Located l = resolver.locate(target, state.deadline(timeout), Need.NONE);
    resolver.injectFault(target, l);
    Element e = l.element();
    return switch (what) {
      case VALUE -> {
        String v = ElementState.value(e);
        if (v == null) {
          throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot read the value of " + target.describe()
              + ": the element is not an <input>, <textarea> or <select> element (" + e.normalName() + ")",
              Map.of(FlowException.Details.TARGET, target.describe()));
        }
        yield ReadResult.of(v, l.resolution());
      }
      case ATTRIBUTE -> ReadResult.of(Dom.attrOr(e, attribute.get().toLowerCase(Locale.ROOT), ""), l.resolution());
      case TEXT -> ReadResult.of(RenderedText.normalize(RenderedText.innerText(e)), l.resolution());
    };
  }

  ScrapeResult scrape(Target target, Step.ScrapeMode mode, List<String> attributes, int limit, Duration timeout) {
    state.requireOpen();
    if (limit < 0) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "scrape limit must not be negative, not " + limit, Map.of());
    }
    Deadline d = state.deadline(timeout);
    if (mode == Step.ScrapeMode.ATTRIBUTES) {
      Candidate first = target.candidates().get(0);
      Probe[] last = {null};
      Optional<List<Element>> found = state.clock.waitFor(d.at(), () -> {
        Probe p = resolver.scopesOf(target);
        last[0] = p;
        if (p.frameError() != null) {
          return Optional.empty();
        }
        List<Element> m = CandidateQuery.matches(first, p.scopes());
        return m.isEmpty() ? Optional.empty() : Optional.of(m);
      });
      if (found.isEmpty()) {
        if (last[0].frameError() != null) {
          throw last[0].frameError();
        }
        throw new TargetException(target, Resolution.of(countsWithFirst(target, 0), -1));
      }
      Resolution r = Resolution.of(countsWithFirst(target, found.get().size()), 0);
      for (Element e : found.get()) {
        resolver.injectFault(target, new Located(e, r));
      }
      return ScrapeResult.of(Scraper.attributes(found.get(), attributes, limit), r);
    }
    Located l = resolver.locate(target, d, Need.NONE);
    resolver.injectFault(target, l);
    List<Map<String, String>> items = switch (mode) {
      case LINKS -> Scraper.links(l.element(), limit, loader);
      case TABLE -> Scraper.table(l.element(), limit, target);
      case ATTRIBUTES -> throw new IllegalStateException("attributes are scraped above");
    };
    return ScrapeResult.of(items, l.resolution());
  }

  private static List<Integer> countsWithFirst(Target target, int first) {
    List<Integer> counts = new ArrayList<>(Collections.nCopies(target.candidates().size(), -1));
    counts.set(0, first);
    return counts;
  }
}
