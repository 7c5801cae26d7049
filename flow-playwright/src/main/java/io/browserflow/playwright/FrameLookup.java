package io.browserflow.playwright;

import io.browserflow.api.Glob;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.microsoft.playwright.ElementHandle;
import com.microsoft.playwright.Frame;
import com.microsoft.playwright.Locator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One look for a frame from a scope frame, without waiting: an owner css ({@code selector:} or bare,
 * matched like css candidates, open shadow roots pierced), {@code url:<glob>} over the URLs of the
 * scope's child frames, or {@code name:<name>} equal to a child frame's name (Playwright's frame name:
 * the element's {@code name}, else its {@code id}). Runs on the driver thread.
 */
final class FrameLookup {
  enum Kind { FOUND, NONE, MANY, NOT_IFRAME }

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String DESCRIBE_OWNERS =
      "els => els.map(e => [e.tagName.toLowerCase(), e.getAttribute('src') || '', e.getAttribute('name') || ''])";

  final Kind kind;
  final Frame frame;
  /** For MANY: each matching frame as {@code {"url":..,"name":..}}; for NOT_IFRAME: the tag found. */
  final List<Map<String, String>> candidates;

  private FrameLookup(Kind kind, Frame frame, List<Map<String, String>> candidates) {
    this.kind = kind;
    this.frame = frame;
    this.candidates = candidates;
  }

  static FrameLookup find(Frame scope, String locator) {
    String t = locator.trim();
    String lower = t.toLowerCase(Locale.ROOT);
    if (lower.startsWith("url:")) {
      String glob = t.substring(4).trim();
      return among(scope, f -> Glob.matchesUrl(glob, f.url()));
    }
    if (lower.startsWith("name:")) {
      String name = t.substring(5).trim();
      return among(scope, f -> name.equals(f.name()));
    }
    String css = lower.startsWith("selector:") ? t.substring(9).trim() : t;
    return byOwner(scope, css);
  }

  private static FrameLookup among(Frame scope, java.util.function.Predicate<Frame> test) {
    List<Frame> hits = new ArrayList<>();
    for (Frame f : scope.childFrames()) {
      if (!f.isDetached() && test.test(f)) {
        hits.add(f);
      }
    }
    if (hits.isEmpty()) {
      return new FrameLookup(Kind.NONE, null, List.of());
    }
    if (hits.size() == 1) {
      return new FrameLookup(Kind.FOUND, hits.get(0), List.of());
    }
    List<Map<String, String>> c = new ArrayList<>();
    for (Frame f : hits) {
      c.add(describe(f.url(), f.name()));
    }
    return new FrameLookup(Kind.MANY, null, c);
  }

  /**
   * Plain css, matched in the document and each open shadow root separately, in the page's own world:
   * per owner its tag, src, name and (same-origin) current URL; null when the css is not plain css.
   */
  private static final String PLAIN_OWNERS = "css => {\n"
      + "  const roots = [document], found = [];\n"
      + "  for (let i = 0; i < roots.length; i++) {\n"
      + "    try { roots[i].querySelectorAll(css).forEach(e => found.push(e)); } catch (x) { return null; }\n"
      + "    roots[i].querySelectorAll('*').forEach(e => { if (e.shadowRoot) roots.push(e.shadowRoot); });\n"
      + "  }\n"
      + "  return found.map(e => { let href = ''; try { href = e.contentWindow ? e.contentWindow.location.href : ''; } catch (x) { href = ''; }\n"
      + "    return [e.tagName.toLowerCase(), e.getAttribute('src') || '', e.getAttribute('name') || '', href || '']; });\n"
      + "}";

  /**
   * One round trip in the common case: the owners found by plain css in the page's own world, mapped
   * to the child frame showing the same URL (Playwright's locators would first inject their script
   * into a fresh document, ~100 ms, by which time a short-lived dialog frame may be gone). Anything
   * unclear (no match, Playwright-only css, cross-origin or look-alike frames) goes through Playwright.
   */
  @SuppressWarnings("unchecked")
  private static FrameLookup byOwner(Frame scope, String css) {
    List<List<String>> plain = (List<List<String>>) scope.evaluate(PLAIN_OWNERS, css);
    if (plain != null && plain.size() > 1) {
      List<Map<String, String>> c = new ArrayList<>();
      for (List<String> e : plain) {
        Map<String, String> m = describe(e.get(3).isEmpty() ? e.get(1) : e.get(3), e.get(2));
        m.put("tag", e.get(0));
        c.add(m);
      }
      return new FrameLookup(Kind.MANY, null, c);
    }
    if (plain != null && plain.size() == 1) {
      List<String> e = plain.get(0);
      if (!e.get(0).equals("iframe") && !e.get(0).equals("frame")) {
        return new FrameLookup(Kind.NOT_IFRAME, null, List.of(Map.of("tag", e.get(0))));
      }
      String href = e.get(3);
      if (!href.isEmpty()) {
        List<Frame> same = new ArrayList<>();
        for (Frame f : scope.childFrames()) {
          if (!f.isDetached() && href.equals(f.url())) {
            same.add(f);
          }
        }
        if (same.size() == 1) {
          return new FrameLookup(Kind.FOUND, same.get(0), List.of());
        }
      }
    }
    return byPlaywrightOwner(scope, css);
  }

  /** Through Playwright's css: the handles, then the frame. */
  @SuppressWarnings("unchecked")
  private static FrameLookup byPlaywrightOwner(Frame scope, String css) {
    Locator owners = scope.locator(css);
    List<ElementHandle> handles = owners.elementHandles();
    try {
      if (handles.isEmpty()) {
        return new FrameLookup(Kind.NONE, null, List.of());
      }
      if (handles.size() > 1) {
        List<Map<String, String>> c = new ArrayList<>();
        for (List<String> e : (List<List<String>>) owners.evaluateAll(DESCRIBE_OWNERS)) {
          Map<String, String> m = describe(e.get(1), e.get(2));
          m.put("tag", e.get(0));
          c.add(m);
        }
        return new FrameLookup(Kind.MANY, null, c);
      }
      Frame f = handles.get(0).contentFrame();
      if (f != null && !f.isDetached()) {
        return new FrameLookup(Kind.FOUND, f, List.of());
      }
      String tag = String.valueOf(handles.get(0).evaluate("e => e.tagName.toLowerCase()"));
      if (!tag.equals("iframe") && !tag.equals("frame")) {
        return new FrameLookup(Kind.NOT_IFRAME, null, List.of(Map.of("tag", tag)));
      }
      return new FrameLookup(Kind.NONE, null, List.of());
    } finally {
      for (ElementHandle h : handles) {
        h.dispose();
      }
    }
  }

  private static Map<String, String> describe(String url, String name) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("url", url);
    m.put("name", name);
    return m;
  }

  String candidatesJson() {
    try {
      return JSON.writeValueAsString(candidates);
    } catch (JsonProcessingException e) {
      return String.valueOf(candidates);
    }
  }
}
