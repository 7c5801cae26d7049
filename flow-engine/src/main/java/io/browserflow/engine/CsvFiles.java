package io.browserflow.engine;

import io.browserflow.api.DataTable;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** RFC 4180 CSV with a header row, for csvImport / csvExport and data-driven tests. */
final class CsvFiles {
  private CsvFiles() {}

  /** Rows of a CSV text (the first row is the header) as header-to-cell maps. */
  static List<Map<String, String>> parse(String text) {
    DataTable table;
    try {
      table = DataTable.fromCsv(text);
    } catch (IllegalArgumentException e) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "not a valid CSV file: " + e.getMessage());
    }
    List<Map<String, String>> rows = new ArrayList<>();
    for (int i = 0; i < table.rows().size(); i++) {
      rows.add(table.row(i));
    }
    return rows;
  }

  static List<Map<String, String>> read(Path file) {
    try {
      return parse(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new FlowRunException(ErrorCode.FILE_UNREADABLE, "cannot read CSV " + file + ": " + e.getMessage());
    }
  }

  static void write(Path file, List<Map<String, String>> rows) {
    Set<String> header = new LinkedHashSet<>();
    rows.forEach(r -> header.addAll(r.keySet()));
    String text = header.isEmpty() ? "\r\n" : text(new ArrayList<>(header), rows);
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot write CSV " + file + ": " + e.getMessage());
    }
  }

  /** CSV text: a header row of {@code columns}, then one line per row. */
  static String text(List<String> columns, List<Map<String, String>> rows) {
    StringBuilder sb = new StringBuilder();
    if (columns.isEmpty()) {
      return "";
    }
    line(sb, columns);
    for (Map<String, String> row : rows) {
      List<String> cells = new ArrayList<>(columns.size());
      columns.forEach(c -> cells.add(row.getOrDefault(c, "")));
      line(sb, cells);
    }
    return sb.toString();
  }

  /**
   * A cell as written to a file people open in spreadsheets: one that a spreadsheet would take for a
   * formula (it starts with {@code = + - @}, a tab or a carriage return; page data can say
   * {@code =HYPERLINK(...)}) gets a leading {@code '}, as OWASP advises; numbers such as {@code -5}
   * stay as they are.
   */
  static String inert(String cell) {
    if (!cell.isEmpty() && "=+-@\t\r".indexOf(cell.charAt(0)) >= 0 && !cell.matches("[+-]?\\d+([.,]\\d+)?")) {
      return "'" + cell;
    }
    return cell;
  }

  private static void line(StringBuilder sb, List<String> cells) {
    for (int i = 0; i < cells.size(); i++) {
      if (i > 0) {
        sb.append(',');
      }
      String c = inert(cells.get(i));
      if (c.contains(",") || c.contains("\"") || c.contains("\n") || c.contains("\r")) {
        sb.append('"').append(c.replace("\"", "\"\"")).append('"');
      } else {
        sb.append(c);
      }
    }
    sb.append("\r\n");
  }
}
