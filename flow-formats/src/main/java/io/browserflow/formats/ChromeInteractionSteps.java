package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.Credential;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Point;
import io.browserflow.api.Step;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Maps the recorded steps that act on an element: {@code click} and {@code doubleClick} (button,
 * offset, held modifiers, press duration), {@code change} (a {@code change} step: the element
 * decides at run time whether the value is selected, typed or set; a value typed into a
 * password-like field becomes a credential) and {@code scroll}.
 */
final class ChromeInteractionSteps {
  private final ChromeImportState st;
  private final ChromeStepParts parts;
  private final ChromeKeys keys;
  private final Map<String, String> credentialOfField = new LinkedHashMap<>();

  ChromeInteractionSteps(ChromeImportState st, ChromeStepParts parts, ChromeKeys keys) {
    this.st = st;
    this.parts = parts;
    this.keys = keys;
  }

  String click(ChromeStep s, String p, boolean dbl) {
    String button = s.button;
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
      case "back":
        mouse = Step.MouseButton.BACK;
        break;
      case "forward":
        mouse = Step.MouseButton.FORWARD;
        break;
      default:
        st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".button", "mouse button \"" + button + "\" has no BrowserFlow equivalent; the step is left out");
        return null;
    }
    String device = s.deviceType;
    if (!device.equals("mouse")) {
      st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".deviceType", "pointer device \"" + device + "\" is replayed as a mouse");
    }
    OptionalInt delay = OptionalInt.empty();
    if (s.hasDuration) {
      if (s.duration == null) {
        st.issues.warning(ConversionCode.FIELD_INVALID, p + ".duration", "duration is not a non-negative number; it is a plain click");
      } else if (dbl) {
        st.issues.info(ConversionCode.UNSUPPORTED_OPTION, p + ".duration", "a double click's press duration is not carried over");
      } else {
        delay = OptionalInt.of(Math.min(s.duration, 30_000));
        if (s.duration > 30_000) {
          st.issues.warning(ConversionCode.VALUE_CLAMPED, p + ".duration", "the press duration " + s.duration + " ms is cut to 30000 ms");
        }
      }
    }
    Optional<Point> offset = s.offset;
    OptionalInt held = delay;
    if (dbl) {
      if (mouse != Step.MouseButton.LEFT) {
        st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".button", "a double click with the " + button + " button is replayed with the primary one");
      }
      return parts.targeted(s, p, t -> Step.Dblclick.builder().id(st.id()).target(t).offset(offset).build());
    }
    List<String> modifiers = keys.useHeld();
    return parts.targeted(s, p, t -> Step.Click.builder().id(st.id()).target(t).button(mouse).offset(offset)
        .delay(held).addAllModifiers(modifiers).build());
  }

  String change(ChromeStep s, String p) {
    if (s.value == null) {
      st.issues.blocking(ConversionCode.FIELD_INVALID, p + ".value", "change has no string value; it is left out");
      return null;
    }
    JsonNode selectors = s.selectors;
    String value = s.value;
    if (!value.isEmpty() && !Placeholders.contains(value) && ChromeSelectors.namesPasswordField(selectors)) {
      String key = credentialOfField.computeIfAbsent(ChromeSelectors.first(selectors), f -> newCredentialKey());
      st.credentials.putIfAbsent(key, Credential.of(key, Credential.Type.PASSWORD));
      value = "${credential." + key + "}";
      st.issues.warning(ConversionCode.SENSITIVE_VALUE, p + ".value", "the value typed into a password-like field is replaced by "
          + value + " (a secret credential supplied at run time); the recorded value is not kept");
    }
    st.refs(value);
    String v = value;
    // what the value does (selected, typed, set) is decided at run time by the element, as the reference does
    return parts.targeted(s, p, t -> Step.Change.builder().id(st.id()).target(t).value(v).build());
  }

  private String newCredentialKey() {
    String key = "PASSWORD";
    for (int n = 2; st.credentials.containsKey(key); n++) {
      key = "PASSWORD_" + n;
    }
    return key;
  }

  String scroll(ChromeStep s, String p) {
    int x = (int) Math.round(s.x);
    int y = (int) Math.round(s.y);
    if (s.hasSelectors) {
      return parts.targeted(s, p, t -> Step.Scroll.builder().id(st.id()).mode(Step.ScrollMode.TO).target(t).x(x).y(y).build());
    }
    parts.inFrames(s, p, () -> st.add(st.withCommon(Step.Scroll.builder().id(st.id()).mode(Step.ScrollMode.TO).x(x).y(y)
        .addAllExpect(parts.urlExpect(s, p)).build(), s, p)));
    st.mapped++;
    return parts.navigation(s, p);
  }
}
