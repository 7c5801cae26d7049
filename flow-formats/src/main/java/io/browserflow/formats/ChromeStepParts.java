package io.browserflow.formats;

import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The parts many recorded steps share: the element they act on (their selectors inside their
 * frames, through {@link ChromeSelectors}), the frame steps around a step without selectors, and
 * the navigation they assert, as {@code expect url} conditions with volatile parts as globs.
 */
final class ChromeStepParts {
  private static final Pattern VOLATILE_TOKEN = Pattern.compile(
      "(?i)(?<=[/=#;])(?:\\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?=[0-9a-f]*\\d)(?=[0-9a-f]*[a-f])[0-9a-f]{16,})(?=[/?&#;]|$)");

  private final ChromeImportState st;
  private boolean startWarned;

  ChromeStepParts(ChromeImportState st) {
    this.st = st;
  }

  /**
   * Maps a step with selectors through {@code make}; returns the navigation it asserts. A step in
   * frames that asserts a navigation enters its frames first (and returns to the main frame after),
   * so that its {@code expect url} is checked on the frame it navigates, as the reference does.
   */
  String targeted(ChromeStep s, String p, Function<Target, Step> make) {
    List<Integer> frames = frames(s, p);
    boolean frameNavigates = !frames.isEmpty() && s.assertedEvents.stream().anyMatch(e -> "navigation".equals(e.type));
    Optional<Target> t = ChromeSelectors.toTarget(s.selectors, frameNavigates ? List.of() : frames, p, st.issues);
    if (t.isEmpty()) {
      return null;
    }
    noteRefs(t.get());
    warnBeforeOpen(p);
    Step step = make.apply(t.get());
    step = st.withCommon(step, s, p);
    List<Condition> expect = new ArrayList<>(step.expect());
    if (frameNavigates) {
      enter(frames);
    }
    expect.addAll(urlExpect(s, p, !frameNavigates));
    st.add(step.withExpect(expect));
    if (frameNavigates) {
      st.add(PageStep.FrameMain.builder().id(st.id()).build());
      st.frameTarget = null;
    }
    st.mapped++;
    return frameNavigates ? null : navigation(s, p);
  }

  private void warnBeforeOpen(String p) {
    if (!st.opened && !startWarned && st.current.equals(ChromeImportState.MAIN)) {
      startWarned = true;
      st.issues.warning(ConversionCode.NO_START_URL, p, "the recording acts on a page before navigating anywhere; "
          + "add an open step with the start URL");
    }
  }

  private void noteRefs(Target t) {
    t.candidates().forEach(c -> {
      st.refs(c.value());
      c.name().ifPresent(st::refs);
    });
  }

  /** Frame indexes of the step, each warned as a positional frame locator. */
  List<Integer> frames(ChromeStep s, String p) {
    List<Integer> out = s.frame;
    if (out == null) {
      st.issues.warning(ConversionCode.FIELD_INVALID, p + ".frame", "frame is not a list of frame indexes; the step acts in the main frame");
      return List.of();
    }
    if (!out.isEmpty()) {
      st.issues.warning(ConversionCode.FRAME_SELECTOR_UNSTABLE, p + ".frame", "frames are located by position (" + out.stream()
          .map(ChromeSelectors::frameLocator).reduce((a, b) -> a + " > " + b).orElse("")
          + "); replace it with the iframe's owner selector, url: or name: for a stable replay");
    }
    return out;
  }

  /** Runs {@code emit} inside the step's frames (frame steps before, frameMain after). */
  void inFrames(ChromeStep s, String p, Runnable emit) {
    List<Integer> frames = frames(s, p);
    enter(frames);
    emit.run();
    if (!frames.isEmpty()) {
      st.add(PageStep.FrameMain.builder().id(st.id()).build());
      st.frameTarget = null;
    }
  }

  private void enter(List<Integer> frames) {
    for (int index : frames) {
      st.add(PageStep.Frame.builder().id(st.id()).locator(ChromeSelectors.frameLocator(index)).build());
    }
  }

  /** The URL of the step's asserted navigation, if it asserts one. */
  String navigation(ChromeStep s, String p) {
    String url = null;
    for (ChromeStep.AssertedEvent e : s.assertedEvents) {
      if (!"navigation".equals(e.type)) {
        continue;
      }
      if (e.url != null) {
        url = e.url;
      }
    }
    return url;
  }

  /**
   * The step's asserted navigation as {@code expect url} and {@code expect title} (the reference
   * only waits for a navigation; BrowserFlow checks where it led); other asserted events are reported.
   */
  List<Condition> urlExpect(ChromeStep s, String p) {
    return urlExpect(s, p, true);
  }

  /** As {@link #urlExpect(ChromeStep, String)}; {@code ofTab}: the URL is the tab's (not a frame's). */
  private List<Condition> urlExpect(ChromeStep s, String p, boolean ofTab) {
    List<Condition> out = new ArrayList<>();
    for (int i = 0; i < s.assertedEvents.size(); i++) {
      ChromeStep.AssertedEvent e = s.assertedEvents.get(i);
      if (!"navigation".equals(e.type)) {
        st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".assertedEvents[" + i + "]", "asserted event type \""
            + e.type + "\" has no BrowserFlow check; it is left out");
        continue;
      }
      if (e.url != null) {
        st.refs(e.url);
        out.add(Condition.Url.of(urlGlob(e.url)));
        if (ofTab) {
          st.lastUrlOfTab.put(st.current, e.url);
        }
      }
      if (e.title != null) {
        st.refs(e.title);
        out.add(Condition.Title.of(e.title));
      }
    }
    return out;
  }

  /**
   * A glob for a recorded URL: path segments, query values and fragment parts that are numbers,
   * UUIDs or long hex ids become {@code *}, the rest stays literal.
   */
  static String urlGlob(String url) {
    Matcher authority = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*").matcher(url);
    int from = authority.find() ? authority.end() : 0;
    return url.substring(0, from) + VOLATILE_TOKEN.matcher(url.substring(from)).replaceAll("*");
  }
}
