package io.browserflow.playwright.recorder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.microsoft.playwright.ElementHandle;
import com.microsoft.playwright.Frame;
import com.microsoft.playwright.JSHandle;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Target;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A live session's snapshots and refs: the snapshot script and the elements it numbered, a ref's
 * element and the recorder's candidates for it. Every method runs on the driver's thread, inside a
 * {@code LiveView} read of {@link BrowserSession}; it looks at pages and changes nothing on them.
 */
final class LiveRefs {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern REF = Pattern.compile("@?e(\\d{1,6})");

  private static final String SNAPSHOT = String.join("\n",
      "([key, opts]) => {",
      "  const api = window[key];",
      "  if (!api) return {error: 'unprepared'};",
      "  const root = opts.scope ? document.querySelector(opts.scope) : (document.body || document.documentElement);",
      "  if (!root) return {error: 'scope'};",
      "  const ACT = new Set(['button','link','textbox','searchbox','checkbox','radio','combobox','listbox','option',",
      "    'tab','menuitem','menuitemcheckbox','menuitemradio','switch','spinbutton','slider','treeitem']);",
      "  const shown = (el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);",
      "    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };",
      "  const els = []; const nodes = []; let truncated = false;",
      "  const walk = (parent, depth, level) => {",
      "    for (const el of parent.children) {",
      "      if (nodes.length >= opts.maxNodes) { truncated = true; return; }",
      "      const isFrame = el.localName === 'iframe' || el.localName === 'frame';",
      "      const role = isFrame ? 'iframe' : api.roleOf(el) || (el.localName === 'input' && el.type === 'password' ? 'textbox' : null)",
      "        || (el.isContentEditable && el.parentElement && !el.parentElement.isContentEditable ? 'textbox' : null);",
      "      const acts = role && (isFrame || ACT.has(role));",
      "      let next = level;",
      "      if (role && (acts || !opts.interactive) && shown(el)) {",
      "        els.push(el);",
      "        const n = {i: els.length - 1, role, name: (isFrame ? el.title || el.name : api.nameOf(el, role)) || '', level, tag: el.localName};",
      "        const secret = el.type === 'password' || /one-time-code|cc-/.test(el.getAttribute('autocomplete') || '');",
      "        if ('value' in el && ['input','textarea','select'].includes(el.localName) && !secret && !['checkbox','radio'].includes(el.type)) n.value = String(el.value).slice(0, 80);",
      "        if (secret) n.secret = true;",
      "        if ('checked' in el && (el.type === 'checkbox' || el.type === 'radio')) n.checked = el.checked;",
      "        if (el.disabled || el.getAttribute('aria-disabled') === 'true') n.disabled = true;",
      "        if (isFrame) n.frame = true;",
      "        nodes.push(n); next = level + 1;",
      "      }",
      "      if (opts.depth < 0 || depth < opts.depth) {",
      "        walk(el, depth + 1, next);",
      "        if (el.shadowRoot) walk(el.shadowRoot, depth + 1, next);",
      "      }",
      "    }",
      "  };",
      "  walk(root, 0, 0);",
      "  Object.defineProperty(window, key + '_refs', {value: {gen: opts.gen, els}, configurable: true, enumerable: false});",
      "  return {nodes, truncated};",
      "}");

  private static final String REF_ELEMENT = "([key, gen, i]) => { const r = window[key + '_refs'];"
      + " if (!r || r.gen !== gen) return 'gone'; const el = r.els[i]; return el && el.isConnected ? el : 'detached'; }";

  private final CaptureScript capture = CaptureScript.fresh();
  private int generation;
  /** The last snapshot's refs, in their order; empty before the first snapshot. */
  private List<Ref> refs = List.of();
  private boolean snapshotTaken;
  /** Why the last snapshot's refs stopped naming elements (the tab or frame changed since), or null. */
  private String refsLost;
  /** Handles of the last command's element, released when the next command resolves one (or snapshots). */
  private final List<JSHandle> handles = new ArrayList<>();

  /** A ref of the last snapshot: the frame its element is in, its index there, the owner locators from the snapshot's frame down. */
  record Ref(Frame frame, int index, List<String> owners) { }

  /**
   * A snapshot of {@code root} (the active frame of {@code page}) and of the iframes in it, their
   * elements indented under the iframe; earlier refs stop being valid.
   */
  BrowserSession.Snapshot snapshot(Page page, Frame root, BrowserSession.SnapshotOptions o) {
    release();
    generation++;
    List<BrowserSession.Node> nodes = new ArrayList<>();
    List<Ref> found = new ArrayList<>();
    boolean truncated = snapshotFrame(root, List.of(), o, o.scope(), 0, nodes, found);
    if (nodes.size() > o.maxNodes()) {
      nodes = new ArrayList<>(nodes.subList(0, o.maxNodes()));
      found = new ArrayList<>(found.subList(0, o.maxNodes()));
      truncated = true;
    }
    refs = List.copyOf(found);
    snapshotTaken = true;
    refsLost = null;
    return new BrowserSession.Snapshot(nodes, truncated, page.url(), page.title());
  }

  /** Adds the nodes of one frame, each iframe's own after it; true when the node limit cut something. */
  private boolean snapshotFrame(Frame f, List<String> owners, BrowserSession.SnapshotOptions o, Optional<String> scope, int level,
      List<BrowserSession.Node> nodes, List<Ref> found) {
    ensureCapture(f);
    Map<String, Object> opts = new LinkedHashMap<>();
    opts.put("interactive", o.onlyInteractive());
    opts.put("depth", o.depth());
    opts.put("scope", scope.orElse(null));
    opts.put("maxNodes", Math.max(0, o.maxNodes() - nodes.size()));
    opts.put("gen", generation);
    JsonNode r = json(f.evaluate(SNAPSHOT, List.of(capture.key(), opts)));
    if (r.has("error")) {
      throw new FlowRunException(ErrorCode.TARGET_NOT_FOUND, "snapshot --scope " + scope.orElse("")
          + " matches no element in the active frame");
    }
    boolean truncated = r.path("truncated").asBoolean();
    for (JsonNode n : r.path("nodes")) {
      int index = n.path("i").asInt();
      int nodeLevel = level + n.path("level").asInt();
      nodes.add(new BrowserSession.Node("e" + (nodes.size() + 1), n.path("role").asText(), n.path("name").asText(), nodeLevel,
          n.path("tag").asText(), n.has("value") ? Optional.of(n.get("value").asText()) : Optional.empty(),
          n.has("checked") ? Optional.of(n.get("checked").asBoolean()) : Optional.empty(), n.path("disabled").asBoolean(),
          n.path("secret").asBoolean(), n.path("frame").asBoolean(), owners));
      found.add(new Ref(f, index, owners));
      if (n.path("frame").asBoolean() && nodes.size() < o.maxNodes()) {
        ElementHandle owner = refElement(f, index);
        if (owner == null) {
          continue;
        }
        try {
          Frame child = owner.contentFrame();
          if (child != null && !child.isDetached()) {
            List<String> path = new ArrayList<>(owners);
            path.add(ownerLocator(owner, child));
            truncated |= snapshotFrame(child, List.copyOf(path), o, Optional.empty(), nodeLevel + 1, nodes, found);
          }
        } catch (PlaywrightException e) {
          // the iframe navigated or left while the snapshot was taken: its own elements are not listed
        } finally {
          owner.dispose();
        }
      }
    }
    return truncated;
  }

  /** The element with this index in a frame's last snapshot, or null when it left the page. */
  private ElementHandle refElement(Frame f, int index) {
    JSHandle h = f.evaluateHandle(REF_ELEMENT, List.of(capture.key(), generation, index));
    ElementHandle el = h.asElement();
    if (el == null) {
      h.dispose();
    }
    return el;
  }

  /**
   * How a flow finds this iframe from its parent: the recorder's owner selector, else the frame's URL.
   * The parent has the capture script already: its snapshot put it there.
   */
  String ownerLocator(ElementHandle owner, Frame child) {
    Object css = owner.evaluate("(el, key) => window[key] ? window[key].frameOwner(el) : null", capture.key());
    return css == null || css.toString().isBlank() ? "url:" + UrlGlobs.of(child.url()) : css.toString();
  }

  private void ensureCapture(Frame f) {
    if (!Boolean.TRUE.equals(f.evaluate("k => !!window[k]", capture.key()))) {
      f.evaluate(capture.expression());
    }
  }

  static boolean isRef(String target) {
    return target.startsWith("@");
  }

  /** The last snapshot's ref written {@code @eN}, or {@code REF_STALE} saying why there is none. */
  Ref ref(String target) {
    Matcher m = REF.matcher(target.substring(1).isEmpty() ? "" : target);
    if (!m.matches()) {
      throw new FlowRunException(ErrorCode.REF_STALE, target + " is not a ref of the last snapshot; refs are written @e1, @e2, ...");
    }
    if (!snapshotTaken) {
      throw new FlowRunException(ErrorCode.REF_STALE, target + " names no element: take a snapshot first");
    }
    if (refsLost != null) {
      throw new FlowRunException(ErrorCode.REF_STALE, target + " is of the last snapshot, taken before " + refsLost
          + "; take a new snapshot");
    }
    int index = Integer.parseInt(m.group(1)) - 1;
    if (index < 0 || index >= refs.size()) {
      throw new FlowRunException(ErrorCode.REF_STALE, refs.isEmpty() ? "the last snapshot gave no refs, so " + target
          + " names nothing" : "the last snapshot has refs @e1 to @e" + refs.size() + ", not " + target);
    }
    return refs.get(index);
  }

  /** The refs of the last snapshot stop naming elements: they were of another tab or frame. */
  void forget(String because) {
    if (snapshotTaken && refsLost == null) {
      refsLost = because;
    }
  }

  /** The element of a ref of the last snapshot, or the one element a locator matches in the active frame. */
  ElementHandle element(Frame active, String target) {
    release();
    ElementHandle el = resolve(active, target);
    handles.add(el);
    return el;
  }

  /** Lets the page forget the elements earlier commands held on to. */
  void release() {
    for (JSHandle h : handles) {
      try {
        h.dispose();
      } catch (PlaywrightException e) {
        // its page is gone, and the handle with it
      }
    }
    handles.clear();
  }

  private ElementHandle resolve(Frame active, String target) {
    if (isRef(target)) {
      Ref ref = ref(target);
      if (ref.frame().isDetached()) {
        throw new FlowRunException(ErrorCode.REF_STALE, target + " is of a frame that left the page; take a new snapshot");
      }
      JSHandle h = ref.frame().evaluateHandle(REF_ELEMENT, List.of(capture.key(), generation, ref.index()));
      ElementHandle el = h.asElement();
      if (el == null) {
        String why = String.valueOf(h.jsonValue());
        h.dispose();
        throw new FlowRunException(ErrorCode.REF_STALE, target + (why.equals("detached")
            ? " is no longer on the page" : " is of an earlier page") + "; take a new snapshot");
      }
      return el;
    }
    Locator l = active.locator(target);
    int n;
    try {
      n = l.count();
    } catch (PlaywrightException e) {
      throw new FlowRunException(ErrorCode.TARGET_NOT_FOUND, target + " is not a locator this session reads (a ref @eN, "
          + "css, or a text=/role= selector): " + firstLine(e.getMessage()));
    }
    if (n == 0) {
      throw new FlowRunException(ErrorCode.TARGET_NOT_FOUND, target + " matches no element in the active frame");
    }
    if (n > 1) {
      throw new FlowRunException(ErrorCode.TARGET_AMBIGUOUS, target + " matches " + n + " elements; name one (a snapshot "
          + "ref, or a narrower locator)");
    }
    return l.elementHandle();
  }

  /**
   * The candidates the recorder would record for the element of {@code target}; for a ref inside an
   * iframe, with the frame locators from the active frame down to it.
   */
  Target describe(String target, ElementHandle el, String purpose) {
    Frame f = el.ownerFrame();
    ensureCapture(f);
    JsonNode d = json(el.evaluate("(e, [k, p]) => window[k].describe(e, p)", List.of(capture.key(), purpose)));
    Target t = DraftBuilder.target(d);
    List<String> owners = isRef(target) ? ref(target).owners() : List.of();
    return owners.isEmpty() ? t : Target.builder().from(t).framePath(owners).build();
  }

  static String firstLine(String m) {
    return m == null ? "" : m.lines().findFirst().orElse("");
  }

  static JsonNode json(Object value) {
    return JSON.valueToTree(value);
  }
}
