package io.browserflow.cli;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.RecoveredRun;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.PageDriver;
import io.browserflow.engine.spi.SessionOptions;
import io.browserflow.engine.store.JdbcRunStore;
import io.browserflow.engine.store.RunStore;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code --store DIR|URL} of the commands: opening the store, and the words for what it refuses. */
final class Stores {
  /** Codes a {@code resume} is refused with: exit 1, the run is still there to settle. */
  static final Set<ErrorCode> REFUSALS = Set.of(ErrorCode.RUN_LOCKED, ErrorCode.INPUT_CHANGED, ErrorCode.REVIEW_REQUIRED);

  private Stores() {}

  /**
   * A folder store for a path, a database store for a {@code jdbc:} URL (its artifacts under
   * {@code artifacts}, {@code .browserflow/artifacts} when null) (user and password from
   * {@code BROWSERFLOW_STORE_USER} / {@code BROWSERFLOW_STORE_PASSWORD}, never from the command line).
   */
  static RunStore open(String spec, Path artifacts, Map<String, String> env) {
    return open(spec, artifacts, env, null);
  }

  /** As {@link #open(String, Path, Map)}; a database store holds its runs under a lease of {@code leaseSeconds} (default 30). */
  static RunStore open(String spec, Path artifacts, Map<String, String> env, Integer leaseSeconds) {
    if (spec.startsWith("jdbc:")) {
      JdbcRunStore.Builder b = JdbcRunStore.builder().url(spec)
          .artifactsRoot(artifacts != null ? artifacts : Path.of(".browserflow", "artifacts"));
      if (leaseSeconds != null) {
        b.lease(java.time.Duration.ofSeconds(leaseSeconds));
      }
      if (env.get("BROWSERFLOW_STORE_USER") != null) {
        b.property("user", env.get("BROWSERFLOW_STORE_USER"));
      }
      if (env.get("BROWSERFLOW_STORE_PASSWORD") != null) {
        b.property("password", env.get("BROWSERFLOW_STORE_PASSWORD"));
      }
      return b.build();
    }
    if (spec.matches("(?i)[a-z][a-z0-9+.-]*://.*")) {
      throw new IllegalArgumentException("--store takes a folder or a jdbc: URL (jdbc:postgresql://HOST:PORT/DB, "
          + "jdbc:h2:file:/PATH/runs;AUTO_SERVER=TRUE), not a " + spec.substring(0, spec.indexOf("://")) + ":// URL");
    }
    return RunStore.directory(Path.of(spec));
  }

  static void close(RunStore store) {
    if (store instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception ignored) {
        // a store that cannot close loses nothing: every entry was committed
      }
    }
  }

  /** An engine that only reads the store (recover, runs): it has no browser. */
  static FlowEngine reader(RunStore store) {
    return FlowEngine.builder().driver(new PageDriver() {
      @Override
      public String name() {
        return "none";
      }

      @Override
      public DriverSession openSession(SessionOptions options) {
        throw new IllegalStateException("listing runs opens no browser");
      }

      @Override
      public void close() {}
    }).store(store).build();
  }

  /** A refused resume in the command line's words. */
  static void printRefusal(PrintWriter err, FlowException e) {
    err.println("browserflow: " + e.code() + ": " + e.getMessage());
    if (e.code() == ErrorCode.INPUT_CHANGED) {
      String name = e.details().getOrDefault(FlowException.Details.INPUT, "");
      String flag = name.startsWith("credential.") ? "--credential " + name.substring(11) + "=VALUE (or --credentials-env)"
          : "--input " + name.substring(name.indexOf('.') + 1) + "=VALUE";
      err.println("  give " + flag + " with the value the run started with; 'browserflow recover --store ...' lists what it was started with");
    } else if (e.code() == ErrorCode.RUN_LOCKED) {
      err.println("  another browserflow (or engine) holds this run; try again when it has ended");
    }
  }

  /** Why a recovered run needs a person, and what to do. */
  static String why(RecoveredRun run) {
    if (run.pendingStepId().isEmpty()) {
      return "the run stopped between steps; nothing is pending: resume with --decision verify to continue";
    }
    String step = "step " + run.pendingStepId().get() + " (" + run.pendingPath().orElse("?") + ")";
    return switch (run.pendingState().map(Enum::name).orElse("")) {
      case "DISPATCHING" -> step + " was dispatching when the run stopped: it may or may not have acted. Check the "
          + "application, then resume with --decision verify (re-check its expect), confirm (it acted), retry (act "
          + "again) or cancel";
      case "CHECKING" -> step + " acted and was being checked: resume with --decision verify (or confirm, retry, cancel)";
      default -> step + " was prepared but had not acted: resume with --decision retry (or cancel)";
    };
  }

  static List<String> inputFlags(RecoveredRun run) {
    return run.pinnedInputs().stream().map(n -> n.startsWith("credential.")
        ? "--credential " + n.substring(11) + "=..." : "--input " + n.substring(n.indexOf('.') + 1) + "=...").toList();
  }
}
