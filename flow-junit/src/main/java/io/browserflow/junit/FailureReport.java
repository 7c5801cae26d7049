package io.browserflow.junit;

import io.browserflow.api.ErrorCode;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.StepResult;
import io.browserflow.engine.StepState;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a person needs to act on a failed run, in a few lines: where (step path, title, op and id,
 * loop iteration), what (error code and message), the candidates tried with their counts, the
 * page's URL, and the screenshot and trace to open. Secrets never appear: the engine has masked
 * them already.
 */
final class FailureReport {
  private static final String TRACE_NOTE = " (saved when the test's browser context closes)";

  private FailureReport() {}

  /** One line for a run, failed or not. */
  static String summary(RunResult r) {
    return "flow \"" + r.flowName() + "\" (" + r.flowId() + ") " + r.status() + " in " + r.tookMs() + " ms"
        + r.errorCode().map(c -> ": " + c).orElse("") + r.errorPath().filter(p -> !p.isEmpty()).map(p -> " at " + p).orElse("");
  }

  static String describe(RunResult r) {
    if (r.succeeded()) {
      return summary(r);
    }
    StringBuilder out = new StringBuilder();
    Optional<StepResult> step = r.failedStep();
    String code = r.errorCode().map(ErrorCode::name).orElse(r.status().name());
    out.append("flow \"").append(r.flowName()).append("\" (").append(r.flowId()).append(')');
    if (step.isPresent()) {
      StepResult s = step.get();
      out.append(" failed at ").append(s.path());
      s.iteration().ifPresent(i -> out.append(" (iteration ").append(i).append(')'));
      s.title().ifPresent(t -> out.append(" \"").append(t).append('"'));
      out.append(" (").append(s.op()).append(' ').append(s.stepId()).append("): ").append(code).append('\n');
      line(out, "error", s.message().or(r::errorMessage).orElse(""));
      s.candidates().ifPresent(c -> line(out, "candidates", c));
      s.url().ifPresent(u -> line(out, "url", u));
      s.console().forEach(c -> line(out, "page said", c.describe()));
      s.requests().forEach(q -> line(out, "request", q.describe()));
      if (s.droppedActivity() > 0) {
        line(out, "and", s.droppedActivity() + " more console lines or requests (see the trace)");
      }
      for (String file : s.artifacts()) {
        if (file.endsWith(".png")) {
          line(out, "screenshot", file);
        } else if (file.endsWith("trace.zip")) {
          line(out, "trace", file + TRACE_NOTE);
          line(out, "open it with", "browserflow show-trace " + file);
        } else {
          line(out, "file", file);
        }
      }
      if (s.attempts() > 1) {
        line(out, "attempts", s.attempts() + " (the step's own retries)");
      }
    } else if (r.errorPath().map(String::isEmpty).orElse(true) && r.steps().isEmpty()) {
      out.append(" was refused before its first step: ").append(code).append('\n');
      line(out, "error", r.errorMessage().orElse(""));
      hint(r.errorCode()).ifPresent(h -> line(out, "what to do", h));
    } else {
      out.append(" did not succeed: ").append(code).append(r.errorPath().filter(p -> !p.isEmpty()).map(p -> " at " + p).orElse(""))
          .append('\n');
      line(out, "error", r.errorMessage().orElse(""));
    }
    long verified = r.steps().stream().filter(s -> s.state() == StepState.VERIFIED).count();
    line(out, "run", verified + " step" + (verified == 1 ? "" : "s") + " verified, " + r.tookMs() + " ms, run id " + r.runId());
    return out.toString().stripTrailing();
  }

  /** Report entries for a run: a summary always; for failures the report, screenshot and trace. */
  static Map<String, String> entries(RunResult r) {
    Map<String, String> out = new LinkedHashMap<>();
    out.put("browserflow.run", summary(r));
    if (!r.succeeded()) {
      out.put("browserflow.failure", describe(r));
      r.failedStep().ifPresent(s -> {
        for (String file : s.artifacts()) {
          if (file.endsWith(".png")) {
            out.putIfAbsent("browserflow.screenshot", file);
          } else if (file.endsWith("trace.zip")) {
            out.putIfAbsent("browserflow.trace", file);
          }
        }
      });
    }
    return out;
  }

  private static Optional<String> hint(Optional<ErrorCode> code) {
    if (code.isEmpty()) {
      return Optional.empty();
    }
    // a missing input or capability: the engine's message already says what to set (worded for JUnit)
    switch (code.get()) {
      case INPUT_INVALID:
        return Optional.of("give inputs with @FlowTest(inputs = \"KEY=value\"), the configuration parameter "
            + "browserflow.input.KEY or the environment variable BROWSERFLOW_INPUT_KEY, and credentials with "
            + "browserflow.credential.KEY or BROWSERFLOW_CREDENTIAL_KEY (or pass Inputs to the run); "
            + "@FlowTest(serve = ...) fills SERVER_URL and BASE_URL");
      default:
        return Optional.empty();
    }
  }

  private static void line(StringBuilder out, String label, String value) {
    out.append("  ").append(label).append(':');
    for (int i = label.length(); i < 11; i++) {
      out.append(' ');
    }
    out.append(' ').append(value.replace("\n", "\n             ")).append('\n');
  }
}
