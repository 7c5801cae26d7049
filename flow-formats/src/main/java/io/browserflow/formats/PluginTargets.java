package io.browserflow.formats;

import io.browserflow.api.Candidate;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.api.lint.FlowLint;
import io.browserflow.api.lint.LintCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The element a recording-plugin step acted on as a BrowserFlow target: candidates in the order
 * the recorder's own ranking uses (test id, id, role and name, label, placeholder, text, then the
 * plugin's css and xpath selectors), each kept once. Snapshot refs ({@code @e12}) and empty
 * selectors are never candidates: they locate nothing in a later session.
 */
final class PluginTargets {
  /** Ids a framework generates per render (long digit runs, {@code el-id-}, React's {@code :r1:}, UUIDs). */
  private static final Pattern GENERATED_ID = Pattern.compile("\\d{3,}|^el-id-|^:r|^ember\\d|[0-9a-f]{8}-[0-9a-f]{4}-");
  private static final Pattern XPATH = Pattern.compile("^(?:xpath=|\\(*/)");
  private static final int MAX_TEXT = 50;

  private PluginTargets() {}

  /** The element's target; empty when nothing it records can locate it. */
  static Optional<Target> target(PluginStep.Element e) {
    if (e == null) {
      return Optional.empty();
    }
    List<Candidate> out = new ArrayList<>();
    if (e.testId != null) {
      add(out, Candidate.testId(e.testId));
    }
    if (e.id != null && !GENERATED_ID.matcher(e.id).find()) {
      add(out, Candidate.id(e.id));
    }
    String accessibleName = e.ariaLabel != null ? e.ariaLabel : shortText(e.text);
    if (e.role != null && accessibleName != null) {
      add(out, Candidate.role(e.role.toLowerCase(Locale.ROOT), accessibleName));
    }
    if (e.label != null) {
      add(out, Candidate.label(e.label));
    }
    if (e.placeholder != null) {
      add(out, Candidate.placeholder(e.placeholder));
    }
    if ((e.is("BUTTON") || e.is("A")) && shortText(e.text) != null) {
      add(out, Candidate.text(shortText(e.text)));
    }
    for (String s : e.selectors) {
      selector(s).ifPresent(c -> add(out, c));
    }
    return out.isEmpty() ? Optional.empty() : Optional.of(Target.of(out));
  }

  /** A css or xpath candidate of a recorded selector; empty for a snapshot ref. */
  static Optional<Candidate> selector(String s) {
    String v = s.strip();
    if (v.isEmpty() || v.startsWith("@")) {
      return Optional.empty();
    }
    if (XPATH.matcher(v).find()) {
      return Optional.of(Candidate.xpath(v.startsWith("xpath=") ? v.substring(6) : v));
    }
    return Optional.of(Candidate.css(v.startsWith("css=") ? v.substring(4) : v));
  }

  /**
   * Whether the element looks like a loading mask, overlay or backdrop, by the rule lint applies
   * to clicks ({@code OVERLAY_CLICK}), asked of its target and of its class names.
   */
  static boolean overlay(PluginStep.Element e, Target t) {
    List<Candidate> probe = new ArrayList<>(t.candidates());
    if (e.className != null && !e.className.isBlank()) {
      probe.add(Candidate.css((e.tagName == null ? "" : e.tagName.toLowerCase(Locale.ROOT)) + "."
          + String.join(".", e.className.strip().split("\\s+"))));
    }
    Flow f = Flow.builder().name("overlay probe")
        .addSteps(InteractionStep.Click.builder().id("probe").target(Target.of(probe)).build()).build();
    return FlowLint.lint(f).has(LintCode.OVERLAY_CLICK);
  }

  private static String shortText(String text) {
    if (text == null) {
      return null;
    }
    String t = text.strip().replaceAll("\\s+", " ");
    return t.isEmpty() || t.length() > MAX_TEXT ? null : t;
  }

  private static void add(List<Candidate> out, Candidate c) {
    if (!out.contains(c)) {
      out.add(c);
    }
  }
}
