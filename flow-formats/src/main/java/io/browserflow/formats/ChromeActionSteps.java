package io.browserflow.formats;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The recording's steps for the actions that need more than one: a click with modifiers (keyDown
 * and keyUp around it), typing (a change, or key steps per character into the focused element),
 * a press, and a scroll to a position.
 */
final class ChromeActionSteps {
  /** The format's key for each modifier name the model may hold, by its lower-case spelling. */
  private static final Map<String, String> MODIFIER_KEYS = Map.of("shift", "Shift", "alt", "Alt", "meta", "Meta",
      "command", "Meta", "cmd", "Meta", "control", "Control", "ctrl", "Control", "controlormeta", "Control");

  private final ChromeExportState st;
  private final ChromeStepNodes nodes;
  private final ChromeConditionSteps conditions;

  ChromeActionSteps(ChromeExportState st, ChromeStepNodes nodes, ChromeConditionSteps conditions) {
    this.st = st;
    this.nodes = nodes;
    this.conditions = conditions;
  }

  boolean click(InteractionStep.Click c, String p) {
    ObjectNode n = nodes.targeted("click", c, c.target(), p);
    if (n == null) {
      return false;
    }
    nodes.offset(n, c.offset(), p);
    String button = switch (c.button()) {
      case LEFT -> null; // the format's default, primary
      case RIGHT -> "secondary";
      case MIDDLE -> "auxiliary";
      case BACK -> "back";
      case FORWARD -> "forward";
    };
    if (button != null) {
      n.put("button", button);
    }
    c.delay().ifPresent(ms -> n.put("duration", ms));
    List<String> mods = modifiers(c.modifiers(), p);
    for (String m : mods) {
      st.steps.add(nodes.key("keyDown", m));
    }
    boolean ok = conditions.action(n, c, p);
    for (int i = mods.size() - 1; i >= 0; i--) {
      st.steps.add(nodes.key("keyUp", mods.get(i)));
    }
    // the popup's URL is known from the flow's tabs or the checks at its start; else its steps block the export
    c.newTab().ifPresent(alias -> st.tabs.opened(alias, st.tab, Optional.empty()));
    return ok;
  }

  boolean type(InteractionStep.Type t, String p) {
    if (t.target().isPresent()) {
      ObjectNode n = nodes.targeted("change", t, t.target().get(), p);
      if (n == null) {
        return false;
      }
      n.put("value", t.text());
      st.issues.warning(ConversionCode.APPROXIMATED, p, "type appends to the field, change sets its whole value; it is written as change");
      return conditions.action(n, t, p);
    }
    if (!t.text().chars().allMatch(ch -> ch >= 0x20 && ch < 0x7f) || Placeholders.contains(t.text())) {
      return st.unsupported(t, p, "typing into the focused element is written key by key, which works for plain ASCII text only");
    }
    for (int i = 0; i < t.text().length(); i++) {
      String k = String.valueOf(t.text().charAt(i));
      st.steps.add(nodes.key("keyDown", k));
      st.steps.add(nodes.key("keyUp", k));
    }
    st.issues.info(ConversionCode.APPROXIMATED, p, "typing into the focused element is written as keyDown and keyUp steps per character");
    conditions.expectations(t, p, false);
    return true;
  }

  boolean press(InteractionStep.Press k, String p) {
    if (k.target().isPresent()) {
      st.issues.warning(ConversionCode.APPROXIMATED, p, "the key goes to the focused element: the format's key steps have no target ("
          + k.target().get().describe() + ")");
    }
    String key = k.key().equals("Space") ? " " : k.key();
    if (k.phase() != Step.KeyPhase.PRESS) {
      ObjectNode n = nodes.base(k.phase() == Step.KeyPhase.DOWN ? "keyDown" : "keyUp", k);
      n.put("key", key);
      return conditions.action(n, k, p);
    }
    List<String> mods = modifiers(k.modifiers(), p);
    for (String m : mods) {
      st.steps.add(nodes.key("keyDown", m));
    }
    st.steps.add(nodes.key("keyDown", key));
    ObjectNode up = nodes.base("keyUp", k);
    up.put("key", key);
    boolean ok = conditions.action(up, k, p);
    for (int i = mods.size() - 1; i >= 0; i--) {
      st.steps.add(nodes.key("keyUp", mods.get(i)));
    }
    return ok;
  }

  boolean scroll(InteractionStep.Scroll s, String p) {
    String not = switch (s.mode()) {
      case TO -> null;
      case BY -> "by an amount";
      case INTO_VIEW -> "into view";
    };
    if (not != null) {
      return st.unsupported(s, p, "the format scrolls to absolute positions only (mode to), not " + not);
    }
    ObjectNode n;
    if (s.target().isPresent()) {
      n = nodes.targeted("scroll", s, s.target().get(), p);
      if (n == null) {
        return false;
      }
    } else {
      n = nodes.base("scroll", s);
      nodes.frame(n, List.of(), p);
    }
    n.put("x", s.x()).put("y", s.y());
    return conditions.action(n, s, p);
  }

  private List<String> modifiers(List<String> names, String p) {
    List<String> out = new ArrayList<>();
    for (String m : names) {
      String lower = m.trim().toLowerCase(Locale.ROOT);
      String key = MODIFIER_KEYS.get(lower);
      if (key == null) {
        st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p, "modifier " + m + " is not a key the format knows; it is left out");
        continue;
      }
      out.add(key);
      if (lower.equals("controlormeta")) {
        st.issues.info(ConversionCode.APPROXIMATED, p, "ControlOrMeta is written as Control");
      }
    }
    return out;
  }
}
