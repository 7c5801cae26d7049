package io.browserflow.engine;

import java.util.List;
import java.util.Map;
import org.immutables.value.Value;

/**
 * A dataset at the end of a run ({@link RunResult#datasets()}): its columns in order of first
 * appearance, the rows it still holds (those a {@code datasetExport} with {@code clear} emptied out
 * are in its files), how many rows were written in all and the files it was exported to. Secrets
 * are masked in every cell.
 */
@Value.Immutable
public interface DatasetResult {
  String name();

  List<String> columns();

  /** The rows held at the end of the run, every column present (empty text when a row did not name it). */
  List<Map<String, String>> rows();

  /** Rows written during the run, exported parts included. */
  int written();

  /** The files the dataset was exported to, in order. */
  List<String> exports();

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link DatasetResult}. */
  final class Builder extends ImmutableDatasetResult.Builder {}
}
