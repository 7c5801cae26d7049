package io.browserflow.playwright;

import com.microsoft.playwright.Frame;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.PlaywrightException;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Step;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.ReadResult;
import io.browserflow.engine.spi.Resolution;
import io.browserflow.engine.spi.ScrapeResult;
import io.browserflow.engine.spi.TargetException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Data out of the page: {@code read} (text, value or an attribute of one element) and {@code scrape}
 * (table rows, links, or attributes of every element the first candidate matches).
 */
final class Reads {
  private final SessionState state;
  private final TargetResolver resolver;

  Reads(SessionState state, TargetResolver resolver) {
    this.state = state;
    this.resolver = resolver;
  }

  ReadResult read(Target target, Step.ReadKind what, Optional<String> attribute, Duration timeout) {
    TargetResolver.Acted<String> acted = resolver.act(target, timeout, (loc, ms) -> switch (what) {
      case TEXT -> normalize(loc.innerText(new Locator.InnerTextOptions().setTimeout(ms)));
      case VALUE -> loc.inputValue(new Locator.InputValueOptions().setTimeout(ms));
      case ATTRIBUTE -> {
        String name = attribute.orElseThrow(() -> new FlowRunException(ErrorCode.ACTION_FAILED,
            "reading an attribute needs its name"));
        String v = loc.getAttribute(name, new Locator.GetAttributeOptions().setTimeout(ms));
        yield v == null ? "" : v;
      }
    }, false);
    return ReadResult.of(acted.value(), acted.resolution());
  }

  /** Text as the flow compares it: runs of whitespace (non-breaking spaces too) as one space, trimmed. */
  static String normalize(String text) {
    return text == null ? "" : text.replaceAll("[\\s\\u00a0]+", " ").strip();
  }

  ScrapeResult scrape(Target target, Step.ScrapeMode mode, List<String> attributes, int limit, Duration timeout) {
    int max = Math.max(0, limit);
    return switch (mode) {
      case TABLE -> scrapeTable(target, max, timeout);
      case LINKS -> scrapeLinks(target, max, timeout);
      case ATTRIBUTES -> scrapeAttributes(target, attributes, max, timeout);
    };
  }

  /** The rows of the table the unique element is or contains, header to cell. */
  @SuppressWarnings("unchecked")
  private ScrapeResult scrapeTable(Target target, int limit, Duration timeout) {
    TargetResolver.Acted<Object> acted = resolver.act(target, timeout, (loc, ms) -> loc.evaluate(PageScripts.SCRAPE_TABLE, limit,
        new Locator.EvaluateOptions().setTimeout(ms)), false);
    if (acted.value() == null) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "scrape: " + target.describe() + " is not and does not contain a table");
    }
    List<Map<String, String>> items = new ArrayList<>();
    Map<String, Object> table = (Map<String, Object>) acted.value();
    List<String> keys = (List<String>) table.get("keys");
    for (List<Object> cells : (List<List<Object>>) table.get("rows")) {
      Map<String, String> row = new LinkedHashMap<>();
      for (int i = 0; i < keys.size(); i++) {
        row.put(keys.get(i), i < cells.size() ? String.valueOf(cells.get(i)) : "");
      }
      items.add(row);
    }
    return ScrapeResult.of(items, acted.resolution());
  }

  /** The links inside the unique element (or the element itself): text and href. */
  @SuppressWarnings("unchecked")
  private ScrapeResult scrapeLinks(Target target, int limit, Duration timeout) {
    TargetResolver.Acted<Object> acted = resolver.act(target, timeout, (loc, ms) -> loc.evaluate(PageScripts.SCRAPE_LINKS, limit,
        new Locator.EvaluateOptions().setTimeout(ms)), false);
    List<Map<String, String>> items = new ArrayList<>();
    for (List<Object> link : (List<List<Object>>) acted.value()) {
      Map<String, String> row = new LinkedHashMap<>();
      row.put("text", String.valueOf(link.get(0)));
      row.put("href", String.valueOf(link.get(1)));
      items.add(row);
    }
    return ScrapeResult.of(items, acted.resolution());
  }

  /** Every element the first candidate matches (no uniqueness needed), once there is at least one. */
  @SuppressWarnings("unchecked")
  private ScrapeResult scrapeAttributes(Target target, List<String> names, int limit, Duration timeout) {
    Deadline d = Deadline.in(timeout);
    Frame f = resolver.targetFrame(target, d);
    while (true) {
      Object rows = state.call(() -> {
        state.contextFrame();
        Locator loc = TargetResolver.locator(f, target, 0);
        try {
          int total = loc.count();
          return total == 0 ? null
              : List.of(total, loc.evaluateAll(PageScripts.SCRAPE_ATTRIBUTES, Map.of("names", names, "limit", limit)));
        } catch (PlaywrightException e) {
          if (Failures.isContextGone(e)) {
            return null;
          }
          throw Failures.actionFailed("scrape", e);
        }
      });
      if (rows != null) {
        int total = (Integer) ((List<Object>) rows).get(0);
        List<Map<String, String>> items = new ArrayList<>();
        for (List<Object> values : (List<List<Object>>) ((List<Object>) rows).get(1)) {
          Map<String, String> row = new LinkedHashMap<>();
          if (names.isEmpty()) {
            row.put("text", String.valueOf(values.get(0)));
          } else {
            for (int i = 0; i < names.size(); i++) {
              row.put(names.get(i), String.valueOf(values.get(i)));
            }
          }
          items.add(row);
        }
        List<Integer> counts = new ArrayList<>(Collections.nCopies(target.candidates().size(), -1));
        counts.set(0, total);
        return ScrapeResult.of(items, Resolution.of(counts, 0));
      }
      if (d.expired()) {
        List<Integer> counts = new ArrayList<>(Collections.nCopies(target.candidates().size(), -1));
        counts.set(0, 0);
        throw new TargetException(target, Resolution.of(counts, -1));
      }
      state.waitForChange(f, d);
    }
  }
}
