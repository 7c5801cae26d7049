package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Flow;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Step;
import io.browserflow.api.json.FlowJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Whether a flow step the recording cannot hold may be left out with a warning, or makes the
 * export {@code blocked}: a replay of the recording must reach the flow's end state, and it cannot
 * when a step it leaves out is one that a written step after it depends on.
 *
 * <p>The rule, by what the step left out reaches ({@link ChromeStepEffects.Reach}):
 * <ul>
 *   <li><b>the page</b> — open, navigate, back, forward, reload, setViewport, emulateNetwork (the
 *       later steps load and fetch under its conditions), click, dblclick,
 *       contextmenu, hover, fill, type, press, select, check, uncheck, toggle, scroll, drag, upload,
 *       eval, manual, paginate, and a foreach, repeat, if or while with such a step in a body:
 *       always blocking: the flow's end state includes what it did (the first step written after it
 *       that acts on the page is named).</li>
 *   <li><b>a tab</b> — tabNew: blocking when a step is written later in the tab it opens.</li>
 *   <li><b>a frame</b> — frame (a locator that is no index): blocking when a step is written later
 *       in the frame context the flow would have been in.</li>
 *   <li><b>only its outputs</b> — wait, assert, read, scrape, screenshot, csvImport, csvExport,
 *       setVar, and a loop or branch whose bodies only hold such steps: blocking when a later step
 *       uses an output of it or of a step in its bodies ({@code ${steps.<id>.*}}, or the
 *       {@code ${vars.<name>}} a setVar sets), else a warning.</li>
 * </ul>
 * The blocking issue is the step's own ({@code UNSUPPORTED_STEP}, {@code TARGET_UNRESOLVED},
 * {@code FRAME_UNRESOLVED}, ...) raised to blocking, its message naming the step's id and the step
 * that depends on it; the path is the left-out step's {@code steps[i]}.
 */
final class ChromeDroppedSteps {
  private record Drop(Step step, int index, String path, int issue, int written, String tab, int frameEpoch) {}

  private final ChromeExportState st;
  /** The placeholder paths each top-level step uses (none for a disabled one: it is not written). */
  private final List<List<String>> references = new ArrayList<>();
  private final List<Drop> drops = new ArrayList<>();

  ChromeDroppedSteps(ChromeExportState st) {
    this.st = st;
    for (Step s : st.flow.steps()) {
      references.add(s.disabled() ? List.of() : Placeholders.references(FlowJson.write(Flow.builder().name("step").addSteps(s).build())));
    }
  }

  /**
   * The step {@code index} of the flow was not written; {@code issuesBefore} is the number of issues
   * before it was tried, so the issue that left it out is told apart.
   */
  void dropped(Step s, int index, String path, int issuesBefore) {
    int issue = st.lastDrop >= issuesBefore ? st.lastDrop : -1;
    if (issue < 0) {
      issue = st.issues.size();
      st.issues.warning(ConversionCode.UNSUPPORTED_STEP, path, s.describe() + " (" + s.kind().op() + ") is not written");
    }
    drops.add(new Drop(s, index, path, issue, st.steps.size(), st.tab, st.frameEpoch));
  }

  /** Makes blocking the issue of each step left out that a written step after it depends on. */
  void settle() {
    for (Drop d : drops) {
      Optional<String> why = outputUse(d).or(() -> pageUse(d));
      if (why.isPresent()) {
        ConversionIssue was = st.issues.get(d.issue);
        st.issues.replace(d.issue, ConversionIssue.of(was.code(), ConversionIssue.Severity.BLOCKING, was.path(), was.message()
            + "; this blocks the export: " + why.get() + ", so a replay of the recording would not reach the flow's end state. "
            + "Rewrite the step with what Chrome Recorder has, or replay the flow itself"));
      }
    }
  }

  /** A later step using an output of the step or of a step in its bodies. */
  private Optional<String> outputUse(Drop d) {
    List<String> prefixes = new ArrayList<>();
    for (Step s : ChromeStepEffects.withBodies(d.step)) {
      prefixes.add("steps." + s.id());
      ChromeStepEffects.of(s).variable().ifPresent(v -> prefixes.add("vars." + v));
    }
    for (int j = d.index + 1; j < references.size(); j++) {
      for (String ref : references.get(j)) {
        for (String prefix : prefixes) {
          if (ref.equals(prefix) || ref.startsWith(prefix + ".")) {
            return Optional.of(d.step.kind().op() + " step " + d.step.id() + " produces ${" + ref + "}, which steps[" + j + "] ("
                + st.flow.steps().get(j).describe() + ") uses");
          }
        }
      }
    }
    return Optional.empty();
  }

  /** The first step written after the step that acts on what it changed (the page, the tab it opens, the frame it enters). */
  private Optional<String> pageUse(Drop d) {
    ChromeStepEffects.Reach reach = ChromeStepEffects.reach(d.step);
    if (reach == ChromeStepEffects.Reach.OUTPUTS) {
      return Optional.empty();
    }
    Optional<String> tab = ChromeStepEffects.of(d.step).tab();
    for (int i = d.written; i < st.steps.size(); i++) {
      JsonNode n = st.steps.get(i);
      ChromeExportState.Origin o = st.origins.get((ObjectNode) n);
      if (o == null) {
        continue;
      }
      String what = switch (reach) {
        case PAGE -> "changes the page, and " + o.step() + " (" + o.path() + ") after it acts on that page";
        case TAB -> tab.isPresent() && o.tab().equals(tab.get())
            ? "opens tab " + tab.get() + ", and " + o.step() + " (" + o.path() + ") runs in it" : null;
        case FRAME -> o.tab().equals(d.tab) && o.frameEpoch() == d.frameEpoch
            ? "enters a frame, and " + o.step() + " (" + o.path() + ") runs in it" : null;
        case OUTPUTS -> null;
      };
      if (what != null) {
        return Optional.of(d.step.kind().op() + " step " + d.step.id() + " " + what);
      }
    }
    if (reach == ChromeStepEffects.Reach.PAGE) {
      return Optional.of(d.step.kind().op() + " step " + d.step.id() + " changes the page, and the flow's end state includes what it did");
    }
    return Optional.empty();
  }
}
