package io.browserflow.cli;

import io.browserflow.playwright.LocalSite;
import io.browserflow.api.Capability;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.json.FlowJson;
import io.browserflow.engine.RunResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code browserflow demo}: serves the bundled demo app on 127.0.0.1, replays every sample flow
 * headless with live progress, prints a summary and writes the HTML report.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Serve the bundled demo app on 127.0.0.1, replay every sample flow in headless Chromium, "
        + "print a summary and write an HTML report.")
final class DemoCommand extends CliCommand {
  /** The demo app's own sign-in, built into its pages; not a secret of anyone's. */
  static final String DEMO_USER = "demo";
  static final String DEMO_PASSWORD = "demo-pass";

  @Option(names = "--report", paramLabel = "DIR", description = "Where to write the report (default: browserflow-report).")
  Path report = Path.of("browserflow-report");

  @picocli.CommandLine.Mixin
  BrowserOptions launch = new BrowserOptions();

  @Option(names = "--only", paramLabel = "NAME", description = "Run only sample flows whose file name contains NAME.")
  String only;

  @Option(names = "--workers", paramLabel = "N", defaultValue = "1",
      description = "Replay up to N sample flows at once (1 to 16), each worker with its own Playwright and browser.")
  int workers;

  @Option(names = "--repeat", paramLabel = "TIMES", defaultValue = "1",
      description = "Replay the sample flows this many times (1 to 1000), as one batch.")
  int repeat;

  @Override
  public Integer call() {
    PrintWriter out = out();
    PrintWriter err = err();
    List<Flow> flows = new ArrayList<>();
    for (String resource : sampleFlows()) {
      if (only != null && !resource.contains(only)) {
        continue;
      }
      try (InputStream in = DemoCommand.class.getClassLoader().getResourceAsStream(resource)) {
        flows.add(FlowJson.read(in));
      } catch (IOException e) {
        return BrowserflowCommand.usage(err, "cannot read the sample " + resource + ": " + e.getMessage());
      } catch (FlowException e) {
        FlowFiles.printError(err, Path.of(resource), e);
        return BrowserflowCommand.USAGE;
      }
    }
    if (flows.isEmpty()) {
      return BrowserflowCommand.usage(err, "no sample flow matches" + (only == null ? "" : " '" + only + "'"));
    }
    if (workers < 1 || workers > 16) {
      return BrowserflowCommand.usage(err, "--workers must be between 1 and 16, was " + workers);
    }
    if (repeat < 1 || repeat > 1000) {
      return BrowserflowCommand.usage(err, "--repeat must be between 1 and 1000, was " + repeat);
    }
    List<Flow> once = List.copyOf(flows);
    for (int r = 1; r < repeat; r++) {
      flows.addAll(once);
    }
    Path uploads;
    try {
      uploads = Files.createTempDirectory("browserflow-demo");
    } catch (IOException e) {
      return BrowserflowCommand.usage(err, "cannot create a temporary directory: " + e.getMessage());
    }
    try (LocalSite server = LocalSite.classpath("demo-app", DemoCommand.class.getClassLoader(), 0)) {
      out.println("BrowserFlow demo: serving the demo app at " + server.url() + ", replaying " + flows.size()
          + " sample flows in " + (launch.headed ? "headed" : "headless") + " Chromium"
          + (workers > 1 ? ", " + workers + " at once" : ""));
      BatchRun batch = new BatchRun();
      batch.serverUrl = java.util.Optional.of(server.url());
      batch.headed = launch.headed;
      batch.browser = launch.browser;
      batch.workers = workers;
      batch.allowed.add(Capability.FILE_UPLOAD);
      batch.allowed.add(Capability.FILE_DOWNLOAD);
      batch.uploadRoots.add(uploads);
      batch.credentials.put("USERNAME", DEMO_USER);
      batch.credentials.put("PASSWORD", DEMO_PASSWORD);
      DemoInputs.fill(batch, flows, uploads);
      List<RunResult> results = batch.run(flows, new Progress(out, System.console() != null && workers == 1, workers > 1), err);
      BatchRun.summary(out, results);
      Path index = BatchReport.write(report, results, batch.store);
      out.println("report: " + index.toAbsolutePath());
      out.flush();
      return BatchRun.exitCode(results);
    } catch (FlowException e) {
      BatchRun.printFailure(err, e);
      return BrowserflowCommand.USAGE;
    } finally {
      deleteQuietly(uploads);
    }
  }

  /** The sample flow resources ({@code flows/*.flow.json}) on the class path, sorted. */
  static List<String> sampleFlows() {
    URL url = DemoCommand.class.getClassLoader().getResource("flows");
    if (url == null) {
      return List.of();
    }
    List<String> names = new ArrayList<>();
    try {
      if (url.getProtocol().equals("jar")) {
        JarURLConnection connection = (JarURLConnection) url.openConnection();
        try (JarFile jar = connection.getJarFile()) {
          for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
            String name = e.nextElement().getName();
            if (name.startsWith("flows/") && name.endsWith(".flow.json")) {
              names.add(name);
            }
          }
        }
      } else {
        try (Stream<Path> files = Files.list(Path.of(url.toURI()))) {
          files.map(p -> "flows/" + p.getFileName()).filter(n -> n.endsWith(".flow.json")).forEach(names::add);
        }
      }
    } catch (IOException | URISyntaxException e) {
      throw new UncheckedIOException(new IOException("cannot list the sample flows: " + e.getMessage(), e));
    }
    Collections.sort(names);
    return names;
  }

  private static void deleteQuietly(Path dir) {
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException ignored) {
      // a temporary directory left behind is harmless
    }
  }
}
