package io.browserflow.formats;

import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.json.FlowJson;
import java.util.List;

/** BrowserFlow's own {@code browserflow/1} JSON. */
final class NativeCodec implements FormatCodec {
  @Override
  public Format format() {
    return Format.FLOW;
  }

  @Override
  public boolean detects(String content) {
    return Json.object(content).map(o -> o.path("schema").asText("").startsWith("browserflow/")).orElse(false);
  }

  @Override
  public Conversion<Flow> read(String content, String origin) {
    Flow flow = FlowJson.read(content);
    int n = count(flow.steps());
    return Conversion.of(Format.FLOW, Format.FLOW, flow, n, n, List.of());
  }

  @Override
  public Conversion<String> write(Flow flow) {
    int n = count(flow.steps());
    return Conversion.of(Format.FLOW, Format.FLOW, FlowJson.write(flow), n, n, List.of());
  }

  /** Steps including nested bodies and fallbacks. */
  static int count(List<Step> steps) {
    int n = 0;
    for (Step s : steps) {
      n += 1;
      if (s instanceof Step.Foreach) {
        n += count(((Step.Foreach) s).body());
      } else if (s instanceof Step.Repeat) {
        n += count(((Step.Repeat) s).body());
      } else if (s instanceof Step.While) {
        n += count(((Step.While) s).body());
      } else if (s instanceof Step.If) {
        n += count(((Step.If) s).then()) + count(((Step.If) s).otherwise());
      } else if (s instanceof Step.Paginate) {
        n += count(((Step.Paginate) s).body());
      }
    }
    return n;
  }
}
