package io.browserflow.engine.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.engine.ResumeDecision;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.engine.StepState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code <root>/<flowId>/<runId>/journal.jsonl} + {@code result.json} + {@code artifacts/}. Run ids
 * sort by start time, so pruning keeps the newest. Unfinished runs are never pruned.
 */
final class DirectoryRunStore implements RunStore {
  static final String JOURNAL = "journal.jsonl";
  static final String RESULT = "result.json";
  static final String LOCK = "run.lock";

  /**
   * Lock files this JVM holds, by path. POSIX record locks belong to the process and closing any
   * channel on the file drops them, so within the JVM a held lock file is never opened again: this
   * registry answers for it.
   */
  private static final Map<Path, FileChannel> HELD = new ConcurrentHashMap<>();

  private final Path root;
  private final int keep;
  private final Map<String, Journal> open = new ConcurrentHashMap<>();

  /** An open journal file and the identity of the file it was opened on. */
  private static final class Journal {
    final Path file;
    final FileChannel channel;
    final Object fileKey;

    Journal(Path file) throws IOException {
      OwnerOnlyDirs.create(file.getParent());
      this.file = file;
      this.channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
      this.fileKey = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
    }

    /**
     * An open channel keeps writing into a file that was deleted or replaced (its directory
     * removed): those entries would be lost. Every append checks the file is still the one opened.
     */
    void checkStillThere() throws IOException {
      Object now;
      try {
        now = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
      } catch (NoSuchFileException e) {
        throw new IOException("the journal file " + file + " was removed (or its folder)", e);
      }
      if (fileKey != null && !fileKey.equals(now)) {
        throw new IOException("the journal file " + file + " was replaced by another file");
      }
    }
  }

  DirectoryRunStore(Path root, int keep) {
    if (keep < 1) {
      throw new IllegalArgumentException("keep must be at least 1, was " + keep);
    }
    this.root = root.toAbsolutePath();
    this.keep = keep;
  }

  private Path runDir(String runId, String flowId) {
    return root.resolve(safe(flowId)).resolve(safe(runId));
  }

  private static String safe(String name) {
    return name.replaceAll("[^A-Za-z0-9._-]", "_");
  }

  @Override
  public void append(String runId, String flowId, JournalEntry entry, boolean durable) {
    try {
      Journal journal = open.computeIfAbsent(runId, id -> openJournal(runDir(runId, flowId).resolve(JOURNAL)));
      byte[] line = (JournalJson.write(entry) + "\n").getBytes(StandardCharsets.UTF_8);
      synchronized (journal) {
        journal.checkStillThere();
        ByteBuffer buffer = ByteBuffer.wrap(line);
        while (buffer.hasRemaining()) {
          journal.channel.write(buffer);
        }
        if (durable) {
          journal.channel.force(false);
        }
      }
    } catch (IOException | UncheckedIOException | java.nio.file.ReadOnlyFileSystemException e) {
      Throwable cause = e instanceof UncheckedIOException ? e.getCause() : e;
      throw failure(ErrorCode.STORE_FAILED, "cannot write the journal of run " + runId + " under " + root + ": "
          + describe(cause) + "; nothing was dispatched after the last entry written. Free space, make "
          + root + " writable, or point the run store elsewhere", root, (Exception) cause);
    }
  }

  /** An I/O error in words: the exception's message alone is often just a path. */
  private static String describe(Throwable e) {
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied (" + e.getMessage() + ")";
    }
    if (e instanceof NoSuchFileException) {
      return "no such file or folder (" + e.getMessage() + ")";
    }
    if (e instanceof java.nio.file.ReadOnlyFileSystemException) {
      return "read-only file system";
    }
    if (e instanceof FileSystemException && ((FileSystemException) e).getReason() != null) {
      return ((FileSystemException) e).getReason() + " (" + ((FileSystemException) e).getFile() + ")";
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  private static Journal openJournal(Path file) {
    try {
      return new Journal(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public RunLease hold(String runId, String flowId) {
    Path dir = runDir(runId, flowId);
    Path lockFile = dir.resolve(LOCK);
    FileChannel channel;
    try {
      OwnerOnlyDirs.create(dir);
      synchronized (HELD) {
        if (HELD.containsKey(lockFile)) {
          throw locked(runId, dir);
        }
        channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        java.nio.channels.FileLock lock;
        try {
          lock = channel.tryLock();
        } catch (IOException | RuntimeException e) {
          channel.close();
          throw e;
        }
        if (lock == null) {
          channel.close();
          throw locked(runId, dir);
        }
        HELD.put(lockFile, channel);
      }
    } catch (IOException e) {
      throw failure(ErrorCode.STORE_FAILED, "cannot hold run " + runId + " under " + root + ": " + describe(e)
          + ". Make " + root + " writable, or point the run store elsewhere", dir, e);
    }
    return () -> release(runId, lockFile);
  }

  private static RunStoreException locked(String runId, Path dir) {
    return new RunStoreException(ErrorCode.RUN_LOCKED, "run " + runId + " is held by another engine (running there, "
        + "or being resumed); only one engine resumes a run: wait until it ends", Map.of(FlowException.Details.PATH,
        dir.toString(), FlowException.Details.RUN_ID, runId), null);
  }

  /** Closes the run's journal and lets go of its lock. */
  private void release(String runId, Path lockFile) {
    Journal journal = open.remove(runId);
    try {
      if (journal != null) {
        synchronized (journal) {
          journal.channel.close();
        }
      }
    } catch (IOException ignored) {
      // the journal's entries are written already; a close failure loses nothing
    }
    synchronized (HELD) {
      FileChannel channel = HELD.remove(lockFile);
      if (channel != null) {
        try {
          channel.close();
        } catch (IOException ignored) {
          // closing the channel releases the lock even when it reports an error
        }
      }
    }
  }

  /** Whether an engine (in this JVM or another process) holds the run in {@code dir}. */
  private static boolean heldAnywhere(Path dir) {
    Path lockFile = dir.resolve(LOCK);
    synchronized (HELD) {
      if (HELD.containsKey(lockFile)) {
        return true;
      }
      if (!Files.exists(lockFile)) {
        return false;
      }
      try (FileChannel probe = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
        java.nio.channels.FileLock lock = probe.tryLock();
        if (lock == null) {
          return true;
        }
        lock.release();
        return false;
      } catch (IOException e) {
        return false; // a lock file that cannot be opened (read-only store) holds nothing
      }
    }
  }

  @Override
  public void finish(RunResult result) {
    Path dir = runDir(result.runId(), result.flowId());
    try {
      Journal journal = open.remove(result.runId());
      if (journal != null) {
        synchronized (journal) {
          journal.channel.force(false);
          journal.channel.close();
        }
      }
      OwnerOnlyDirs.create(dir);
      Path tmp = dir.resolve(RESULT + ".tmp");
      Files.writeString(tmp, result.toJson(), StandardCharsets.UTF_8);
      Files.move(tmp, dir.resolve(RESULT), java.nio.file.StandardCopyOption.ATOMIC_MOVE,
          java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      synchronized (this) { // runs of one flow finishing at once (several workers) prune one at a time
        prune(result.flowId());
      }
    } catch (IOException e) {
      throw failure(ErrorCode.STORE_FAILED,
          "cannot store the result of run " + result.runId() + " under " + root + ": " + e.getMessage(), dir, e);
    }
  }

  private void prune(String flowId) throws IOException {
    Path flowDir = root.resolve(safe(flowId));
    List<Path> finished;
    try (Stream<Path> dirs = Files.list(flowDir)) {
      finished = dirs.filter(d -> Files.isRegularFile(d.resolve(RESULT)))
          .sorted(Comparator.comparing((Path p) -> p.getFileName().toString()).reversed())
          .collect(Collectors.toList());
    }
    for (Path old : finished.subList(Math.min(keep, finished.size()), finished.size())) {
      deleteTree(old);
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
        Files.deleteIfExists(p);
      }
    }
  }

  private Optional<Path> find(String runId) {
    if (!Files.isDirectory(root)) {
      return Optional.empty();
    }
    try (Stream<Path> flows = Files.list(root)) {
      return flows.map(f -> f.resolve(safe(runId))).filter(Files::isDirectory).findFirst();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  @Override
  public List<JournalEntry> journal(String runId) {
    Optional<Path> dir = find(runId);
    if (dir.isEmpty() || !Files.isRegularFile(dir.get().resolve(JOURNAL))) {
      return List.of();
    }
    List<JournalEntry> entries = new ArrayList<>();
    try {
      for (String line : Files.readAllLines(dir.get().resolve(JOURNAL), StandardCharsets.UTF_8)) {
        if (!line.isBlank()) {
          JournalJson.read(line).ifPresent(entries::add);
        }
      }
    } catch (IOException e) {
      throw failure(ErrorCode.STORE_FAILED, "cannot read the journal of run " + runId + ": " + e.getMessage(), root, e);
    }
    return entries;
  }

  @Override
  public Optional<RunResult> result(String runId) {
    return find(runId).map(d -> d.resolve(RESULT)).filter(Files::isRegularFile).map(p -> {
      try {
        return RunResult.fromJson(Files.readString(p, StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw failure(ErrorCode.STORE_FAILED, "cannot read the result of run " + runId + ": " + e.getMessage(), root, e);
      }
    });
  }

  @Override
  public List<String> runs(String flowId) {
    Path flowDir = root.resolve(safe(flowId));
    if (!Files.isDirectory(flowDir)) {
      return List.of();
    }
    try (Stream<Path> dirs = Files.list(flowDir)) {
      return dirs.filter(Files::isDirectory).map(p -> p.getFileName().toString())
          .sorted(Comparator.reverseOrder()).collect(Collectors.toList());
    } catch (IOException e) {
      throw failure(ErrorCode.STORE_FAILED, "cannot list runs under " + flowDir + ": " + e.getMessage(), flowDir, e);
    }
  }

  @Override
  public List<String> flows() {
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    List<String> flows = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(root)) {
      for (Path flowDir : dirs.filter(Files::isDirectory).sorted().collect(Collectors.toList())) {
        flowIdIn(flowDir).ifPresent(flows::add);
      }
    } catch (IOException e) {
      throw failure(ErrorCode.STORE_FAILED, "cannot list flows under " + root + ": " + e.getMessage(), root, e);
    }
    return flows.stream().distinct().sorted().collect(Collectors.toList());
  }

  /** The flow id its runs' journals name (folder names are made safe for the file system, not always the id). */
  private static Optional<String> flowIdIn(Path flowDir) throws IOException {
    try (Stream<Path> runs = Files.list(flowDir)) {
      for (Path run : runs.filter(Files::isDirectory).collect(Collectors.toList())) {
        Path journal = run.resolve(JOURNAL);
        if (Files.isRegularFile(journal)) {
          try (java.io.BufferedReader r = Files.newBufferedReader(journal, StandardCharsets.UTF_8)) {
            String first = r.readLine();
            Optional<String> id = first == null ? Optional.empty() : JournalJson.read(first).flatMap(JournalEntry::flowId);
            if (id.isPresent()) {
              return id;
            }
          }
        }
        if (Files.isRegularFile(run.resolve(RESULT))) {
          return Optional.of(RunResult.fromJson(Files.readString(run.resolve(RESULT), StandardCharsets.UTF_8)).flowId());
        }
      }
    }
    return Optional.empty();
  }

  @Override
  public List<String> unfinished() {
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    try (Stream<Path> runs = Files.find(root, 2, (p, a) -> a.isDirectory() && p.getParent() != null
        && !p.getParent().equals(root.getParent()) && Files.isRegularFile(p.resolve(JOURNAL)))) {
      return runs.filter(p -> !Files.exists(p.resolve(RESULT)) && !open.containsKey(p.getFileName().toString())
              && !heldAnywhere(p))
          .map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
    } catch (IOException e) {
      throw failure(ErrorCode.STORE_FAILED, "cannot scan runs under " + root + ": " + e.getMessage(), root, e);
    }
  }

  @Override
  public Path artifactsDir(String runId, String flowId) {
    return OwnerOnlyDirs.artifactsOf(runDir(runId, flowId));
  }

  private static RunStoreException failure(ErrorCode code, String message, Path where, Exception cause) {
    return new RunStoreException(code, message, Map.of(FlowException.Details.PATH, where.toString()), cause);
  }
}

/** JSON lines of the journal. */
final class JournalJson {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private JournalJson() {}

  static String write(JournalEntry e) {
    ObjectNode n = MAPPER.createObjectNode();
    n.put("seq", e.seq());
    n.put("at", e.at().toString());
    n.put("type", e.type().name());
    e.flowId().ifPresent(v -> n.put("flowId", v));
    e.flowDigest().ifPresent(v -> n.put("flowDigest", v));
    e.path().ifPresent(v -> n.put("path", v));
    e.stepId().ifPresent(v -> n.put("stepId", v));
    e.iteration().ifPresent(v -> n.put("iteration", v));
    e.state().ifPresent(v -> n.put("state", v.name()));
    e.attempt().ifPresent(v -> n.put("attempt", v));
    e.evidence().ifPresent(v -> n.put("evidence", v.name()));
    e.errorCode().ifPresent(v -> n.put("errorCode", v.name()));
    e.message().ifPresent(v -> n.put("message", v));
    if (!e.outputs().isEmpty()) {
      ObjectNode o = n.putObject("outputs");
      e.outputs().forEach(o::put);
    }
    if (!e.inputPins().isEmpty()) {
      ObjectNode o = n.putObject("inputPins");
      e.inputPins().forEach(o::put);
    }
    e.status().ifPresent(v -> n.put("status", v.name()));
    e.decision().ifPresent(v -> n.put("decision", v.name()));
    return n.toString();
  }

  /** Empty for a line that is not a complete entry (e.g. torn by a crash mid-write). */
  static Optional<JournalEntry> read(String line) {
    try {
      JsonNode n = MAPPER.readTree(line);
      JournalEntry.Builder b = JournalEntry.builder()
          .seq(n.get("seq").asLong())
          .at(Instant.parse(n.get("at").asText()))
          .type(JournalEntry.Type.valueOf(n.get("type").asText()));
      if (n.hasNonNull("flowId")) {
        b.flowId(n.get("flowId").asText());
      }
      if (n.hasNonNull("flowDigest")) {
        b.flowDigest(n.get("flowDigest").asText());
      }
      if (n.hasNonNull("path")) {
        b.path(n.get("path").asText());
      }
      if (n.hasNonNull("stepId")) {
        b.stepId(n.get("stepId").asText());
      }
      if (n.hasNonNull("iteration")) {
        b.iteration(n.get("iteration").asText());
      }
      if (n.hasNonNull("state")) {
        b.state(StepState.valueOf(n.get("state").asText()));
      }
      if (n.hasNonNull("attempt")) {
        b.attempt(n.get("attempt").asInt());
      }
      if (n.hasNonNull("evidence")) {
        b.evidence(JournalEntry.Evidence.valueOf(n.get("evidence").asText()));
      }
      if (n.hasNonNull("errorCode")) {
        b.errorCode(ErrorCode.valueOf(n.get("errorCode").asText()));
      }
      if (n.hasNonNull("message")) {
        b.message(n.get("message").asText());
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = n.path("outputs").fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> o = it.next();
        b.putOutputs(o.getKey(), o.getValue().asText());
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = n.path("inputPins").fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> o = it.next();
        b.putInputPins(o.getKey(), o.getValue().asText());
      }
      if (n.hasNonNull("status")) {
        b.status(RunStatus.valueOf(n.get("status").asText()));
      }
      if (n.hasNonNull("decision")) {
        b.decision(ResumeDecision.valueOf(n.get("decision").asText()));
      }
      return Optional.of(b.build());
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
