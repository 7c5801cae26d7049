package io.browserflow.formats;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.StepVisitor;
import java.util.Locale;
import java.util.Set;

/**
 * Maps the recorded steps that move between pages or only pass time, as seed 002's converter
 * says: the session's start URL → open; {@code navigate} → the expect url of the step that caused
 * it, left out when it repeats the page shown, {@code navigate} when typed into the address bar
 * (every one with {@link ImportOptions#preserveNavigate()}), reload when reloaded;
 * {@code postmessage} → an eval of {@code postMessage} in the frame it was sent from; {@code wait}
 * → a fixed wait, reported when longer than {@link ImportOptions#maxFixedWaitMs()}.
 */
final class PluginPageSteps {
  /** Chrome's transition types of a navigation the user asked for (not one a page caused). */
  private static final Set<String> TYPED = Set.of("typed", "auto_bookmark", "generated", "keyword", "keyword_generated",
      "start_page", "manual_subframe");
  private static final ObjectMapper COMPACT = new ObjectMapper();

  private final PluginImportState st;
  private final PluginValues values;
  private final PluginContexts contexts;
  private String startUrl;
  /** The index of the open of the start URL in the main tab; null without one. */
  private Integer startOpen;

  PluginPageSteps(PluginImportState st, PluginValues values, PluginContexts contexts) {
    this.st = st;
    this.values = values;
    this.contexts = contexts;
  }

  /** The session's start URL, opened in the main tab before the first step. */
  void start(String url) {
    startUrl = url;
    startOpen = st.steps.size();
    st.act(PageStep.Open.builder().id(st.generatedId()).url(values.url(url)).build(), "session.startUrl");
    st.openTabs.add(PluginImportState.MAIN);
    st.urlOfTab.put(PluginImportState.MAIN, url);
  }

  void navigate(PluginStep s) {
    String url = s.text("url");
    if (url == null || url.isBlank()) {
      st.issues.blocking(ConversionCode.FIELD_MISSING, s.path + ".url", "navigate has no url; it is left out");
      return;
    }
    if (s.inFrame()) {
      st.issues.info(ConversionCode.COMMAND_SKIPPED, s.path, "the navigation of a frame happens when its page loads it; "
          + "it is not replayed");
      st.skipped = "a frame's own navigation";
      return;
    }
    if (!contexts.enter(s, false, false)) {
      return;
    }
    String tab = st.currentTab;
    String shown = st.urlOfTab.get(tab);
    String transition = s.text("transitionType") == null ? "" : s.text("transitionType").toLowerCase(Locale.ROOT);
    boolean typed = TYPED.contains(transition) || qualifier(s, "from_address_bar");
    try {
      if (!st.openTabs.contains(tab) && tab.equals(PluginImportState.MAIN)) {
        st.act(PageStep.Open.builder().id(st.id(s)).url(values.url(url)).build(), s.path);
        st.openTabs.add(tab);
      } else if (st.options.preserveNavigate()) {
        preserved(s, url, shown);
      } else if (contexts.openedUrl != null && values.url(url).equals(contexts.openedUrl)) {
        merged(s, "the tab the user opened is opened with this URL (tabNew)", "into the tabNew before");
      } else if (contexts.popup(tab) && st.lastAction() == null) {
        merged(s, "the click that opens this tab loads this page", "into the click that opens the tab");
      } else if (startOpen != null && url.equals(startUrl) && startOpen.equals(st.lastAction())) {
        merged(s, "the open of the session's start URL loads this page", "into the open of the start URL");
      } else if (typed) {
        if (url.equals(shown)) {
          redundant(s);
        } else {
          st.act(PageStep.Navigate.builder().id(st.id(s)).url(values.url(url)).build(), s.path);
        }
      } else if ("reload".equals(transition)) {
        st.act(PageStep.Reload.builder().id(st.id(s)).build(), s.path);
      } else if (url.equals(st.topUrlOfLastAction.get(tab))) {
        Step last = st.steps.get(st.lastAction());
        merged(s, "the step before (" + PluginImportState.describe(last) + ") leads to this URL and checks it (expect url); "
            + "the navigation is not repeated", "into " + PluginImportState.describe(last) + " (expect url)");
      } else if (url.equals(shown)) {
        redundant(s);
      } else if (st.lastAction() != null) {
        int last = st.lastAction();
        st.expect(last, Condition.Url.of(values.urlGlob(url)));
        Step step = st.steps.get(last);
        st.issues.info(ConversionCode.WAIT_AS_EXPECT, s.path, "the page went to this URL after "
            + PluginImportState.describe(step) + " (" + (transition.isEmpty() ? "no transition recorded" : transition)
            + "); it is checked as that step's expect url instead of navigating again");
        st.merged = "into " + PluginImportState.describe(step) + " (expect url)";
      } else {
        st.act(PageStep.Navigate.builder().id(st.id(s)).url(values.url(url)).build(), s.path);
      }
    } finally {
      st.urlOfTab.put(tab, url);
    }
  }

  private void preserved(PluginStep s, String url, String shown) {
    Integer last = st.lastAction();
    boolean pageStep = last == null || st.steps.get(last).kind().loadsPage();
    boolean typed = TYPED.contains(String.valueOf(s.text("transitionType")).toLowerCase(Locale.ROOT))
        || qualifier(s, "from_address_bar");
    if (url.equals(st.topUrlOfLastAction.get(st.currentTab)) || !url.equals(shown) && !typed && !pageStep) {
      st.issues.warning(ConversionCode.NAVIGATE_AFTER_CLICK, s.path, "the navigate most likely repeats the navigation "
          + "the step before caused; it is kept as asked (--preserve-navigate)");
    } else if (url.equals(shown)) {
      st.issues.warning(ConversionCode.REDUNDANT_NAVIGATE, s.path, "the navigate repeats the page shown; it is kept "
          + "as asked (--preserve-navigate)");
    }
    st.act(PageStep.Navigate.builder().id(st.id(s)).url(values.url(url)).build(), s.path);
  }

  private void redundant(PluginStep s) {
    st.issues.warning(ConversionCode.REDUNDANT_NAVIGATE, s.path, "the navigate repeats the page already shown; it is "
        + "left out (keep it with --preserve-navigate)");
    st.skipped = "repeats the page shown";
  }

  private void merged(PluginStep s, String why, String into) {
    st.issues.info(ConversionCode.STEPS_MERGED, s.path, why);
    st.merged = into;
  }

  private static boolean qualifier(PluginStep s, String q) {
    JsonNode list = s.node.path("transitionQualifiers");
    for (int i = 0; list.isArray() && i < list.size(); i++) {
      if (q.equalsIgnoreCase(list.get(i).asText())) {
        return true;
      }
    }
    return false;
  }

  void waitStep(PluginStep s, PluginStep next) {
    Double ms = s.number("waitMs");
    if (ms == null) {
      st.issues.blocking(ConversionCode.FIELD_MISSING, s.path + ".waitMs", "wait has no numeric waitMs; it is left out");
      return;
    }
    if (ms < 0) {
      st.issues.blocking(ConversionCode.FIELD_INVALID, s.path + ".waitMs", "waitMs " + ms + " is negative; it is left out");
      return;
    }
    int max = PluginImportState.LIMITS.maxStepTimeoutMs();
    int wait = (int) Math.min(Math.round(ms), max);
    if (ms > max) {
      st.issues.warning(ConversionCode.VALUE_CLAMPED, s.path + ".waitMs", "a wait of " + Math.round(ms) + " ms is cut to "
          + max + " ms, the longest a step may take");
    }
    if (wait > st.options.maxFixedWaitMs()) {
      String instead = next != null && next.target != null && !next.target.selectors.isEmpty()
          ? "wait for " + next.target.describe() + " (the element the next step uses) to be visible"
          : "wait for the url or a text the page shows when it is ready";
      st.issues.warning(ConversionCode.FIXED_WAIT_TOO_LONG, s.path + ".waitMs", "a fixed wait of " + wait + " ms is longer "
          + "than " + st.options.maxFixedWaitMs() + " ms (--max-fixed-wait): " + instead + " instead");
    }
    if (!contexts.enter(s, true, false)) {
      return;
    }
    st.act(CheckStep.Wait.builder().id(st.id(s)).ms(wait).build(), s.path);
  }

  void postMessage(PluginStep s) {
    JsonNode data = s.node.get("data");
    if (data == null) {
      st.issues.blocking(ConversionCode.FIELD_MISSING, s.path + ".data", "postmessage has no data; it is left out");
      return;
    }
    String window;
    String target = s.text("targetWindow") == null ? "self" : s.text("targetWindow").toLowerCase(Locale.ROOT);
    switch (target) {
      case "self":
        window = "window";
        break;
      case "parent":
        window = "window.parent";
        break;
      case "top":
        window = "window.top";
        break;
      case "opener":
        window = "window.opener";
        break;
      default:
        st.issues.blocking(ConversionCode.FIELD_INVALID, s.path + ".targetWindow", "targetWindow \"" + target
            + "\" is not one of self, parent, top, opener; the step is left out");
        return;
    }
    String origin = s.text("targetOrigin");
    if (origin == null || origin.isBlank()) {
      st.issues.warning(ConversionCode.DEFAULT_FILLED, s.path + ".targetOrigin", "the postMessage names no targetOrigin; "
          + "\"*\" is used, which delivers the data to any page the window shows: give the receiver's origin");
      origin = "*";
    } else {
      origin = values.url(origin);
    }
    if (!contexts.enter(s, false, true)) {
      return;
    }
    st.evalUsed(s.path);
    String script = window + ".postMessage(" + json(data) + ", " + js(origin) + ")";
    st.act(DataStep.Eval.builder().id(st.id(s)).script(script).build(), s.path);
  }

  /** {@code value} as a JavaScript string literal; a {@code $} is escaped so that no {@code ${...}} is read in it. */
  static String js(String value) {
    try {
      String quoted = COMPACT.writeValueAsString(value);
      return value.startsWith("${credential.") ? quoted : quoted.replace("$", "\\u0024");
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** {@code data} as compact JSON (a JavaScript literal); every {@code $} escaped as in {@link #js}. */
  private static String json(JsonNode data) {
    try {
      return COMPACT.writeValueAsString(data).replace("$", "\\u0024");
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
