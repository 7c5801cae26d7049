package io.browserflow.engine.report;

import io.browserflow.engine.ConsoleLine;
import io.browserflow.engine.RequestLine;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.engine.StepResult;
import io.browserflow.engine.StepState;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.imageio.ImageIO;

/**
 * One self-contained HTML file (styles, script and images inline, so it opens offline, e.g. from a
 * CI artifact) for a batch of runs: a summary with filters (failed, flaky, passed) and a search;
 * failed flows first, each opening with its failed step (error, candidates, URL, what the page
 * reported, the failure screenshot); per flow a step timeline (open for failed and flaky flows and
 * flows that fell back or retried, folded for the others) with durations, the winning locator
 * as written, fallbacks flagged with the candidate to promote, step thumbnails, console and network
 * lines, and the trace with the command that opens it. Results hold no secrets, so neither does the
 * report.
 *
 * <pre>{@code
 * HtmlReport.write(Path.of("out/index.html"), List.of(ReportItem.of(result)));
 * }</pre>
 */
public final class HtmlReport {
  /** Width of the step thumbnails, in pixels. */
  static final int THUMB_WIDTH = 320;

  private HtmlReport() {}

  /** Writes the report to {@code file} (its directory is created) and returns the file. */
  public static Path write(Path file, List<ReportItem> items) {
    try {
      Path dir = file.toAbsolutePath().getParent();
      if (dir != null) {
        Files.createDirectories(dir);
      }
      Files.writeString(file, render(items, Instant.now()), StandardCharsets.UTF_8);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the report " + file + ": " + e.getMessage(), e);
    }
  }

  /** The report's HTML. */
  public static String render(List<ReportItem> items, Instant generatedAt) {
    List<ReportItem> ordered = new ArrayList<>(items);
    ordered.sort(Comparator.comparingInt(HtmlReport::rank)); // stable: batch order within a category
    long failed = items.stream().filter(i -> category(i).equals("failed")).count();
    long flaky = items.stream().filter(i -> category(i).equals("flaky")).count();
    long passed = items.size() - failed - flaky;
    long tookMs = items.stream().mapToLong(i -> i.result().tookMs()).sum();
    StringBuilder h = new StringBuilder(32_768);
    h.append("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        // the report's own script only (by its hash), images only inline, nothing fetched from anywhere
        .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; ")
        .append("style-src 'unsafe-inline'; script-src '").append(SCRIPT_HASH).append("'; form-action 'none'\">")
        .append("<title>BrowserFlow report</title><style>").append(CSS).append("</style></head><body>\n");
    h.append("<header><h1>BrowserFlow report</h1><p id=\"summary\">").append(passed + flaky).append(" of ")
        .append(items.size()).append(items.size() == 1 ? " flow" : " flows").append(" succeeded.</p>")
        .append("<p class=\"meta\">").append(failed).append(" failed · ").append(flaky).append(" flaky · ").append(passed)
        .append(" passed · ").append(tookMs).append(" ms in all · generated ").append(generatedAt).append("</p></header>\n");
    h.append("<nav id=\"filters\" aria-label=\"Filter flows\">")
        .append(filter("all", "All", items.size(), true)).append(filter("failed", "Failed", failed, false))
        .append(filter("flaky", "Flaky", flaky, false)).append(filter("passed", "Passed", passed, false))
        .append("<input id=\"search\" type=\"search\" placeholder=\"Search flows, steps, errors\" aria-label=\"Search\">")
        .append("<span id=\"shown\" class=\"meta\"></span></nav>\n<main id=\"flows\">\n");
    for (int i = 0; i < ordered.size(); i++) {
      flow(h, i, ordered.get(i));
    }
    h.append("<p id=\"nothing\" class=\"meta\" hidden>No flow matches.</p>\n</main><script>").append(SCRIPT)
        .append("</script></body></html>\n");
    return h.toString();
  }

  private static int rank(ReportItem item) {
    return switch (category(item)) {
      case "failed" -> 0;
      case "flaky" -> 1;
      default -> 2;
    };
  }

  /** failed, flaky or passed. */
  static String category(ReportItem item) {
    return !item.result().succeeded() ? "failed" : item.flaky() ? "flaky" : "passed";
  }

  private static String filter(String key, String label, long count, boolean pressed) {
    return "<button type=\"button\" class=\"filter\" data-filter=\"" + key + "\" aria-pressed=\"" + pressed + "\">"
        + label + " <span class=\"count\">" + count + "</span></button>";
  }

  private static void flow(StringBuilder h, int index, ReportItem item) {
    RunResult r = item.result();
    String category = category(item);
    h.append("<section class=\"flow ").append(category).append("\" id=\"flow-").append(index)
        .append("\" data-category=\"").append(category).append("\" data-search=\"").append(esc(searchText(item)))
        .append("\"><h2><span class=\"status ").append(r.status()).append("\">").append(r.status()).append("</span> ")
        .append(esc(item.name()));
    if (item.flaky()) {
      h.append(" <span class=\"badge flaky\" title=\"").append(item.passedOnRetry() ? "passed on a retry" : "outcomes alternate")
          .append("\">flaky</span>");
    }
    h.append("</h2><p class=\"meta\">flow <code>").append(esc(r.flowId())).append("</code> · ").append(r.tookMs())
        .append(" ms · run <code>").append(esc(r.runId())).append("</code> · started ").append(r.startedAt());
    history(h, item);
    h.append("</p>");
    if (!item.earlierAttempts().isEmpty()) {
      h.append("<p class=\"attempts\">attempt ").append(item.earlierAttempts().size() + 1).append(" of ")
          .append(item.earlierAttempts().size() + 1).append("; earlier: ");
      for (RunResult a : item.earlierAttempts()) {
        h.append("<span class=\"status ").append(a.status()).append("\">").append(a.status()).append("</span>")
            .append(a.errorCode().map(c -> " " + c + " at " + esc(a.errorPath().orElse(""))).orElse("")).append("; ");
      }
      h.append("</p>");
    }
    Optional<StepResult> failedStep = r.failedStep();
    if (!r.succeeded()) {
      failure(h, r, failedStep);
    }
    r.trace().ifPresent(t -> h.append("<p class=\"trace\">Trace <code>").append(esc(t))
        .append("</code> — open it with <code class=\"command\">browserflow show-trace ").append(esc(t)).append("</code></p>"));
    timeline(h, r, failedStep, !category.equals("passed")
        || r.steps().stream().anyMatch(s -> s.fallbackUsed() || s.attempts() > 1));
    r.datasets().values().forEach(d -> dataset(h, d));
    if (!r.blockedRequests().isEmpty()) {
      h.append("<p><b>Blocked requests</b> (network deny mode):</p><ul>");
      r.blockedRequests().forEach(u -> h.append("<li><code>").append(esc(u)).append("</code></li>"));
      h.append("</ul>");
    }
    h.append("</section>\n");
  }

  /** The rows a report shows of one dataset; the rest are in the run result and the exports. */
  static final int DATASET_ROWS_SHOWN = 50;

  private static void dataset(StringBuilder h, io.browserflow.engine.DatasetResult d) {
    h.append("<details class=\"dataset\"><summary>Dataset <code>").append(esc(d.name())).append("</code>: ")
        .append(d.written()).append(d.written() == 1 ? " row" : " rows").append(" written");
    if (d.rows().size() != d.written()) {
      h.append(", ").append(d.rows().size()).append(" held at the end");
    }
    h.append("</summary>");
    d.exports().forEach(x -> h.append("<p class=\"detail\">exported to <code>").append(esc(x)).append("</code></p>"));
    if (!d.rows().isEmpty()) {
      h.append("<table><thead><tr>");
      d.columns().forEach(c -> h.append("<th>").append(esc(c)).append("</th>"));
      h.append("</tr></thead><tbody>");
      d.rows().stream().limit(DATASET_ROWS_SHOWN).forEach(row -> {
        h.append("<tr>");
        d.columns().forEach(c -> h.append("<td>").append(esc(row.getOrDefault(c, ""))).append("</td>"));
        h.append("</tr>");
      });
      h.append("</tbody></table>");
      if (d.rows().size() > DATASET_ROWS_SHOWN) {
        h.append("<p class=\"meta\">the first ").append(DATASET_ROWS_SHOWN).append(" of ").append(d.rows().size())
            .append(" rows; the run result holds them all</p>");
      }
    }
    h.append("</details>");
  }

  private static void history(StringBuilder h, ReportItem item) {
    if (item.history().isEmpty()) {
      return;
    }
    h.append(" · <span class=\"history\" title=\"earlier runs, oldest first, then this one\">");
    for (RunStatus s : item.history()) {
      h.append("<span class=\"dot ").append(s == RunStatus.SUCCEEDED ? "ok" : "ko").append("\" title=\"").append(s)
          .append("\"></span>");
    }
    h.append("<span class=\"dot now ").append(item.result().succeeded() ? "ok" : "ko").append("\" title=\"this run: ")
        .append(item.result().status()).append("\"></span></span>");
  }

  /** The failed step first: where, what, candidates, URL, what the page said, the screenshot. */
  private static void failure(StringBuilder h, RunResult r, Optional<StepResult> failedStep) {
    h.append("<div class=\"failure\">");
    if (failedStep.isPresent()) {
      StepResult s = failedStep.get();
      h.append("<p class=\"where\">Failed at <code>").append(esc(s.path())).append("</code> ").append(esc(s.op()))
          .append(" <b>").append(esc(s.title().orElse(s.stepId()))).append("</b>")
          .append(s.iteration().map(i -> " <span class=\"badge\">#" + esc(i) + "</span>").orElse(""))
          .append(": <b>").append(s.errorCode().map(Enum::name).orElse(r.status().name())).append("</b></p>")
          .append("<p class=\"message\">").append(esc(s.message().or(r::errorMessage).orElse(""))).append("</p>");
      s.candidates().ifPresent(c -> h.append("<p class=\"detail\">candidates: ").append(esc(c)).append("</p>"));
      s.url().ifPresent(u -> h.append("<p class=\"detail\">url: <code>").append(esc(u)).append("</code></p>"));
      activity(h, s);
      for (String a : s.artifacts()) {
        if (a.endsWith("-failure.png")) {
          image(h, Path.of(a), "failure-shot", false);
        }
      }
    } else {
      h.append("<p class=\"where\"><b>").append(r.errorCode().map(Enum::name).orElse(r.status().name())).append("</b>")
          .append(r.errorPath().filter(p -> !p.isEmpty()).map(p -> " at <code>" + esc(p) + "</code>").orElse(""))
          .append("</p><p class=\"message\">").append(esc(r.errorMessage().orElse(""))).append("</p>");
    }
    h.append("</div>");
  }

  private static void timeline(StringBuilder h, RunResult r, Optional<StepResult> failedStep, boolean open) {
    if (r.steps().isEmpty()) {
      return;
    }
    long total = Math.max(1, r.tookMs());
    for (StepResult s : r.steps()) {
      total = Math.max(total, s.startMs().orElse(0) + s.tookMs());
    }
    long cumulative = 0;
    h.append("<details class=\"steps\"").append(open ? " open" : "").append("><summary>").append(r.steps().size())
        .append(r.steps().size() == 1 ? " step" : " steps").append(", ").append(r.tookMs()).append(" ms</summary>")
        .append("<ol class=\"timeline\">");
    for (StepResult s : r.steps()) {
      long start = s.startMs().orElse(cumulative);
      cumulative = start + s.tookMs();
      boolean isFailed = failedStep.map(f -> f == s).orElse(false);
      h.append("<li class=\"step ").append(s.state().name().toLowerCase(Locale.ROOT)).append(s.fallbackUsed() ? " fallback" : "")
          .append(isFailed ? " failed-step" : "").append("\" style=\"--depth:").append(depth(s.path())).append("\">")
          .append("<div class=\"row\"><span class=\"name\"><code>").append(esc(s.path())).append("</code> ")
          .append(esc(s.op())).append(" <b>").append(esc(s.title().orElse(s.stepId()))).append("</b>")
          .append(s.iteration().map(i -> " <span class=\"badge\">#" + esc(i) + "</span>").orElse(""))
          .append("</span><span class=\"track\"><span class=\"bar\" style=\"left:").append(pct(start, total))
          .append("%;width:").append(pct(s.tookMs(), total)).append("%\"></span></span><span class=\"ms\">")
          .append(s.tookMs()).append(" ms</span></div>");
      StringBuilder d = new StringBuilder();
      s.locator().ifPresent(l -> d.append("<p class=\"detail\">locator <code>").append(esc(l)).append("</code>")
          .append(s.winner().isPresent() && s.winner().getAsInt() > 0 ? " (candidate " + s.winner().getAsInt() + ")" : "")
          .append("</p>"));
      if (s.fallbackUsed()) {
        d.append("<p class=\"detail fallback-note\">fallback: the first candidate did not match; promote <code>")
            .append(esc(s.locator().orElse("candidate " + s.winner().orElse(-1)))).append("</code> to first</p>");
      }
      if (s.attempts() > 1) {
        d.append("<p class=\"detail\">").append(s.attempts()).append(" attempts</p>");
      }
      if (!isFailed) {
        s.errorCode().ifPresent(c -> d.append("<p class=\"detail\"><b>").append(c).append("</b> ")
            .append(esc(s.message().orElse(""))).append("</p>"));
        if (s.errorCode().isEmpty()) {
          s.message().ifPresent(m -> d.append("<p class=\"detail\">").append(esc(m)).append("</p>"));
        }
        activity(d, s);
      }
      for (String a : s.artifacts()) {
        if (a.endsWith(".png") && !a.endsWith("-failure.png")) {
          image(d, Path.of(a), "thumb", true);
        } else if (!a.endsWith(".png") && !a.endsWith(".zip")) {
          d.append("<p class=\"detail\">file <code>").append(esc(a)).append("</code></p>");
        }
      }
      if (d.length() > 0) {
        h.append("<div class=\"details\">").append(d).append("</div>");
      }
      h.append("</li>");
    }
    h.append("</ol></details>");
  }

  private static void activity(StringBuilder h, StepResult s) {
    for (ConsoleLine c : s.console()) {
      h.append("<p class=\"activity console ").append(c.kind().name().toLowerCase(Locale.ROOT)).append("\">")
          .append(esc(c.describe())).append("</p>");
    }
    for (RequestLine q : s.requests()) {
      h.append("<p class=\"activity request\">request ").append(esc(q.describe())).append("</p>");
    }
    if (s.droppedActivity() > 0) {
      h.append("<p class=\"activity\">and ").append(s.droppedActivity()).append(" more console lines or requests</p>");
    }
  }

  private static int depth(String path) {
    int d = 0;
    for (char c : path.toCharArray()) {
      if (c == '[') {
        d++;
      }
    }
    return Math.max(0, d - 1);
  }

  private static String pct(long part, long total) {
    return String.format(Locale.ROOT, "%.2f", Math.min(100.0, part * 100.0 / total));
  }

  private static String searchText(ReportItem item) {
    RunResult r = item.result();
    StringBuilder b = new StringBuilder(item.name()).append(' ').append(r.flowId()).append(' ').append(r.status());
    r.errorCode().ifPresent(c -> b.append(' ').append(c));
    r.errorMessage().ifPresent(m -> b.append(' ').append(m));
    for (StepResult s : r.steps()) {
      b.append(' ').append(s.stepId()).append(' ').append(s.op());
      s.title().ifPresent(t -> b.append(' ').append(t));
      s.errorCode().ifPresent(c -> b.append(' ').append(c));
    }
    return b.toString().toLowerCase(Locale.ROOT);
  }

  /** A screenshot inline: as it is, or as a small JPEG thumbnail. */
  private static void image(StringBuilder h, Path file, String cls, boolean thumbnail) {
    if (!Files.isRegularFile(file)) {
      h.append("<p class=\"detail\">screenshot <code>").append(esc(file.toString())).append("</code> (missing)</p>");
      return;
    }
    try {
      byte[] bytes = Files.readAllBytes(file);
      if (!isPng(bytes)) {
        // results.json may come from elsewhere (merge-reports): only PNG screenshots are inlined, no other file
        h.append("<p class=\"detail\">screenshot <code>").append(esc(file.toString())).append("</code> (not a PNG)</p>");
        return;
      }
      String type = "image/png";
      if (thumbnail) {
        byte[] small = thumbnail(bytes);
        if (small != null) {
          bytes = small;
          type = "image/jpeg";
        }
      }
      h.append("<img class=\"").append(cls).append("\" alt=\"").append(esc(file.getFileName().toString()))
          .append("\" title=\"").append(esc(file.toString())).append("\" src=\"data:").append(type).append(";base64,")
          .append(Base64.getEncoder().encodeToString(bytes)).append("\">");
    } catch (IOException e) {
      h.append("<p class=\"detail\">screenshot not readable: <code>").append(esc(file.toString())).append("</code></p>");
    }
  }

  private static boolean isPng(byte[] bytes) {
    byte[] signature = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    return bytes.length > signature.length && java.util.Arrays.equals(bytes, 0, signature.length, signature, 0, signature.length);
  }

  private static byte[] thumbnail(byte[] png) throws IOException {
    BufferedImage full = ImageIO.read(new java.io.ByteArrayInputStream(png));
    if (full == null || full.getWidth() <= THUMB_WIDTH) {
      return null;
    }
    int height = Math.max(1, full.getHeight() * THUMB_WIDTH / full.getWidth());
    BufferedImage small = new BufferedImage(THUMB_WIDTH, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = small.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
    g.drawImage(full, 0, 0, THUMB_WIDTH, height, null);
    g.dispose();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(small, "jpeg", out);
    return out.toByteArray();
  }

  static String esc(String s) {
    StringBuilder b = new StringBuilder(s.length() + 16);
    for (char c : s.toCharArray()) {
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }

  private static final String CSS = String.join("",
      ":root{--ok:#1a7f37;--ko:#cf222e;--warn:#9a6700;--muted:#656d76;--line:#d0d7de;--bg:#f6f8fa}",
      "*{box-sizing:border-box}",
      "body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans CJK SC',sans-serif;margin:0;color:#1f2328}",
      "header,nav,main{max-width:1180px;margin:0 auto;padding:0 20px}",
      "header h1{font-size:22px;margin:20px 0 4px}#summary{margin:0;font-size:16px}",
      ".meta{color:var(--muted);font-size:12px}",
      "nav{position:sticky;top:0;background:#fff;display:flex;flex-wrap:wrap;gap:8px;align-items:center;",
      "padding-top:10px;padding-bottom:10px;border-bottom:1px solid var(--line);z-index:1}",
      ".filter{font:inherit;border:1px solid var(--line);background:var(--bg);border-radius:16px;padding:3px 12px;cursor:pointer}",
      ".filter[aria-pressed=true]{background:#0969da;border-color:#0969da;color:#fff}",
      ".count{font-weight:600}#search{font:inherit;flex:1 1 220px;min-width:0;padding:4px 10px;border:1px solid var(--line);",
      "border-radius:6px}",
      "section.flow{border:1px solid var(--line);border-left:6px solid var(--ok);border-radius:6px;margin:16px 0;padding:4px 16px 12px}",
      "section.failed{border-left-color:var(--ko)}section.flaky{border-left-color:var(--warn)}",
      "h2{font-size:17px;margin:10px 0 2px;overflow-wrap:anywhere}",
      ".status{font-size:12px;font-weight:700;padding:1px 6px;border-radius:4px;background:#dafbe1;color:var(--ok)}",
      ".status.FAILED,.status.NEEDS_REVIEW{background:#ffebe9;color:var(--ko)}.status.CANCELLED{background:var(--bg);color:var(--muted)}",
      ".badge{display:inline-block;padding:0 8px;border-radius:10px;background:#eaeef2;font-size:12px;font-weight:400}",
      ".badge.flaky{background:#fff8c5;color:var(--warn);font-weight:600}",
      ".history{display:inline-flex;gap:3px;vertical-align:middle}.dot{width:9px;height:9px;border-radius:2px;display:inline-block}",
      ".dot.ok{background:var(--ok)}.dot.ko{background:var(--ko)}.dot.now{outline:2px solid #0969da;outline-offset:1px}",
      ".failure{background:#ffebe9;border:1px solid #ffcecb;border-radius:6px;padding:8px 12px;margin:10px 0}",
      ".failure p{margin:4px 0}.where{font-size:14px}.message{white-space:pre-wrap;overflow-wrap:anywhere}",
      "code{font:12px ui-monospace,SFMono-Regular,Menlo,monospace;overflow-wrap:anywhere}",
      ".detail,.activity{margin:2px 0;font-size:12px;color:#3d444d;overflow-wrap:anywhere}",
      ".activity.error,.activity.page_error,.activity.request{color:var(--ko)}.activity.warning{color:var(--warn)}",
      ".dataset{margin:8px 0;font-size:13px}.dataset table{border-collapse:collapse;margin-top:6px}",
      ".dataset th,.dataset td{border:1px solid var(--line,#ccc);padding:2px 6px;text-align:left;overflow-wrap:anywhere}",
      ".trace{font-size:13px;overflow-wrap:anywhere}.command{background:var(--bg);padding:1px 4px;border-radius:4px}",
      "img.failure-shot{display:block;max-width:100%;border:1px solid var(--line);margin-top:8px}",
      "img.thumb{display:block;width:",
      String.valueOf(THUMB_WIDTH),
      "px;max-width:100%;border:1px solid var(--line);margin:4px 0}",
      "details.steps>summary{cursor:pointer;color:var(--muted);font-size:12px;margin-top:8px}",
      "ol.timeline{list-style:none;margin:6px 0 0;padding:0}",
      "li.step{border-top:1px solid #eaeef2;padding:3px 0 3px calc(var(--depth) * 18px)}",
      ".row{display:grid;grid-template-columns:minmax(0,2fr) minmax(120px,1fr) 70px;gap:10px;align-items:center}",
      ".name{overflow-wrap:anywhere}.ms{text-align:right;font-variant-numeric:tabular-nums;color:var(--muted);font-size:12px}",
      ".track{position:relative;height:10px;background:var(--bg);border-radius:3px}",
      ".bar{position:absolute;top:0;bottom:0;min-width:2px;border-radius:3px;background:var(--ok)}",
      "li.failed .bar{background:var(--ko)}li.skipped .bar{background:#afb8c1}li.fallback .bar{background:var(--warn)}",
      "li.failed-step{background:#fff5f5}li.fallback{background:#fffbdd}",
      ".details{padding:0 0 4px 8px}",
      "@media (max-width:640px){.row{grid-template-columns:1fr 60px}.track{grid-column:1 / -1;order:3}}");

  private static final String SCRIPT = String.join("\n",
      "(function(){",
      "var filter='all';var buttons=document.querySelectorAll('.filter');var search=document.getElementById('search');",
      "function apply(){var q=search.value.trim().toLowerCase();var n=0;",
      " document.querySelectorAll('section.flow').forEach(function(s){",
      "  var show=(filter==='all'||s.dataset.category===filter)&&(!q||s.dataset.search.indexOf(q)>=0);",
      "  s.hidden=!show;if(show){n++;}});",
      " document.getElementById('nothing').hidden=n>0;",
      " document.getElementById('shown').textContent=n+' shown';}",
      "buttons.forEach(function(b){b.addEventListener('click',function(){filter=b.dataset.filter;",
      " buttons.forEach(function(o){o.setAttribute('aria-pressed',String(o===b));});apply();});});",
      "search.addEventListener('input',apply);apply();",
      "})();");

  /** The CSP source of {@link #SCRIPT}: {@code sha256-} and its hash, so no other script runs in the report. */
  private static final String SCRIPT_HASH = scriptHash();

  private static String scriptHash() {
    try {
      byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest(SCRIPT.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      return "sha256-" + Base64.getEncoder().encodeToString(digest);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
    }
  }
}
