package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.FlowMeta;
import io.browserflow.api.Glob;
import io.browserflow.api.Input;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Point;
import io.browserflow.api.Policy;
import io.browserflow.api.Problem;
import io.browserflow.api.Step;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.TabAlias;
import io.browserflow.api.Target;
import io.browserflow.api.validate.FlowLimits;
import io.browserflow.api.validate.FlowValidator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One import of a Chrome Recorder user flow; see {@link ChromeRecorderCodec} for the mapping. */
final class ChromeRecorderImport {
  private static final FlowLimits LIMITS = FlowLimits.defaults();
  private static final String MAIN = "main";
  private static final Pattern SLEEP = Pattern.compile(
      "^\\s*new\\s+Promise\\s*\\(\\s*\\(?\\s*(\\w+)\\s*\\)?\\s*=>\\s*\\{?\\s*setTimeout\\s*\\(\\s*(?:\\(\\s*\\)\\s*=>\\s*\\1\\s*\\(\\s*(?:true)?\\s*\\)|\\1)"
          + "\\s*,\\s*(\\d+)\\s*\\)\\s*;?\\s*\\}?\\s*\\)\\s*;?\\s*$");
  private static final Pattern VOLATILE_TOKEN = Pattern.compile(
      "(?i)(?<=[/=#;])(?:\\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?=[0-9a-f]*\\d)(?=[0-9a-f]*[a-f])[0-9a-f]{16,})(?=[/?&#;]|$)");
  private static final Map<String, String> MODIFIERS = Map.ofEntries(
      Map.entry("Shift", "Shift"), Map.entry("ShiftLeft", "Shift"), Map.entry("ShiftRight", "Shift"),
      Map.entry("Control", "Control"), Map.entry("ControlLeft", "Control"), Map.entry("ControlRight", "Control"),
      Map.entry("Alt", "Alt"), Map.entry("AltLeft", "Alt"), Map.entry("AltRight", "Alt"),
      Map.entry("Meta", "Meta"), Map.entry("MetaLeft", "Meta"), Map.entry("MetaRight", "Meta"));

  private final JsonNode root;
  private final String origin;
  private final Issues issues = new Issues();
  private final List<Step> out = new ArrayList<>();
  private int nextId = 1;
  private int mapped;
  private OptionalInt flowTimeout = OptionalInt.empty();
  private boolean opened;
  private boolean startWarned;
  private boolean scriptEval;

  private final Map<String, String> aliasOfTarget = new HashMap<>();
  private final Map<String, TabAlias> tabs = new LinkedHashMap<>();
  private final Map<String, Integer> lastStepOfTab = new HashMap<>();
  private final Map<String, String> lastUrlOfTab = new HashMap<>();
  private String current = MAIN;

  /** Modifiers held down by keyDown steps, with whether a press or click has used them yet. */
  private final LinkedHashMap<String, Boolean> held = new LinkedHashMap<>();
  private final Map<String, String> heldAt = new HashMap<>();
  /** Keys pressed down and not yet released: the index of their press in {@link #out} and the keyDown's path. */
  private final Map<String, Integer> pressOfKey = new LinkedHashMap<>();
  private final Map<String, String> pressedAt = new HashMap<>();
  /** The navigation the previous source step asserted, for a navigate that only repeats it. */
  private String previousNavigation;

  private final Map<String, String> credentialOfField = new LinkedHashMap<>();
  private final Map<String, Credential> credentials = new LinkedHashMap<>();
  private final Set<String> inputs = new LinkedHashSet<>();

  ChromeRecorderImport(JsonNode root, String origin) {
    this.root = root;
    this.origin = origin;
  }

  Conversion<Flow> run() {
    JsonNode steps = root.path("steps");
    if (!root.isObject() || !steps.isArray()) {
      throw new FlowFormatException(List.of(Problem.of(ErrorCode.SCHEMA_UNSUPPORTED, "steps",
          origin + " is not a Chrome Recorder user flow: it needs a \"steps\" array")));
    }
    if (root.has("timeout")) {
      flowTimeout = timeout(root.get("timeout"), "timeout");
      if (flowTimeout.isPresent() && flowTimeout.getAsInt() == LIMITS.defaultStepTimeoutMs()) {
        flowTimeout = OptionalInt.empty(); // the default already: steps need not repeat it
      }
    }
    for (int i = 0; i < steps.size(); i++) {
      step(steps.get(i), "steps[" + i + "]");
    }
    for (Map.Entry<String, Integer> e : pressOfKey.entrySet()) {
      issues.info(ConversionCode.KEY_UNPAIRED, pressedAt.get(e.getKey()), "keyDown of " + e.getKey()
          + " has no keyUp; it is replayed as a full press (down and up)");
    }
    for (String m : held.keySet()) {
      issues.warning(ConversionCode.KEY_UNPAIRED, heldAt.get(m), "modifier " + m + " is pressed and never released; it is not held in the flow");
    }
    Flow flow = flow();
    for (Problem p : FlowValidator.of(LIMITS).validate(flow)) {
      issues.blocking(ConversionCode.INVALID_FLOW, p.path(), "the imported flow is not valid: " + p.code() + ": "
          + p.message());
    }
    return Conversion.of(Format.CHROME_RECORDER, Format.FLOW, flow, steps.size(), mapped, issues);
  }

  private Flow flow() {
    String title = root.path("title").isTextual() ? root.path("title").asText().strip() : "";
    if (title.isEmpty()) {
      title = origin.replaceFirst("(?i)(\\.recording)?\\.json$", "").strip();
      title = title.isEmpty() ? "Chrome recording" : title;
      issues.info(ConversionCode.DEFAULT_FILLED, "title", "the recording has no title; the flow is named \"" + title + "\"");
    }
    if (title.length() > LIMITS.maxNameChars()) {
      title = title.substring(0, LIMITS.maxNameChars()).strip();
      issues.warning(ConversionCode.FIELD_TRUNCATED, "title", "the title is longer than " + LIMITS.maxNameChars() + " characters; it is cut");
    }
    if (root.path("selectorAttribute").isTextual()) {
      issues.info(ConversionCode.SELECTOR_ATTRIBUTE, "selectorAttribute", "selectors on attribute " + root.path("selectorAttribute").asText()
          + " are carried as css (as test ids for data-testid, data-test, data-cy and data-qa)");
    }
    Flow.Builder b = Flow.builder().name(title)
        .meta(FlowMeta.builder().source("chrome-recorder").build())
        .addAllCredentials(credentials.values())
        .addAllTabs(tabs.values())
        .addAllSteps(out);
    for (String key : inputs) {
      b.addInputs(Input.of(key));
    }
    if (scriptEval) {
      b.policy(Policy.builder().addCapabilities(Capability.SCRIPT_EVAL).build());
    }
    return b.build();
  }

  // =================================================================== steps

  private void step(JsonNode s, String p) {
    if (!s.isObject() || !s.path("type").isTextual()) {
      issues.blocking(ConversionCode.FIELD_INVALID, p, "the step is not an object with a type; it is left out");
      previousNavigation = null;
      return;
    }
    String type = s.get("type").asText();
    String navigation = null;
    switch (type) {
      case "setViewport":
        enter(s, p);
        setViewport(s, p);
        break;
      case "navigate":
        enter(s, p);
        navigation = navigate(s, p);
        break;
      case "click":
      case "doubleClick":
        enter(s, p);
        navigation = click(s, p, type.equals("doubleClick"));
        break;
      case "hover":
        enter(s, p);
        navigation = targeted(s, p, t -> Step.Hover.builder().id(id()).target(t).build());
        break;
      case "change":
        enter(s, p);
        navigation = change(s, p);
        break;
      case "keyDown":
        enter(s, p);
        keyDown(s, p);
        break;
      case "keyUp":
        enter(s, p);
        navigation = keyUp(s, p);
        break;
      case "scroll":
        enter(s, p);
        navigation = scroll(s, p);
        break;
      case "waitForElement":
        enter(s, p);
        waitForElement(s, p);
        break;
      case "waitForExpression":
        enter(s, p);
        waitForExpression(s, p);
        break;
      case "waitForURL":
        enter(s, p);
        waitForUrl(s, p);
        break;
      case "close":
        close(s, p);
        break;
      case "emulateNetworkConditions":
        issues.warning(ConversionCode.UNSUPPORTED_STEP, p, "emulateNetworkConditions (download " + s.path("download").asText("?")
            + ", upload " + s.path("upload").asText("?") + ", latency " + s.path("latency").asText("?")
            + ") has no BrowserFlow equivalent; the flow runs on the real network");
        break;
      case "customStep":
        customStep(s, p);
        break;
      default:
        issues.warning(ConversionCode.UNSUPPORTED_STEP, p, "step type \"" + type + "\" is not one BrowserFlow knows; it is left out");
    }
    previousNavigation = navigation;
  }

  private void setViewport(JsonNode s, String p) {
    if (!s.path("width").isNumber() || !s.path("height").isNumber()) {
      issues.blocking(ConversionCode.FIELD_INVALID, p, "setViewport needs a numeric width and height; it is left out");
      return;
    }
    int w = clamp(s.get("width").asInt(), LIMITS.minViewportWidth(), LIMITS.maxViewportWidth(), p + ".width", "viewport width");
    int h = clamp(s.get("height").asInt(), LIMITS.minViewportHeight(), LIMITS.maxViewportHeight(), p + ".height", "viewport height");
    List<String> lost = new ArrayList<>();
    if (s.path("deviceScaleFactor").isNumber() && s.get("deviceScaleFactor").asDouble() != 1.0) {
      lost.add("deviceScaleFactor " + s.get("deviceScaleFactor").asText());
    }
    for (String flag : List.of("isMobile", "hasTouch", "isLandscape")) {
      if (s.path(flag).asBoolean(false)) {
        lost.add(flag);
      }
    }
    if (!lost.isEmpty()) {
      issues.warning(ConversionCode.UNSUPPORTED_OPTION, p, "only the viewport size is carried over, not " + String.join(", ", lost));
    }
    add(withCommon(Step.SetViewport.builder().id(id()).width(w).height(h).build(), s, p));
    mapped++;
  }

  private String navigate(JsonNode s, String p) {
    if (!s.path("url").isTextual() || s.get("url").asText().isBlank()) {
      issues.blocking(ConversionCode.FIELD_MISSING, p + ".url", "navigate has no url; it is left out");
      return null;
    }
    String url = s.get("url").asText();
    refs(url);
    String asserted = navigation(s, p);
    if (opened && previousNavigation != null && (url.equals(previousNavigation) || Glob.matchesUrl(urlGlob(previousNavigation), url))) {
      issues.info(ConversionCode.STEPS_MERGED, p, "the previous step already leads to this URL (its expect url checks it); the navigate is not repeated");
      mapped++;
      return asserted;
    }
    List<Condition> expect = new ArrayList<>();
    if (asserted != null && !asserted.equals(url)) {
      expect.add(Condition.Url.of(urlGlob(asserted)));
    }
    if (!opened && current.equals(MAIN)) {
      add(withCommon(Step.Open.builder().id(id()).url(url).addAllExpect(expect).build(), s, p));
      opened = true;
    } else {
      add(withCommon(Step.Navigate.builder().id(id()).url(url).addAllExpect(expect).build(), s, p));
    }
    lastUrlOfTab.put(current, asserted != null ? asserted : url);
    mapped++;
    return asserted;
  }

  private String click(JsonNode s, String p, boolean dbl) {
    String button = s.path("button").asText("primary");
    Step.MouseButton mouse;
    switch (button) {
      case "primary":
        mouse = Step.MouseButton.LEFT;
        break;
      case "secondary":
        mouse = Step.MouseButton.RIGHT;
        break;
      case "auxiliary":
        mouse = Step.MouseButton.MIDDLE;
        break;
      default:
        issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".button", "mouse button \"" + button + "\" has no BrowserFlow equivalent; the step is left out");
        return null;
    }
    String device = s.path("deviceType").asText("mouse");
    if (!device.equals("mouse")) {
      issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".deviceType", "pointer device \"" + device + "\" is replayed as a mouse");
    }
    if (s.has("duration")) {
      issues.info(ConversionCode.UNSUPPORTED_OPTION, p + ".duration", "the click's press duration is not carried over; it is a plain click");
    }
    Optional<Point> offset = s.path("offsetX").isNumber() && s.path("offsetY").isNumber()
        ? Optional.of(Point.of(s.get("offsetX").asDouble(), s.get("offsetY").asDouble())) : Optional.empty();
    if (dbl) {
      if (mouse != Step.MouseButton.LEFT) {
        issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".button", "a double click with the " + button + " button is replayed with the primary one");
      }
      return targeted(s, p, t -> Step.Dblclick.builder().id(id()).target(t).offset(offset).build());
    }
    List<String> modifiers = useHeld();
    return targeted(s, p, t -> Step.Click.builder().id(id()).target(t).button(mouse).offset(offset)
        .addAllModifiers(modifiers).build());
  }

  private String change(JsonNode s, String p) {
    if (!s.path("value").isTextual()) {
      issues.blocking(ConversionCode.FIELD_INVALID, p + ".value", "change has no string value; it is left out");
      return null;
    }
    JsonNode selectors = s.path("selectors");
    String value = s.get("value").asText();
    if (!value.isEmpty() && !Placeholders.contains(value) && ChromeSelectors.namesPasswordField(selectors)) {
      String key = credentialOfField.computeIfAbsent(ChromeSelectors.first(selectors), f -> newCredentialKey());
      credentials.putIfAbsent(key, Credential.of(key, Credential.Type.PASSWORD));
      value = "${credential." + key + "}";
      issues.warning(ConversionCode.SENSITIVE_VALUE, p + ".value", "the value typed into a password-like field is replaced by "
          + value + " (a secret credential supplied at run time); the recorded value is not kept");
    }
    refs(value);
    String v = value;
    if (ChromeSelectors.namesSelect(selectors)) {
      return targeted(s, p, t -> Step.Select.builder().id(id()).target(t).value(v).build());
    }
    return targeted(s, p, t -> Step.Fill.builder().id(id()).target(t).value(v).build());
  }

  private String newCredentialKey() {
    String key = "PASSWORD";
    for (int n = 2; credentials.containsKey(key); n++) {
      key = "PASSWORD_" + n;
    }
    return key;
  }

  private void keyDown(JsonNode s, String p) {
    String key = s.path("key").asText("");
    if (key.isEmpty()) {
      issues.blocking(ConversionCode.FIELD_MISSING, p + ".key", "keyDown has no key; it is left out");
      return;
    }
    String modifier = MODIFIERS.get(key);
    if (modifier != null) {
      held.put(modifier, false);
      heldAt.put(modifier, p);
      mapped++;
      return;
    }
    List<String> modifiers = useHeld();
    pressOfKey.put(key, out.size());
    pressedAt.put(key, p);
    add(withCommon(Step.Press.builder().id(id()).key(playwrightKey(key)).addAllModifiers(modifiers)
        .addAllExpect(urlExpect(s, p)).build(), s, p));
    mapped++;
  }

  private String keyUp(JsonNode s, String p) {
    String key = s.path("key").asText("");
    String navigation = navigation(s, p);
    String modifier = MODIFIERS.get(key);
    if (modifier != null && held.containsKey(modifier)) {
      boolean used = held.remove(modifier);
      String down = heldAt.remove(modifier);
      if (!used) {
        List<String> others = new ArrayList<>(held.keySet());
        add(withCommon(Step.Press.builder().id(id()).key(modifier).addAllModifiers(others)
            .addAllExpect(urlExpect(s, p)).build(), s, p));
      }
      issues.info(ConversionCode.STEPS_MERGED, p, "keyDown " + down + " and this keyUp of " + modifier
          + (used ? " hold the modifier for the steps between them" : " became one press"));
      mapped++;
      return navigation;
    }
    Integer at = pressOfKey.remove(key);
    if (at == null) {
      issues.warning(ConversionCode.KEY_UNPAIRED, p, "keyUp of " + (key.isEmpty() ? "an unnamed key" : key)
          + " has no keyDown before it; a lone key release is not carried over");
      return null;
    }
    String down = pressedAt.remove(key);
    Step press = out.get(at);
    List<Condition> expect = new ArrayList<>(press.expect());
    expect.addAll(urlExpect(s, p));
    Step merged = press.withExpect(expect);
    if (press.timeoutMs().isEmpty() && s.has("timeout")) {
      OptionalInt t = timeout(s.get("timeout"), p + ".timeout");
      if (t.isPresent()) {
        merged = merged.withTimeoutMs(t.getAsInt());
      }
    }
    out.set(at, merged);
    issues.info(ConversionCode.STEPS_MERGED, p, "keyDown " + down + " and this keyUp of " + key + " became one press");
    mapped++;
    return navigation;
  }

  /** The held modifiers, now marked used (a click or press with them down). */
  private List<String> useHeld() {
    held.replaceAll((k, v) -> true);
    return new ArrayList<>(held.keySet());
  }

  /** Playwright's name for a recorded key. */
  static String playwrightKey(String key) {
    switch (key) {
      case " ":
        return "Space";
      case "\r":
      case "\n":
        return "Enter";
      default:
        return key;
    }
  }

  private String scroll(JsonNode s, String p) {
    int x = (int) Math.round(s.path("x").asDouble(0));
    int y = (int) Math.round(s.path("y").asDouble(0));
    if (s.has("selectors")) {
      return targeted(s, p, t -> Step.Scroll.builder().id(id()).mode(Step.ScrollMode.TO).target(t).x(x).y(y).build());
    }
    inFrames(s, p, () -> add(withCommon(Step.Scroll.builder().id(id()).mode(Step.ScrollMode.TO).x(x).y(y)
        .addAllExpect(urlExpect(s, p)).build(), s, p)));
    mapped++;
    return navigation(s, p);
  }

  private void waitForElement(JsonNode s, String p) {
    Optional<Target> target = ChromeSelectors.toTarget(s.path("selectors"), frames(s, p), p, issues);
    if (target.isEmpty()) {
      return;
    }
    Target t = target.get();
    String operator = s.path("operator").asText("==");
    Condition.Op op = Condition.Op.fromSymbol(operator).orElse(null);
    if (op == null || op == Condition.Op.GT || op == Condition.Op.LT) {
      issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".operator", "operator \"" + operator + "\" is not one of >=, ==, <=; == is used");
      op = Condition.Op.EQ;
    }
    int count = s.path("count").isNumber() ? s.get("count").asInt() : 1;
    boolean visible = s.has("visible") ? s.get("visible").asBoolean(true) : !s.path("hidden").asBoolean(false);
    Condition until;
    if (!visible) {
      until = Condition.Element.of(t, Condition.State.HIDDEN);
      if (count != 1 || op != Condition.Op.EQ) {
        issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".count", "waiting for hidden elements ignores the count " + operator + " " + count
            + "; the flow waits until the element is hidden or gone");
      }
    } else if (count == 1 && op == Condition.Op.EQ) {
      until = Condition.Element.of(t, Condition.State.VISIBLE);
    } else {
      until = Condition.Count.of(t, op, count);
      issues.info(ConversionCode.UNSUPPORTED_OPTION, p + ".count", "the element count is checked; the elements' visibility is not");
    }
    List<Condition> more = new ArrayList<>();
    JsonNode attributes = s.path("attributes");
    for (Iterator<Map.Entry<String, JsonNode>> it = attributes.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> a = it.next();
      more.add(Condition.Attribute.of(t, a.getKey(), Optional.of(a.getValue().asText())));
    }
    JsonNode properties = s.path("properties");
    for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      Condition c = property(t, e.getKey(), e.getValue());
      if (c == null) {
        issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".properties." + e.getKey(), "property " + e.getKey()
            + " cannot be checked without a script; the check is left out");
      } else {
        more.add(c);
      }
    }
    add(withCommon(Step.Wait.builder().id(id()).until(until).addAllExpect(more).addAllExpect(urlExpect(s, p)).build(), s, p));
    mapped++;
  }

  /** A property check as a condition, when one expresses it. */
  private static Condition property(Target t, String name, JsonNode v) {
    switch (name) {
      case "value":
        return v.isValueNode() ? Condition.Value.of(t, v.asText()) : null;
      case "innerText":
      case "textContent":
        return v.isTextual() ? Condition.Text.of(t, v.asText(), Condition.Match.EQUALS) : null;
      case "checked":
        return v.isBoolean() ? Condition.Element.of(t, v.asBoolean() ? Condition.State.CHECKED : Condition.State.UNCHECKED) : null;
      case "disabled":
        return v.isBoolean() ? Condition.Element.of(t, v.asBoolean() ? Condition.State.DISABLED : Condition.State.ENABLED) : null;
      case "id":
      case "title":
      case "name":
      case "type":
      case "placeholder":
      case "alt":
        return v.isTextual() ? Condition.Attribute.of(t, name, Optional.of(v.asText())) : null;
      case "className":
        return v.isTextual() ? Condition.Attribute.of(t, "class", Optional.of(v.asText())) : null;
      default:
        return null;
    }
  }

  private void waitForExpression(JsonNode s, String p) {
    if (!s.path("expression").isTextual() || s.get("expression").asText().isBlank()) {
      issues.blocking(ConversionCode.FIELD_MISSING, p + ".expression", "waitForExpression has no expression; it is left out");
      return;
    }
    String expression = s.get("expression").asText();
    Matcher sleep = SLEEP.matcher(expression);
    if (sleep.matches()) {
      int ms = clamp(Integer.parseInt(sleep.group(2)), 0, LIMITS.maxStepTimeoutMs(), p + ".expression", "fixed wait");
      inFrames(s, p, () -> add(withCommon(Step.Wait.builder().id(id()).ms(ms).build(), s, p)));
      mapped++;
      return;
    }
    if (!scriptEval) {
      issues.warning(ConversionCode.EVAL_USED, p, "waiting for a page expression needs the script.eval capability: "
          + "the flow declares it, and a run must allow it");
    }
    scriptEval = true;
    refs(expression);
    inFrames(s, p, () -> add(withCommon(Step.Wait.builder().id(id()).until(Condition.Expression.of(expression))
        .addAllExpect(urlExpect(s, p)).build(), s, p)));
    mapped++;
  }

  private void waitForUrl(JsonNode s, String p) {
    if (!s.path("url").isTextual() || s.get("url").asText().isBlank()) {
      issues.blocking(ConversionCode.FIELD_MISSING, p + ".url", "waitForURL has no url; it is left out");
      return;
    }
    String url = s.get("url").asText();
    String glob = s.path("exact").asBoolean(false) ? url : "**" + url + "**";
    add(withCommon(Step.Wait.builder().id(id()).until(Condition.Url.of(glob)).build(), s, p));
    mapped++;
  }

  private void close(JsonNode s, String p) {
    String alias = alias(s, p);
    add(withCommon(Step.TabClose.builder().id(id()).alias(alias).build(), s, p));
    if (alias.equals(current)) {
      TabAlias t = tabs.get(alias);
      current = t != null && t.opener().isPresent() ? t.opener().get() : MAIN;
    }
    aliasOfTarget.values().removeIf(alias::equals);
    mapped++;
  }

  private void customStep(JsonNode s, String p) {
    String name = s.path("name").asText("unnamed");
    issues.blocking(ConversionCode.CUSTOM_STEP, p, "custom step \"" + name + "\" runs code of the recording tool's extension; "
        + "it has no BrowserFlow equivalent and is kept as a manual step");
    add(Step.Manual.builder().id(id())
        .instructions("Do by hand what the recording's custom step \"" + name + "\" did (it has no BrowserFlow equivalent).")
        .build());
  }

  // =================================================================== shared parts

  /** Maps a step with selectors through {@code make}; returns the navigation it asserts. */
  private String targeted(JsonNode s, String p, Function<Target, Step> make) {
    Optional<Target> t = ChromeSelectors.toTarget(s.path("selectors"), frames(s, p), p, issues);
    if (t.isEmpty()) {
      return null;
    }
    noteRefs(t.get());
    warnBeforeOpen(p);
    Step step = make.apply(t.get());
    step = withCommon(step, s, p);
    List<Condition> expect = new ArrayList<>(step.expect());
    expect.addAll(urlExpect(s, p));
    add(step.withExpect(expect));
    mapped++;
    return navigation(s, p);
  }

  private void warnBeforeOpen(String p) {
    if (!opened && !startWarned && current.equals(MAIN)) {
      startWarned = true;
      issues.warning(ConversionCode.NO_START_URL, p, "the recording acts on a page before navigating anywhere; "
          + "add an open step with the start URL");
    }
  }

  private void noteRefs(Target t) {
    t.candidates().forEach(c -> {
      refs(c.value());
      c.name().ifPresent(this::refs);
    });
  }

  /** Frame indexes of the step, each warned as a positional frame locator. */
  private List<Integer> frames(JsonNode s, String p) {
    JsonNode f = s.path("frame");
    if (f.isMissingNode() || f.isNull()) {
      return List.of();
    }
    List<Integer> out = new ArrayList<>();
    if (f.isArray()) {
      for (JsonNode n : f) {
        if (!n.canConvertToInt() || !n.isIntegralNumber() || n.asInt() < 0) {
          out = null;
          break;
        }
        out.add(n.asInt());
      }
    } else {
      out = null;
    }
    if (out == null) {
      issues.warning(ConversionCode.FIELD_INVALID, p + ".frame", "frame is not a list of frame indexes; the step acts in the main frame");
      return List.of();
    }
    if (!out.isEmpty()) {
      issues.warning(ConversionCode.FRAME_SELECTOR_UNSTABLE, p + ".frame", "frames are located by position (" + out.stream()
          .map(ChromeSelectors::frameLocator).reduce((a, b) -> a + " > " + b).orElse("")
          + "); replace it with the iframe's owner selector, url: or name: for a stable replay");
    }
    return out;
  }

  /** Runs {@code emit} inside the step's frames (frame steps before, frameMain after). */
  private void inFrames(JsonNode s, String p, Runnable emit) {
    List<Integer> frames = frames(s, p);
    for (int index : frames) {
      add(Step.Frame.builder().id(id()).locator(ChromeSelectors.frameLocator(index)).build());
    }
    emit.run();
    if (!frames.isEmpty()) {
      add(Step.FrameMain.builder().id(id()).build());
    }
  }

  /** The URL of the step's asserted navigation, if it asserts one. */
  private String navigation(JsonNode s, String p) {
    String url = null;
    JsonNode events = s.path("assertedEvents");
    for (int i = 0; i < events.size(); i++) {
      JsonNode e = events.get(i);
      if (!"navigation".equals(e.path("type").asText())) {
        continue;
      }
      if (e.path("url").isTextual() && !e.get("url").asText().isBlank()) {
        url = e.get("url").asText();
      }
    }
    return url;
  }

  /** The step's asserted navigation as {@code expect url}; other asserted events are reported. */
  private List<Condition> urlExpect(JsonNode s, String p) {
    List<Condition> out = new ArrayList<>();
    JsonNode events = s.path("assertedEvents");
    for (int i = 0; i < events.size(); i++) {
      JsonNode e = events.get(i);
      if (!"navigation".equals(e.path("type").asText())) {
        issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".assertedEvents[" + i + "]", "asserted event type \""
            + e.path("type").asText() + "\" has no BrowserFlow check; it is left out");
        continue;
      }
      if (e.path("url").isTextual() && !e.get("url").asText().isBlank()) {
        refs(e.get("url").asText());
        out.add(Condition.Url.of(urlGlob(e.get("url").asText())));
        lastUrlOfTab.put(current, e.get("url").asText());
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

  private Step withCommon(Step step, JsonNode s, String p) {
    OptionalInt t = s.has("timeout") ? timeout(s.get("timeout"), p + ".timeout") : flowTimeout;
    return t.isPresent() ? step.withTimeoutMs(t.getAsInt()) : step;
  }

  private OptionalInt timeout(JsonNode t, String p) {
    if (!t.isNumber()) {
      issues.warning(ConversionCode.FIELD_INVALID, p, "timeout is not a number; the default timeout is used");
      return OptionalInt.empty();
    }
    return OptionalInt.of(clamp(t.asInt(), LIMITS.minStepTimeoutMs(), LIMITS.maxStepTimeoutMs(), p, "timeout"));
  }

  private int clamp(int v, int min, int max, String p, String what) {
    if (v < min || v > max) {
      int c = Math.max(min, Math.min(max, v));
      issues.warning(ConversionCode.VALUE_CLAMPED, p, what + " " + v + " is outside " + min + ".." + max + "; " + c + " is used");
      return c;
    }
    return v;
  }

  // =================================================================== tabs

  /** Switches to the tab of the step's target first, when it is another one. */
  private void enter(JsonNode s, String p) {
    String alias = alias(s, p);
    if (!alias.equals(current)) {
      add(Step.TabSwitch.builder().id(id()).alias(alias).build());
      current = alias;
    }
  }

  /**
   * The tab alias of the step's {@code target}: main, a popup seen before, or a new popup bound by
   * the click before it ({@code newTab}), else opened with {@code tabNew}.
   */
  private String alias(JsonNode s, String p) {
    String target = s.path("target").asText(MAIN);
    if (target.isEmpty() || target.equals(MAIN)) {
      return MAIN;
    }
    String known = aliasOfTarget.get(target);
    if (known != null) {
      return known;
    }
    if (!current.equals(MAIN) && target.equals(lastUrlOfTab.get(current))) {
      aliasOfTarget.put(target, current);
      return current;
    }
    String alias = "popup";
    for (int n = 2; tabs.containsKey(alias) || alias.equals(MAIN); n++) {
      alias = "popup" + n;
    }
    tabs.put(alias, TabAlias.builder().alias(alias).url(target).opener(current).build());
    aliasOfTarget.put(target, alias);
    lastUrlOfTab.put(alias, target);
    refs(target);
    Integer last = lastStepOfTab.get(current);
    Optional<Step> opener = last == null ? Optional.empty() : opening(out.get(last), alias);
    if (opener.isPresent()) {
      out.set(last, opener.get());
    } else {
      issues.warning(ConversionCode.POPUP_OPENER_UNKNOWN, p + ".target", "no click right before this step opens the page " + target
          + "; the flow opens it in a new tab (" + alias + ") instead");
      add(Step.TabNew.builder().id(id()).alias(alias).url(target).build());
      current = alias;
    }
    return alias;
  }

  /** {@code before} binding the popup {@code alias}, when it is a click that binds no tab yet. */
  private static Optional<Step> opening(Step before, String alias) {
    return before.accept(new StepVisitor<Optional<Step>>() {
      @Override
      public Optional<Step> visitClick(Step.Click c) {
        return c.newTab().isEmpty() ? Optional.of(Step.Click.builder().from(c).newTab(alias).build()) : Optional.empty();
      }

      // no other step binds a popup
      @Override public Optional<Step> visitOpen(Step.Open s) { return Optional.empty(); }
      @Override public Optional<Step> visitNavigate(Step.Navigate s) { return Optional.empty(); }
      @Override public Optional<Step> visitBack(Step.Back s) { return Optional.empty(); }
      @Override public Optional<Step> visitForward(Step.Forward s) { return Optional.empty(); }
      @Override public Optional<Step> visitReload(Step.Reload s) { return Optional.empty(); }
      @Override public Optional<Step> visitTabNew(Step.TabNew s) { return Optional.empty(); }
      @Override public Optional<Step> visitTabSwitch(Step.TabSwitch s) { return Optional.empty(); }
      @Override public Optional<Step> visitTabClose(Step.TabClose s) { return Optional.empty(); }
      @Override public Optional<Step> visitFrame(Step.Frame s) { return Optional.empty(); }
      @Override public Optional<Step> visitFrameMain(Step.FrameMain s) { return Optional.empty(); }
      @Override public Optional<Step> visitSetViewport(Step.SetViewport s) { return Optional.empty(); }
      @Override public Optional<Step> visitDblclick(Step.Dblclick s) { return Optional.empty(); }
      @Override public Optional<Step> visitContextmenu(Step.Contextmenu s) { return Optional.empty(); }
      @Override public Optional<Step> visitHover(Step.Hover s) { return Optional.empty(); }
      @Override public Optional<Step> visitFill(Step.Fill s) { return Optional.empty(); }
      @Override public Optional<Step> visitType(Step.Type s) { return Optional.empty(); }
      @Override public Optional<Step> visitPress(Step.Press s) { return Optional.empty(); }
      @Override public Optional<Step> visitSelect(Step.Select s) { return Optional.empty(); }
      @Override public Optional<Step> visitCheck(Step.Check s) { return Optional.empty(); }
      @Override public Optional<Step> visitUncheck(Step.Uncheck s) { return Optional.empty(); }
      @Override public Optional<Step> visitToggle(Step.Toggle s) { return Optional.empty(); }
      @Override public Optional<Step> visitScroll(Step.Scroll s) { return Optional.empty(); }
      @Override public Optional<Step> visitDrag(Step.Drag s) { return Optional.empty(); }
      @Override public Optional<Step> visitUpload(Step.Upload s) { return Optional.empty(); }
      @Override public Optional<Step> visitWait(Step.Wait s) { return Optional.empty(); }
      @Override public Optional<Step> visitAssert(Step.Assert s) { return Optional.empty(); }
      @Override public Optional<Step> visitRead(Step.Read s) { return Optional.empty(); }
      @Override public Optional<Step> visitScrape(Step.Scrape s) { return Optional.empty(); }
      @Override public Optional<Step> visitPaginate(Step.Paginate s) { return Optional.empty(); }
      @Override public Optional<Step> visitSetVar(Step.SetVar s) { return Optional.empty(); }
      @Override public Optional<Step> visitEval(Step.Eval s) { return Optional.empty(); }
      @Override public Optional<Step> visitScreenshot(Step.Screenshot s) { return Optional.empty(); }
      @Override public Optional<Step> visitCsvImport(Step.CsvImport s) { return Optional.empty(); }
      @Override public Optional<Step> visitCsvExport(Step.CsvExport s) { return Optional.empty(); }
      @Override public Optional<Step> visitForeach(Step.Foreach s) { return Optional.empty(); }
      @Override public Optional<Step> visitRepeat(Step.Repeat s) { return Optional.empty(); }
      @Override public Optional<Step> visitIf(Step.If s) { return Optional.empty(); }
      @Override public Optional<Step> visitWhile(Step.While s) { return Optional.empty(); }
      @Override public Optional<Step> visitManual(Step.Manual s) { return Optional.empty(); }
    });
  }


  // =================================================================== values

  private String id() {
    return "s" + nextId++;
  }

  private void add(Step step) {
    lastStepOfTab.put(current, out.size());
    out.add(step);
  }

  /** Declares the inputs and credentials a value's placeholders name. */
  private void refs(String value) {
    for (String ref : Placeholders.references(value)) {
      if (ref.startsWith("credential.")) {
        String key = ref.substring(11);
        String lower = key.toLowerCase(Locale.ROOT);
        Credential.Type type = lower.matches(".*(pass|pwd|secret).*") ? Credential.Type.PASSWORD
            : lower.contains("token") ? Credential.Type.TOKEN : lower.endsWith("url") ? Credential.Type.URL : Credential.Type.TEXT;
        if (!key.isBlank()) {
          credentials.putIfAbsent(key, Credential.of(key, type));
        }
      } else if (ref.startsWith("input.")) {
        inputs.add(ref.substring(6));
      } else if (!ref.contains(".") && !ref.isBlank()) {
        inputs.add(ref);
      }
    }
  }
}
