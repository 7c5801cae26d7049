package io.browserflow.formats;

import io.browserflow.api.Capability;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowMeta;
import io.browserflow.api.Policy;
import io.browserflow.api.Step;
import io.browserflow.api.lint.FlowLint;
import io.browserflow.api.lint.LintCode;
import io.browserflow.api.lint.LintWarning;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * One import of a recording-plugin Flow JSON; see {@link RecordingPluginCodec} for the mapping.
 * The file is read into a {@link PluginRecording}; this class opens the start URL, hands each step
 * to {@link PluginInteractionSteps} or {@link PluginPageSteps} (which enter its tab and frame
 * through {@link PluginContexts}), records what became of it ({@link StepMapping}), then passes on
 * what lint finds in the result (fragile selectors and frames, secrets left in values) and
 * leaves out any step the validator rejects. They share one {@link PluginImportState}.
 */
final class PluginImport {
  private static final Set<LintCode> PASSED_ON = Set.of(LintCode.UNSTABLE_SELECTOR, LintCode.FRAME_SELECTOR_UNSTABLE,
      LintCode.FRAME_URL_DYNAMIC, LintCode.VOLATILE_VALUE, LintCode.SENSITIVE_VALUE);

  private final PluginRecording rec;
  private final String origin;
  private final PluginImportState st;
  private final PluginValues values;
  private final PluginInteractionSteps interactions;
  private final PluginPageSteps pages;

  private PluginImport(PluginRecording rec, String origin, ImportOptions options) {
    this.rec = rec;
    this.origin = origin;
    this.st = new PluginImportState(options);
    st.reserve(rec.steps);
    String start = rec.startUrl != null ? rec.startUrl : rec.steps.stream().filter(s -> "navigate".equals(s.type))
        .map(s -> s.text("url")).filter(u -> u != null).findFirst().orElse(null);
    this.values = new PluginValues(st, rec.name != null ? rec.name : baseName(origin), start);
    PluginContexts contexts = new PluginContexts(st, rec, values);
    this.interactions = new PluginInteractionSteps(st, values, contexts);
    this.pages = new PluginPageSteps(st, values, contexts);
  }

  static Conversion<Flow> run(PluginRecording rec, String origin, ImportOptions options) {
    return new PluginImport(rec, origin, options).run();
  }

  private Conversion<Flow> run() {
    if (rec.startUrl != null && !rec.startUrl.isBlank()) {
      pages.start(rec.startUrl);
      st.mappings.add(new StepMapping("session.startUrl", "start", StepMapping.Outcome.MAPPED,
          List.of(PluginImportState.describe(st.steps.get(0))), "the session's start URL"));
    } else if (!rec.steps.isEmpty() && !"navigate".equals(rec.steps.get(0).type)) {
      st.issues.warning(ConversionCode.NO_START_URL, "session.startUrl", "the recording has no start URL and does not "
          + "begin with a navigation: the flow acts on whatever page is open; add an open step with the start URL");
    }
    for (int i = 0; i < rec.steps.size(); i++) {
      PluginStep previous = i > 0 ? rec.steps.get(i - 1) : null;
      PluginStep next = i + 1 < rec.steps.size() ? rec.steps.get(i + 1) : null;
      mapped(rec.steps.get(i), previous, next);
    }
    passOnLint();
    Flow flow = validFlow();
    return Conversion.of(Format.RECORDING_PLUGIN, Format.FLOW, flow, rec.steps.size(), st.mapped, st.issues)
        .withRecordedSecrets(RecordedSecrets.of(st.recordedSecrets)).withMappings(st.mappings);
  }

  /** Maps one step and records what became of it. */
  private void mapped(PluginStep s, PluginStep previous, PluginStep next) {
    int before = st.steps.size();
    st.merged = null;
    st.skipped = null;
    step(s, previous, next);
    List<String> made = new ArrayList<>();
    for (int k = before; k < st.steps.size(); k++) {
      made.add(PluginImportState.describe(st.steps.get(k)));
    }
    StepMapping.Outcome outcome;
    String note;
    // a step folded into another may still have entered its tab or frame first
    if (st.merged != null) {
      outcome = StepMapping.Outcome.MERGED;
      note = st.merged;
      st.mapped++;
    } else if (!made.isEmpty()) {
      outcome = StepMapping.Outcome.MAPPED;
      note = "";
      st.mapped++;
    } else if (st.skipped != null) {
      outcome = StepMapping.Outcome.SKIPPED;
      note = st.skipped;
    } else {
      outcome = StepMapping.Outcome.LEFT_OUT;
      note = "";
    }
    st.mappings.add(new StepMapping(s.path, s.type == null ? "?" : s.type, outcome, made, note));
  }

  private void step(PluginStep s, PluginStep previous, PluginStep next) {
    if (s.type == null) {
      st.issues.blocking(ConversionCode.FIELD_INVALID, s.path, "the step is not an object with a type; it is left out");
      return;
    }
    switch (s.type) {
      case "input" -> interactions.input(s, next);
      case "change" -> interactions.change(s, previous);
      case "click" -> interactions.click(s);
      case "submit" -> interactions.submit(s, previous);
      case "keydown" -> interactions.keydown(s, previous, next);
      case "scroll" -> interactions.scroll(s);
      case "navigate" -> pages.navigate(s);
      case "postmessage" -> pages.postMessage(s);
      case "wait" -> pages.waitStep(s, next);
      default -> st.issues.blocking(ConversionCode.UNSUPPORTED_STEP, s.path, "step type \"" + s.type + "\" is not one the "
          + "recording plugin's Flow JSON defines (" + String.join(", ", new TreeSet<>(PluginRecording.TYPES))
          + "); it is not dropped silently: the flow cannot be used until a person replaces it");
    }
  }

  /**
   * The findings of lint that concern what the recording held: fragile selectors and frames,
   * volatile values, personal data (warnings), and literal secrets left in a value no field
   * credential took (blocking: {@code SECRET_POLICY_VIOLATION}), each at its source step.
   */
  private void passOnLint() {
    Flow draft = flow();
    Set<String> seen = new HashSet<>();
    for (LintWarning w : FlowLint.lint(draft).warnings()) {
      if (!PASSED_ON.contains(w.code())) {
        continue;
      }
      String where = ImportSources.sourceOf(w.path(), st.stepPaths);
      if (!seen.add(w.code() + "@" + where)) {
        continue;
      }
      if (w.code() == LintCode.SENSITIVE_VALUE && w.blocking()) {
        st.issues.blocking(ConversionCode.SECRET_POLICY_VIOLATION, where, w.message()
            + "; the value would be written into the flow and its exports: replace it with a secret credential");
      } else {
        ConversionCode.of(w.code()).ifPresent(c -> st.issues.warning(c, where, w.message()));
      }
    }
  }

  /** The flow, without the steps the validator rejects ({@link ImportSources#withoutInvalidSteps}). */
  private Flow validFlow() {
    return ImportSources.withoutInvalidSteps(this::flow, st.stepPaths, st.issues, "this one", i -> {
      Step removed = st.steps.remove(i);
      st.stepPaths.remove(i);
      forget(PluginImportState.describe(removed));
    });
  }

  /** Takes a step left out of the mapping that made it. */
  private void forget(String described) {
    for (int k = 0; k < st.mappings.size(); k++) {
      StepMapping m = st.mappings.get(k);
      if (m.results().contains(described)) {
        List<String> rest = new ArrayList<>(m.results());
        rest.remove(described);
        boolean gone = rest.isEmpty();
        if (gone && m.outcome() == StepMapping.Outcome.MAPPED) {
          st.mapped--;
        }
        st.mappings.set(k, new StepMapping(m.sourcePath(), m.sourceType(), gone ? StepMapping.Outcome.LEFT_OUT
            : m.outcome(), rest, gone ? "invalid" : m.note()));
      }
    }
  }

  private Flow flow() {
    String base = baseName(origin);
    String id = rec.name != null && !rec.name.isBlank() ? Flow.slug(rec.name) : Flow.slug(base);
    String name = rec.title != null && !rec.title.isBlank() ? rec.title.strip()
        : rec.name != null && !rec.name.isBlank() ? rec.name.strip() : base;
    int max = PluginImportState.LIMITS.maxNameChars();
    if (name.length() > max) {
      name = name.substring(0, max).strip();
    }
    Flow.Builder b = Flow.builder().id(id).name(name);
    if (rec.description != null && !rec.description.isBlank()) {
      String d = rec.description.strip();
      b.description(d.length() > PluginImportState.LIMITS.maxDescriptionChars()
          ? d.substring(0, PluginImportState.LIMITS.maxDescriptionChars()) : d);
    }
    FlowMeta.Builder meta = FlowMeta.builder().source("recording-plugin");
    if (rec.createdAt != null) {
      meta.createdAt(rec.createdAt);
    }
    if (rec.recorderVersion != null) {
      meta.recorderVersion(rec.recorderVersion);
    }
    b.meta(meta.build()).addAllInputs(st.inputs.values()).addAllCredentials(st.credentials.values())
        .addAllTabs(st.tabs.values()).addAllSteps(st.steps);
    if (st.scriptEval) {
      b.policy(Policy.builder().addCapabilities(Capability.SCRIPT_EVAL).build());
    }
    return b.build();
  }

  /**
   * The file name of {@code origin} without its extension; {@code flow} when there is no origin,
   * {@code recording} when it names no file.
   */
  private static String baseName(String origin) {
    if (origin != null && ImportSources.fileName(origin).isBlank()) {
      return "recording";
    }
    return ImportSources.baseName(origin, List.of(".flow-recording.json", ".recording.json", ".json"));
  }
}
