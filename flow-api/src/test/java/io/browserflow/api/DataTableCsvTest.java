package io.browserflow.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class DataTableCsvTest {
  @Test
  void should_read_quotes_doubled_quotes_commas_line_breaks_crlf_and_a_bom() {
    DataTable t = DataTable.fromCsv("\uFEFFNAME,NOTE\r\n\"Hopper, Grace\",\"said \"\"hi\"\"\"\r\nAda,\"two\nlines\"\r\n\r\n");
    assertThat(t.columns()).containsExactly("NAME", "NOTE");
    assertThat(t.rows()).containsExactly(List.of("Hopper, Grace", "said \"hi\""), List.of("Ada", "two\nlines"));
    assertThat(t.row(1)).containsEntry("NOTE", "two\nlines");
  }

  @Test
  void should_name_the_line_of_a_row_with_the_wrong_number_of_cells() {
    assertThatThrownBy(() -> DataTable.fromCsv("A,B\n1,2\n3\n")).hasMessageContaining("line 3: 1 cells, but the header names 2 columns");
  }

  @Test
  void should_reject_broken_quoting_an_unnamed_or_repeated_column_and_an_empty_file() {
    assertThatThrownBy(() -> DataTable.fromCsv("A\n\"open\n")).hasMessageContaining("never closed");
    assertThatThrownBy(() -> DataTable.fromCsv("A\n\"x\"y\n")).hasMessageContaining("line 2: text after a closing quote");
    assertThatThrownBy(() -> DataTable.fromCsv("A,,C\n")).hasMessageContaining("column 2 has no name");
    assertThatThrownBy(() -> DataTable.fromCsv("A,A\n")).hasMessageContaining("column A appears twice");
    assertThatThrownBy(() -> DataTable.fromCsv("")).hasMessageContaining("empty");
  }
}
