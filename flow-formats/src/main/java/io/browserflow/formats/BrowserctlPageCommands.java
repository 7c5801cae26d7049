package io.browserflow.formats;

import static io.browserflow.formats.BrowserctlCommandOptions.blankToNull;
import static io.browserflow.formats.BrowserctlCommandOptions.decorated;
import static io.browserflow.formats.BrowserctlCommandOptions.timeoutOf;

import io.browserflow.api.Placeholders;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.DataStep;
import io.browserflow.formats.BrowserctlDocument.Command;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Maps the browserctl commands that move between pages, frames and tabs ({@code open}, {@code
 * navigate}, {@code back}, {@code forward}, {@code reload}, {@code frame}, {@code tab}) and {@code
 * screenshot}. Tabs are named by the variable that captures their id or by their {@code --label};
 * runtime tab and frame ids cannot be replayed.
 */
final class BrowserctlPageCommands {
  private static final Pattern BAD_FRAME_PREFIX = Pattern.compile(
      "(?i)(css|xpath|src|id|index|title|frameurl|framename|frameid|frameindex)\\s*:.*");

  private final BrowserctlImportState st;
  private final BrowserctlValues values;
  private final BrowserctlCommandOptions opts;

  BrowserctlPageCommands(BrowserctlImportState st, BrowserctlValues values, BrowserctlCommandOptions opts) {
    this.st = st;
    this.values = values;
    this.opts = opts;
  }

  void url(Command c, BrowserctlArgs a, boolean open) {
    opts.options(c, a, Set.of("timeout"));
    opts.unusedCapture(c);
    if (!opts.require(c, a.at(0), "a URL")) {
      return;
    }
    String url = values.value(a.at(0), c);
    if (url == null) {
      return;
    }
    Integer t = opts.timeout(c, a);
    Step s;
    if (open) {
      PageStep.Open.Builder b = PageStep.Open.builder().id(st.id(c)).url(url);
      timeoutOf(t, b::timeoutMs);
      c.description(b::title);
      s = b.build();
    } else {
      PageStep.Navigate.Builder b = PageStep.Navigate.builder().id(st.id(c)).url(url);
      timeoutOf(t, b::timeoutMs);
      c.description(b::title);
      s = b.build();
    }
    st.inFrame = false;
    st.add(c, s);
  }

  void history(Command c, BrowserctlArgs a, String name) {
    opts.options(c, a, Set.of());
    opts.unusedCapture(c);
    String id = st.id(c);
    Step s;
    if (name.equals("back")) {
      s = PageStep.Back.builder().id(id).build();
    } else if (name.equals("forward")) {
      s = PageStep.Forward.builder().id(id).build();
    } else {
      s = PageStep.Reload.builder().id(id).build();
    }
    st.inFrame = false;
    st.add(c, decorated(s, c, null));
  }

  void frame(Command c, BrowserctlArgs a) {
    opts.options(c, a, Set.of("timeout"));
    opts.unusedCapture(c);
    String first = a.at(0);
    if (!opts.require(c, first, "a frame locator or main")) {
      return;
    }
    if (a.positional.size() > 1) {
      if (Set.of("snapshot", "click", "fill", "get").contains(first)) {
        st.issues.blocking(ConversionCode.FRAME_RUNTIME_ID_ONLY, c.path, "frame " + first
            + " <frameId> addresses a recording-time frame id, which cannot be replayed: switch with "
            + "frame <owner selector>, run the command, then frame main");
      } else {
        st.issues.blocking(ConversionCode.FIELD_INVALID, c.path,
            "frame takes exactly one locator; use selector:<css> when the selector contains blanks");
      }
      return;
    }
    if (first.equals("main")) {
      PageStep.FrameMain.Builder b = PageStep.FrameMain.builder().id(st.id(c));
      c.description(b::title);
      st.inFrame = false;
      st.add(c, b.build());
      return;
    }
    String whole = Placeholders.wholeReference(first).orElse(null);
    if (BrowserctlValues.SNAPSHOT_REF.matcher(first).matches() || first.contains("${FRAME_")
        || (whole != null && !st.credentials.containsKey(whole) && !st.inputs.containsKey(whole))) {
      st.issues.blocking(ConversionCode.FRAME_RUNTIME_ID_ONLY, c.path, "frame " + first
          + " is a recording-time frame reference, which cannot be replayed: use the iframe owner's selector, "
          + "url:<glob> or name:<name>");
      return;
    }
    if (BAD_FRAME_PREFIX.matcher(first).matches()) {
      st.issues.blocking(ConversionCode.FRAME_UNRESOLVED, c.path, "frame locator \"" + first
          + "\" has a prefix other than selector:, url:, name:");
      return;
    }
    String locator = values.value(first, c);
    if (locator == null) {
      return;
    }
    if (st.inFrame) {
      st.add(c, PageStep.FrameMain.builder().id(st.generatedId()).build());
      st.issues.info(ConversionCode.FRAME_RESET_INSERTED, c.path, "frame locators are found from the main "
          + "frame, so a frameMain step was inserted before entering the next frame");
    }
    PageStep.Frame.Builder b = PageStep.Frame.builder().id(st.id(c)).locator(locator);
    timeoutOf(opts.timeout(c, a), b::timeoutMs);
    c.description(b::title);
    st.inFrame = true;
    st.add(c, b.build());
  }

  boolean tab(Command c, BrowserctlArgs a, String opened) {
    opts.options(c, a, Set.of("label", "timeout"));
    String first = a.at(0);
    if (first == null) {
      if (c.capture.isEmpty()) {
        st.issues.info(ConversionCode.COMMAND_SKIPPED, c.path, "tab (list) only observes; it has no step");
      } else {
        c.capture.forEach((field, var) -> {
          if (field.equals("automationTabId") || field.equals("visibleTabId") || field.equals("tabId")) {
            st.tabVars.put(var, st.currentTab);
          } else {
            st.deadVars.add(var);
            st.issues.warning(ConversionCode.UNSUPPORTED_CAPTURE, c.path, "captured variable " + var
                + " (data." + field + ") has no BrowserFlow equivalent");
          }
        });
        st.issues.info(ConversionCode.COMMAND_SKIPPED, c.path, "tab (list) only names the current tab ("
            + st.currentTab + ") for later tab commands; it has no step");
      }
      return false;
    }
    if (first.equals("new")) {
      tabNew(c, a);
      return false;
    }
    if (first.equals("close")) {
      opts.unusedCapture(c);
      PageStep.TabClose.Builder b = PageStep.TabClose.builder();
      if (a.at(1) != null) {
        String alias = alias(a.at(1), c);
        if (alias == null) {
          return false;
        }
        b.alias(alias);
      }
      c.description(b::title);
      st.inFrame = false;
      st.currentTab = "main";
      st.add(c, b.id(st.id(c)).build());
      return false;
    }
    opts.unusedCapture(c);
    if (a.positional.size() > 1) {
      st.issues.blocking(ConversionCode.FIELD_INVALID, c.path, "tab switch takes exactly one tab reference");
      return false;
    }
    String alias = alias(first, c);
    if (alias == null) {
      return false;
    }
    if (alias.equals(opened)) {
      st.issues.info(ConversionCode.STEPS_MERGED, c.path, "switching to the tab just opened is implied: "
          + "the tabNew step already makes tab " + alias + " current");
      return true;
    }
    PageStep.TabSwitch.Builder b = PageStep.TabSwitch.builder().id(st.id(c)).alias(alias);
    c.description(b::title);
    st.inFrame = false;
    st.currentTab = alias;
    st.add(c, b.build());
    return false;
  }

  private void tabNew(Command c, BrowserctlArgs a) {
    String var = blankToNull(c.capture.get("tabId"));
    String label = blankToNull(a.flag("label"));
    String alias;
    if (var != null) {
      alias = var;
      st.tabVars.put(var, alias);
    } else if (label != null) {
      alias = label;
    } else {
      alias = "tab" + (++st.generatedTabs);
      st.issues.info(ConversionCode.NEW_TAB_UNCAPTURED, c.path, "tab new captures no tabId and has no --label; "
          + "the tab is bound to alias " + alias);
    }
    if (label != null) {
      st.tabLabels.put(label, alias);
    }
    opts.captureOthers(c, Set.of("tabId"));
    if (a.positional.size() > 2) {
      st.issues.blocking(ConversionCode.FIELD_INVALID, c.path, "tab new accepts at most one URL");
      return;
    }
    PageStep.TabNew.Builder b = PageStep.TabNew.builder().alias(alias);
    if (a.at(1) != null) {
      String url = values.value(a.at(1), c);
      if (url == null) {
        return;
      }
      b.url(url);
    }
    timeoutOf(opts.timeout(c, a), b::timeoutMs);
    c.description(b::title);
    st.inFrame = false;
    st.currentTab = alias;
    st.justOpened = alias;
    st.add(c, b.id(st.id(c)).build());
  }

  /** The alias a tab reference ({@code ${VAR}} or a label) names; null (with an issue) when unknown. */
  private String alias(String ref, Command c) {
    String whole = Placeholders.wholeReference(ref).orElse(null);
    String alias = whole != null ? st.tabVars.get(whole) : st.tabLabels.get(ref);
    if (alias == null) {
      st.issues.blocking(ConversionCode.TAB_UNRESOLVED, c.path, "tab reference " + ref
          + " names no tab opened earlier (by tab new with capture tabId or --label, or click --new-tab with "
          + "capture tabId); runtime tab ids and indexes cannot be replayed");
    }
    return alias;
  }

  void screenshot(Command c, BrowserctlArgs a) {
    opts.options(c, a, Set.of("full", "timeout"));
    opts.unusedCapture(c);
    DataStep.Screenshot.Builder b = DataStep.Screenshot.builder().fullPage(a.has("full"));
    if (a.at(0) != null) {
      String path = a.at(0);
      String name = ImportSources.fileName(path);
      if (!name.equals(path)) {
        st.issues.info(ConversionCode.PATH_CHANGED, c.path, "the screenshot is saved as " + name
            + " in the run's artifact directory");
      }
      if (!name.isBlank()) {
        b.name(name);
      }
    }
    c.description(b::title);
    st.add(c, b.id(st.id(c)).build());
  }
}
