package io.browserflow.engine.store;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.engine.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A {@link RunStore} in a database reached through JDBC: PostgreSQL for engines on several nodes, H2
 * for one machine ({@link RunStore#embedded(Path)}). Two tables, created when missing:
 * {@code browserflow_runs} (one row per run: flow, start, the engine holding it and until when, the
 * result once finished) and {@code browserflow_journal} (one row per journal entry, the same JSON
 * as a directory store's line).
 *
 * <p>Durability: every entry is committed before {@link #append} returns, so a step's
 * {@code DISPATCHING} row is committed before its action. On H2 a durable entry is also synced to
 * disk ({@code CHECKPOINT SYNC}); PostgreSQL's commit is durable by itself.
 *
 * <p>Engines sharing the database: a run is held by the engine that runs it, under a lease the
 * store renews in the background ({@link Builder#lease(Duration)}, 30 s by default) while the run
 * goes on. {@link #unfinished()} lists runs without a result whose lease ran out (their engine died),
 * and {@link #hold} takes a run only when nobody's lease is current, in one conditional
 * {@code UPDATE}: of two engines resuming a run at once, exactly one gets it, the other gets
 * {@code RUN_LOCKED}. Leases compare the engines' clocks: keep the nodes' clocks in sync (NTP) to
 * well within the lease.
 *
 * <p>Messages and details name the database by its URL without user or password. One connection
 * per store, reopened once when it was lost; when the database stays unreachable, the run stops
 * with {@code STORE_FAILED} before its next action.
 *
 * <pre>{@code
 * RunStore store = JdbcRunStore.builder()
 *     .url("jdbc:postgresql://db.internal:5432/browserflow")
 *     .property("user", "browserflow").property("password", System.getenv("BROWSERFLOW_STORE_PASSWORD"))
 *     .artifactsRoot(Path.of("/var/lib/browserflow/artifacts"))
 *     .build();
 * }</pre>
 */
public final class JdbcRunStore implements RunStore, AutoCloseable {
  static {
    // the embedded store's AUTO_SERVER lets this machine's other processes share it, not other machines:
    // H2 binds it to every interface unless told (an embedder who wants that sets h2.bindAddress first)
    if (System.getProperty("h2.bindAddress") == null) {
      System.setProperty("h2.bindAddress", "127.0.0.1");
    }
  }

  private static final String DUPLICATE_KEY = "23505";

  private final String url;
  private final String shownUrl;
  private final Properties properties;
  private final Path artifactsRoot;
  private final int keep;
  private final long leaseMs;
  /** This store's name in the {@code holder} column. */
  private final String holder = "engine-" + UUID.randomUUID();
  private final Set<String> held = ConcurrentHashMap.newKeySet();
  private final Set<String> known = ConcurrentHashMap.newKeySet();
  private final Object lock = new Object();
  private Connection connection;
  private boolean h2;
  private ScheduledExecutorService renewer;

  private JdbcRunStore(Builder b) {
    this.url = Objects.requireNonNull(b.url, "url");
    this.shownUrl = withoutCredentials(url);
    this.properties = b.properties;
    this.artifactsRoot = Objects.requireNonNull(b.artifactsRoot, "artifactsRoot").toAbsolutePath();
    this.keep = b.keep;
    this.leaseMs = b.lease.toMillis();
    synchronized (lock) {
      run("create the tables", c -> {
        createTables(c);
        return null;
      });
    }
  }

  /** A builder; {@code url} and {@code artifactsRoot} are required. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * The JDBC URL of the embedded H2 database in {@code dir}, shared by the processes of one machine
   * through H2's automatic server, which listens on 127.0.0.1 only (unless the {@code h2.bindAddress}
   * system property says otherwise before the first store is made).
   */
  public static String embeddedUrl(Path dir) {
    return "jdbc:h2:file:" + dir.toAbsolutePath().resolve("runs") + ";AUTO_SERVER=TRUE;WRITE_DELAY=0";
  }

  /** The database's URL as messages show it: without user, password or other credentials. */
  public String url() {
    return shownUrl;
  }

  static String withoutCredentials(String url) {
    return url.replaceAll("//[^/@]*@", "//")
        .replaceAll("(?i)([?&;](?:user|password|passwd|pwd)=)[^&;]*", "$1***");
  }

  private void createTables(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE IF NOT EXISTS browserflow_runs (run_id VARCHAR(100) PRIMARY KEY, "
          + "flow_id VARCHAR(300) NOT NULL, started_at BIGINT NOT NULL, holder VARCHAR(100), lease_until BIGINT, "
          + "result " + (h2 ? "CHARACTER LARGE OBJECT" : "TEXT") + ")");
      s.execute("CREATE TABLE IF NOT EXISTS browserflow_journal (run_id VARCHAR(100) NOT NULL, seq BIGINT NOT NULL, "
          + "entry " + (h2 ? "CHARACTER LARGE OBJECT" : "TEXT") + " NOT NULL, PRIMARY KEY (run_id, seq))");
      s.execute("CREATE INDEX IF NOT EXISTS browserflow_runs_flow ON browserflow_runs (flow_id, run_id)");
    }
  }

  // ------------------------------------------------------------------ the store

  @Override
  public void append(String runId, String flowId, JournalEntry entry, boolean durable) {
    String json = JournalJson.write(entry);
    synchronized (lock) {
      run("write the journal of run " + runId, c -> {
        ensureRun(c, runId, flowId);
        try (PreparedStatement insert = c.prepareStatement(
            "INSERT INTO browserflow_journal (run_id, seq, entry) VALUES (?, ?, ?)")) {
          insert.setString(1, runId);
          insert.setLong(2, entry.seq());
          insert.setString(3, json);
          insert.executeUpdate();
        } catch (SQLException e) {
          if (!DUPLICATE_KEY.equals(e.getSQLState()) || !sameEntry(c, runId, entry.seq(), json)) {
            throw e;
          }
          // the first attempt was committed before the connection was lost: the entry is there
        }
        if (durable && h2) {
          try (Statement s = c.createStatement()) {
            s.execute("CHECKPOINT SYNC");
          }
        }
        return null;
      });
    }
  }

  private static boolean sameEntry(Connection c, String runId, long seq, String json) throws SQLException {
    try (PreparedStatement q = c.prepareStatement("SELECT entry FROM browserflow_journal WHERE run_id = ? AND seq = ?")) {
      q.setString(1, runId);
      q.setLong(2, seq);
      try (ResultSet rs = q.executeQuery()) {
        return rs.next() && json.equals(rs.getString(1));
      }
    }
  }

  /** The run's row, inserted on its first entry when no hold made it. */
  private void ensureRun(Connection c, String runId, String flowId) throws SQLException {
    if (known.contains(runId)) {
      return;
    }
    try (PreparedStatement insert = c.prepareStatement(
        "INSERT INTO browserflow_runs (run_id, flow_id, started_at) VALUES (?, ?, ?)")) {
      insert.setString(1, runId);
      insert.setString(2, flowId);
      insert.setLong(3, System.currentTimeMillis());
      insert.executeUpdate();
    } catch (SQLException e) {
      if (!DUPLICATE_KEY.equals(e.getSQLState())) {
        throw e;
      }
    }
    known.add(runId);
  }

  @Override
  public RunLease hold(String runId, String flowId) {
    boolean got;
    synchronized (lock) {
      got = run("hold run " + runId, c -> {
        ensureRun(c, runId, flowId);
        long now = System.currentTimeMillis();
        try (PreparedStatement update = c.prepareStatement("UPDATE browserflow_runs SET holder = ?, lease_until = ? "
            + "WHERE run_id = ? AND result IS NULL AND (holder IS NULL OR holder = ? OR lease_until < ?)")) {
          update.setString(1, holder);
          update.setLong(2, now + leaseMs);
          update.setString(3, runId);
          update.setString(4, holder);
          update.setLong(5, now);
          return update.executeUpdate() == 1;
        }
      });
    }
    if (!got) {
      throw new RunStoreException(ErrorCode.RUN_LOCKED, "run " + runId + " is held by another engine (running there, "
          + "or being resumed), or has finished; only one engine resumes a run: wait until it ends, or until its "
          + "lease of " + leaseMs + " ms runs out when that engine died", details(runId), null);
    }
    held.add(runId);
    startRenewing();
    return () -> release(runId);
  }

  private void release(String runId) {
    if (!held.remove(runId)) {
      return;
    }
    synchronized (lock) {
      try {
        run("let go of run " + runId, c -> {
          try (PreparedStatement update = c.prepareStatement(
              "UPDATE browserflow_runs SET holder = NULL, lease_until = NULL WHERE run_id = ? AND holder = ?")) {
            update.setString(1, runId);
            update.setString(2, holder);
            return update.executeUpdate();
          }
        });
      } catch (RunStoreException e) {
        // the lease runs out by itself
      }
    }
  }

  /** Renews the leases of the held runs a few times per lease, from a daemon thread. */
  private void startRenewing() {
    synchronized (lock) {
      if (renewer != null) {
        return;
      }
      renewer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "browserflow-store-lease");
        t.setDaemon(true);
        return t;
      });
      long every = Math.max(50, leaseMs / 3);
      renewer.scheduleWithFixedDelay(this::renew, every, every, TimeUnit.MILLISECONDS);
    }
  }

  private void renew() {
    for (String runId : held) {
      synchronized (lock) {
        try {
          run("renew the lease of run " + runId, c -> {
            try (PreparedStatement update = c.prepareStatement(
                "UPDATE browserflow_runs SET lease_until = ? WHERE run_id = ? AND holder = ?")) {
              update.setLong(1, System.currentTimeMillis() + leaseMs);
              update.setString(2, runId);
              update.setString(3, holder);
              return update.executeUpdate();
            }
          });
        } catch (RunStoreException e) {
          // the next append reports the store; a lease not renewed only lets another engine take over
        }
      }
    }
  }

  @Override
  public void finish(RunResult result) {
    String json = result.toJson();
    List<String> pruned;
    synchronized (lock) {
      pruned = run("store the result of run " + result.runId(), c -> {
        ensureRun(c, result.runId(), result.flowId());
        try (PreparedStatement update = c.prepareStatement(
            "UPDATE browserflow_runs SET result = ?, holder = NULL, lease_until = NULL WHERE run_id = ?")) {
          update.setString(1, json);
          update.setString(2, result.runId());
          update.executeUpdate();
        }
        return prune(c, result.flowId());
      });
    }
    held.remove(result.runId());
    for (String old : pruned) {
      deleteTree(runDir(old, result.flowId()));
    }
  }

  private List<String> prune(Connection c, String flowId) throws SQLException {
    List<String> finished = new ArrayList<>();
    try (PreparedStatement q = c.prepareStatement("SELECT run_id FROM browserflow_runs WHERE flow_id = ? "
        + "AND result IS NOT NULL ORDER BY run_id DESC")) {
      q.setString(1, flowId);
      try (ResultSet rs = q.executeQuery()) {
        while (rs.next()) {
          finished.add(rs.getString(1));
        }
      }
    }
    List<String> old = finished.subList(Math.min(keep, finished.size()), finished.size());
    for (String runId : old) {
      try (PreparedStatement d = c.prepareStatement("DELETE FROM browserflow_journal WHERE run_id = ?")) {
        d.setString(1, runId);
        d.executeUpdate();
      }
      try (PreparedStatement d = c.prepareStatement("DELETE FROM browserflow_runs WHERE run_id = ?")) {
        d.setString(1, runId);
        d.executeUpdate();
      }
      known.remove(runId);
    }
    return new ArrayList<>(old);
  }

  @Override
  public List<JournalEntry> journal(String runId) {
    synchronized (lock) {
      return run("read the journal of run " + runId, c -> {
        List<JournalEntry> entries = new ArrayList<>();
        try (PreparedStatement q = c.prepareStatement(
            "SELECT entry FROM browserflow_journal WHERE run_id = ? ORDER BY seq")) {
          q.setString(1, runId);
          try (ResultSet rs = q.executeQuery()) {
            while (rs.next()) {
              JournalJson.read(rs.getString(1)).ifPresent(entries::add);
            }
          }
        }
        return entries;
      });
    }
  }

  @Override
  public Optional<RunResult> result(String runId) {
    String json;
    synchronized (lock) {
      json = run("read the result of run " + runId, c -> {
        try (PreparedStatement q = c.prepareStatement("SELECT result FROM browserflow_runs WHERE run_id = ?")) {
          q.setString(1, runId);
          try (ResultSet rs = q.executeQuery()) {
            return rs.next() ? rs.getString(1) : null;
          }
        }
      });
    }
    return Optional.ofNullable(json).map(RunResult::fromJson);
  }

  @Override
  public List<String> runs(String flowId) {
    synchronized (lock) {
      return run("list the runs of flow " + flowId, c -> {
        try (PreparedStatement q = c.prepareStatement(
            "SELECT run_id FROM browserflow_runs WHERE flow_id = ? ORDER BY run_id DESC")) {
          q.setString(1, flowId);
          return ids(q);
        }
      });
    }
  }

  @Override
  public List<String> flows() {
    synchronized (lock) {
      return run("list the flows", c -> {
        try (PreparedStatement q = c.prepareStatement("SELECT DISTINCT flow_id FROM browserflow_runs ORDER BY flow_id")) {
          return ids(q);
        }
      });
    }
  }

  @Override
  public List<String> unfinished() {
    synchronized (lock) {
      return run("list the unfinished runs", c -> {
        try (PreparedStatement q = c.prepareStatement("SELECT r.run_id FROM browserflow_runs r WHERE r.result IS NULL "
            + "AND (r.holder IS NULL OR r.lease_until < ?) "
            + "AND EXISTS (SELECT 1 FROM browserflow_journal j WHERE j.run_id = r.run_id) ORDER BY r.run_id")) {
          q.setLong(1, System.currentTimeMillis());
          return ids(q).stream().filter(id -> !held.contains(id)).collect(Collectors.toList());
        }
      });
    }
  }

  private static List<String> ids(PreparedStatement q) throws SQLException {
    List<String> ids = new ArrayList<>();
    try (ResultSet rs = q.executeQuery()) {
      while (rs.next()) {
        ids.add(rs.getString(1));
      }
    }
    return ids;
  }

  @Override
  public Path artifactsDir(String runId, String flowId) {
    return OwnerOnlyDirs.artifactsOf(runDir(runId, flowId));
  }

  private Path runDir(String runId, String flowId) {
    return artifactsRoot.resolve(safe(flowId)).resolve(safe(runId));
  }

  private static String safe(String name) {
    return name.replaceAll("[^A-Za-z0-9._-]", "_");
  }

  private static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
        Files.deleteIfExists(p);
      }
    } catch (IOException ignored) {
      // artifacts of a pruned run that cannot be deleted stay on disk; the database no longer lists them
    }
  }

  /** Stops renewing leases and closes the connection; held runs' leases run out. */
  @Override
  public void close() {
    synchronized (lock) {
      if (renewer != null) {
        renewer.shutdownNow();
        renewer = null;
      }
      if (connection != null) {
        try {
          connection.close();
        } catch (SQLException ignored) {
          // closing a broken connection
        }
        connection = null;
      }
    }
  }

  // ------------------------------------------------------------------ connections

  /** Work on the connection. */
  private interface Work<T> {
    T on(Connection c) throws SQLException;
  }

  /**
   * Runs {@code work} on the store's connection, opened on first use; a connection that turns out
   * lost is reopened and the work tried once more. Callers hold {@link #lock}.
   */
  private <T> T run(String what, Work<T> work) {
    SQLException first;
    try {
      return work.on(connection());
    } catch (SQLException e) {
      first = e;
    }
    if (connection != null && isValid(connection)) {
      throw failure(what, first);
    }
    closeQuietly();
    try {
      return work.on(connection());
    } catch (SQLException again) {
      again.addSuppressed(first);
      closeQuietly();
      throw failure(what, again);
    }
  }

  private Connection connection() throws SQLException {
    if (connection == null) {
      connection = DriverManager.getConnection(url, properties);
      connection.setAutoCommit(true);
      h2 = connection.getMetaData().getDatabaseProductName().toLowerCase(java.util.Locale.ROOT).contains("h2");
    }
    return connection;
  }

  private static boolean isValid(Connection c) {
    try {
      return c.isValid(2);
    } catch (SQLException e) {
      return false;
    }
  }

  private void closeQuietly() {
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException ignored) {
        // lost already
      }
      connection = null;
    }
  }

  private RunStoreException failure(String what, SQLException e) {
    String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    String hint = reason.contains("No suitable driver")
        ? "put the database's JDBC driver on the class path (PostgreSQL: org.postgresql:postgresql; H2 comes with BrowserFlow)"
        : e.getSQLState() != null && e.getSQLState().startsWith("08")
        ? "the database cannot be reached: check it runs and the URL" : "check the database and the store's user rights";
    return new RunStoreException(ErrorCode.STORE_FAILED, "cannot " + what + " in the run store " + shownUrl + ": "
        + withoutCredentials(reason) + " (SQL state " + e.getSQLState() + "); " + hint
        + ". Nothing was dispatched after the last entry written", Map.of(FlowException.Details.PATH, shownUrl), e);
  }

  private Map<String, String> details(String runId) {
    return Map.of(FlowException.Details.PATH, shownUrl, FlowException.Details.RUN_ID, runId);
  }

  /** Builder of {@link JdbcRunStore}. */
  public static final class Builder {
    private String url;
    private final Properties properties = new Properties();
    private Path artifactsRoot;
    private int keep = 10;
    private Duration lease = Duration.ofSeconds(30);

    private Builder() {}

    /** The JDBC URL, e.g. {@code jdbc:postgresql://host:5432/db}; its driver must be on the class path. */
    public Builder url(String url) {
      this.url = url;
      return this;
    }

    /** A connection property, e.g. {@code user} and {@code password} (kept in memory, never shown). */
    public Builder property(String key, String value) {
      properties.setProperty(key, value);
      return this;
    }

    /** Where screenshots, downloads and traces of runs go (files stay on the machine that ran them). */
    public Builder artifactsRoot(Path artifactsRoot) {
      this.artifactsRoot = artifactsRoot;
      return this;
    }

    /** Finished runs kept per flow (default 10). */
    public Builder keep(int keep) {
      if (keep < 1) {
        throw new IllegalArgumentException("keep must be at least 1, was " + keep);
      }
      this.keep = keep;
      return this;
    }

    /**
     * How long a run stays held after its engine last renewed it (default 30 s; renewed every third
     * of it). A dead engine's runs are listed by {@code unfinished()} once it ran out.
     */
    public Builder lease(Duration lease) {
      if (lease.toMillis() < 100) {
        throw new IllegalArgumentException("lease must be at least 100 ms, was " + lease.toMillis() + " ms");
      }
      this.lease = lease;
      return this;
    }

    /** Connects and creates the tables when missing; {@code STORE_FAILED} when the database cannot be used. */
    public JdbcRunStore build() {
      return new JdbcRunStore(this);
    }
  }
}
