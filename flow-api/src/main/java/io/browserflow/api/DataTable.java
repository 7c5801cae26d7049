package io.browserflow.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.immutables.value.Value;

/**
 * Data of a flow: named columns and rows of string cells, iterated by {@code foreach} with source
 * {@code table} and used by data-driven tests (one run per row). Validation requires every row to
 * have one cell per column and keeps rows and cells within limits.
 */
@Value.Immutable
public interface DataTable {
  List<String> columns();

  List<List<String>> rows();

  /** Row {@code index} as column to cell, in column order. */
  default Map<String, String> row(int index) {
    List<String> cells = rows().get(index);
    Map<String, String> row = new LinkedHashMap<>();
    for (int i = 0; i < columns().size() && i < cells.size(); i++) {
      row.put(columns().get(i), cells.get(i));
    }
    return row;
  }

  /**
   * Reads CSV text (RFC 4180: quoted cells, doubled quotes, CRLF or LF, an optional BOM) whose first
   * line names the columns; blank lines are skipped.
   *
   * @throws IllegalArgumentException naming the line of a malformed record, an unnamed or repeated
   *     column, or a row with the wrong number of cells
   */
  static DataTable fromCsv(String text) {
    return CsvText.parse(text);
  }

  static DataTable of(List<String> columns, List<List<String>> rows) {
    return builder().columns(columns).rows(rows).build();
  }

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link DataTable}. */
  final class Builder extends ImmutableDataTable.Builder {}
}
