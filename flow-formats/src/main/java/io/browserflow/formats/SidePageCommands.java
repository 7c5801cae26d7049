package io.browserflow.formats;

import io.browserflow.api.Candidate;
import io.browserflow.api.Input;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.TabAlias;
import io.browserflow.formats.SideProject.Command;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps the Selenium IDE commands that move between pages, windows and frames: {@code open} (the
 * project url becomes the {@code BASE_URL} input), windows opened by a click as tab aliases,
 * {@code selectWindow}, {@code storeWindowHandle}, {@code close}, {@code selectFrame}; and
 * {@code pause} and {@code setWindowSize}.
 */
final class SidePageCommands {
  private final SideImportState st;
  private final SideVariables vars;
  private final SideLocators locators;
  private final List<String> popups = new ArrayList<>();

  SidePageCommands(SideImportState st, SideVariables vars, SideLocators locators) {
    this.st = st;
    this.vars = vars;
    this.locators = locators;
  }

  void open(Command c, List<Step> out) {
    String url = c.target.trim();
    String resolved;
    if (url.startsWith("${")) {
      resolved = url;
    } else if (url.matches("(?i)^[a-z][a-z0-9+.-]*:.*")) {
      resolved = !st.baseUrl.isEmpty() && (url.equals(st.baseUrl) || url.startsWith(st.baseUrl + "/")
          || url.startsWith(st.baseUrl + "?") || url.startsWith(st.baseUrl + "#"))
          ? baseUrlInput() + url.substring(st.baseUrl.length()) : url;
    } else {
      resolved = baseUrlInput() + (url.startsWith("/") ? "" : "/") + url;
    }
    out.add(PageStep.Open.builder().id(st.id()).url(vars.interpolate(resolved, c.path + ".target")).build());
    st.frames.clear();
  }

  private String baseUrlInput() {
    st.inputs.computeIfAbsent("BASE_URL", k -> {
      Input.Builder b = Input.builder().key(k).type(Input.Type.URL)
          .label("Address of the application (the Selenium IDE project url), without a trailing slash");
      if (!st.baseUrl.isEmpty()) {
        b.defaultValue(st.baseUrl);
      }
      return b.build();
    });
    return "${BASE_URL}";
  }

  /** The alias of the popup a click opens: its window handle variable, else popup-N. */
  String popup(Command c) {
    String handle = c.windowHandle;
    String alias = handle.isEmpty() ? "popup-" + (popups.size() + 1) : handle.replaceAll("[^A-Za-z0-9_-]", "_");
    String unique = alias;
    for (int n = 2; popups.contains(unique) || unique.equals("main"); n++) {
      unique = alias + "-" + n;
    }
    popups.add(unique);
    if (!handle.isEmpty()) {
      st.handles.put(handle, unique);
    }
    st.tabs.add(TabAlias.builder().alias(unique).opener(st.currentTab).build());
    return unique;
  }

  void selectWindow(Command c, List<Step> out) {
    String t = c.target.trim();
    String alias = null;
    Matcher handle = Pattern.compile("^handle=\\$\\{([^}]+)}$").matcher(t);
    if (handle.matches()) {
      alias = st.handles.get(handle.group(1).trim());
    } else if (t.equals("win_ser_local")) {
      alias = "main";
    } else if (t.matches("win_ser_\\d{1,6}")) {
      int n = Integer.parseInt(t.substring(8));
      alias = n >= 1 && n <= popups.size() ? popups.get(n - 1) : null;
    }
    if (alias == null) {
      st.notCarried(c, ConversionCode.TAB_UNRESOLVED, ConversionIssue.Severity.BLOCKING, "window " + t
          + " is not a handle stored by storeWindowHandle or opened by a click of this test");
      return;
    }
    out.add(PageStep.TabSwitch.builder().id(st.id()).alias(alias).build());
    st.currentTab = alias;
    st.frames.clear();
  }

  /** A window handle names the tab the test is in: it makes no step. */
  void storeWindowHandle(Command c) {
    String var = c.target.trim();
    st.handles.put(var, st.currentTab);
    st.mapped.add(c);
    st.issues.info(ConversionCode.COMMAND_SKIPPED, c.path, "window handle " + var + " is the tab alias "
        + st.currentTab + " of the flow; selectWindow handle=${" + var + "} switches to it");
  }

  void close(List<Step> out) {
    out.add(PageStep.TabClose.builder().id(st.id()).build());
    st.currentTab = "main";
    st.frames.clear();
  }

  void selectFrame(Command c, List<Step> out) {
    String t = c.target.trim();
    if (t.equals("relative=top")) {
      out.add(PageStep.FrameMain.builder().id(st.id()).build());
      st.frames.clear();
      return;
    }
    if (t.equals("relative=parent")) {
      parent(c, out);
      return;
    }
    String locator;
    if (t.startsWith("index=")) {
      // the reference's index path: frame numbers and ".." (the parent) separated by backslashes, as in index=0\1
      String[] parts = t.substring("index=".length()).split("\\\\", -1);
      for (String part : parts) {
        if (!part.equals("..") && !part.matches("\\d{1,4}")) {
          st.issues.blocking(ConversionCode.FRAME_UNRESOLVED, c.path + ".target", "frame index path " + t
              + " is not frame numbers and .. separated by \\ (index=0, index=1\\0, index=..\\2)");
          return;
        }
      }
      for (String part : parts) {
        if (part.equals("..")) {
          parent(c, out);
        } else {
          String frame = ":is(iframe, frame) >> nth=" + part;
          out.add(PageStep.Frame.builder().id(st.id()).locator(frame).build());
          st.frames.add(frame);
        }
      }
      st.issues.warning(ConversionCode.FRAME_SELECTOR_UNSTABLE, c.path, "frame " + t + " becomes the frame element(s) "
          + "of those numbers in document order; name their owners (css, id) instead");
      return;
    } else {
      List<Candidate> cands = locators.candidates(vars.interpolate(t, c.path + ".target"), c.path + ".target");
      Optional<String> sel = cands.stream().map(SideLocators::selector).flatMap(Optional::stream).findFirst();
      if (sel.isEmpty()) {
        st.issues.blocking(ConversionCode.FRAME_UNRESOLVED, c.path + ".target", "frame locator " + t
            + " has no equivalent");
        return;
      }
      locator = sel.get();
      if (c.targets.size() > 1) {
        st.issues.info(ConversionCode.APPROXIMATED, c.path + ".targets", "a frame has one locator: the "
            + "alternatives of targets are left out");
      }
    }
    out.add(PageStep.Frame.builder().id(st.id()).locator(locator).build());
    st.frames.add(locator);
  }

  /** {@code relative=parent}: back to the main frame and into the frames above the current one again. */
  private void parent(Command c, List<Step> out) {
    out.add(PageStep.FrameMain.builder().id(st.id()).build());
    if (!st.frames.isEmpty()) {
      st.frames.remove(st.frames.size() - 1);
    }
    for (String f : st.frames) {
      out.add(PageStep.Frame.builder().id(st.id()).locator(f).build());
    }
    if (!st.frames.isEmpty()) {
      st.issues.info(ConversionCode.REWRITTEN, c.path, "the parent frame is frameMain and " + st.frames.size()
          + " frame step(s) entering it again");
    }
  }

  void pause(Command c, List<Step> out) {
    String v = (c.target.isBlank() ? c.value : c.target).trim();
    if (!SideImportState.NUMBER.matcher(v).matches()) {
      st.notCarried(c, ConversionCode.FIELD_INVALID, ConversionIssue.Severity.BLOCKING, "the pause " + v
          + " is not a number of milliseconds");
      return;
    }
    int ms = st.clamp((int) Double.parseDouble(v), 0, SideImportState.LIMITS.maxStepTimeoutMs(), c, "the pause");
    out.add(CheckStep.Wait.builder().id(st.id()).ms(ms).build());
  }

  void windowSize(Command c, List<Step> out) {
    Matcher m = Pattern.compile("^\\s*(\\d{1,6})\\s*[xX]\\s*(\\d{1,6})\\s*$").matcher(c.target);
    if (!m.matches()) {
      st.notCarried(c, ConversionCode.FIELD_INVALID, ConversionIssue.Severity.WARNING, "the size " + c.target
          + " is not WIDTHxHEIGHT");
      return;
    }
    int w = st.clamp(Integer.parseInt(m.group(1)), SideImportState.LIMITS.minViewportWidth(), SideImportState.LIMITS.maxViewportWidth(), c, "the width");
    int h = st.clamp(Integer.parseInt(m.group(2)), SideImportState.LIMITS.minViewportHeight(), SideImportState.LIMITS.maxViewportHeight(), c,
        "the height");
    out.add(PageStep.SetViewport.builder().id(st.id()).width(w).height(h).build());
    st.issues.info(ConversionCode.APPROXIMATED, c.path, "the window size becomes the viewport size (without "
        + "the browser's own bars)");
  }
}
