package io.browserflow.engine;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A PostgreSQL cluster of the test's own: {@code initdb} in a temporary folder, {@code pg_ctl start}
 * on a free port of 127.0.0.1, {@code stop} and the folder deleted at {@link #close()}. Uses Debian's
 * {@code postgresql} package; PostgreSQL refuses to run as root, so as root the server runs as the
 * package's {@code postgres} user. When PostgreSQL is missing the test fails with how to install it.
 */
public final class PostgresServer implements AutoCloseable {
  private final Path bin;
  private final Path home;
  private final Path data;
  private final String user;
  private final boolean asPostgres;
  private final int port;
  private boolean running;

  private PostgresServer() throws IOException, InterruptedException {
    this.bin = findBin();
    this.asPostgres = "root".equals(System.getProperty("user.name"));
    this.user = asPostgres ? "postgres" : System.getProperty("user.name");
    this.home = Files.createTempDirectory("browserflow-pg-");
    Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxr-xr-x"));
    if (asPostgres) {
      UserPrincipalLookupService users = home.getFileSystem().getUserPrincipalLookupService();
      UserPrincipal owner = users.lookupPrincipalByName("postgres");
      GroupPrincipal group = users.lookupPrincipalByGroupName("postgres");
      PosixFileAttributeView view = Files.getFileAttributeView(home, PosixFileAttributeView.class);
      view.setOwner(owner);
      view.setGroup(group);
    }
    this.data = home.resolve("data");
    this.port = freePort();
    exec(List.of(bin.resolve("initdb").toString(), "-D", data.toString(), "-A", "trust", "-U", user, "-E", "UTF8",
        "--no-sync"), 120);
  }

  /** A new cluster, started. */
  public static PostgresServer start() {
    try {
      PostgresServer server = new PostgresServer();
      server.startAgain();
      return server;
    } catch (IOException e) {
      throw new AssertionError("cannot start PostgreSQL: " + e.getMessage() + INSTALL, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while starting PostgreSQL", e);
    }
  }

  private static final String INSTALL = "\nThese tests need PostgreSQL's server binaries (initdb, pg_ctl): "
      + "apt-get install -y postgresql (Debian), or set BROWSERFLOW_PG_BIN to the folder holding them.";

  private static Path findBin() throws IOException {
    String configured = System.getenv("BROWSERFLOW_PG_BIN");
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured);
    }
    Path root = Path.of("/usr/lib/postgresql");
    if (Files.isDirectory(root)) {
      try (Stream<Path> versions = Files.list(root)) {
        List<Path> found = versions.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("initdb")))
            .sorted(Comparator.reverseOrder()).collect(Collectors.toList());
        if (!found.isEmpty()) {
          return found.get(0);
        }
      }
    }
    throw new IOException("no initdb under /usr/lib/postgresql/*/bin");
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /** The JDBC URL of the cluster's {@code postgres} database. */
  public String url() {
    return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=" + user + "&ApplicationName=browserflow-test";
  }

  /** Drops the run store's tables, so each test starts from an empty store. */
  public void emptyStoreTables() throws java.sql.SQLException {
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(url()); java.sql.Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS browserflow_journal");
      s.execute("DROP TABLE IF EXISTS browserflow_runs");
    }
  }

  /** Starts the server (again, after {@link #stopNow()}), waiting until it accepts connections. */
  public void startAgain() throws IOException, InterruptedException {
    exec(List.of(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-l", home.resolve("server.log").toString(),
        "-o", "-p " + port + " -c listen_addresses=127.0.0.1 -k " + home + " -c fsync=on", "-w", "-t", "60", "start"), 90);
    running = true;
  }

  /** Stops the server at once (immediate mode: connections drop, nothing is shut down cleanly). */
  public void stopNow() throws IOException, InterruptedException {
    if (running) {
      exec(List.of(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-m", "immediate", "-w", "stop"), 60);
      running = false;
    }
  }

  private void exec(List<String> command, int seconds) throws IOException, InterruptedException {
    List<String> full = new ArrayList<>();
    if (asPostgres) {
      full.addAll(List.of("runuser", "-u", "postgres", "--"));
    }
    full.addAll(command);
    Path log = Files.createTempFile("browserflow-pg-cmd", ".log");
    try {
      Process p = new ProcessBuilder(full).directory(home.toFile()).redirectErrorStream(true)
          .redirectOutput(log.toFile()).start();
      if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException(command.get(0) + " did not finish in " + seconds + " s: " + Files.readString(log));
      }
      if (p.exitValue() != 0) {
        String serverLog = Files.exists(home.resolve("server.log")) ? Files.readString(home.resolve("server.log")) : "";
        throw new IOException(String.join(" ", command) + " exited " + p.exitValue() + ": " + Files.readString(log)
            + serverLog);
      }
    } finally {
      Files.deleteIfExists(log);
    }
  }

  @Override
  public void close() {
    try {
      stopNow();
    } catch (IOException | InterruptedException e) {
      throw new AssertionError("cannot stop the test's PostgreSQL: " + e.getMessage(), e);
    } finally {
      try (Stream<Path> walk = Files.walk(home)) {
        for (Path p : walk.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
          Files.deleteIfExists(p);
        }
      } catch (IOException ignored) {
        // a temporary folder left behind
      }
    }
  }
}
