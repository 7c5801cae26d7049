package io.browserflow.api;

import java.util.ArrayList;
import java.util.List;

/** RFC 4180 CSV text with a header row: quotes, doubled quotes, CRLF or LF, an optional BOM. */
final class CsvText {
  private CsvText() {}

  /** @throws IllegalArgumentException naming the line of a malformed record */
  static DataTable parse(String text) {
    String s = text.startsWith("\uFEFF") ? text.substring(1) : text;
    List<List<String>> records = new ArrayList<>();
    List<Integer> lines = new ArrayList<>();
    List<String> record = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    boolean wasQuoted = false;
    int line = 1;
    int recordLine = 1;
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (quoted) {
        if (ch == '"') {
          if (i + 1 < s.length() && s.charAt(i + 1) == '"') {
            cell.append('"');
            i++;
          } else {
            quoted = false;
          }
        } else {
          if (ch == '\n') {
            line++;
          }
          cell.append(ch);
        }
        continue;
      }
      if (ch == '"') {
        if (cell.length() > 0 || wasQuoted) {
          throw new IllegalArgumentException("line " + line + ": a quote inside an unquoted cell; quote the whole cell and double inner quotes");
        }
        quoted = true;
        wasQuoted = true;
      } else if (ch == ',') {
        record.add(cell.toString());
        cell.setLength(0);
        wasQuoted = false;
      } else if (ch == '\r' || ch == '\n') {
        if (ch == '\r' && i + 1 < s.length() && s.charAt(i + 1) == '\n') {
          i++;
        }
        record.add(cell.toString());
        cell.setLength(0);
        wasQuoted = false;
        if (!(record.size() == 1 && record.get(0).isEmpty())) {
          records.add(record);
          lines.add(recordLine);
        }
        record = new ArrayList<>();
        line++;
        recordLine = line;
      } else {
        if (wasQuoted) {
          throw new IllegalArgumentException("line " + line + ": text after a closing quote");
        }
        cell.append(ch);
      }
    }
    if (quoted) {
      throw new IllegalArgumentException("line " + recordLine + ": a quoted cell is never closed");
    }
    record.add(cell.toString());
    if (!(record.size() == 1 && record.get(0).isEmpty())) {
      records.add(record);
      lines.add(recordLine);
    }
    if (records.isEmpty()) {
      throw new IllegalArgumentException("the file is empty: the first line must name the columns");
    }
    List<String> header = new ArrayList<>();
    for (String h : records.get(0)) {
      String name = h.trim();
      if (name.isEmpty()) {
        throw new IllegalArgumentException("line 1: column " + (header.size() + 1) + " has no name");
      }
      if (header.contains(name)) {
        throw new IllegalArgumentException("line 1: column " + name + " appears twice");
      }
      header.add(name);
    }
    List<List<String>> rows = new ArrayList<>();
    for (int r = 1; r < records.size(); r++) {
      List<String> cells = records.get(r);
      if (cells.size() != header.size()) {
        throw new IllegalArgumentException("line " + lines.get(r) + ": " + cells.size() + " cells, but the header names "
            + header.size() + " columns");
      }
      rows.add(List.copyOf(cells));
    }
    return DataTable.of(List.copyOf(header), List.copyOf(rows));
  }
}
