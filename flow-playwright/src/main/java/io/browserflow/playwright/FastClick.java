package io.browserflow.playwright;

import com.microsoft.playwright.Frame;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import io.browserflow.api.Point;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The fast path of a plain click (left button, no modifiers, no delay): one page round trip finds
 * the locator's elements, and for exactly one checks that it is attached, visible, enabled, not
 * moved by a running animation or transition, in the main frame of an unzoomed viewport (scrolled
 * into view instantly when needed), and that the element itself (or one inside it) is what a hit
 * test at the click point finds: nothing covers it. It then arms a guard in the page and the mouse
 * clicks at that point. The guard sees the trusted pointer and mouse events as they arrive: any
 * that would reach another element, or arrive when the element has moved or left the document, is
 * stopped before the page sees it, and the click is handed to Playwright's own click, which waits
 * for actionability as it always does. So is every case the check cannot decide (several or no
 * elements, an iframe, a pinch-zoomed viewport, an element a running animation may move, a
 * disabled or {@code aria-disabled} element, a point outside the viewport after scrolling), and a
 * click that may navigate (a link, a submit button of a form): Playwright's click waits for the
 * navigation it starts to commit, so a form posted by the last step of a run is not cut off when
 * the run closes its context. A navigation a page script starts from a fast click's handler is not
 * waited for (the next step's strict waiting covers it).
 *
 * <p>What is the same as Playwright's click: the element must be unique, visible, enabled, receive
 * the events at the point; the click point is the element's centre or the offset from its top left
 * corner. What differs: stability is not waited for over two animation frames; an element counts as
 * stable when no running animation can move it and its box at the moment the button goes down is
 * the box that was checked.
 */
final class FastClick {
  /** Set {@code -Dbrowserflow.fastActions=false} (or the environment variable {@code BROWSERFLOW_FAST_ACTIONS=false}) to always use Playwright's click. */
  static final boolean ENABLED = enabled();

  private static boolean enabled() {
    String p = System.getProperty("browserflow.fastActions");
    if (p == null) {
      p = System.getenv("BROWSERFLOW_FAST_ACTIONS");
    }
    return p == null || !p.trim().equalsIgnoreCase("false");
  }

  private FastClick() {}

  static final String CHECK = "(els, arg) => {\n"
      + AriaRoles.guard()
      + "  if (els.length !== 1) return {count: els.length};\n"
      + "  const el = els[0];\n"
      + "  const out = v => ({count: 1, verdict: v});\n"
      + "  if (window !== window.top) return out('in-frame');\n"
      + "  const vv = window.visualViewport;\n"
      + "  if (vv && (vv.scale !== 1 || vv.offsetLeft !== 0 || vv.offsetTop !== 0)) return out('zoomed');\n"
      + "  if (!el.isConnected) return out('detached');\n"
      + "  const up = e => e.parentElement || (e.parentNode && e.parentNode.host) || null;\n"
      + "  for (let e = el; e; e = up(e)) {\n"
      + "    if (e.getAttribute && e.getAttribute('aria-disabled') === 'true') return out('disabled');\n"
      + "  }\n"
      + "  if (el.matches(':disabled')) return out('disabled');\n"
      + "  for (let e = el; e; e = up(e)) {\n"
      + "    const tag = e.localName;\n"
      + "    if ((tag === 'a' || tag === 'area') && e.hasAttribute('href')) return out('may-navigate');\n"
      + "    if (((tag === 'button' && e.type === 'submit') || (tag === 'input' && (e.type === 'submit' || e.type === 'image'))) && e.form)\n"
      + "      return out('may-navigate');\n"
      + "  }\n"
      + "  if (!el.checkVisibility({visibilityProperty: true})) return out('hidden');\n"
      + "  const harmless = /^(color|background-color|background|border(-[a-z]+)?-color|outline-color|box-shadow"
      + "|text-decoration-color|text-shadow|fill|stroke|opacity|caret-color|accent-color|column-rule-color|filter)$/;\n"
      + "  for (const a of document.getAnimations()) {\n"
      + "    if (a.playState !== 'running' && a.playState !== 'pending' && !a.pending) continue;\n"
      + "    const t = a.effect && a.effect.target;\n"
      + "    if (!t) return out('animating');\n"
      + "    let moves = false;\n"
      + "    for (let e = el; e; e = up(e)) if (e === t) { moves = true; break; }\n"
      + "    if (!moves) continue;\n"
      + "    const props = a.transitionProperty ? [a.transitionProperty]\n"
      + "      : a.effect.getKeyframes().flatMap(k => Object.keys(k)).filter(k => !['offset', 'easing', 'composite', 'computedOffset'].includes(k));\n"
      + "    if (props.some(p => !harmless.test(p.replace(/[A-Z]/g, c => '-' + c.toLowerCase())))) return out('animating');\n"
      + "  }\n"
      + "  const point = () => {\n"
      + "    const r = el.getBoundingClientRect();\n"
      + "    if (r.width === 0 || r.height === 0) return null;\n"
      + "    const x = arg.dx == null ? r.left + r.width / 2 : r.left + arg.dx;\n"
      + "    const y = arg.dy == null ? r.top + r.height / 2 : r.top + arg.dy;\n"
      + "    return {r, x, y, inside: x >= 0 && y >= 0 && x < innerWidth && y < innerHeight};\n"
      + "  };\n"
      + "  let p = point();\n"
      + "  if (!p) return out('hidden');\n"
      + "  if (!p.inside) {\n"
      + "    el.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});\n"
      + "    p = point();\n"
      + "    if (!p || !p.inside) return out('out-of-view');\n"
      + "  }\n"
      + "  let hit = document.elementFromPoint(p.x, p.y);\n"
      + "  while (hit && hit.shadowRoot) {\n"
      + "    const inner = hit.shadowRoot.elementFromPoint(p.x, p.y);\n"
      + "    if (!inner || inner === hit) break;\n"
      + "    hit = inner;\n"
      + "  }\n"
      + "  let within = false;\n"
      + "  for (let e = hit; e; e = up(e)) if (e === el) { within = true; break; }\n"
      + "  if (!within) return out('covered');\n"
      + "  const key = Symbol.for('browserflow.clickGuard');\n"
      + "  if (window[key]) window[key].disarm();\n"
      + "  const box = p.r;\n"
      + "  const guard = {blocked: null, events: 0};\n"
      + "  const types = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'auxclick', 'dblclick', 'contextmenu'];\n"
      + "  const onEvent = e => {\n"
      + "    if (!e.isTrusted) return;\n"
      + "    guard.events++;\n"
      + "    if (!guard.blocked) {\n"
      + "      if (!el.isConnected) guard.blocked = 'detached';\n"
      + "      else if (!e.composedPath().includes(el)) guard.blocked = 'covered';\n"
      + "      else if (e.type === 'pointerdown' || e.type === 'mousedown') {\n"
      + "        const now = el.getBoundingClientRect();\n"
      + "        if (now.left !== box.left || now.top !== box.top || now.width !== box.width || now.height !== box.height) guard.blocked = 'moved';\n"
      + "      }\n"
      + "    }\n"
      + "    if (guard.blocked) { e.preventDefault(); e.stopImmediatePropagation(); }\n"
      + "    if (e.type === 'click') guard.disarm(true);\n"
      + "  };\n"
      + "  guard.disarm = keep => {\n"
      + "    for (const t of types) window.removeEventListener(t, onEvent, true);\n"
      + "    clearTimeout(guard.timer);\n"
      + "    if (!keep && window[key] === guard) delete window[key];\n"
      + "  };\n"
      + "  for (const t of types) window.addEventListener(t, onEvent, true);\n"
      + "  guard.timer = setTimeout(() => guard.disarm(), 5000);\n"
      + "  Object.defineProperty(window, key, {value: guard, configurable: true, enumerable: false, writable: true});\n"
      + "  return {count: 1, verdict: 'ok', x: p.x, y: p.y};\n"
      + "}";

  /** Disarms the guard; what it stopped (null: nothing) and how many trusted events it saw. */
  static final String DISARM = "() => {\n"
      + "  const key = Symbol.for('browserflow.clickGuard');\n"
      + "  const g = window[key];\n"
      + "  if (!g) return {blocked: null, events: -1};\n"
      + "  g.disarm();\n"
      + "  delete window[key];\n"
      + "  return {blocked: g.blocked, events: g.events};\n"
      + "}";

  /**
   * Clicks the one element of {@code loc} on the fast path; true when done, false when the click is
   * Playwright's to make (nothing reached the page's handlers then), counted with the reason in
   * {@code stats}.
   */
  static boolean tryClick(Locator loc, Frame frame, Optional<Point> offset, ActionStats.Counter stats) {
    return ENABLED && attempt(loc, frame, offset, stats, false, null) == TargetResolver.FastOutcome.DONE;
  }

  /**
   * The fast click: {@code DONE} when clicked; {@code ONE} when {@code loc} has exactly one element
   * that is Playwright's to click (the reason counted); {@code UNKNOWN} when it is not known to have
   * exactly one (counted as a fallback unless {@code speculative}: the strict rule's counting comes
   * next then, and the click is tried once more on its winner); {@code STALE} when {@code roles}
   * (the roles an aria locator asks for, null when it is no such locator) no longer cover the page
   * ({@link AriaRoles#guard()}).
   */
  static TargetResolver.FastOutcome attempt(Locator loc, Frame frame, Optional<Point> offset, ActionStats.Counter stats,
      boolean speculative, List<String> roles) {
    if (frame.parentFrame() != null) {
      return unknown(stats, speculative, "in-frame");
    }
    Map<String, Object> arg = new HashMap<>();
    arg.put("dx", offset.map(Point::x).orElse(null));
    arg.put("dy", offset.map(Point::y).orElse(null));
    arg.put("roles", roles);
    Map<?, ?> r;
    try {
      r = (Map<?, ?>) loc.evaluateAll(CHECK, arg);
    } catch (PlaywrightException e) {
      return unknown(stats, speculative, "changing"); // navigating or re-rendering: Playwright waits it out
    }
    if (r.get("stale") != null) {
      return TargetResolver.FastOutcome.STALE;
    }
    int count = ((Number) r.get("count")).intValue();
    if (count != 1) {
      // Playwright's strict click waits for the element or reports the ambiguity
      return unknown(stats, speculative, count == 0 ? "not-yet-there" : "ambiguous");
    }
    String verdict = String.valueOf(r.get("verdict"));
    if (!verdict.equals("ok")) {
      stats.fellBack(verdict);
      return TargetResolver.FastOutcome.ONE;
    }
    Page page = frame.page();
    try {
      page.mouse().click(((Number) r.get("x")).doubleValue(), ((Number) r.get("y")).doubleValue());
    } catch (PlaywrightException e) {
      if (Failures.isClosed(e) && page.isClosed()) {
        stats.fast(); // the click's handler closed the page (window.close()): it was delivered
        return TargetResolver.FastOutcome.DONE;
      }
      throw e;
    }
    Map<?, ?> g;
    try {
      g = (Map<?, ?>) frame.evaluate(DISARM);
    } catch (PlaywrightException e) {
      if (Failures.isContextGone(e)) {
        // the click navigated away or closed the page (window.close()): it was delivered, a stopped
        // click would have done neither
        stats.fast();
        return TargetResolver.FastOutcome.DONE;
      }
      throw e;
    }
    Object blocked = g.get("blocked");
    if (blocked != null) {
      stats.fellBack(String.valueOf(blocked));
      return TargetResolver.FastOutcome.ONE;
    }
    // no guard left (-1): a new document took the window, the click was delivered; no events seen (0):
    // a page listener ahead of the guard stopped them, so the page had them
    stats.fast();
    return TargetResolver.FastOutcome.DONE;
  }

  static TargetResolver.FastOutcome unknown(ActionStats.Counter stats, boolean speculative, String reason) {
    if (!speculative) {
      stats.fellBack(reason);
    }
    return TargetResolver.FastOutcome.UNKNOWN;
  }
}
