package io.browserflow.engine.store;

import io.browserflow.engine.RunResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where runs are kept: a journal of state transitions per run and the final result. The embedded
 * default, {@link #directory(Path)}, writes one JSON-lines journal and one {@code result.json} per
 * run and keeps the last 10 finished runs per flow; implement this interface for other stores.
 */
public interface RunStore {
  /**
   * Appends an entry to a run's journal. When {@code durable} is true the entry must be on stable
   * storage (fsync) before this returns: the engine asks for it before every dispatch.
   */
  void append(String runId, String flowId, JournalEntry entry, boolean durable);

  /** Stores the final result, closes the journal, and prunes old finished runs of the flow. */
  void finish(RunResult result);

  /** The journal of a run, in order; empty when unknown. Lines that cannot be parsed (a torn last write) are dropped. */
  List<JournalEntry> journal(String runId);

  Optional<RunResult> result(String runId);

  /** Run ids of a flow, newest first. */
  List<String> runs(String flowId);

  /** Runs with a journal but no result: interrupted, to be reviewed. */
  List<String> unfinished();

  /** Where artifacts of a run go (screenshots, downloads, traces). */
  Path artifactsDir(String runId, String flowId);

  /** A directory store keeping the last 10 finished runs per flow. */
  static RunStore directory(Path root) {
    return new DirectoryRunStore(root, 10);
  }

  /** A directory store keeping the last {@code keep} finished runs per flow. */
  static RunStore directory(Path root, int keep) {
    return new DirectoryRunStore(root, keep);
  }

  /** A store that keeps nothing: no journal, no recovery (artifacts go to a temporary directory). */
  static RunStore none() {
    return NoRunStore.INSTANCE;
  }
}
