package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.Credential;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Point;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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
  /** The model's button for each button the format names. */
  private static final Map<String, Step.MouseButton> BUTTONS = Map.of("primary", Step.MouseButton.LEFT,
      "secondary", Step.MouseButton.RIGHT, "auxiliary", Step.MouseButton.MIDDLE, "back", Step.MouseButton.BACK,
      "forward", Step.MouseButton.FORWARD);

  private final ChromeImportState st;
  private final ChromeStepParts parts;
  private final ChromeKeys keys;
  /** The credential key of each distinct secret value typed (memory only). */
  private final Map<String, String> credentialOfValue = new LinkedHashMap<>();
  /** The last value typed into a user-name-like field: names the passwords typed after it. */
  private String lastUser;
  /** The user each password key was typed for, when known. */
  private final Map<String, String> userOfKey = new LinkedHashMap<>();

  ChromeInteractionSteps(ChromeImportState st, ChromeStepParts parts, ChromeKeys keys) {
    this.st = st;
    this.parts = parts;
    this.keys = keys;
  }

  String click(ChromeStep s, String p, boolean dbl) {
    String button = s.button;
    Step.MouseButton mouse = BUTTONS.get(button);
    if (mouse == null) {
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
      return parts.targeted(s, p, t -> InteractionStep.Dblclick.builder().id(st.id()).target(t).offset(offset).build());
    }
    List<String> modifiers = keys.useHeld();
    return parts.targeted(s, p, t -> InteractionStep.Click.builder().id(st.id()).target(t).button(mouse).offset(offset)
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
      // one key per distinct value: a recording that signs in as two users needs two passwords
      String key = credentialOfValue.get(value);
      if (key == null) {
        key = newCredentialKey();
        credentialOfValue.put(value, key);
        st.recordedSecrets.put(key, value);
        st.credentials.put(key, Credential.builder().key(key).type(Credential.Type.PASSWORD)
            .label(lastUser == null ? "Password typed into " + ChromeSelectors.first(selectors)
                : "Password of " + lastUser + " typed into " + ChromeSelectors.first(selectors)).build());
      }
      value = "${credential." + key + "}";
      st.issues.warning(ConversionCode.SENSITIVE_VALUE, p + ".value", "the value typed into a password-like field is replaced by "
          + value + " (a secret credential supplied at run time, or the recorded one with --use-recorded-secrets); "
          + "the recorded value is not written");
    } else if (!value.isEmpty() && !Placeholders.contains(value) && ChromeSelectors.namesUserField(selectors)) {
      lastUser = value;
    }
    st.refs(value);
    String v = value;
    // what the value does (selected, typed, set) is decided at run time by the element, as the reference does
    return parts.targeted(s, p, t -> InteractionStep.Change.builder().id(st.id()).target(t).value(v).build());
  }

  /**
   * PASSWORD for the first; later ones named after the user signed in with them where known
   * (PASSWORD_BOB, then PASSWORD_BOB_2 for another of bob's), else numbered.
   */
  private String newCredentialKey() {
    String base = "PASSWORD";
    if (st.credentials.containsKey(base) && lastUser != null) {
      String user = lastUser.replaceAll("@.*$", "").toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]+", "_")
          .replaceAll("^_+|_+$", "");
      if (!user.isEmpty() && user.length() <= 40) {
        base = "PASSWORD_" + user;
      }
    }
    boolean usersOther = lastUser != null && userOfKey.containsValue(lastUser);
    String key = base.equals("PASSWORD") || usersOther ? null : base;
    for (int n = 2; key == null || st.credentials.containsKey(key); n++) {
      key = base.equals("PASSWORD") && !st.credentials.containsKey("PASSWORD") ? "PASSWORD" : base + "_" + n;
    }
    if (lastUser != null) {
      userOfKey.put(key, lastUser);
    }
    return key;
  }


  String scroll(ChromeStep s, String p) {
    int x = (int) Math.round(s.x);
    int y = (int) Math.round(s.y);
    if (s.hasSelectors) {
      return parts.targeted(s, p, t -> InteractionStep.Scroll.builder().id(st.id()).mode(Step.ScrollMode.TO).target(t).x(x).y(y).build());
    }
    parts.inFrames(s, p, () -> st.add(st.withCommon(InteractionStep.Scroll.builder().id(st.id()).mode(Step.ScrollMode.TO).x(x).y(y)
        .addAllExpect(parts.urlExpect(s, p)).build(), s, p)));
    st.mapped++;
    return parts.navigation(s, p);
  }
}
