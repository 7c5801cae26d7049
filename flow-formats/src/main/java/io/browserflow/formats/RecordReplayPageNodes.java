package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.formats.RecordReplayDocument.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Pages, tabs and interactions: navigate (the first one of the flow opens the page), openTab,
 * switchTab and closeTab (tabs by alias: {@code tab1}, {@code tab2}, ... in the order they open,
 * found again by the URL they show), click and dblclick, fill, key (one press per key of the
 * sequence, modifiers joined with {@code +}), scroll, drag and switchFrame. Null means the node
 * could not be converted (the issue is reported).
 */
final class RecordReplayPageNodes {
  private static final Map<String, String> MODIFIERS = Map.of("ctrl", "Control", "control", "Control", "cmd", "Meta",
      "command", "Meta", "meta", "Meta", "alt", "Alt", "option", "Alt", "shift", "Shift");
  private static final Map<String, String> KEYS = Map.ofEntries(Map.entry("enter", "Enter"), Map.entry("return", "Enter"),
      Map.entry("tab", "Tab"), Map.entry("esc", "Escape"), Map.entry("escape", "Escape"), Map.entry("backspace", "Backspace"),
      Map.entry("delete", "Delete"), Map.entry("del", "Delete"), Map.entry("space", "Space"), Map.entry("up", "ArrowUp"),
      Map.entry("down", "ArrowDown"), Map.entry("left", "ArrowLeft"), Map.entry("right", "ArrowRight"),
      Map.entry("arrowup", "ArrowUp"), Map.entry("arrowdown", "ArrowDown"), Map.entry("arrowleft", "ArrowLeft"),
      Map.entry("arrowright", "ArrowRight"), Map.entry("home", "Home"), Map.entry("end", "End"),
      Map.entry("pageup", "PageUp"), Map.entry("pagedown", "PageDown"), Map.entry("insert", "Insert"));

  private final RecordReplayImportState st;
  private final RecordReplayValues values;
  private final RecordReplaySelectors selectors;

  RecordReplayPageNodes(RecordReplayImportState st, RecordReplayValues values, RecordReplaySelectors selectors) {
    this.st = st;
    this.values = values;
    this.selectors = selectors;
  }

  List<Step> map(Node n) {
    switch (n.type()) {
      case "navigate":
        return navigate(n);
      case "openTab":
        return openTab(n);
      case "switchTab":
        return switchTab(n);
      case "closeTab":
        return closeTab(n);
      case "click":
      case "dblclick":
        return click(n);
      case "fill":
        return fill(n);
      case "key":
        return key(n);
      case "scroll":
        return scroll(n);
      case "drag":
        return drag(n);
      default:
        return switchFrame(n);
    }
  }

  // ================================================================ pages and tabs

  private List<Step> navigate(Node n) {
    String url = values.value(n.text("url"), n.path() + ".url");
    if (url == null || url.isBlank()) {
      st.issues.blocking(ConversionCode.FIELD_MISSING, n.path() + ".url", n.label() + " has no url");
      return null;
    }
    st.tabUrls.put(st.currentTab, url);
    if (!st.navigated) {
      st.navigated = true;
      return st.one(PageStep.Open.builder().id(st.id(n.id())).url(url).build(), n);
    }
    return st.one(PageStep.Navigate.builder().id(st.id(n.id())).url(url).build(), n);
  }

  private List<Step> openTab(Node n) {
    String url = values.value(n.text("url"), n.path() + ".url");
    String alias = "tab" + (++st.tabs);
    if (n.config().path("newWindow").asBoolean(false)) {
      st.issues.info(ConversionCode.UNSUPPORTED_OPTION, n.path() + ".newWindow", "newWindow: the page opens in a new tab "
          + "of the run's window");
    }
    PageStep.TabNew.Builder b = PageStep.TabNew.builder().id(st.id(n.id())).alias(alias);
    if (url != null && !url.isBlank()) {
      b.url(url);
      st.tabUrls.put(alias, url);
    } else {
      st.tabUrls.put(alias, "");
    }
    st.currentTab = alias;
    return st.one(b.build(), n);
  }

  private List<Step> switchTab(Node n) {
    if (n.config().path("tabId").isNumber()) {
      st.issues.blocking(ConversionCode.TAB_UNRESOLVED, n.path() + ".tabId", n.label() + " switches to tab id "
          + n.config().get("tabId").asText() + ", a browser tab id of the recording; switch by urlContains instead");
      return null;
    }
    String url = values.value(n.text("urlContains"), n.path() + ".urlContains");
    if (url == null || url.isBlank()) {
      String title = n.text("titleContains");
      st.issues.blocking(ConversionCode.TAB_UNRESOLVED, n.path(), n.label() + (title != null && !title.isBlank()
          ? " finds its tab by the title \"" + title + "\", which the flow cannot know before the run"
          : " names no tab") + "; switch by urlContains, the URL of a tab the flow opened");
      return null;
    }
    Optional<String> alias = tabByUrl(url, n, "switchTab");
    if (alias.isEmpty()) {
      return null;
    }
    st.currentTab = alias.get();
    return st.one(PageStep.TabSwitch.builder().id(st.id(n.id())).alias(alias.get()).build(), n);
  }

  private List<Step> closeTab(Node n) {
    if (n.config().path("tabIds").isArray() && n.config().get("tabIds").size() > 0) {
      st.issues.blocking(ConversionCode.TAB_UNRESOLVED, n.path() + ".tabIds", n.label() + " closes browser tab ids of the "
          + "recording; close the current tab, or one by its url");
      return null;
    }
    String url = values.value(n.text("url"), n.path() + ".url");
    PageStep.TabClose.Builder b = PageStep.TabClose.builder().id(st.id(n.id()));
    String closed = st.currentTab;
    if (url != null && !url.isBlank()) {
      Optional<String> alias = tabByUrl(url, n, "closeTab");
      if (alias.isEmpty()) {
        return null;
      }
      closed = alias.get();
      if (!closed.equals(st.currentTab)) {
        b.alias(closed);
      }
    }
    st.tabUrls.remove(closed);
    if (closed.equals(st.currentTab)) {
      st.currentTab = RecordReplayImportState.MAIN_TAB;
    }
    return st.one(b.build(), n);
  }

  /** The one open tab whose URL contains {@code url}, or empty (with a blocking issue). */
  private Optional<String> tabByUrl(String url, Node n, String what) {
    List<String> found = st.tabUrls.entrySet().stream().filter(e -> e.getValue().contains(url)).map(Map.Entry::getKey).collect(Collectors.toList());
    if (found.size() == 1) {
      return Optional.of(found.get(0));
    }
    st.issues.blocking(ConversionCode.TAB_UNRESOLVED, n.path(), what + " " + n.id() + " looks for the tab showing \"" + url
        + "\", and " + (found.isEmpty() ? "no tab the flow opened shows it" : "tabs " + found + " all show it")
        + "; BrowserFlow switches by alias, so the tab must be one the flow opened, found once");
    return Optional.empty();
  }

  private List<Step> switchFrame(Node n) {
    JsonNode f = n.config().path("frame");
    if (f.path("index").isNumber()) {
      st.issues.warning(ConversionCode.FRAME_SELECTOR_UNSTABLE, n.path() + ".frame.index", n.label() + " finds its frame "
          + "by position; locate it by its owner's css instead");
      return st.one(PageStep.Frame.builder().id(st.id(n.id())).locator("iframe >> nth=" + f.get("index").asInt()).build(), n);
    }
    String url = f.path("urlContains").asText("");
    if (!url.isBlank()) {
      return st.one(PageStep.Frame.builder().id(st.id(n.id())).locator("url:**" + url + "**").build(), n);
    }
    return st.one(PageStep.FrameMain.builder().id(st.id(n.id())).build(), n);
  }

  // ================================================================ interactions

  private Optional<Target> target(Node n, String field) {
    return selectors.target(n.config().get(field), n.path() + "." + field, n.label());
  }

  private List<Step> click(Node n) {
    Optional<Target> t = target(n, "target");
    if (t.isEmpty()) {
      return null;
    }
    Step s = n.type().equals("dblclick") ? InteractionStep.Dblclick.builder().id(st.id(n.id())).target(t.get()).build()
        : InteractionStep.Click.builder().id(st.id(n.id())).target(t.get()).build();
    JsonNode before = n.config().path("before");
    if (before.path("scrollIntoView").asBoolean(false) || before.path("waitForSelector").asBoolean(false)) {
      st.issues.info(ConversionCode.FIELD_DROPPED, n.path() + ".before", "before.scrollIntoView and waitForSelector: "
          + "BrowserFlow always waits for the element and scrolls it into view");
    }
    JsonNode after = n.config().path("after");
    if (after.path("waitForNetworkIdle").asBoolean(false)) {
      s = s.withExpect(List.of(Condition.Load.of(Condition.LoadState.NETWORKIDLE)));
    }
    if (after.path("waitForNavigation").asBoolean(false)) {
      st.issues.info(ConversionCode.UNSUPPORTED_OPTION, n.path() + ".after.waitForNavigation", "after.waitForNavigation: "
          + "the next step waits for its own element or page; add an expect url to " + n.id() + " to check where it leads");
    }
    return st.one(s, n);
  }

  private List<Step> fill(Node n) {
    Optional<Target> t = target(n, "target");
    if (t.isEmpty()) {
      return null;
    }
    JsonNode v = n.config().get("value");
    String value = values.value(v == null || v.isNull() ? "" : v.asText(), n.path() + ".value");
    return st.one(InteractionStep.Fill.builder().id(st.id(n.id())).target(t.get()).value(value).build(), n);
  }

  private List<Step> key(Node n) {
    String keys = n.text("keys");
    if (keys == null || keys.isBlank()) {
      st.issues.blocking(ConversionCode.FIELD_MISSING, n.path() + ".keys", n.label() + " has no keys");
      return null;
    }
    Optional<Target> t = n.config().has("target") ? target(n, "target") : Optional.empty();
    if (n.config().has("target") && t.isEmpty()) {
      return null;
    }
    List<Step> out = new ArrayList<>();
    String[] chords = keys.strip().split("\\s+");
    for (String chord : chords) {
      List<String> modifiers = new ArrayList<>();
      // the key follows the last "+", unless the key is "+" itself ("+", "Control++")
      int cut = chord.endsWith("+") ? chord.length() - 1 : chord.lastIndexOf('+') + 1;
      String key = chord.substring(cut);
      String held = chord.substring(0, cut);
      held = held.endsWith("+") ? held.substring(0, held.length() - 1) : held;
      for (String m : held.isEmpty() ? new String[0] : held.split("\\+", -1)) {
        String mod = MODIFIERS.get(m.toLowerCase(Locale.ROOT));
        if (mod == null) {
          st.issues.warning(ConversionCode.UNSUPPORTED_KEY, n.path() + ".keys", "\"" + m + "\" in " + chord + " is no "
              + "modifier (ctrl, cmd, alt, shift); it is left out");
        } else {
          modifiers.add(mod);
        }
      }
      String name = KEYS.getOrDefault(key.toLowerCase(Locale.ROOT), key.length() == 1 ? key
          : Character.toUpperCase(key.charAt(0)) + key.substring(1));
      String id = st.id(out.isEmpty() ? n.id() : n.id() + "-" + (out.size() + 1));
      InteractionStep.Press.Builder b = InteractionStep.Press.builder().id(id).key(name).addAllModifiers(modifiers);
      t.ifPresent(b::target);
      out.add(st.common(b.build(), n));
    }
    if (out.size() > 1) {
      st.issues.info(ConversionCode.REWRITTEN, n.path() + ".keys", n.label() + " presses " + out.size() + " keys (" + keys.strip()
          + "): one press step each");
    }
    return out;
  }

  private List<Step> scroll(Node n) {
    String mode = n.config().path("mode").asText("offset");
    JsonNode offset = n.config().path("offset");
    int x = offset.path("x").asInt(0);
    int y = offset.path("y").asInt(0);
    InteractionStep.Scroll.Builder b = InteractionStep.Scroll.builder().id(st.id(n.id()));
    switch (mode) {
      case "element": {
        Optional<Target> t = target(n, "target");
        if (t.isEmpty()) {
          return null;
        }
        return st.one(b.mode(Step.ScrollMode.INTO_VIEW).target(t.get()).build(), n);
      }
      case "container": {
        Optional<Target> t = target(n, "target");
        if (t.isEmpty()) {
          return null;
        }
        return st.one(b.mode(Step.ScrollMode.TO).target(t.get()).x(x).y(y).build(), n);
      }
      case "offset":
        if (n.config().has("target")) {
          st.issues.info(ConversionCode.FIELD_DROPPED, n.path() + ".target", "an offset scroll moves the page; the target "
              + "of " + n.id() + " is not used, as in the extension");
        }
        return st.one(b.mode(Step.ScrollMode.TO).x(x).y(y).build(), n);
      default:
        st.issues.blocking(ConversionCode.FIELD_INVALID, n.path() + ".mode", n.label() + " has mode \"" + mode
            + "\"; the modes are element, offset and container");
        return null;
    }
  }

  private List<Step> drag(Node n) {
    Optional<Target> from = target(n, "start");
    Optional<Target> to = target(n, "end");
    if (from.isEmpty() || to.isEmpty()) {
      return null;
    }
    if (n.config().path("path").isArray() && n.config().get("path").size() > 0) {
      st.issues.info(ConversionCode.FIELD_DROPPED, n.path() + ".path", "the recorded pointer path of " + n.id() + " is not "
          + "kept: BrowserFlow drags from the start element onto the end element");
    }
    return st.one(InteractionStep.Drag.builder().id(st.id(n.id())).source(from.get()).destination(to.get()).build(), n);
  }
}
