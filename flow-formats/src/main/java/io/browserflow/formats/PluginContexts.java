package io.browserflow.formats;

import io.browserflow.api.PageStep;
import io.browserflow.api.TabAlias;
import io.browserflow.formats.PluginRecording.Tab;
import io.browserflow.formats.PluginRecording.TabOrigin;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The tab and frame each recording-plugin step ran in, entered with explicit steps: a step in
 * another tab than the one before switches to it ({@code tabSwitch}; a tab the user opened is
 * opened with {@code tabNew}, a tab a click opened is bound by that click's {@code newTab}); a step
 * in a frame enters it with {@code frame <locator>} (the owner's css first, then {@code url:<glob>}
 * of the frame URL, then {@code name:<name>}), and leaves it with {@code frameMain}. A tab or frame
 * that cannot be named so is never guessed: the step is left out with a blocking issue.
 */
final class PluginContexts {
  private final PluginImportState st;
  private final PluginRecording rec;
  private final PluginValues values;
  /** Recording tab id to the alias a step bound it to. */
  private final Map<String, String> aliasOfTab = new HashMap<>();
  /** The url a tabNew of the current source step opened its tab with (its first navigate is that load). */
  String openedUrl;

  PluginContexts(PluginImportState st, PluginRecording rec, PluginValues values) {
    this.st = st;
    this.rec = rec;
    this.values = values;
  }

  /** Whether {@code alias} is a tab a click of the recording opened. */
  boolean popup(String alias) {
    TabAlias t = st.tabs.get(alias);
    return t != null && t.opener().isPresent();
  }

  /**
   * The alias of the tab {@code click} opens, bound now: a tab of {@code tabs[]} whose origin is
   * {@code click} and whose {@code openerStepId} is the click's id.
   */
  Optional<String> opensTab(PluginStep click) {
    if (click.id == null) {
      return Optional.empty();
    }
    for (Tab t : rec.tabs.values()) {
      if (t.origin == TabOrigin.CLICK && click.id.equals(t.openerStepId) && !aliasOfTab.containsKey(t.id)) {
        String alias = newAlias();
        TabAlias.Builder b = TabAlias.builder().alias(alias).opener(st.currentTab);
        if (t.url != null) {
          b.url(values.url(t.url));
        }
        st.tabs.put(alias, b.build());
        aliasOfTab.put(t.id, alias);
        return Optional.of(alias);
      }
    }
    return Optional.empty();
  }

  /**
   * Moves the flow into the step's tab and, unless {@code tabOnly}, its frame; false (with a
   * blocking issue at the step) when either cannot be named. {@code postMessage} reports an
   * unlocatable frame as {@code POSTMESSAGE_FRAME_UNRESOLVED}.
   */
  boolean enter(PluginStep s, boolean tabOnly, boolean postMessage) {
    openedUrl = null;
    String alias = tab(s);
    if (alias == null) {
      return false;
    }
    String frame = st.currentFrame;
    if (!tabOnly || !alias.equals(st.currentTab)) {
      Frame f = frame(s, postMessage);
      if (!f.resolved()) {
        return false;
      }
      frame = f.locator();
    }
    switchTab(alias, s);
    enterFrame(frame, s.path);
    if (s.url != null && !"navigate".equals(s.type)) {
      st.urlOfTab.put(alias, s.url); // the top page's URL when the step ran
    }
    return true;
  }

  /** The alias of the step's tab; null (with a blocking issue) when no step opened it. */
  private String tab(PluginStep s) {
    if (s.tabId == null || s.tabId.equals(rec.mainTab)) {
      if (s.tabId == null && rec.multiTab()) {
        st.issues.blocking(ConversionCode.TAB_UNRESOLVED, s.path + ".tabId", "the step names no tab and the recording has "
            + "several; which tab it ran in is not guessed: add its tabId");
        return null;
      }
      return PluginImportState.MAIN;
    }
    String known = aliasOfTab.get(s.tabId);
    if (known != null) {
      return known;
    }
    Tab t = rec.tabs.get(s.tabId);
    if (t == null) {
      st.issues.blocking(ConversionCode.TAB_UNRESOLVED, s.path + ".tabId", "tab " + s.tabId + " is not in tabs[]: no step "
          + "opens it, so the flow cannot switch to it; declare the tab with its origin (click with openerStepId, or newtab)");
      return null;
    }
    switch (t.origin) {
      case USER: {
        String alias = newAlias();
        aliasOfTab.put(t.id, alias);
        String url = t.url != null ? t.url : "navigate".equals(s.type) ? s.text("url") : s.url;
        st.tabs.put(alias, url == null ? TabAlias.of(alias) : TabAlias.builder().alias(alias).url(values.url(url)).build());
        return alias;
      }
      case CLICK:
        st.issues.blocking(ConversionCode.TAB_UNRESOLVED, s.path + ".tabId", "tab " + s.tabId + " was opened by step "
            + (t.openerStepId == null ? "(not named)" : t.openerStepId) + ", which is not a click the flow has; the tab "
            + "cannot be bound, so the step cannot run in it");
        return null;
      default:
        st.issues.blocking(ConversionCode.TAB_UNRESOLVED, s.path + ".tabId", "tab " + s.tabId + " was opened by "
            + (t.originText == null ? "an unknown origin" : "\"" + t.originText + "\"") + ", not by a step of the recording; "
            + "which tab to switch to cannot be told, and is not guessed");
        return null;
    }
  }

  private void switchTab(String alias, PluginStep s) {
    if (alias.equals(st.currentTab)) {
      return;
    }
    enterFrame(null, s.path);
    st.currentTab = alias;
    if (!st.openTabs.contains(alias) && !popup(alias)) {
      // a tab the user opened: opened here, with the URL it first showed
      TabAlias t = st.tabs.get(alias);
      PageStep.TabNew.Builder b = PageStep.TabNew.builder().id(st.generatedId()).alias(alias);
      t.url().ifPresent(b::url);
      st.act(b.build(), s.path);
      st.openTabs.add(alias);
      openedUrl = t.url().orElse(null);
      return;
    }
    st.openTabs.add(alias);
    st.context(PageStep.TabSwitch.builder().id(st.generatedId()).alias(alias).build(), s.path);
  }

  private void enterFrame(String locator, String path) {
    if (java.util.Objects.equals(locator, st.currentFrame)) {
      return;
    }
    if (st.currentFrame != null) {
      st.context(PageStep.FrameMain.builder().id(st.generatedId()).build(), path);
    }
    if (locator != null) {
      st.context(PageStep.Frame.builder().id(st.generatedId()).locator(locator).build(), path);
    }
    st.currentFrame = locator;
  }

  /** A frame locator, or why there is none. */
  private record Frame(boolean resolved, String locator) {}

  /** The frame the step ran in, by the owner's css, the frame URL or the frame's name, in that order. */
  private Frame frame(PluginStep s, boolean postMessage) {
    if (!s.inFrame()) {
      return new Frame(true, null);
    }
    if (s.frame != null) {
      for (String sel : s.frame.selectors) {
        if (!sel.startsWith("@") && !sel.startsWith("/") && !sel.startsWith("xpath=")) {
          return new Frame(true, sel);
        }
      }
    }
    String url = s.frameUrl == null ? null : s.frameUrl.strip();
    if (url != null && url.toLowerCase(Locale.ROOT).matches("https?://.+")) {
      return new Frame(true, "url:" + values.url(frameGlob(url)));
    }
    if (s.frame != null && s.frame.name != null && !s.frame.name.isBlank()) {
      return new Frame(true, "name:" + s.frame.name.strip());
    }
    ConversionCode code = postMessage ? ConversionCode.POSTMESSAGE_FRAME_UNRESOLVED
        : s.frame != null && s.frame.frameId != null ? ConversionCode.FRAME_RUNTIME_ID_ONLY : ConversionCode.FRAME_UNRESOLVED;
    String what = s.frame != null && s.frame.frameId != null ? "its recording-time frame id " + s.frame.frameId
        : url == null || url.isEmpty() ? "no frame URL" : "the frame URL " + url + ", which no later page has";
    st.issues.blocking(code, s.path + (s.frame != null ? ".frame" : ".frameUrl"), (postMessage
        ? "the postMessage was sent from inside a frame that cannot be located"
        : "the step ran inside a frame that cannot be located") + ": the recording gives no owner selector, no http(s) "
        + "frame URL and no frame name, only " + what + "; record the iframe's selector or name");
    return new Frame(false, null);
  }

  /**
   * A frame URL as a glob: its query and fragment as {@code *} (they usually carry a session's ids),
   * ids in its path as {@code *}.
   */
  static String frameGlob(String url) {
    int cut = url.length();
    for (char c : new char[] {'?', '#'}) {
      int i = url.indexOf(c);
      if (i >= 0 && i < cut) {
        cut = i;
      }
    }
    return ChromeStepParts.urlGlob(url.substring(0, cut)) + "*";
  }

  private String newAlias() {
    String alias;
    int n = st.tabs.size() + 2;
    do {
      alias = "tab" + n++;
    } while (st.tabs.containsKey(alias) || alias.equals(PluginImportState.MAIN));
    return alias;
  }
}
