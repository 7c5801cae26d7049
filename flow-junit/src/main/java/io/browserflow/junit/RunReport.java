package io.browserflow.junit;

import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.engine.report.FlowHistory;
import io.browserflow.engine.report.HtmlReport;
import io.browserflow.engine.report.ReportItem;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The report of the whole test run: every flow the extension's tests ran, per report folder, as
 * {@code <reportDir>/index.html}, rewritten when a test class ends (the last class leaves the
 * complete report). Kept in the store of the engine's root context, so each test run (also each
 * run of the engine test kit in one JVM) has its own. Each test's flow is one item, its retries as attempts; when its class ends its
 * outcome goes into the history file, read once per test run, so the report marks what alternates.
 */
final class RunReport {

  private final Path dir;
  private final Map<String, Entry> entries = new LinkedHashMap<>();
  private final Map<Path, FlowHistory> histories = new LinkedHashMap<>();

  /** One test's runs of one flow: the last run of each attempt, and the outcomes before this test run. */
  private static final class Entry {
    final String label;
    final Class<?> testClass;
    final TreeMap<Integer, RunResult> byAttempt = new TreeMap<>();
    List<RunStatus> before;

    Entry(String label, Class<?> testClass) {
      this.label = label;
      this.testClass = testClass;
    }
  }

  private RunReport(Path dir) {
    this.dir = dir;
  }

  /** The report into {@code reportDir} of the test run {@code root} is the engine context of; one per run and folder. */
  static RunReport of(ExtensionContext root, Path reportDir) {
    Path dir = reportDir.toAbsolutePath().normalize();
    return root.getStore(ExtensionContext.Namespace.create(RunReport.class)).getOrComputeIfAbsent(dir,
        k -> new RunReport(dir), RunReport.class);
  }

  /** Adds a run of {@code key}'s flow in {@code attempt}. */
  synchronized void add(String key, String label, Class<?> testClass, int attempt, RunResult result) {
    entries.computeIfAbsent(key, k -> new Entry(label, testClass)).byAttempt.put(attempt, result);
  }

  /**
   * {@code testClass} ended: its tests' outcomes go into the history, then the report is rewritten.
   * Best effort: a report that cannot be written must not fail the tests.
   */
  synchronized void classEnded(Class<?> testClass, Path historyFile, int historySize) {
    try {
      FlowHistory history = histories.computeIfAbsent(historyFile.toAbsolutePath().normalize(),
          f -> FlowHistory.load(f, historySize));
      boolean changed = false;
      for (Map.Entry<String, Entry> e : entries.entrySet()) {
        Entry entry = e.getValue();
        if (entry.testClass == testClass && entry.before == null && !entry.byAttempt.isEmpty()) {
          entry.before = history.outcomes(e.getKey());
          history.record(e.getKey(), entry.byAttempt.lastEntry().getValue());
          changed = true;
        }
      }
      if (changed) {
        history.save();
      }
      List<ReportItem> items = new ArrayList<>();
      for (Entry entry : entries.values()) {
        if (entry.byAttempt.isEmpty()) {
          continue;
        }
        List<RunResult> attempts = new ArrayList<>(entry.byAttempt.values());
        items.add(ReportItem.builder().label(entry.label).result(attempts.get(attempts.size() - 1))
            .earlierAttempts(attempts.subList(0, attempts.size() - 1))
            .history(entry.before == null ? List.of() : entry.before).build());
      }
      HtmlReport.write(dir.resolve("index.html"), items);
    } catch (RuntimeException e) {
      System.getLogger(RunReport.class.getName()).log(System.Logger.Level.WARNING,
          "the BrowserFlow report in " + dir + " was not written: " + e.getMessage());
    }
  }
}
