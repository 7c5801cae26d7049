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

  /**
   * Ids of the flows the store holds runs of, sorted.
   *
   * @throws UnsupportedOperationException by default: a store that cannot list its flows
   */
  default List<String> flows() {
    throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot list the flows it holds runs of");
  }

  /** Runs with a journal but no result: interrupted, to be reviewed. */
  List<String> unfinished();

  /** Where artifacts of a run go (screenshots, downloads, traces). */
  Path artifactsDir(String runId, String flowId);

  /**
   * Holds a run for this engine from its start (or resume) to its end: while held, another engine
   * sharing the store does not list it in {@link #unfinished()} and cannot hold it, so only one
   * engine resumes a run. A process that dies lets go of its runs (the directory store's file lock
   * goes with the process; the JDBC store's lease runs out). The engine closes the lease when the run
   * ends, finished or left for review.
   *
   * <p>The default holds nothing, for a store only one engine uses at a time.
   *
   * @throws RunStoreException {@code RUN_LOCKED} when another engine holds the run, {@code STORE_FAILED}
   *     when the store cannot record the hold
   */
  default RunLease hold(String runId, String flowId) {
    return () -> {};
  }

  /**
   * A store that keeps no journal and lists no runs: only {@link #artifactsDir} is left to write (and
   * {@link #finish} when results are kept somewhere, a report folder for example). Its runs cannot be
   * resumed. {@link RunStore#none()} is one.
   */
  interface WithoutJournal extends RunStore {
    @Override
    default void append(String runId, String flowId, JournalEntry entry, boolean durable) {}

    @Override
    default void finish(RunResult result) {}

    @Override
    default List<JournalEntry> journal(String runId) {
      return List.of();
    }

    @Override
    default Optional<RunResult> result(String runId) {
      return Optional.empty();
    }

    @Override
    default List<String> runs(String flowId) {
      return List.of();
    }

    @Override
    default List<String> unfinished() {
      return List.of();
    }
  }

  /** A run held by one engine; {@link #close()} lets it go. */
  interface RunLease extends AutoCloseable {
    @Override
    void close();
  }

  /** A directory store keeping the last 10 finished runs per flow. */
  static RunStore directory(Path root) {
    return new DirectoryRunStore(root, 10);
  }

  /** A directory store keeping the last {@code keep} finished runs per flow. */
  static RunStore directory(Path root, int keep) {
    return new DirectoryRunStore(root, keep);
  }

  /**
   * A store in a database reached through JDBC (PostgreSQL, H2, ...; the driver on the class path),
   * keeping artifacts under {@code artifactsRoot}. See {@link JdbcRunStore#builder()} for the lease,
   * connection properties and how many runs to keep.
   */
  static RunStore jdbc(String url, Path artifactsRoot) {
    return JdbcRunStore.builder().url(url).artifactsRoot(artifactsRoot).build();
  }

  /**
   * The embedded database store for one machine: an H2 database in {@code dir} ({@code runs.mv.db})
   * that several processes on the machine can share (H2's automatic server mode), artifacts under
   * {@code dir/artifacts}.
   */
  static RunStore embedded(Path dir) {
    return JdbcRunStore.builder().url(JdbcRunStore.embeddedUrl(dir)).artifactsRoot(dir.resolve("artifacts")).build();
  }

  /** A store that keeps nothing: no journal, no recovery (artifacts go to a temporary directory). */
  static RunStore none() {
    return NoRunStore.INSTANCE;
  }
}
