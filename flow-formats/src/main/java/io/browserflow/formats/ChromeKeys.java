package io.browserflow.formats;

import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Recorded keys as presses: a {@code keyDown} right before the {@code keyUp} of its key becomes one
 * press on the focused element; with steps between them, or without the other half, each is a
 * press with phase down or up, as recorded. Shift, Control, Alt and Meta held down around other
 * steps become their modifiers, and alone they are a press of their own.
 */
final class ChromeKeys {
  private static final Map<String, String> MODIFIERS = Map.ofEntries(
      Map.entry("Shift", "Shift"), Map.entry("ShiftLeft", "Shift"), Map.entry("ShiftRight", "Shift"),
      Map.entry("Control", "Control"), Map.entry("ControlLeft", "Control"), Map.entry("ControlRight", "Control"),
      Map.entry("Alt", "Alt"), Map.entry("AltLeft", "Alt"), Map.entry("AltRight", "Alt"),
      Map.entry("Meta", "Meta"), Map.entry("MetaLeft", "Meta"), Map.entry("MetaRight", "Meta"));

  private final ChromeImportState st;
  private final ChromeStepParts parts;
  /** Modifiers held down by keyDown steps, with whether a press or click has used them yet. */
  private final LinkedHashMap<String, Boolean> held = new LinkedHashMap<>();
  private final Map<String, String> heldAt = new HashMap<>();
  /** Keys pressed down and not yet released: the index of their press in the flow's steps and the keyDown's path. */
  private final Map<String, Integer> pressOfKey = new LinkedHashMap<>();
  private final Map<String, String> pressedAt = new HashMap<>();
  /** For keys pressed down without modifiers: the same step as a key going down only, in case it is not released right away. */
  private final Map<String, Step> downOnly = new HashMap<>();

  ChromeKeys(ChromeImportState st, ChromeStepParts parts) {
    this.st = st;
    this.parts = parts;
  }

  void keyDown(ChromeStep s, String p) {
    String key = s.key;
    if (key.isEmpty()) {
      st.issues.blocking(ConversionCode.FIELD_MISSING, p + ".key", "keyDown has no key; it is left out");
      return;
    }
    String modifier = MODIFIERS.get(key);
    if (modifier != null) {
      held.put(modifier, false);
      heldAt.put(modifier, p);
      st.mapped++;
      return;
    }
    List<String> modifiers = useHeld();
    pressOfKey.put(key, st.steps.size());
    pressedAt.put(key, p);
    InteractionStep.Press press = InteractionStep.Press.builder().id(st.id()).key(playwrightKey(key)).addAllModifiers(modifiers)
        .addAllExpect(parts.urlExpect(s, p)).build();
    if (modifiers.isEmpty()) {
      downOnly.put(key, st.withCommon(InteractionStep.Press.builder().from(press).phase(Step.KeyPhase.DOWN).build(), s, p));
    } else {
      downOnly.remove(key);
    }
    st.add(st.withCommon(press, s, p));
    st.mapped++;
  }

  String keyUp(ChromeStep s, String p) {
    String key = s.key;
    String navigation = parts.navigation(s, p);
    String modifier = MODIFIERS.get(key);
    if (modifier != null && held.containsKey(modifier)) {
      boolean used = held.remove(modifier);
      String down = heldAt.remove(modifier);
      if (!used) {
        List<String> others = new ArrayList<>(held.keySet());
        st.add(st.withCommon(InteractionStep.Press.builder().id(st.id()).key(modifier).addAllModifiers(others)
            .addAllExpect(parts.urlExpect(s, p)).build(), s, p));
      }
      st.issues.info(ConversionCode.STEPS_MERGED, p, "keyDown " + down + " and this keyUp of " + modifier
          + (used ? " hold the modifier for the steps between them" : " became one press"));
      st.mapped++;
      return navigation;
    }
    Integer at = pressOfKey.remove(key);
    if (at == null) {
      if (key.isEmpty()) {
        st.issues.warning(ConversionCode.FIELD_MISSING, p + ".key", "keyUp has no key; it is left out");
        return null;
      }
      st.add(st.withCommon(InteractionStep.Press.builder().id(st.id()).key(playwrightKey(key)).phase(Step.KeyPhase.UP)
          .addAllExpect(parts.urlExpect(s, p)).build(), s, p));
      st.issues.info(ConversionCode.KEY_UNPAIRED, p, "keyUp of " + key + " has no keyDown before it; it is a key release of its own");
      st.mapped++;
      return navigation;
    }
    String down = pressedAt.remove(key);
    Step held = downOnly.remove(key);
    if (at != st.steps.size() - 1 && held != null) {
      // steps in between: the key stays down around them, as recorded
      st.steps.set(at, held);
      st.add(st.withCommon(InteractionStep.Press.builder().id(st.id()).key(playwrightKey(key)).phase(Step.KeyPhase.UP)
          .addAllExpect(parts.urlExpect(s, p)).build(), s, p));
      st.mapped++;
      return navigation;
    }
    Step press = st.steps.get(at);
    List<Condition> expect = new ArrayList<>(press.expect());
    expect.addAll(parts.urlExpect(s, p));
    Step merged = press.withExpect(expect);
    if (press.timeoutMs().isEmpty() && s.hasTimeout) {
      OptionalInt t = st.timeout(s.timeout, p + ".timeout");
      if (t.isPresent()) {
        merged = merged.withTimeoutMs(t.getAsInt());
      }
    }
    st.steps.set(at, merged);
    st.issues.info(ConversionCode.STEPS_MERGED, p, "keyDown " + down + " and this keyUp of " + key + " became one press"
        + (at != st.steps.size() - 1 ? " (before the steps between them: a key held with modifiers cannot stay down in the flow)" : ""));
    st.mapped++;
    return navigation;
  }

  /** The held modifiers, now marked used (a click or press with them down). */
  List<String> useHeld() {
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

  /** The keys still down at the end of the recording stay down; modifiers never released are reported. */
  void unpaired() {
    for (Map.Entry<String, Integer> e : pressOfKey.entrySet()) {
      Step held = downOnly.get(e.getKey());
      if (held != null) {
        st.steps.set(e.getValue(), held);
        st.issues.info(ConversionCode.KEY_UNPAIRED, pressedAt.get(e.getKey()), "keyDown of " + e.getKey()
            + " has no keyUp; the key goes down and stays down, as recorded");
      } else {
        st.issues.info(ConversionCode.KEY_UNPAIRED, pressedAt.get(e.getKey()), "keyDown of " + e.getKey()
            + " has no keyUp; with the modifiers held for it, it is replayed as a full press (down and up)");
      }
    }
    for (String m : held.keySet()) {
      st.issues.warning(ConversionCode.KEY_UNPAIRED, heldAt.get(m), "modifier " + m + " is pressed and never released; it is not held in the flow");
    }
  }
}
