package io.browserflow.formats;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Flow;
import io.browserflow.api.OnError;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Step;
import io.browserflow.api.TabAlias;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.validate.FlowLimits;

/**
 * One export of a flow to a Chrome Recorder user flow; see {@link ChromeRecorderCodec} for the
 * mapping. This class writes the recording's title and default timeout, and per step what {@link
 * ChromeStepWriter} makes of it plus the issues that concern the whole step (retry and onError,
 * placeholders the replay takes literally). The writers share one {@link ChromeExportState}.
 */
final class ChromeRecorderExport {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  /** Where a click without a recorded offset is written: the format requires one; a few pixels in from the corner. */
  static final int DEFAULT_OFFSET = 4;

  private final ChromeExportState st;
  private final ChromeStepWriter writer;

  ChromeRecorderExport(Flow flow) {
    this.st = new ChromeExportState(flow);
    ChromeStepNodes nodes = new ChromeStepNodes(st);
    ChromeConditionSteps conditions = new ChromeConditionSteps(st, nodes, new ChromeExpressions(st));
    this.writer = new ChromeStepWriter(st, nodes, conditions, new ChromeActionSteps(st, nodes, conditions));
    for (TabAlias t : flow.tabs()) {
      t.url().ifPresent(u -> st.tabUrl.put(t.alias(), u));
      t.opener().ifPresent(o -> st.tabOpener.put(t.alias(), o));
    }
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
      step(st.flow.steps().get(i), "steps[" + i + "]");
    }
    root.set("steps", st.steps);
    int read = NativeCodec.count(st.flow.steps());
    return Conversion.of(Format.FLOW, Format.CHROME_RECORDER, Json.write(root), read, st.mapped, st.issues);
  }

  private void step(Step s, String p) {
    if (s.disabled()) {
      st.issues.info(ConversionCode.STEP_DISABLED, p, "disabled step " + s.describe() + " is not written");
      return;
    }
    int before = st.steps.size();
    boolean ok = writer.write(s, p);
    if (!ok) {
      return;
    }
    st.mapped++;
    if (s.retry().isPresent() || s.onError().kind() != OnError.Kind.STOP) {
      st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p, "retry and onError have no equivalent; the replay stops at the first failure of "
          + s.describe());
    }
    for (int i = before; i < st.steps.size(); i++) {
      if (st.steps.get(i).toString().contains(Placeholders.OPEN)) {
        st.issues.warning(ConversionCode.PLACEHOLDER_VALUE, p, s.describe() + " holds ${...} placeholders, which the recording replays literally: "
            + "put real values in before replaying it elsewhere");
        break;
      }
    }
  }
}
