package io.browserflow.formats;

import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowMeta;
import io.browserflow.api.Glob;
import io.browserflow.api.Input;
import io.browserflow.api.Policy;
import io.browserflow.api.Problem;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.validate.FlowValidator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

/**
 * One import of a Chrome Recorder user flow; see {@link ChromeRecorderCodec} for the mapping. The
 * recording is read into a {@link ChromeRecording}; this class maps the flow-level parts, setViewport,
 * navigate and customStep, and hands the other step types to {@link ChromeInteractionSteps},
 * {@link ChromeKeys}, {@link ChromeWaitSteps} and {@link ChromeTabs}, which share one {@link
 * ChromeImportState}.
 */
final class ChromeRecorderImport {
  private final ChromeRecording recording;
  private final String origin;
  private final ChromeImportState st = new ChromeImportState();
  private final ChromeStepParts parts = new ChromeStepParts(st);
  private final ChromeKeys keys = new ChromeKeys(st, parts);
  private final ChromeInteractionSteps interactions = new ChromeInteractionSteps(st, parts, keys);
  private final ChromeWaitSteps waits = new ChromeWaitSteps(st, parts);
  private final ChromeTabs tabs = new ChromeTabs(st);
  /** The navigation the previous source step asserted, for a navigate that only repeats it. */
  private String previousNavigation;

  ChromeRecorderImport(ChromeRecording recording, String origin) {
    this.recording = recording;
    this.origin = origin;
  }

  Conversion<Flow> run() {
    if (recording.hasTimeout) {
      st.flowTimeout = st.timeout(recording.timeout, "timeout");
      if (st.flowTimeout.isPresent() && st.flowTimeout.getAsInt() == ChromeImportState.LIMITS.defaultStepTimeoutMs()) {
        st.flowTimeout = OptionalInt.empty(); // the default already: steps need not repeat it
      }
    }
    for (ChromeStep s : recording.steps) {
      step(s, s.path);
    }
    keys.unpaired();
    Flow flow = flow();
    for (Problem p : FlowValidator.of(ChromeImportState.LIMITS).validate(flow)) {
      st.issues.blocking(ConversionCode.INVALID_FLOW, p.path(), "the imported flow is not valid: " + p.code() + ": "
          + p.message());
    }
    return Conversion.of(Format.CHROME_RECORDER, Format.FLOW, flow, recording.steps.size(), st.mapped, st.issues)
        .withRecordedSecrets(RecordedSecrets.of(st.recordedSecrets));
  }

  private Flow flow() {
    String title = recording.title;
    if (title.isEmpty()) {
      title = origin == null ? "" : origin.replaceFirst("(?i)(\\.recording)?\\.json$", "").strip();
      title = title.isEmpty() ? "Chrome recording" : title;
      st.issues.info(ConversionCode.DEFAULT_FILLED, "title", "the recording has no title; the flow is named \"" + title + "\"");
    }
    if (title.length() > ChromeImportState.LIMITS.maxNameChars()) {
      title = title.substring(0, ChromeImportState.LIMITS.maxNameChars()).strip();
      st.issues.warning(ConversionCode.FIELD_TRUNCATED, "title", "the title is longer than " + ChromeImportState.LIMITS.maxNameChars() + " characters; it is cut");
    }
    if (recording.selectorAttribute != null) {
      st.issues.info(ConversionCode.SELECTOR_ATTRIBUTE, "selectorAttribute", "selectors on attribute " + recording.selectorAttribute
          + " are carried as css (as test ids for data-testid, data-test, data-cy and data-qa)");
    }
    Flow.Builder b = Flow.builder().name(title)
        .meta(FlowMeta.builder().source("chrome-recorder").build())
        .addAllCredentials(st.credentials.values())
        .addAllTabs(tabs.declared())
        .addAllSteps(st.steps);
    for (String key : st.inputs) {
      b.addInputs(Input.of(key));
    }
    if (st.scriptEval) {
      b.policy(Policy.builder().addCapabilities(Capability.SCRIPT_EVAL).build());
    }
    return b.build();
  }

  // =================================================================== steps

  /** The fields the format has (the reference's schema) for each step type, beyond the common ones. */
  private static final Map<String, Set<String>> FIELDS = Map.ofEntries(
      Map.entry("setViewport", Set.of("width", "height", "deviceScaleFactor", "isMobile", "hasTouch", "isLandscape")),
      Map.entry("navigate", Set.of("url")),
      Map.entry("click", Set.of("selectors", "frame", "offsetX", "offsetY", "button", "deviceType", "duration")),
      Map.entry("doubleClick", Set.of("selectors", "frame", "offsetX", "offsetY", "button", "deviceType", "duration")),
      Map.entry("hover", Set.of("selectors", "frame")),
      Map.entry("change", Set.of("selectors", "frame", "value")),
      Map.entry("keyDown", Set.of("key")),
      Map.entry("keyUp", Set.of("key")),
      Map.entry("scroll", Set.of("selectors", "frame", "x", "y")),
      Map.entry("waitForElement", Set.of("selectors", "frame", "operator", "count", "visible", "properties", "attributes")),
      Map.entry("waitForExpression", Set.of("frame", "expression")),
      Map.entry("waitForURL", Set.of("url", "exact")),
      Map.entry("close", Set.of()),
      Map.entry("emulateNetworkConditions", Set.of("download", "upload", "latency")),
      Map.entry("customStep", Set.of("name", "parameters", "frame")));
  /** Step types that do not act in their target tab: close closes it, a custom step is left out. */
  private static final Set<String> OUTSIDE_TAB = Set.of("close", "customStep");
  private static final Set<String> COMMON_FIELDS = Set.of("type", "target", "frame", "timeout", "assertedEvents");

  /** A field the step type does not have is reported and left out. */
  private void unknownFields(ChromeStep s, String p) {
    Set<String> known = FIELDS.get(s.type);
    if (known == null) {
      return;
    }
    for (String f : s.fields) {
      if (!COMMON_FIELDS.contains(f) && !known.contains(f)) {
        st.issues.warning(ConversionCode.FIELD_DROPPED, p + "." + f, "field " + f + " is not one a " + s.type
            + " step has in the Chrome Recorder format; it is left out");
      }
    }
  }

  private void step(ChromeStep s, String p) {
    if (s.type == null) {
      st.issues.blocking(ConversionCode.FIELD_INVALID, p, "the step is not an object with a type; it is left out");
      previousNavigation = null;
      return;
    }
    unknownFields(s, p);
    String type = s.type;
    String navigation = null;
    if (FIELDS.containsKey(type) && !OUTSIDE_TAB.contains(type)) {
      tabs.enter(s, p);
    }
    switch (type) {
      case "setViewport" -> setViewport(s, p);
      case "navigate" -> navigation = navigate(s, p);
      case "click", "doubleClick" -> navigation = interactions.click(s, p, type.equals("doubleClick"));
      case "hover" -> navigation = parts.targeted(s, p, t -> InteractionStep.Hover.builder().id(st.id()).target(t).build());
      case "change" -> navigation = interactions.change(s, p);
      case "keyDown" -> keys.keyDown(s, p);
      case "keyUp" -> navigation = keys.keyUp(s, p);
      case "scroll" -> navigation = interactions.scroll(s, p);
      case "waitForElement" -> waits.waitForElement(s, p);
      case "waitForExpression" -> waits.waitForExpression(s, p);
      case "waitForURL" -> waits.waitForUrl(s, p);
      case "close" -> tabs.close(s, p);
      case "emulateNetworkConditions" -> emulateNetwork(s, p);
      case "customStep" -> customStep(s, p);
      default -> st.issues.warning(ConversionCode.UNSUPPORTED_STEP, p, "step type \"" + type
          + "\" is not one BrowserFlow knows; it is left out");
    }
    previousNavigation = navigation;
  }

  private void setViewport(ChromeStep s, String p) {
    if (s.width == null || s.height == null) {
      st.issues.blocking(ConversionCode.FIELD_INVALID, p, "setViewport needs a numeric width and height; it is left out");
      return;
    }
    int w = st.issues.clamped(s.width, ChromeImportState.LIMITS.minViewportWidth(), ChromeImportState.LIMITS.maxViewportWidth(), p + ".width", "viewport width");
    int h = st.issues.clamped(s.height, ChromeImportState.LIMITS.minViewportHeight(), ChromeImportState.LIMITS.maxViewportHeight(), p + ".height", "viewport height");
    PageStep.SetViewport.Builder b = PageStep.SetViewport.builder().id(st.id()).width(w).height(h)
        .mobile(s.deviceFlags.contains("isMobile")).touch(s.deviceFlags.contains("hasTouch"));
    if (s.deviceScaleFactor != null) {
      if (s.deviceScaleFactor > 0 && s.deviceScaleFactor <= 10) {
        b.deviceScaleFactor(s.deviceScaleFactor);
      } else {
        st.issues.warning(ConversionCode.FIELD_INVALID, p + ".deviceScaleFactor", "deviceScaleFactor " + s.deviceScaleFactor
            + " is not in (0, 10]; the browser's own is used");
      }
    }
    if (s.deviceFlags.contains("isLandscape")) {
      st.issues.info(ConversionCode.UNSUPPORTED_OPTION, p + ".isLandscape", "the screen orientation is not emulated; "
          + "the viewport's width and height are carried over as recorded");
    }
    st.add(st.withCommon(b.build(), s, p));
    st.mapped++;
  }

  /**
   * As the reference replays it: offline when download and upload are both 0, else throttled; a
   * negative throughput (puppeteer's -1) is that direction unthrottled, as is 0 (Chromium reads it
   * so), and a latency of 0 adds none. Offline carries no latency: nothing is sent.
   */
  private void emulateNetwork(ChromeStep s, String p) {
    if (s.download == null || s.upload == null || s.latency == null) {
      st.issues.blocking(ConversionCode.FIELD_INVALID, p, "emulateNetworkConditions needs a numeric download, upload and "
          + "latency; it is left out");
      return;
    }
    PageStep.EmulateNetwork.Builder b = PageStep.EmulateNetwork.builder().id(st.id());
    if (s.download == 0 && s.upload == 0) {
      b.offline(true);
    } else {
      throughput(s.download).ifPresent(b::downloadBytesPerSecond);
      throughput(s.upload).ifPresent(b::uploadBytesPerSecond);
      throughput(s.latency).ifPresent(b::latencyMs);
    }
    st.add(st.withCommon(b.build(), s, p));
    st.mapped++;
  }

  /** A positive value, rounded (at most {@code Integer.MAX_VALUE}); empty for 0, negative and non-finite values. */
  private static java.util.OptionalInt throughput(double v) {
    if (!(v > 0) || Double.isInfinite(v)) {
      return java.util.OptionalInt.empty();
    }
    return java.util.OptionalInt.of((int) Math.min(Integer.MAX_VALUE, Math.round(v)));
  }

  private String navigate(ChromeStep s, String p) {
    if (s.url == null) {
      st.issues.blocking(ConversionCode.FIELD_MISSING, p + ".url", "navigate has no url; it is left out");
      return null;
    }
    String url = s.url;
    st.refs(url);
    String asserted = parts.navigation(s, p);
    if (st.opened && previousNavigation != null && (url.equals(previousNavigation) || Glob.matchesUrl(parts.urlGlob(previousNavigation), url))) {
      st.issues.info(ConversionCode.STEPS_MERGED, p, "the previous step already leads to this URL (its expect url checks it); the navigate is not repeated");
      st.mapped++;
      return asserted;
    }
    List<Condition> expect = new ArrayList<>();
    if (asserted != null && !asserted.equals(url)) {
      expect.add(Condition.Url.of(parts.urlGlob(asserted)));
    }
    if (!st.opened && st.current.equals(ChromeImportState.MAIN)) {
      st.add(st.withCommon(PageStep.Open.builder().id(st.id()).url(url).addAllExpect(expect).build(), s, p));
      st.opened = true;
    } else {
      st.add(st.withCommon(PageStep.Navigate.builder().id(st.id()).url(url).addAllExpect(expect).build(), s, p));
    }
    st.lastUrlOfTab.put(st.current, asserted != null ? asserted : url);
    st.mapped++;
    return asserted;
  }

  private void customStep(ChromeStep s, String p) {
    String name = s.name;
    st.issues.warning(ConversionCode.CUSTOM_STEP, p, "custom step \"" + name + "\" is left out: it runs code of a recording-tool "
        + "extension, and the reference replayer skips it too; if the flow needs what it did, add the steps by hand");
  }
}
