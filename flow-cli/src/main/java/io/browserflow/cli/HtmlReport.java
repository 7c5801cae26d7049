package io.browserflow.cli;

import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.engine.StepResult;
import io.browserflow.engine.StepState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

/**
 * A self-contained {@code index.html}: a summary of the runs, then each run's steps with state,
 * time, the winning candidate (fallbacks highlighted), errors and the failure screenshot inline.
 */
final class HtmlReport {
  private HtmlReport() {}

  static Path write(Path dir, List<RunResult> runs) {
    try {
      Files.createDirectories(dir);
      Path index = dir.resolve("index.html");
      Files.writeString(index, render(runs), StandardCharsets.UTF_8);
      return index;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the report into " + dir + ": " + e.getMessage(), e);
    }
  }

  static String render(List<RunResult> runs) {
    long passed = runs.stream().filter(RunResult::succeeded).count();
    StringBuilder h = new StringBuilder(16_384);
    h.append("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        .append("<title>BrowserFlow report</title><style>")
        .append("body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans CJK SC',sans-serif;")
        .append("margin:24px auto;max-width:1100px;padding:0 16px;color:#1f2328}")
        .append("h1{font-size:22px}h2{font-size:18px;margin-top:32px}")
        .append("table{border-collapse:collapse;width:100%;margin:8px 0}")
        .append("th,td{border-bottom:1px solid #d0d7de;padding:6px 8px;text-align:left;vertical-align:top}")
        .append("th{background:#f6f8fa}.SUCCEEDED,.VERIFIED{color:#1a7f37;font-weight:600}")
        .append(".FAILED,.NEEDS_REVIEW{color:#cf222e;font-weight:600}.CANCELLED,.SKIPPED{color:#656d76}")
        .append("tr.fallback td{background:#fff8c5}tr.failed td{background:#ffebe9}")
        .append(".note{color:#656d76;font-size:12px}code{font-size:12px}")
        .append("img.shot{max-width:100%;border:1px solid #d0d7de;margin-top:6px}")
        .append(".badge{display:inline-block;padding:1px 8px;border-radius:10px;background:#eaeef2;font-size:12px}")
        .append("</style></head><body>\n");
    h.append("<h1>BrowserFlow report</h1><p id=\"summary\">").append(passed).append(" of ").append(runs.size())
        .append(runs.size() == 1 ? " flow" : " flows").append(" succeeded.</p>\n");
    h.append("<table id=\"runs\"><tr><th>Flow</th><th>Status</th><th>Steps</th><th>Time</th><th>Error</th></tr>\n");
    for (int i = 0; i < runs.size(); i++) {
      RunResult r = runs.get(i);
      h.append("<tr><td><a href=\"#run-").append(i).append("\">").append(esc(r.flowName())).append("</a></td><td class=\"")
          .append(r.status()).append("\">").append(r.status()).append("</td><td>").append(r.steps().size())
          .append("</td><td>").append(r.tookMs()).append(" ms</td><td>")
          .append(r.errorCode().map(c -> esc(c + " at " + r.errorPath().orElse(""))).orElse("")).append("</td></tr>\n");
    }
    h.append("</table>\n");
    for (int i = 0; i < runs.size(); i++) {
      section(h, i, runs.get(i));
    }
    h.append("</body></html>\n");
    return h.toString();
  }

  private static void section(StringBuilder h, int index, RunResult r) {
    h.append("<section class=\"run\" id=\"run-").append(index).append("\"><h2>").append(esc(r.flowName()))
        .append(" <span class=\"").append(r.status()).append("\">").append(r.status()).append("</span></h2>")
        .append("<p class=\"note\">run ").append(esc(r.runId())).append(" · flow ").append(esc(r.flowId()))
        .append(" · started ").append(r.startedAt()).append(" · ").append(r.tookMs()).append(" ms · digest <code>")
        .append(esc(r.flowDigest().length() > 12 ? r.flowDigest().substring(0, 12) : r.flowDigest()))
        .append("</code></p>");
    if (r.status() != RunStatus.SUCCEEDED && r.errorCode().isPresent()) {
      h.append("<p class=\"error\"><b>").append(r.errorCode().get()).append("</b> at <code>")
          .append(esc(r.errorPath().orElse(""))).append("</code>: ").append(esc(r.errorMessage().orElse("")))
          .append("</p>");
    }
    h.append("<table class=\"steps\"><tr><th>Step</th><th>State</th><th>Attempts</th><th>Time</th><th>Target</th><th>Details</th></tr>\n");
    for (StepResult s : r.steps()) {
      String rowClass = s.state() == StepState.FAILED ? "failed" : s.fallbackUsed() ? "fallback" : "";
      h.append("<tr class=\"").append(rowClass).append("\"><td><code>").append(esc(s.path())).append("</code><br>")
          .append(esc(s.op())).append(" <b>").append(esc(s.title().orElse(s.stepId()))).append("</b>")
          .append(s.iteration().map(it -> " <span class=\"badge\">#" + esc(it) + "</span>").orElse(""))
          .append("</td><td class=\"").append(s.state()).append("\">").append(s.state()).append("</td><td>")
          .append(s.attempts()).append("</td><td>").append(s.tookMs()).append(" ms</td><td>");
      if (s.winner().isPresent()) {
        h.append("candidate ").append(s.winner().getAsInt());
        if (s.fallbackUsed()) {
          h.append(" <span class=\"badge\">fallback</span><div class=\"note\">consider promoting candidate ")
              .append(s.winner().getAsInt()).append("</div>");
        }
      }
      h.append("</td><td>");
      s.errorCode().ifPresent(c -> h.append("<b>").append(c).append("</b> "));
      s.message().ifPresent(m -> h.append(esc(m)));
      s.candidates().ifPresent(c -> h.append("<div class=\"note\">candidates: ").append(esc(c)).append("</div>"));
      s.url().ifPresent(u -> h.append("<div class=\"note\">url: ").append(esc(u)).append("</div>"));
      s.console().forEach(c -> h.append("<div class=\"note activity\">").append(esc(c.describe())).append("</div>"));
      s.requests().forEach(q -> h.append("<div class=\"note activity\">request ").append(esc(q.describe())).append("</div>"));
      if (s.droppedActivity() > 0) {
        h.append("<div class=\"note activity\">and ").append(s.droppedActivity()).append(" more console lines or requests</div>");
      }
      for (String artifact : s.artifacts()) {
        image(h, Path.of(artifact));
      }
      h.append("</td></tr>\n");
    }
    h.append("</table>");
    r.trace().ifPresent(t -> h.append("<p><b>Trace</b>: <code>").append(esc(t))
        .append("</code>, open it with <code>browserflow show-trace ").append(esc(t)).append("</code></p>"));
    if (!r.blockedRequests().isEmpty()) {
      h.append("<p><b>Blocked requests</b> (network deny mode):</p><ul>");
      r.blockedRequests().forEach(u -> h.append("<li><code>").append(esc(u)).append("</code></li>"));
      h.append("</ul>");
    }
    h.append("</section>\n");
  }

  private static void image(StringBuilder h, Path file) {
    String name = file.getFileName().toString().toLowerCase();
    if (name.endsWith(".zip")) {
      return; // the trace, shown with the command that opens it below the steps
    }
    if (!name.endsWith(".png") || !Files.isRegularFile(file)) {
      h.append("<div class=\"note\">artifact: ").append(esc(file.toString())).append("</div>");
      return;
    }
    try {
      h.append("<div><img class=\"shot\" alt=\"").append(esc(file.getFileName().toString()))
          .append("\" src=\"data:image/png;base64,").append(Base64.getEncoder().encodeToString(Files.readAllBytes(file)))
          .append("\"></div>");
    } catch (IOException e) {
      h.append("<div class=\"note\">artifact not readable: ").append(esc(file.toString())).append("</div>");
    }
  }

  static String esc(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (char c : s.toCharArray()) {
      switch (c) {
        case '<': out.append("&lt;"); break;
        case '>': out.append("&gt;"); break;
        case '&': out.append("&amp;"); break;
        case '"': out.append("&quot;"); break;
        case '\'': out.append("&#39;"); break;
        default: out.append(c);
      }
    }
    return out.toString();
  }
}
