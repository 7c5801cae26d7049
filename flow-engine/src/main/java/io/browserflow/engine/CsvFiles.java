package io.browserflow.engine;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** RFC 4180 CSV with a header row, for csvImport / csvExport and data-driven tests. */
final class CsvFiles {
  private CsvFiles() {}

  /** Rows of a CSV text (the first row is the header) as header-to-cell maps. */
  static List<Map<String, String>> parse(String text) {
    List<List<String>> records = records(text);
    if (records.isEmpty()) {
      return List.of();
    }
    List<String> header = records.get(0);
    List<Map<String, String>> rows = new ArrayList<>();
    for (int r = 1; r < records.size(); r++) {
      List<String> cells = records.get(r);
      if (cells.size() == 1 && cells.get(0).isEmpty()) {
        continue; // blank line
      }
      if (cells.size() != header.size()) {
        throw new FlowRunException(ErrorCode.ACTION_FAILED, "CSV line " + (r + 1) + " has " + cells.size()
            + " cells but the header has " + header.size());
      }
      Map<String, String> row = new LinkedHashMap<>();
      for (int c = 0; c < header.size(); c++) {
        row.put(header.get(c), cells.get(c));
      }
      rows.add(row);
    }
    return rows;
  }

  static List<List<String>> records(String text) {
    List<List<String>> out = new ArrayList<>();
    List<String> record = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    int i = text.startsWith("\uFEFF") ? 1 : 0;
    for (; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (quoted) {
        if (ch == '"') {
          if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
            cell.append('"');
            i++;
          } else {
            quoted = false;
          }
        } else {
          cell.append(ch);
        }
      } else if (ch == '"') {
        quoted = true;
      } else if (ch == ',') {
        record.add(cell.toString());
        cell.setLength(0);
      } else if (ch == '\n' || ch == '\r') {
        if (ch == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
          i++;
        }
        record.add(cell.toString());
        cell.setLength(0);
        out.add(record);
        record = new ArrayList<>();
      } else {
        cell.append(ch);
      }
    }
    if (cell.length() > 0 || !record.isEmpty()) {
      record.add(cell.toString());
      out.add(record);
    }
    return out;
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
    StringBuilder sb = new StringBuilder();
    line(sb, new ArrayList<>(header));
    for (Map<String, String> row : rows) {
      List<String> cells = new ArrayList<>();
      header.forEach(h -> cells.add(row.getOrDefault(h, "")));
      line(sb, cells);
    }
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "cannot write CSV " + file + ": " + e.getMessage());
    }
  }

  private static void line(StringBuilder sb, List<String> cells) {
    for (int i = 0; i < cells.size(); i++) {
      if (i > 0) {
        sb.append(',');
      }
      String c = cells.get(i);
      if (c.contains(",") || c.contains("\"") || c.contains("\n") || c.contains("\r")) {
        sb.append('"').append(c.replace("\"", "\"\"")).append('"');
      } else {
        sb.append(c);
      }
    }
    sb.append("\r\n");
  }
}
