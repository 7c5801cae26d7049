package io.browserflow.testkit;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Target;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jsoup.nodes.Element;

/**
 * Scrape modes. Table: the target is a table or contains one; the header is the first row of
 * {@code thead}, else a first row made only of {@code th}; each other row maps header text to cell
 * text ({@code column<n>} for missing or blank headers, {@code "<header> <n>"} for repeated ones).
 * Links: {@code a[href]} / {@code area[href]} of the target and inside it (open shadow roots included),
 * {@code text} and absolute {@code href}. Attributes: the listed attributes of each element
 * ({@code ""} when absent).
 */
final class Scraper {
  private Scraper() {}

  static List<Map<String, String>> table(Element container, int limit, Target target) {
    Element table = Dom.is(container, "table") ? container : null;
    if (table == null) {
      for (Element e : Dom.descendants(container, true)) {
        if (Dom.is(e, "table")) {
          table = e;
          break;
        }
      }
    }
    if (table == null) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "scrape table: " + target.describe()
          + " is not a <table> and holds none", Map.of(FlowException.Details.TARGET, target.describe()));
    }
    List<Element> rows = new ArrayList<>();
    Element headerRow = null;
    for (Element child : table.children()) {
      if (Dom.is(child, "tr")) {
        rows.add(child);
      } else if (Dom.is(child, "thead") || Dom.is(child, "tbody") || Dom.is(child, "tfoot")) {
        for (Element tr : child.children()) {
          if (Dom.is(tr, "tr")) {
            rows.add(tr);
            if (Dom.is(child, "thead") && headerRow == null) {
              headerRow = tr;
            }
          }
        }
      }
    }
    if (headerRow == null && !rows.isEmpty() && !cells(rows.get(0)).isEmpty()
        && cells(rows.get(0)).stream().allMatch(c -> Dom.is(c, "th"))) {
      headerRow = rows.get(0);
    }
    List<String> keys = headerRow == null ? List.of() : keys(headerRow);
    List<Map<String, String>> items = new ArrayList<>();
    for (Element row : rows) {
      if (items.size() >= limit) {
        break;
      }
      if (row == headerRow || (Dom.parentElement(row) != null && Dom.is(Dom.parentElement(row), "thead"))) {
        continue;
      }
      List<Element> cells = cells(row);
      if (cells.isEmpty()) {
        continue;
      }
      Map<String, String> item = new LinkedHashMap<>();
      for (int i = 0; i < cells.size(); i++) {
        String key = i < keys.size() ? keys.get(i) : "column" + (i + 1);
        item.put(key, RenderedText.normalize(RenderedText.innerText(cells.get(i))));
      }
      items.add(item);
    }
    return items;
  }

  private static List<Element> cells(Element row) {
    List<Element> out = new ArrayList<>();
    for (Element c : row.children()) {
      if (Dom.is(c, "td") || Dom.is(c, "th")) {
        out.add(c);
      }
    }
    return out;
  }

  private static List<String> keys(Element headerRow) {
    List<String> keys = new ArrayList<>();
    List<Element> cells = cells(headerRow);
    for (int i = 0; i < cells.size(); i++) {
      String h = RenderedText.normalize(RenderedText.innerText(cells.get(i)));
      if (h.isEmpty()) {
        h = "column" + (i + 1);
      } else if (keys.contains(h)) {
        h = h + " " + (i + 1);
      }
      keys.add(h);
    }
    return keys;
  }

  static List<Map<String, String>> links(Element container, int limit, PageLoader loader) {
    List<Element> candidates = new ArrayList<>();
    candidates.add(container);
    candidates.addAll(Dom.descendants(container, true));
    List<Map<String, String>> items = new ArrayList<>();
    for (Element e : candidates) {
      if (items.size() >= limit) {
        break;
      }
      if ((Dom.is(e, "a") || Dom.is(e, "area")) && e.hasAttr("href")) {
        PageDocument doc = Dom.document(e);
        Map<String, String> item = new LinkedHashMap<>();
        String text = Dom.is(e, "area") ? Dom.attrOr(e, "alt", "") : RenderedText.innerText(e);
        item.put("text", RenderedText.normalize(text));
        item.put("href", loader.resolveUrl(doc == null ? null : doc.baseUrl, Dom.attr(e, "href")));
        items.add(item);
      }
    }
    return items;
  }

  static List<Map<String, String>> attributes(List<Element> elements, List<String> attributes, int limit) {
    List<Map<String, String>> items = new ArrayList<>();
    for (Element e : elements) {
      if (items.size() >= limit) {
        break;
      }
      Map<String, String> item = new LinkedHashMap<>();
      for (String a : attributes) {
        item.put(a, Dom.attrOr(e, a.toLowerCase(Locale.ROOT), ""));
      }
      items.add(item);
    }
    return items;
  }
}
