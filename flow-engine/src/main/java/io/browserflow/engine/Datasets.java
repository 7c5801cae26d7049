package io.browserflow.engine;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.validate.FlowLimits;
import io.browserflow.engine.spi.SecretMask;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The datasets of one run: rows {@code datasetWrite} appends, {@code datasetExport} writes out and
 * may clear. Shared by the lanes of a concurrent foreach, so every method is synchronized; rows of
 * concurrent iterations arrive in the order the iterations write them. Cells are masked before
 * they are kept: a secret never reaches a dataset, its exports or the result.
 */
final class Datasets {
  private final FlowLimits limits;
  private final SecretMask redactor;
  private final Map<String, Table> tables = new LinkedHashMap<>();

  private static final class Table {
    final Set<String> columns = new LinkedHashSet<>();
    final List<Map<String, String>> rows = new ArrayList<>();
    int written;
    final List<String> exports = new ArrayList<>();
  }

  /** What an export writes: the columns and the rows, each row holding every column. */
  record Part(List<String> columns, List<Map<String, String>> rows) {}

  Datasets(FlowLimits limits, SecretMask redactor) {
    this.limits = limits;
    this.redactor = redactor;
  }

  /** Appends a row; returns the dataset's row count after it. */
  synchronized int append(String name, Map<String, String> row) {
    Table t = tables.computeIfAbsent(name, n -> new Table());
    if (t.rows.size() >= limits.maxDatasetRows()) {
      throw new FlowRunException(ErrorCode.LIMIT_EXCEEDED, "the dataset '" + name + "' holds " + t.rows.size()
          + " rows, the limit (FlowLimits.maxDatasetRows): export it in parts, with a datasetExport that has"
          + " \"clear\": true every so many rows (e.g. a path such as out/" + name + "-${loop.index}.csv), or raise the limit");
    }
    Map<String, String> kept = new LinkedHashMap<>();
    row.forEach((column, value) -> {
      int bytes = value.getBytes(StandardCharsets.UTF_8).length;
      if (bytes > limits.maxDatasetCellBytes()) {
        throw new FlowRunException(ErrorCode.LIMIT_EXCEEDED, "the cell '" + column + "' of the dataset '" + name
            + "' has " + bytes + " bytes, more than the limit of " + limits.maxDatasetCellBytes()
            + " (FlowLimits.maxDatasetCellBytes): keep less in one cell (split it over columns or rows)");
      }
      kept.put(column, redactor.redact(value));
    });
    t.columns.addAll(kept.keySet());
    t.rows.add(kept);
    t.written++;
    return t.rows.size();
  }

  /** The rows to export; with {@code clear} the dataset is emptied (its columns stay). */
  synchronized Part take(String name, boolean clear) {
    Table t = tables.get(name);
    if (t == null) {
      return new Part(List.of(), List.of());
    }
    List<String> columns = List.copyOf(t.columns);
    List<Map<String, String>> rows = new ArrayList<>(t.rows.size());
    for (Map<String, String> r : t.rows) {
      rows.add(complete(columns, r));
    }
    if (clear) {
      t.rows.clear();
    }
    return new Part(columns, rows);
  }

  synchronized void exported(String name, String file) {
    tables.computeIfAbsent(name, n -> new Table()).exports.add(file);
  }

  /** Every dataset as it stands, in order of first write. */
  synchronized Map<String, DatasetResult> results() {
    Map<String, DatasetResult> out = new LinkedHashMap<>();
    tables.forEach((name, t) -> {
      List<String> columns = List.copyOf(t.columns);
      List<Map<String, String>> rows = new ArrayList<>();
      t.rows.forEach(r -> rows.add(complete(columns, r)));
      out.put(name, DatasetResult.builder().name(name).columns(columns).rows(rows).written(t.written)
          .exports(t.exports).build());
    });
    return out;
  }

  private static Map<String, String> complete(List<String> columns, Map<String, String> row) {
    Map<String, String> full = new LinkedHashMap<>();
    columns.forEach(c -> full.put(c, row.getOrDefault(c, "")));
    return full;
  }
}
