package io.browserflow.engine.review;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.StepResult;
import java.util.Optional;

/**
 * A replay's receipt (seed 003): metadata only — which flow (id, revision, digest), which approval
 * and environment it ran under, when, how long, and each step's path, operation, state, time and
 * error code. Never a value, a selector, a URL, a message or page text, so a receipt can be kept
 * and shared where the run's results cannot.
 *
 * <pre>{@code
 * String json = Receipt.of(result, approvals.approval(flow.id()), flow.version());
 * }</pre>
 */
public final class Receipt {
  /** The {@code format} line of a receipt. */
  public static final String FORMAT = "browserflow-receipt/1";

  private static final ObjectMapper JSON = new ObjectMapper();

  private Receipt() {}

  /** The receipt of a run, as pretty-printed JSON. */
  public static String of(RunResult r, Optional<Approvals.Approval> approval, int flowVersion) {
    ObjectNode o = JSON.createObjectNode().put("format", FORMAT).put("runId", r.runId()).put("flowId", r.flowId())
        .put("flowVersion", flowVersion).put("flowDigest", r.flowDigest()).put("status", r.status().name())
        .put("startedAt", r.startedAt().toString()).put("tookMs", r.tookMs());
    r.errorCode().ifPresent(c -> o.put("errorCode", c.name()));
    r.errorPath().ifPresent(p -> o.put("errorStep", p));
    approval.ifPresent(a -> {
      ObjectNode ap = o.putObject("approval").put("digest", a.digest()).put("reviewer", a.reviewer())
          .put("approvedAt", a.approvedAt().toString()).put("matchesRun", a.digest().equals(r.flowDigest()));
      a.environment().ifPresent(env -> ap.put("environmentDigest", env.digest()));
    });
    ArrayNode steps = o.putArray("steps");
    for (StepResult s : r.steps()) {
      ObjectNode st = steps.addObject().put("path", s.path()).put("op", s.op()).put("state", s.state().name())
          .put("tookMs", s.tookMs());
      s.errorCode().ifPresent(c -> st.put("errorCode", c.name()));
    }
    o.put("blockedRequests", r.blockedRequests().size());
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(o) + "\n";
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
