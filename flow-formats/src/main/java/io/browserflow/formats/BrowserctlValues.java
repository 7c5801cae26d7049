package io.browserflow.formats;

import io.browserflow.api.Candidate;
import io.browserflow.api.Input;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Target;
import io.browserflow.formats.BrowserctlDocument.Command;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The values of browserctl commands as a flow's: {@code ${KEY}} references become {@code
 * ${credential.KEY}}, {@code ${input.KEY}} or the step output a captured variable names (an
 * unknown key becomes a required input), and selectors become targets.
 */
final class BrowserctlValues {
  static final Pattern KEY = Pattern.compile("[^\\s${}]+");
  private static final Pattern ATTRIBUTE_CSS = Pattern.compile(
      "\\[\\s*([A-Za-z-]+)\\s*=\\s*(?:\"((?:[^\"\\\\]|\\\\.)*)\"|'((?:[^'\\\\]|\\\\.)*)')\\s*]");
  static final Pattern SNAPSHOT_REF = Pattern.compile("(?:ref:)?@e\\d+");

  private final BrowserctlImportState st;

  BrowserctlValues(BrowserctlImportState st) {
    this.st = st;
  }

  /** A browserctl selector as a target: data-testid and id attribute selectors become those candidates. */
  Target target(String selector, Command c) {
    String sel = selector.trim();
    if (SNAPSHOT_REF.matcher(sel).matches()) {
      st.issues.blocking(ConversionCode.TARGET_UNRESOLVED, c.path, "selector " + sel
          + " is a snapshot ref, valid only while recording: use a css selector or find");
      return null;
    }
    String v = value(sel, c);
    if (v == null) {
      return null;
    }
    Matcher m = ATTRIBUTE_CSS.matcher(v);
    if (m.matches()) {
      String attr = m.group(1);
      String val = CssStrings.unescape(m.group(2) != null ? m.group(2) : m.group(3));
      if (attr.equals("data-testid") && !val.isEmpty()) {
        return Target.of(Candidate.testId(val));
      }
      if (attr.equals("id") && !val.isEmpty()) {
        return Target.of(Candidate.id(val));
      }
    }
    if (v.startsWith("//") || v.startsWith("xpath=")) {
      return Target.of(Candidate.xpath(v.startsWith("xpath=") ? v.substring(6) : v));
    }
    return Target.of(Candidate.css(v));
  }

  /** Maps {@code ${KEY}} to BrowserFlow placeholders; null (with an issue) when it cannot. */
  String value(String raw, Command c) {
    if (raw == null) {
      return null;
    }
    Optional<String> syntax = Placeholders.syntaxError(raw);
    if (syntax.isPresent()) {
      st.issues.blocking(ConversionCode.PLACEHOLDER_INVALID, c.path, "malformed placeholder: " + syntax.get());
      return null;
    }
    boolean[] failed = {false};
    String out = Placeholders.replace(raw, ref -> {
      String mappedRef = reference(ref, c);
      if (mappedRef == null) {
        failed[0] = true;
        return "";
      }
      return "${" + mappedRef + "}";
    });
    return failed[0] ? null : out;
  }

  private String reference(String ref, Command c) {
    if (st.credentials.containsKey(ref)) {
      return "credential." + ref;
    }
    if (st.inputs.containsKey(ref)) {
      return "input." + ref;
    }
    if (st.outputVars.containsKey(ref)) {
      return st.outputVars.get(ref);
    }
    if (ref.startsWith("input.") && st.inputs.containsKey(ref.substring(6))
        || ref.startsWith("credential.") && st.credentials.containsKey(ref.substring(11))) {
      return ref;
    }
    if (ref.contains(".")) {
      st.issues.blocking(ConversionCode.BINDING_UNRESOLVED, c.path, "${" + ref
          + "} names no credential, input or captured variable of the file");
      return null;
    }
    if (!KEY.matcher(ref).matches()) {
      st.issues.blocking(ConversionCode.BINDING_UNRESOLVED, c.path, "${" + ref + "} is not a usable key");
      return null;
    }
    boolean dead = st.deadVars.contains(ref) || st.tabVars.containsKey(ref);
    st.inputs.put(ref, Input.of(ref));
    if (st.reported.add(ref)) {
      if (dead) {
        st.issues.blocking(ConversionCode.BINDING_UNRESOLVED, c.path, "${" + ref + "} is captured by a command "
            + "BrowserFlow cannot reproduce; it was declared as input " + ref + " so a person can supply it");
      } else {
        st.issues.warning(ConversionCode.BINDING_UNRESOLVED, c.path, "${" + ref
            + "} is neither a declared credential nor input; it was declared as a required input");
      }
    }
    return "input." + ref;
  }
}
