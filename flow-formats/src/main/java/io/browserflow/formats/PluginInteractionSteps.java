package io.browserflow.formats;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Maps the recorded steps that act on an element, as seed 002's converter table says:
 * {@code input} → fill; {@code change} → select, check, uncheck or fill by the element, a
 * {@code change} step decided at run time when the recording does not say what the element is;
 * {@code click} → click (modifiers, button, the tab it opens, {@code postCondition.topUrl} as
 * expect url; overlay clicks left out unless kept); {@code submit} → click on a button, an eval of
 * {@code requestSubmit()} on a form; {@code keydown} → press (a character typed into a password
 * field never: it is merged into the input of the field, or left out with a blocking
 * {@code SECRET_POLICY_VIOLATION} that does not show it); {@code scroll} → scroll by or to, of the
 * page or an element.
 */
final class PluginInteractionSteps {
  private static final Set<String> MODIFIER_KEYS = Set.of("Control", "Shift", "Alt", "Meta", "CapsLock", "AltGraph");
  private static final Set<String> COMPOSITION_KEYS = Set.of("Process", "Unidentified", "Dead");

  private final PluginImportState st;
  private final PluginValues values;
  private final PluginContexts contexts;

  PluginInteractionSteps(PluginImportState st, PluginValues values, PluginContexts contexts) {
    this.st = st;
    this.values = values;
    this.contexts = contexts;
  }

  /** The element's target; empty with a blocking {@code TARGET_UNRESOLVED} when it has none. */
  private Optional<Target> required(PluginStep s) {
    Optional<Target> t = PluginTargets.target(s.target);
    if (t.isEmpty()) {
      st.issues.blocking(ConversionCode.TARGET_UNRESOLVED, s.path + ".target", s.type + " needs its element, and the "
          + "recording gives no selector, test id, id, role, label, placeholder or text that locates it"
          + (s.target != null && !s.target.selectors.isEmpty() ? " (only snapshot refs, valid while recording)" : "")
          + "; the step is left out");
    }
    return t;
  }

  void input(PluginStep s, PluginStep next) {
    if (s.target != null && (s.target.isSelect() || s.target.isCheckbox() || s.target.isRadio())) {
      change(s, null);
      return;
    }
    Optional<Target> t = required(s);
    String value = s.text("value");
    if (value == null) {
      st.issues.blocking(ConversionCode.FIELD_MISSING, s.path + ".value", "input has no value; it is left out");
      return;
    }
    if (t.isEmpty()) {
      return;
    }
    if (next != null && "input".equals(next.type) && sameElement(s, next)) {
      st.issues.info(ConversionCode.STEPS_MERGED, s.path, "the next input on the same field types its final value; "
          + "this one is not typed separately");
      st.merged = "into the next input (" + next.path + ")";
      return;
    }
    fill(s, t.get(), value);
  }

  private void fill(PluginStep s, Target t, String value) {
    if (!contexts.enter(s, false, false)) {
      return;
    }
    String v = values.typed(s.target, value, s.path + ".value");
    if (value.isEmpty()) {
      st.issues.warning(ConversionCode.EMPTY_INPUT_VALUE, s.path + ".value", "the field " + s.target.describe()
          + " is filled with the empty string (cleared); check that clearing it is meant");
    }
    st.act(InteractionStep.Fill.builder().id(st.id(s)).target(t).value(v).build(), s.path);
  }

  void change(PluginStep s, PluginStep previous) {
    Optional<Target> t = required(s);
    if (t.isEmpty()) {
      return;
    }
    PluginStep.Element e = s.target;
    String value = s.text("value");
    Boolean checked = s.node.path("checked").isBoolean() ? s.node.get("checked").asBoolean() : null;
    if (e.isCheckbox()) {
      boolean on = checked != null ? checked : value != null && Set.of("true", "on", "1", "checked").contains(value);
      if (contexts.enter(s, false, false)) {
        Step step = on ? InteractionStep.Check.builder().id(st.id(s)).target(t.get()).build()
            : InteractionStep.Uncheck.builder().id(st.id(s)).target(t.get()).build();
        st.act(step, s.path);
      }
      return;
    }
    if (e.isRadio()) {
      if (contexts.enter(s, false, false)) {
        st.act(InteractionStep.Check.builder().id(st.id(s)).target(t.get()).build(), s.path);
      }
      return;
    }
    if (value == null) {
      st.issues.blocking(ConversionCode.FIELD_MISSING, s.path + ".value", "change has no value for " + e.describe()
          + "; it is left out");
      return;
    }
    if (e.isSelect()) {
      if (contexts.enter(s, false, false)) {
        st.act(InteractionStep.Select.builder().id(st.id(s)).target(t.get()).value(value).build(), s.path);
      }
      return;
    }
    if (e.isTextField()) {
      if (previous != null && "input".equals(previous.type) && sameElement(s, previous)
          && value.equals(previous.text("value"))) {
        st.issues.info(ConversionCode.STEPS_MERGED, s.path, "the input before typed this value already; the change "
            + "event it caused is not replayed again");
        st.merged = "into the input before (" + previous.path + ")";
        return;
      }
      fill(s, t.get(), value);
      return;
    }
    if (!contexts.enter(s, false, false)) {
      return;
    }
    String v = values.typed(e, value, s.path + ".value");
    if (e.tagName == null) {
      st.issues.warning(ConversionCode.CHANGE_DECIDED_AT_RUN_TIME, s.path, "the recording does not say what "
          + e.describe() + " is; the change step decides when it runs how the element takes the value (a select's "
          + "option, typed text, a set value, a checkbox click), instead of seed 002's eval that dispatches input and "
          + "change events; check the step");
    }
    st.act(InteractionStep.Change.builder().id(st.id(s)).target(t.get()).value(v).build(), s.path);
  }

  void click(PluginStep s) {
    Optional<Target> t = required(s);
    if (t.isEmpty()) {
      return;
    }
    if (PluginTargets.overlay(s.target, t.get())) {
      if (!st.options.keepOverlayClicks()) {
        st.issues.warning(ConversionCode.OVERLAY_CLICK, s.path, "the click on " + s.target.describe() + " looks like a "
            + "click on a loading mask or overlay; it is left out (keep it with --keep-overlay-clicks, "
            + "ImportOptions.keepOverlayClicks)");
        st.skipped = "overlay click";
        return;
      }
      st.issues.warning(ConversionCode.OVERLAY_CLICK, s.path, "the click on " + s.target.describe() + " looks like a "
          + "click on a loading mask or overlay; it is kept as asked (--keep-overlay-clicks): check that the page "
          + "still shows the overlay when the flow gets there");
    }
    if (!contexts.enter(s, false, false)) {
      return;
    }
    Step.MouseButton button = Step.MouseButton.LEFT;
    Double b = s.number("button");
    if (b != null && b == 1) {
      button = Step.MouseButton.MIDDLE;
    } else if (b != null && b == 2) {
      button = Step.MouseButton.RIGHT;
    }
    InteractionStep.Click.Builder click = InteractionStep.Click.builder().id(st.id(s)).target(t.get()).button(button)
        .addAllModifiers(modifiers(s));
    contexts.opensTab(s).ifPresent(click::newTab);
    urlAfter(s).ifPresent(click::addExpect);
    st.act(click.build(), s.path);
  }

  /** {@code postCondition.topUrl} as an expect url, when the step changed the page's URL. */
  private Optional<Condition> urlAfter(PluginStep s) {
    if (s.topUrlAfter == null || s.topUrlAfter.equals(s.url)) {
      return Optional.empty();
    }
    st.urlOfTab.put(st.currentTab, s.topUrlAfter);
    st.topUrlOfLastAction.put(st.currentTab, s.topUrlAfter);
    return Optional.of(Condition.Url.of(values.urlGlob(s.topUrlAfter)));
  }

  void submit(PluginStep s, PluginStep previous) {
    if (previous != null && sameContext(s, previous) && (("click".equals(previous.type) && previous.target != null
        && previous.target.isSubmitter()) || ("keydown".equals(previous.type) && "Enter".equals(previous.text("key"))))) {
      st.issues.info(ConversionCode.STEPS_MERGED, s.path, "the " + previous.type + " before (" + previous.path
          + ") submits the form; the submit event it caused is not replayed again");
      st.merged = "into the " + previous.type + " before (" + previous.path + ")";
      return;
    }
    Optional<Target> t = required(s);
    if (t.isEmpty()) {
      return;
    }
    if (!s.target.isForm()) {
      if (contexts.enter(s, false, false)) {
        InteractionStep.Click.Builder click = InteractionStep.Click.builder().id(st.id(s)).target(t.get());
        urlAfter(s).ifPresent(click::addExpect);
        st.act(click.build(), s.path);
      }
      return;
    }
    Optional<String> css = css(t.get());
    if (css.isEmpty()) {
      st.issues.blocking(ConversionCode.TARGET_UNRESOLVED, s.path + ".target", "the form is submitted by a script, which "
          + "needs a css selector of the form, and the recording gives none; the step is left out");
      return;
    }
    if (!contexts.enter(s, false, false)) {
      return;
    }
    String script = "document.querySelector(" + PluginPageSteps.js(css.get()) + ").requestSubmit()";
    st.issues.warning(ConversionCode.SUBMIT_FALLBACK_TO_EVAL, s.path, "the form " + css.get() + " is submitted with an "
        + "eval of requestSubmit() (no submit button was recorded): a page script, allowed with --allow eval; "
        + "click the form's submit button instead where it has one");
    st.evalUsed(s.path);
    DataStep.Eval.Builder eval = DataStep.Eval.builder().id(st.id(s)).script(script);
    urlAfter(s).ifPresent(eval::addExpect);
    st.act(eval.build(), s.path);
  }

  /** A css selector of the target, from its css, id or test id candidate. */
  private static Optional<String> css(Target t) {
    for (Candidate c : t.candidates()) {
      Optional<String> css = switch (c.kind()) {
        case CSS -> Optional.of(c.value());
        case ID -> Optional.of("[id=" + CssStrings.quote(c.value()) + "]");
        case TEST_ID -> Optional.of("[data-testid=" + CssStrings.quote(c.value()) + "]");
        case ROLE, LABEL, PLACEHOLDER, TEXT, XPATH, ARIA, TEXT_CONTAINS -> Optional.empty();
      };
      if (css.isPresent()) {
        return css;
      }
    }
    return Optional.empty();
  }

  void keydown(PluginStep s, PluginStep previous, PluginStep next) {
    String key = s.text("key");
    if (key == null || key.isEmpty()) {
      st.issues.blocking(ConversionCode.FIELD_MISSING, s.path + ".key", "keydown has no key; it is left out");
      return;
    }
    if (MODIFIER_KEYS.contains(key)) {
      st.issues.info(ConversionCode.COMMAND_SKIPPED, s.path, key + " alone does nothing; the key pressed with it "
          + "carries it as a modifier");
      st.skipped = "a modifier key alone";
      return;
    }
    if (COMPOSITION_KEYS.contains(key)) {
      st.issues.warning(ConversionCode.UNSUPPORTED_KEY, s.path, "the key \"" + key + "\" is part of an input method's "
          + "composition, which is not replayed key by key; the input step carries the text composed");
      st.skipped = "a composition key";
      return;
    }
    List<String> modifiers = modifiers(s);
    boolean character = key.codePointCount(0, key.length()) == 1;
    PluginStep.Element field = s.target != null ? s.target : focused(s, previous);
    // a character typed into a password field is a piece of the password: it is never written, not even in a message
    boolean secret = character && field != null && field.isPassword()
        && !modifiers.contains("Control") && !modifiers.contains("Meta");
    boolean printable = character && modifiers.stream().allMatch("Shift"::equals);
    if ((printable || secret) && (typedBy(field, s, previous) || typedBy(field, s, next))) {
      st.issues.info(ConversionCode.STEPS_MERGED, s.path, "the character typed is part of the text the input on the "
          + "same field types; it is not pressed again");
      st.merged = "into the input on the same field";
      return;
    }
    if (secret) {
      st.issues.blocking(ConversionCode.SECRET_POLICY_VIOLATION, s.path, "keydown " + s.path + " types a character "
          + "into the password field " + field.describe() + " and no input step on that field carries the value typed: "
          + "a press would write a piece of the password into the flow, so the step is left out; fill the field from a "
          + "secret credential instead (fill " + field.describe() + " with ${credential.KEY})");
      return;
    }
    Optional<Target> target = Optional.empty();
    if (s.target != null) {
      target = PluginTargets.target(s.target);
      if (target.isEmpty()) {
        st.issues.warning(ConversionCode.APPROXIMATED, s.path + ".target", "the recording gives no usable selector for "
            + "the element the key went to; it is pressed on the element that has the focus");
      }
    }
    if (!contexts.enter(s, false, false)) {
      return;
    }
    InteractionStep.Press.Builder press = InteractionStep.Press.builder().id(st.id(s)).key(key.equals(" ") ? "Space" : key)
        .addAllModifiers(modifiers).target(target);
    urlAfter(s).ifPresent(press::addExpect);
    st.act(press.build(), s.path);
  }

  /** Whether {@code other} is an input on {@code field}, the element {@code key} went to (it types the key's character). */
  private static boolean typedBy(PluginStep.Element field, PluginStep key, PluginStep other) {
    return other != null && "input".equals(other.type) && field != null && other.target != null && sameContext(key, other)
        && !field.selectors.isEmpty() && field.selectors.equals(other.target.selectors);
  }

  /**
   * The element a key without a target went to, as far as the recording tells: the one the step
   * before acted on in the same tab and frame, which has the focus; null when there is none.
   */
  private static PluginStep.Element focused(PluginStep key, PluginStep previous) {
    return previous != null && sameContext(key, previous) && !"submit".equals(previous.type) ? previous.target : null;
  }

  void scroll(PluginStep s) {
    Double dx = s.number("deltaX");
    Double dy = s.number("deltaY");
    Double x = s.number("scrollX");
    Double y = s.number("scrollY");
    boolean by = dx != null || dy != null;
    if (!by && x == null && y == null) {
      st.issues.blocking(ConversionCode.FIELD_MISSING, s.path, "scroll has neither deltaX/deltaY nor scrollX/scrollY; "
          + "it is left out");
      return;
    }
    Optional<Target> target = Optional.empty();
    if (s.hasTarget) {
      target = PluginTargets.target(s.target);
      if (target.isEmpty()) {
        st.issues.blocking(ConversionCode.SCROLL_TARGET_UNRESOLVED, s.path + ".target", "the scroll happened inside an "
            + "element the recording gives no usable selector for; scrolling the page instead would not reach the "
            + "same state, so the step is left out");
        return;
      }
    }
    if (!contexts.enter(s, false, false)) {
      return;
    }
    InteractionStep.Scroll.Builder scroll = InteractionStep.Scroll.builder().id(st.id(s)).target(target)
        .mode(by ? Step.ScrollMode.BY : Step.ScrollMode.TO);
    if (by) {
      scroll.x(round(dx)).y(round(dy));
    } else {
      scroll.x(round(x)).y(round(y));
    }
    st.act(scroll.build(), s.path);
  }

  private static int round(Double v) {
    return v == null ? 0 : (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, Math.round(v)));
  }

  /** The modifier keys a step held: ctrlKey, shiftKey, altKey, metaKey. */
  private static List<String> modifiers(PluginStep s) {
    List<String> out = new ArrayList<>();
    for (ModifierKey m : ModifierKey.values()) {
      if (s.flag(m.shortName + "Key")) {
        out.add(m.key);
      }
    }
    return out;
  }

  /** Whether two steps ran in the same tab and frame. */
  static boolean sameContext(PluginStep a, PluginStep b) {
    return java.util.Objects.equals(a.tabId, b.tabId) && java.util.Objects.equals(a.frameUrl, b.frameUrl);
  }

  /** Whether two steps acted on the same element (same tab, frame and recorded selectors). */
  static boolean sameElement(PluginStep a, PluginStep b) {
    return sameContext(a, b) && a.target != null && b.target != null && !a.target.selectors.isEmpty()
        && a.target.selectors.equals(b.target.selectors);
  }
}
