package io.browserflow.formats;

import io.browserflow.api.Candidate;
import io.browserflow.api.Credential;
import io.browserflow.api.Point;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.formats.SideProject.Command;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps the Selenium IDE commands that act on the page: click offsets, {@code type} (a literal
 * typed into a password field becomes a credential), {@code sendKeys} (typed text and key presses
 * with held modifiers), {@code select} by label or value (by index or id through a page script)
 * and {@code dragAndDropToObject}.
 */
final class SideInteractionCommands {
  private static final Pattern SECRET_FIELD = Pattern.compile(
      "(?i)(passw|\\bpwd\\b|\\bpass\\b|\\bpin\\b|\\botp\\b)");
  private static final Map<String, String> KEYS = keys();

  private final SideImportState st;
  private final SideVariables vars;
  private final SideLocators locators;
  /** Each literal password typed to the credential that replaces it. */
  private final Map<String, String> secretKeys = new HashMap<>();

  SideInteractionCommands(SideImportState st, SideVariables vars, SideLocators locators) {
    this.st = st;
    this.vars = vars;
    this.locators = locators;
  }

  Optional<Point> offset(Command c) {
    if (!c.name.endsWith("At")) {
      return Optional.empty();
    }
    Matcher m = Pattern.compile("^\\s*(-?\\d{1,6}(?:\\.\\d{1,6})?)\\s*,\\s*(-?\\d{1,6}(?:\\.\\d{1,6})?)\\s*$").matcher(c.value);
    if (!m.matches()) {
      if (!c.value.isBlank()) {
        st.issues.warning(ConversionCode.APPROXIMATED, c.path + ".value", "the coordinates " + c.value
            + " are not x,y: the element's center is clicked");
      }
      return Optional.empty();
    }
    return Optional.of(Point.of(Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))));
  }

  /** A typed value: placeholders mapped, a literal password replaced by a credential. */
  String typed(Command c, String value) {
    if (!value.isEmpty() && !value.contains("${") && secretField(c)) {
      String key = secretKeys.computeIfAbsent(value, v -> {
        String k = secretKeys.isEmpty() ? "PASSWORD" : "PASSWORD_" + (secretKeys.size() + 1);
        st.credentials.put(k, Credential.builder().key(k).type(Credential.Type.PASSWORD)
            .label("Password typed in the Selenium IDE recording").build());
        st.recordedSecrets.put(k, v);
        return k;
      });
      st.issues.warning(ConversionCode.SENSITIVE_VALUE, c.path + ".value", "a literal value typed into a "
          + "password field became ${credential." + key + "}: give the credential at run time (or replay the recorded one with --use-recorded-secrets)");
      return "${credential." + key + "}";
    }
    return vars.interpolate(value, c.path + ".value");
  }

  private boolean secretField(Command c) {
    if (SECRET_FIELD.matcher(c.target).find()) {
      return true;
    }
    for (String t : c.targets) {
      if (SECRET_FIELD.matcher(t).find()) {
        return true;
      }
    }
    return false;
  }

  void sendKeys(Command c, Target t, List<Step> out) {
    List<String> held = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    Matcher m = SideImportState.VARIABLE.matcher(c.value);
    int at = 0;
    while (true) {
      boolean found = m.find();
      String literal = c.value.substring(at, found ? m.start() : c.value.length());
      for (int i = 0; i < literal.length(); ) {
        int cp = literal.codePointAt(i);
        String ch = new String(Character.toChars(cp));
        i += ch.length();
        if (held.isEmpty()) {
          text.append(ch);
        } else {
          flushText(c, t, text, out);
          out.add(InteractionStep.Press.builder().id(st.id()).key(ch).modifiers(held).target(t).build());
        }
      }
      if (!found) {
        break;
      }
      String name = m.group(1).trim();
      Optional<String> mod = modifier(name);
      if (KEYS.containsKey(name)) {
        flushText(c, t, text, out);
        out.add(InteractionStep.Press.builder().id(st.id()).key(KEYS.get(name)).modifiers(held).target(t).build());
      } else if (mod.isPresent()) {
        if (!held.remove(mod.get())) {
          held.add(mod.get());
        }
      } else if (name.startsWith("KEY_")) {
        st.issues.warning(ConversionCode.UNSUPPORTED_KEY, c.path + ".value", "the key " + name
            + " has no equivalent and is left out");
      } else {
        text.append(m.group());
      }
      at = m.end();
    }
    flushText(c, t, text, out);
    if (out.size() > 1) {
      st.issues.info(ConversionCode.REWRITTEN, c.path, "sendKeys became " + out.size()
          + " steps: typed text and key presses");
    }
  }

  private void flushText(Command c, Target t, StringBuilder text, List<Step> out) {
    if (text.length() > 0) {
      out.add(InteractionStep.Type.builder().id(st.id()).target(t).text(typed(c, text.toString())).build());
      text.setLength(0);
    }
  }

  /**
   * addSelection / removeSelection: one option of a multi-select selected or deselected, the others
   * kept, as the reference's click on the option does; a page script (select steps replace the
   * selection), so the flow declares script.eval.
   */
  private void multiple(Command c, Target t, String kind, String what, boolean add, List<Step> out) {
    Optional<String> element = t.candidates().stream().map(SideLocators::elementScript).flatMap(Optional::stream).findFirst();
    if (element.isEmpty() || !t.framePath().isEmpty()) {
      st.unsupported(c, ConversionIssue.Severity.BLOCKING, c.name + " needs a css, id or xpath locator for the select");
      return;
    }
    String match;
    switch (kind) {
      case "value":
        match = "o.value === " + SideLocators.jsString(what);
        break;
      case "index":
        match = "i === " + SideLocators.jsString(what) + " * 1";
        break;
      case "id":
        match = "o.id === " + SideLocators.jsString(what);
        break;
      default:
        match = "o.text.trim() === " + SideLocators.jsString(what);
    }
    out.add(st.eval("const s = " + element.get() + "; if (!s) throw new Error('select not found'); "
        + "const o = Array.from(s.options).find((o, i) => " + match + "); "
        + "if (!o) throw new Error('no option ' + " + SideLocators.jsString(kind + "=" + what) + "); "
        + "o.selected = " + add + "; s.dispatchEvent(new Event('input', {bubbles: true}));"
        + " s.dispatchEvent(new Event('change', {bubbles: true}));"));
    st.issues.info(ConversionCode.APPROXIMATED, c.path, c.name + " " + (add ? "adds" : "removes") + " option " + kind + "="
        + what + (add ? " to" : " from") + " the selection by a page script (a select step would replace the selection)");
  }

  void select(Command c, Target t, List<Step> out) {
    String option = c.value.trim();
    int eq = option.indexOf('=');
    String kind = eq > 0 ? option.substring(0, eq) : "label";
    String what = eq > 0 ? option.substring(eq + 1) : option;
    if (!Set.of("label", "value", "index", "id").contains(kind)) {
      kind = "label";
      what = option;
    }
    what = vars.interpolate(what, c.path + ".value");
    if (c.name.equals("addSelection") || c.name.equals("removeSelection")) {
      multiple(c, t, kind, what, c.name.equals("addSelection"), out);
      return;
    }
    switch (kind) {
      case "value":
        out.add(InteractionStep.Select.builder().id(st.id()).target(t).value(what).build());
        return;
      case "label":
        out.add(InteractionStep.Select.builder().id(st.id()).target(t).label(what).build());
        return;
      default: {
        Optional<String> element = t.candidates().stream().map(SideLocators::elementScript)
            .flatMap(Optional::stream).findFirst();
        if (element.isEmpty() || !t.framePath().isEmpty()) {
          st.unsupported(c, ConversionIssue.Severity.BLOCKING, "option " + option + " needs a css, id or xpath "
              + "locator for the select");
          return;
        }
        String pick = kind.equals("index")
            ? "s.selectedIndex = " + SideLocators.jsString(what) + " * 1;"
            : "const o = document.getElementById(" + SideLocators.jsString(what) + "); if (!o || !s.contains(o)) "
                + "throw new Error('no option ' + " + SideLocators.jsString(what) + "); o.selected = true;";
        out.add(st.eval("const s = " + element.get() + "; if (!s) throw new Error('select not found'); " + pick
            + " s.dispatchEvent(new Event('input', {bubbles: true}));"
            + " s.dispatchEvent(new Event('change', {bubbles: true}));"));
        st.issues.warning(ConversionCode.APPROXIMATED, c.path + ".value", "option " + kind + "=" + what
            + " is selected by a page script (select steps pick by value or label)");
      }
    }
  }

  void dragAndDrop(Command c, List<Step> out) {
    Optional<Target> from = locators.target(c);
    List<Candidate> to = locators.candidates(vars.interpolate(c.value, c.path + ".value"), c.path + ".value");
    if (from.isEmpty()) {
      return;
    }
    if (to.isEmpty()) {
      st.issues.blocking(ConversionCode.TARGET_UNRESOLVED, c.path + ".value", "the drop locator " + c.value
          + " has no equivalent");
      return;
    }
    out.add(InteractionStep.Drag.builder().id(st.id()).source(from.get()).destination(Target.of(to)).build());
  }

  private static Map<String, String> keys() {
    Map<String, String> k = new HashMap<>();
    String[][] pairs = {
        // the names of selenium-webdriver's Key (what selenium-side-runner knows) and Selenium IDE's older aliases
        {"ENTER", "Enter"}, {"RETURN", "Enter"}, {"TAB", "Tab"}, {"BACK_SPACE", "Backspace"}, {"BACKSPACE", "Backspace"},
        {"BKSP", "Backspace"}, {"ARROW_UP", "ArrowUp"}, {"ARROW_DOWN", "ArrowDown"}, {"ARROW_LEFT", "ArrowLeft"},
        {"ARROW_RIGHT", "ArrowRight"}, {"PAUSE", "Pause"},
        {"DELETE", "Delete"}, {"DEL", "Delete"}, {"ESC", "Escape"}, {"ESCAPE", "Escape"}, {"UP", "ArrowUp"},
        {"DOWN", "ArrowDown"}, {"LEFT", "ArrowLeft"}, {"RIGHT", "ArrowRight"}, {"HOME", "Home"}, {"END", "End"},
        {"PAGE_UP", "PageUp"}, {"PGUP", "PageUp"}, {"PAGE_DOWN", "PageDown"}, {"PGDN", "PageDown"},
        {"SPACE", "Space"}, {"INSERT", "Insert"}, {"EQUALS", "="}, {"SEMICOLON", ";"}, {"ADD", "+"},
        {"SUBTRACT", "-"}, {"MULTIPLY", "*"}, {"DIVIDE", "/"}, {"DECIMAL", "."}, {"SEPARATOR", ","},
    };
    for (String[] p : pairs) {
      k.put("KEY_" + p[0], p[1]);
    }
    for (int i = 1; i <= 12; i++) {
      k.put("KEY_F" + i, "F" + i);
    }
    for (int i = 0; i <= 9; i++) {
      k.put("KEY_NUMPAD" + i, "Numpad" + i);
      k.put("KEY_N" + i, "Numpad" + i);
    }
    return k;
  }

  /** Modifier keys of sendKeys: held from where they appear to the end of the value. */
  private static Optional<String> modifier(String name) {
    switch (name) {
      case "KEY_SHIFT":
        return Optional.of("Shift");
      case "KEY_CONTROL":
      case "KEY_CTRL":
        return Optional.of("Control");
      case "KEY_ALT":
        return Optional.of("Alt");
      case "KEY_META":
      case "KEY_COMMAND":
        return Optional.of("Meta");
      default:
        return Optional.empty();
    }
  }
}
