package io.browserflow.cli;

import io.browserflow.api.Step;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.lint.LintWarning;
import io.browserflow.formats.Conversion;
import io.browserflow.formats.FlowFormats;
import io.browserflow.formats.Format;
import io.browserflow.playwright.BrowserNotFoundException;
import io.browserflow.playwright.recorder.FlowDraft;
import io.browserflow.playwright.recorder.Recorder;
import io.browserflow.playwright.recorder.RecorderOptions;
import io.browserflow.playwright.recorder.Recording;
import io.browserflow.playwright.recorder.RecordingListener;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code browserflow record --url URL --out FILE}: records what a person does in a Chromium window as a flow draft. */
@Command(name = "record", mixinStandardHelpOptions = true,
    description = "Record what you do in a Chromium window as a flow draft. Type p + Enter to pause, r to resume, "
        + "t to record a tab you opened by hand, s to stop; closing the window stops too. The draft is written on stop.")
final class RecordCommand extends CliCommand {
  /** Where the key commands come from; tests replace it. */
  static InputStream keys = System.in;

  @Option(names = "--url", required = true, paramLabel = "URL", description = "The page to start on.")
  String url;

  @Option(names = "--out", required = true, paramLabel = "FILE", description = "Where to write the draft.")
  Path out;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "flow",
      description = "flow (browserflow/2 JSON, default), browserctl (browserctl-flow.json) or browserctl-text (.browserctl).")
  String format;

  @Option(names = "--browser", paramLabel = "PATH", description = "The Chromium or Chrome to launch (default: found on this machine).")
  Path browser;

  @Option(names = "--name", paramLabel = "NAME", defaultValue = "Recorded flow", description = "The flow's name.")
  String name;

  @Option(names = "--parameterize", description = "Turn typed values into inputs (the value as default) and the URL origin into BASE_URL.")
  boolean parameterize;

  @Option(names = "--headless", hidden = true, description = "Record in a headless browser (for tests).")
  boolean headless;

  @Override
  public Integer call() throws Exception {
    PrintWriter o = out();
    PrintWriter err = err();
    Format target = Format.fromId(format).filter(f -> f == Format.FLOW || f == Format.BROWSERCTL || f == Format.BROWSERCTL_TEXT)
        .orElse(null);
    if (target == null) {
      return BrowserflowCommand.usage(err, "--format must be flow, browserctl or browserctl-text, not '" + format + "'");
    }
    RecorderOptions.Builder options = RecorderOptions.builder().url(url).name(name).parameterize(parameterize)
        .headless(headless).listener(new Status(o));
    if (browser != null) {
      options.executablePath(browser);
    }
    Recording rec;
    try {
      rec = Recorder.start(options.build());
    } catch (BrowserNotFoundException e) {
      err.println(BatchRun.browserAdvice(e));
      return BrowserflowCommand.USAGE;
    }
    o.println("Recording " + url + " -> " + out + "   [p]ause [r]esume [t]ab [s]top, then Enter");
    o.flush();
    AtomicBoolean written = new AtomicBoolean();
    Thread hook = new Thread(() -> {
      if (!written.get()) {
        write(rec.stop(), target, o, err, written);
      }
    }, "browserflow-record-exit");
    Runtime.getRuntime().addShutdownHook(hook);
    Thread reader = new Thread(() -> readKeys(rec, o), "browserflow-record-keys");
    reader.setDaemon(true);
    reader.start();
    FlowDraft draft = rec.awaitStop();
    int code = write(draft, target, o, err, written);
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // shutting down already
    }
    return code;
  }

  private static void readKeys(Recording rec, PrintWriter out) {
    BufferedReader in = new BufferedReader(new InputStreamReader(keys, StandardCharsets.UTF_8));
    try {
      String line;
      while ((line = in.readLine()) != null && !rec.stopped()) {
        String key = line.trim().toLowerCase(Locale.ROOT);
        if (key.equals("s") || key.equals("q")) {
          rec.stop();
          return;
        }
        try {
          if (key.equals("p")) {
            rec.pause();
          } else if (key.equals("r")) {
            rec.resume();
          } else if (key.equals("t")) {
            rec.addCurrentTab();
          }
        } catch (IllegalStateException e) {
          out.println();
          out.println("  " + e.getMessage()); // e.g. resume after a capacity limit; s still stops
          out.flush();
        }
      }
    } catch (IOException | RuntimeException e) {
      // no terminal, or the recording ended meanwhile: the window decides
    }
  }

  private synchronized int write(FlowDraft draft, Format target, PrintWriter o, PrintWriter err, AtomicBoolean written) {
    if (written.getAndSet(true)) {
      return BrowserflowCommand.OK;
    }
    String text;
    if (target == Format.FLOW) {
      text = FlowJson.write(draft.flow());
    } else {
      Conversion<String> c = FlowFormats.write(draft.flow(), target);
      c.issues().forEach(i -> o.println("  " + i.describe()));
      text = c.value();
    }
    try {
      FlowFiles.write(out, text);
    } catch (IOException e) {
      return BrowserflowCommand.usage(err, "cannot write " + out + ": " + e.getMessage());
    }
    o.println();
    for (LintWarning w : draft.warnings()) {
      o.println("  " + w.describe());
    }
    o.println("Wrote " + out + ": " + draft.flow().steps().size() + " steps, quality " + draft.quality().jsonName()
        + draft.limitReached().map(r -> " (stopped capturing: " + r + ")").orElse(""));
    o.flush();
    return BrowserflowCommand.OK;
  }

  /** The one-line status: steps so far and the last one, rewritten in place. */
  private static final class Status implements RecordingListener {
    private final PrintWriter o;
    private boolean paused;

    Status(PrintWriter o) {
      this.o = o;
    }

    @Override
    public void stepCaptured(Step step, int stepCount) {
      line(stepCount + " steps, last: " + step.describe());
    }

    @Override
    public void warning(LintWarning warning) {
      o.println();
      o.println("  " + warning.describe());
      o.flush();
    }

    @Override
    public void paused(String reason) {
      paused = true;
      line("paused (" + reason + "); r + Enter resumes");
    }

    @Override
    public void resumed() {
      paused = false;
      line("recording again");
    }

    private void line(String s) {
      String text = (paused ? "|| " : "* ") + s;
      if (text.length() > 100) {
        text = text.substring(0, 97) + "...";
      }
      o.print("\r\033[K" + text);
      o.flush();
    }
  }
}
