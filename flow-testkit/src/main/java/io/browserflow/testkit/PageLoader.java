package io.browserflow.testkit;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.jsoup.nodes.Element;

/**
 * Puts documents into tabs and frames: parses and activates them (timers scheduled, frames loaded),
 * unloads them, commits navigations (the flow's, through {@link Tabs}, and the page's own: links,
 * forms, behaviours, popups) and resolves URLs as browsers do. Network deny mode applies to every
 * load. The page's behaviours navigate through this loader and every document it loads schedules
 * their timers, so the loader makes them.
 */
final class PageLoader {
  static final int MAX_FRAME_DEPTH = 8;
  /** What a browser shows for a page or frame the page loads while the network is offline. */
  static final String OFFLINE_HTML = "<!doctype html><html><head><title>No internet</title></head>"
      + "<body><h1>No internet</h1><p>ERR_INTERNET_DISCONNECTED</p></body></html>";
  static final String NOT_FOUND_HTML = "<!doctype html><html><head><title>404 Not Found</title></head>"
      + "<body><h1>Not Found</h1><p>No page is registered for this URL.</p></body></html>";

  private final SessionState state;
  private final NetworkGuard network;
  final PageBehaviours behaviours;

  PageLoader(SessionState state, NetworkGuard network, Artifacts artifacts) {
    this.state = state;
    this.network = network;
    this.behaviours = new PageBehaviours(state.clock, this, artifacts);
  }

  /**
   * Shows {@code url} in a tab, pushing a history entry (push) or keeping the history as it is; false
   * when the page's beforeunload dialog was answered "stay" and nothing changed.
   */
  boolean commit(Tab tab, String url, boolean push) {
    PageDocument old = tab.document;
    boolean fragment = old != null && old.live && url.contains("#") && !old.url.equals("about:blank")
        && InMemoryPageDriver.withoutFragment(old.url).equals(InMemoryPageDriver.withoutFragment(url));
    if (!fragment && !mayLeave(old)) {
      return false;
    }
    if (push) {
      while (tab.history.size() > tab.index + 1) {
        tab.history.remove(tab.history.size() - 1);
      }
      tab.history.add(url);
      tab.index = tab.history.size() - 1;
    }
    if (fragment) {
      old.url = url; // a fragment navigation keeps the document
      return true;
    }
    show(tab, url);
    return true;
  }

  /** Loads {@code url} into the tab in place of its document (a reload); false when the page's beforeunload kept it. */
  boolean replaceDocument(Tab tab, String url) {
    if (!mayLeave(tab.document)) {
      return false;
    }
    show(tab, url);
    return true;
  }

  private void show(Tab tab, String url) {
    unload(tab.document);
    tab.document = load(url, null, 0);
    if (state.focused != null && !Dom.attached(state.focused)) {
      state.focused = null;
    }
  }

  /**
   * Whether the top document may be left: a page with {@code data-beforeunload} on an element asks
   * first (a {@code beforeunload} dialog); an armed answer decides, an undeclared dialog is accepted.
   */
  boolean mayLeave(PageDocument doc) {
    if (doc == null || !doc.live || doc.owner != null || doc.dom.selectFirst("[data-beforeunload]") == null) {
      return true;
    }
    return state.dialogs.answer(io.browserflow.api.Dialog.Type.BEFOREUNLOAD, "")
        .map(d -> d.answer() == io.browserflow.api.Dialog.Answer.ACCEPT).orElse(true);
  }

  /**
   * A dialog the page opens ({@code alert:}, {@code confirm:}, {@code prompt:} behaviours): the
   * armed answer's text ({@code ""} for a plain OK) when it is accepted, empty when it is dismissed
   * or nobody declared it.
   */
  Optional<String> dialog(io.browserflow.api.Dialog.Type type, String message) {
    Optional<io.browserflow.api.Dialog> want = state.dialogs.answer(type, message);
    if (want.isEmpty() || want.get().answer() == io.browserflow.api.Dialog.Answer.DISMISS) {
      return Optional.empty();
    }
    return Optional.of(want.get().text().orElse(""));
  }

  /** A navigation a page caused (link, form, behaviour): after the navigation delay, in the document's own frame. */
  void navigateFrom(PageDocument from, String url) {
    if (from == null) {
      return;
    }
    if (network.denied(url)) {
      network.block(url);
      return;
    }
    Runnable go = () -> {
      if (!from.live) {
        return;
      }
      if (from.owner == null) {
        Tab tab = state.tabOf(from);
        if (tab != null) {
          commit(tab, url, true);
        }
      } else {
        Element owner = from.owner;
        unload(from);
        ElementData.of(owner).contentDocument = load(url, owner, depthOf(owner) + 1);
      }
    };
    long delay = state.driver.navigationDelayMillis();
    if (delay > 0) {
      state.clock.schedule(delay, from, go);
    } else {
      go.run();
    }
  }

  /** Opens a popup tab (bound to the alias of the running click's {@code newTab}, else to {@code popup-N}). */
  void openPopup(PageDocument from, String url) {
    PageDocument top = topDocument(from);
    Tab opener = top == null ? null : state.tabOf(top);
    String alias = state.popupAlias != null && !state.tabs.containsKey(state.popupAlias) ? state.popupAlias
        : nextAutoAlias();
    Tab tab = new Tab(alias, opener == null ? null : opener.alias);
    tab.document = load("about:blank", null, 0);
    state.tabs.put(alias, tab);
    state.popupsOpened.add(alias);
    if (network.denied(url)) {
      network.block(url);
    } else {
      commit(tab, url, true);
    }
  }

  private String nextAutoAlias() {
    String alias;
    do {
      alias = "popup-" + (++state.autoAliases);
    } while (state.tabs.containsKey(alias));
    return alias;
  }

  PageDocument topDocument(PageDocument doc) {
    PageDocument d = doc;
    while (d != null && d.owner != null) {
      d = Dom.document(d.owner);
    }
    return d;
  }

  private static int depthOf(Element owner) {
    int depth = 0;
    for (PageDocument d = Dom.document(owner); d != null && d.owner != null; d = Dom.document(d.owner)) {
      depth++;
    }
    return depth;
  }

  /** Parses and activates a document: timers scheduled, frames loaded. */
  PageDocument load(String url, Element owner, int depth) {
    String html;
    if (url.equals("about:blank")) {
      html = "";
    } else if (network.denied(url)) {
      network.block(url);
      html = "";
    } else if (network.offline(url)) {
      html = OFFLINE_HTML;
    } else {
      String registered = state.driver.html(url);
      html = registered != null ? registered : NOT_FOUND_HTML;
    }
    PageDocument doc = PageParser.parse(html, url);
    doc.owner = owner;
    if (owner != null && url.equals("about:blank")) {
      doc.baseUrl = Dom.document(owner) == null ? url : Dom.document(owner).baseUrl;
    }
    activate(doc, depth);
    return doc;
  }

  private void activate(PageDocument doc, int depth) {
    doc.live = true;
    for (Element e : Dom.allDescendants(doc.dom)) {
      if (FrameLocator.isFrame(e)) {
        loadFrame(doc, e, depth + 1);
      }
    }
    behaviours.scheduleTimers(doc);
  }

  private void loadFrame(PageDocument parent, Element frame, int depth) {
    if (depth > MAX_FRAME_DEPTH) {
      ElementData.of(frame).contentDocument = load("about:blank", frame, depth);
    } else if (frame.hasAttr("srcdoc")) {
      PageDocument doc = PageParser.parse(Dom.attr(frame, "srcdoc"), "about:srcdoc");
      doc.owner = frame;
      doc.baseUrl = parent.baseUrl;
      ElementData.of(frame).contentDocument = doc;
      activate(doc, depth);
    } else if (frame.hasAttr("src") && !Dom.attr(frame, "src").isBlank()) {
      ElementData.of(frame).contentDocument = load(resolveUrl(parent.baseUrl, Dom.attr(frame, "src")), frame, depth);
    } else {
      ElementData.of(frame).contentDocument = load("about:blank", frame, depth);
    }
  }

  void unload(PageDocument doc) {
    if (doc == null || !doc.live) {
      return;
    }
    doc.live = false;
    state.clock.cancel(doc);
    for (Element e : Dom.allDescendants(doc.dom)) {
      if (ElementData.of(e).contentDocument != null) {
        unload(ElementData.of(e).contentDocument);
      }
    }
  }

  /** Resolves a reference against a base URL as browsers do (fragment-only and query-only references included). */
  String resolveUrl(String base, String ref) {
    String r = ref.trim();
    try {
      if (URI.create(r.replace(" ", "%20")).isAbsolute()) {
        return r;
      }
    } catch (IllegalArgumentException e) {
      throw malformed(r);
    }
    if (base == null || !base.contains("://")) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot resolve the relative URL '" + r + "' against " + base
          + "; use an absolute URL", Map.of(FlowException.Details.URL, r));
    }
    if (r.isEmpty()) {
      return InMemoryPageDriver.withoutFragment(base);
    }
    if (r.startsWith("#")) {
      return InMemoryPageDriver.withoutFragment(base) + r;
    }
    if (r.startsWith("?")) {
      return InMemoryPageDriver.withoutQuery(InMemoryPageDriver.withoutFragment(base)) + r;
    }
    try {
      URI b = URI.create(base);
      if (b.getRawPath() == null || b.getRawPath().isEmpty()) {
        b = URI.create(b.getScheme() + "://" + b.getRawAuthority() + "/");
      }
      return b.resolve(r.replace(" ", "%20")).toString();
    } catch (IllegalArgumentException e) {
      throw malformed(r);
    }
  }

  private static FlowRunException malformed(String url) {
    return new FlowRunException(ErrorCode.ACTION_FAILED, "malformed URL '" + url + "'", Map.of(FlowException.Details.URL, url));
  }

  byte[] pageBytes(String url) {
    String html = network.denied(url) || network.offline(url) ? null : state.driver.html(url);
    return html == null ? new byte[0] : html.getBytes(StandardCharsets.UTF_8);
  }
}
