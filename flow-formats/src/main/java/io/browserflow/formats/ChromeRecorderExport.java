package io.browserflow.formats;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Flow;
import io.browserflow.api.OnError;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Step;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.validate.FlowLimits;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * One export of a flow to a Chrome Recorder user flow; see {@link ChromeRecorderCodec} for the
 * mapping. This class writes the recording's title and default timeout, and per step what {@link
 * ChromeStepWriter} makes of it plus the issues that concern the whole step (retry and onError,
 * placeholders the replay takes literally). The writers share one {@link ChromeExportState}.
 *
 * <p>A step the format cannot hold is left out with a warning, unless a step written after it
 * depends on it: then the export is {@code blocked} ({@link ChromeDroppedSteps} has the rule). A
 * step in another tab than the first is written with the URL of its page as {@code target}, never
 * the tab's alias; when that URL is not known the export is blocked ({@link ChromeTabTargets}).
 * Placeholders left in the recording ({@code ${KEY}}, {@code ${credential.KEY}}) are a warning
 * per step ({@code PLACEHOLDER_VALUE}): the reference replays them literally, so fill the inputs in
 * before the export (secret credentials are never filled).
 */
final class ChromeRecorderExport {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  /** Where a click without a recorded offset is written: the format requires one; a few pixels in from the corner. */
  static final int DEFAULT_OFFSET = 4;

  private final ChromeExportState st;
  private final ChromeStepWriter writer;
  private final ChromeDroppedSteps dropped;

  ChromeRecorderExport(Flow flow) {
    this.st = new ChromeExportState(flow);
    ChromeStepNodes nodes = new ChromeStepNodes(st);
    ChromeConditionSteps conditions = new ChromeConditionSteps(st, nodes, new ChromeExpressions(st));
    this.writer = new ChromeStepWriter(st, nodes, conditions, new ChromeActionSteps(st, nodes, conditions));
    this.dropped = new ChromeDroppedSteps(st);
    String json = FlowJson.write(flow);
    for (String ref : Placeholders.references(json)) {
      if (ref.startsWith("steps.") && ref.endsWith(".result")) {
        st.evalOutputs.add(ref.substring(6, ref.length() - 7));
      }
    }
  }

  Conversion<String> run() {
    ObjectNode root = JSON.objectNode();
    root.put("title", st.flow.name());
    root.put("timeout", FlowLimits.defaults().defaultStepTimeoutMs());
    for (int i = 0; i < st.flow.steps().size(); i++) {
      step(st.flow.steps().get(i), i);
    }
    dropped.settle();
    root.set("steps", st.steps);
    int read = NativeCodec.count(st.flow.steps());
    return Conversion.of(Format.FLOW, Format.CHROME_RECORDER, Json.write(root), read, st.mapped, st.issues);
  }

  private void step(Step s, int index) {
    String p = "steps[" + index + "]";
    if (s.disabled()) {
      st.issues.info(ConversionCode.STEP_DISABLED, p, "disabled step " + s.describe() + " is not written");
      return;
    }
    st.path = p;
    st.step = s.describe();
    int before = st.steps.size();
    int issuesBefore = st.issues.size();
    boolean ok = writer.write(s, p);
    if (!ok) {
      dropped.dropped(s, index, p, issuesBefore);
      return;
    }
    st.mapped++;
    if (s.retry().isPresent() || s.onError().kind() != OnError.Kind.STOP) {
      st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p, "retry and onError have no equivalent; the replay stops at the first failure of "
          + s.describe());
    }
    if (!s.dialogs().isEmpty()) {
      st.issues.blocking(ConversionCode.UNSUPPORTED_OPTION, p + ".dialogs", "Chrome Recorder has no step that answers a "
          + "native dialog; " + s.describe() + " opens " + describe(s.dialogs()) + ", which the replay would not answer as declared");
    }
    Set<String> held = new LinkedHashSet<>();
    for (int i = before; i < st.steps.size(); i++) {
      String written = st.steps.get(i).toString();
      if (written.contains(Placeholders.OPEN)) {
        Placeholders.references(written).forEach(r -> held.add("${" + r + "}"));
      }
    }
    if (!held.isEmpty()) {
      st.issues.warning(ConversionCode.PLACEHOLDER_VALUE, p, s.describe() + " holds " + String.join(", ", held)
          + ", which the recording replays literally: fill the inputs in before exporting, or put real values in before replaying it "
          + "(credentials are never filled in)");
    }
  }

  static String describe(java.util.List<io.browserflow.api.Dialog> dialogs) {
    return dialogs.stream().map(io.browserflow.api.Dialog::describe).collect(java.util.stream.Collectors.joining(", "));
  }
}
