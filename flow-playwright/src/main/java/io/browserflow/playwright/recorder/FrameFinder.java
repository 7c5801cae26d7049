package io.browserflow.playwright.recorder;

import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.playwright.ElementHandle;
import com.microsoft.playwright.Frame;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.PlaywrightException;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How a live session finds the frame a {@code frame} command names among the children of the active
 * frame, and how the draft's {@code frame} step names it: {@code url:}, {@code name:}, {@code selector:},
 * or a bare word tried as css, a frame name, then a part of a frame's URL. Runs on the driver's thread.
 */
final class FrameFinder {
  private FrameFinder() {}

  /** What one look for a frame found: the frame and how the draft names it, or the candidates that matched. */
  record FrameMatch(Frame frame, String recorded, List<Map<String, String>> candidates) {
    static FrameMatch none() {
      return new FrameMatch(null, null, List.of());
    }
  }

  static FrameMatch lookFor(Frame active, String locator) {
    if (locator.startsWith("url:")) {
      String glob = locator.substring(4);
      return among(active, locator, f -> io.browserflow.api.Glob.matchesUrl(glob, f.url()));
    }
    if (locator.startsWith("name:")) {
      String name = locator.substring(5);
      return among(active, locator, f -> name.equals(f.name()));
    }
    if (locator.startsWith("selector:")) {
      return byOwner(active, locator.substring("selector:".length()), true);
    }
    // a bare string: css, then a frame name, then a part of a frame's URL
    FrameMatch css = byOwner(active, locator, false);
    if (css.frame != null || css.candidates.size() > 1) {
      return css;
    }
    FrameMatch name = among(active, "name:" + locator, f -> locator.equals(f.name()));
    if (name.frame != null || name.candidates.size() > 1) {
      return name;
    }
    String glob = locator.contains("*") ? locator : "**" + locator + "**";
    return among(active, "url:" + glob, f -> io.browserflow.api.Glob.matchesUrl(glob, f.url()));
  }

  private static FrameMatch among(Frame active, String recorded, java.util.function.Predicate<Frame> test) {
    List<Frame> hits = active.childFrames().stream().filter(f -> !f.isDetached() && test.test(f)).toList();
    if (hits.size() == 1) {
      return new FrameMatch(hits.get(0), recorded, List.of());
    }
    return new FrameMatch(null, null, hits.stream().map(f -> Map.of("url", f.url(), "name", f.name())).toList());
  }

  /** The iframe element a css names in the active frame; {@code strict}: an element that is no iframe is an error. */
  private static FrameMatch byOwner(Frame active, String css, boolean strict) {
    Locator l = active.locator(css);
    int n;
    try {
      n = l.count();
    } catch (PlaywrightException e) {
      if (strict) {
        throw new FlowRunException(ErrorCode.FRAME_NOT_FOUND, "selector:" + css + " is not css: " + LiveRefs.firstLine(e.getMessage()));
      }
      return FrameMatch.none();
    }
    if (n > 1) {
      JsonNode owners = LiveRefs.json(l.evaluateAll("els => els.map(e => ({url: e.src || '', name: e.name || e.id || ''}))"));
      List<Map<String, String>> c = new ArrayList<>();
      owners.forEach(o -> c.add(Map.of("url", o.path("url").asText(), "name", o.path("name").asText())));
      return new FrameMatch(null, null, c);
    }
    if (n == 0) {
      return FrameMatch.none();
    }
    ElementHandle owner = l.elementHandle();
    try {
      Object tag = owner.evaluate("e => e.localName");
      if (!"iframe".equals(tag) && !"frame".equals(tag)) {
        if (strict || isCss(css)) {
          throw new FlowRunException(ErrorCode.FRAME_OWNER_NOT_IFRAME, css + " is a " + tag + ", not an iframe or frame");
        }
        return FrameMatch.none();
      }
      Frame found = owner.contentFrame();
      return found == null ? FrameMatch.none() : new FrameMatch(found, "selector:" + css, List.of());
    } finally {
      owner.dispose();
    }
  }

  /** A bare locator that reads as css rather than as a frame name (a name is a single word). */
  private static boolean isCss(String s) {
    return !s.matches("[A-Za-z][\\w-]*");
  }

  static Frame contentOf(String locator, ElementHandle owner) {
    Object tag = owner.evaluate("e => e.localName");
    if (!"iframe".equals(tag) && !"frame".equals(tag)) {
      throw new FlowRunException(ErrorCode.FRAME_OWNER_NOT_IFRAME, locator + " is a " + tag + ", not an iframe or frame");
    }
    Frame found = owner.contentFrame();
    if (found == null) {
      throw new FlowRunException(ErrorCode.FRAME_NOT_FOUND, locator + " has no document loaded");
    }
    return found;
  }
}
