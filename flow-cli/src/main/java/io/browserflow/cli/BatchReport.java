package io.browserflow.cli;

import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.engine.report.HtmlReport;
import io.browserflow.engine.report.ReportItem;
import io.browserflow.engine.store.RunStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code --report DIR}: the batch's {@link HtmlReport} as {@code DIR/index.html}, each flow with its
 * earlier outcomes from the run store ({@code --store}), so flows that alternate are marked flaky.
 */
final class BatchReport {
  /** Earlier outcomes shown per flow (the directory store keeps 10 runs of each). */
  static final int HISTORY = 10;

  private BatchReport() {}

  /** The results beside the page, for {@code merge-reports}: a JSON array of run results. */
  static final String RESULTS = "results.json";

  static Path write(Path dir, List<RunResult> results, RunStore store) {
    List<ReportItem> items = new ArrayList<>();
    for (RunResult r : results) {
      items.add(ReportItem.builder().result(r).history(history(store, r)).build());
    }
    return write(dir, items);
  }

  /** {@code DIR/index.html} and {@code DIR/results.json}. */
  static Path write(Path dir, List<ReportItem> items) {
    Path index = HtmlReport.write(dir.resolve("index.html"), items);
    String json = items.stream().map(i -> i.result().toJson())
        .collect(java.util.stream.Collectors.joining(",\n", "[\n", "\n]\n"));
    try {
      java.nio.file.Files.writeString(dir.resolve(RESULTS), json, java.nio.charset.StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("cannot write " + dir.resolve(RESULTS) + ": " + e.getMessage(), e);
    }
    return index;
  }

  /** The flow's earlier results in the store, oldest first, without this run; none when the store cannot say. */
  static List<RunStatus> history(RunStore store, RunResult current) {
    List<RunStatus> out = new ArrayList<>();
    try {
      List<String> runs = store.runs(current.flowId()); // newest first
      for (String runId : runs) {
        if (out.size() == HISTORY) {
          break;
        }
        if (!runId.equals(current.runId())) {
          Optional<RunResult> earlier = store.result(runId);
          earlier.filter(e -> !e.startedAt().isAfter(current.startedAt())).ifPresent(e -> out.add(0, e.status()));
        }
      }
    } catch (RuntimeException e) {
      // a store that cannot be read gives no history; the report still shows this batch
    }
    return out;
  }
}
