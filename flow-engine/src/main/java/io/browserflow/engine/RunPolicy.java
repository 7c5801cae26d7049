package io.browserflow.engine;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.engine.review.FlowReview;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a run may reach while it runs: the origins preflight allowed and the engine's upload roots.
 * Checked at each step that opens a page, may have navigated, or uploads a file.
 */
final class RunPolicy {
  private final Set<String> allowedOrigins;
  /** Empty {@link #allowedOrigins} allows nothing (approved runs, tool calls) rather than anything. */
  private final boolean strict;
  private final List<Path> uploadRoots;
  private final Caller caller;
  private final boolean downloads;
  private final boolean failOnBlocked;
  /** How many downloads and blocked requests the run's session had when last checked. */
  private final java.util.concurrent.atomic.AtomicInteger downloadsSeen = new java.util.concurrent.atomic.AtomicInteger();
  private final java.util.concurrent.atomic.AtomicInteger blockedSeen = new java.util.concurrent.atomic.AtomicInteger();

  /**
   * {@code allowedOrigins} in the order they were found (messages list them so), patterns with any
   * port ({@code http://127.0.0.1:*}) included; empty allows any, or none when {@code strict}.
   * Refusals say what {@code caller} can change. {@code downloads}: the flow declares (or the run
   * allows) {@code file.download}; {@code failOnBlocked}: strict network deny.
   */
  RunPolicy(Set<String> allowedOrigins, boolean strict, List<Path> uploadRoots, Caller caller, boolean downloads,
      boolean failOnBlocked) {
    this.allowedOrigins = Collections.unmodifiableSet(allowedOrigins);
    this.strict = strict;
    this.uploadRoots = uploadRoots;
    this.caller = caller;
    this.downloads = downloads;
    this.failOnBlocked = failOnBlocked;
  }

  /** Whether a download or a strictly denied request arriving after the last step would fail the run. */
  boolean watchesLateEvents() {
    return failOnBlocked || !downloads;
  }

  /**
   * After each step: a download the flow may not make, or (strict network deny) a request the
   * session blocked, fails the run at that step. Nothing to ask the session otherwise.
   */
  Optional<FlowRunException> afterStep(io.browserflow.engine.spi.DriverSession session) {
    if (failOnBlocked) {
      List<String> blocked = session.blockedRequests();
      if (blocked.size() > blockedSeen.get()) {
        String first = blocked.get(blockedSeen.get());
        blockedSeen.set(blocked.size());
        String origin = FlowReview.origin(first).orElse(first);
        return Optional.of(new FlowRunException(ErrorCode.NETWORK_ATTEMPT, "a request to " + first + " was blocked: its "
            + "origin is outside the allowed origins " + allowedOrigins + " and network access is denied strictly; "
            + Remedies.strictNetwork(origin, caller), java.util.Map.of(io.browserflow.api.FlowException.Details.URL, first)));
      }
    }
    if (!downloads) {
      List<io.browserflow.engine.spi.DownloadInfo> all = session.downloads();
      if (all.size() > downloadsSeen.get()) {
        io.browserflow.engine.spi.DownloadInfo first = all.get(downloadsSeen.get());
        // every download since the last check goes, not only the first one named
        int more = all.size() - downloadsSeen.get() - 1;
        all.subList(downloadsSeen.get(), all.size()).forEach(d -> deleteQuietly(d.path()));
        downloadsSeen.set(all.size());
        return Optional.of(new FlowRunException(ErrorCode.CAPABILITY_DENIED, "the page downloaded " + first.suggestedName()
            + (more > 0 ? " and " + more + " more file(s)" : "") + " and the flow may not download files (file.download); "
            + (more > 0 ? "all were deleted. " : "the file was deleted. ") + Remedies.allowDownload(caller),
            java.util.Map.of(io.browserflow.api.FlowException.Details.FILE, first.suggestedName())));
      }
    }
    return Optional.empty();
  }

  private static void deleteQuietly(Path file) {
    try {
      java.nio.file.Files.deleteIfExists(file);
    } catch (java.io.IOException ignored) {
      // the file stays in the run's artifacts
    }
  }

  /** For the session, which enforces the origins on the network too. */
  Set<String> allowedOrigins() {
    return allowedOrigins;
  }

  void checkOrigin(String url, String what) {
    if ((allowedOrigins.isEmpty() && !strict) || url.equals("about:blank")) {
      return;
    }
    Optional<String> origin = FlowReview.origin(url);
    String scheme = url.contains(":") ? url.substring(0, url.indexOf(':') + 1) : "";
    boolean relative = !url.matches("^[A-Za-z][A-Za-z0-9+.-]*:.*");
    if (relative) {
      return;
    }
    if (origin.isPresent() ? !io.browserflow.api.Origins.admits(allowedOrigins, origin.get()) : !allowedOrigins.contains(scheme + "//")) {
      throw new FlowRunException(ErrorCode.ORIGIN_DENIED, what + " " + origin.orElse(scheme)
          + " is outside the allowed origins " + allowedOrigins
          + "; " + Remedies.allowOrigin(origin.orElse(scheme + "//"), caller));
    }
  }

  void checkUpload(InteractionStep.Upload upload) {
    for (String file : upload.files()) {
      Path p = Path.of(file).toAbsolutePath().normalize();
      if (!LocalFiles.within(p, uploadRoots)) {
        throw new FlowRunException(ErrorCode.CAPABILITY_DENIED, "upload of " + p + " is outside the upload roots "
            + uploadRoots + "; " + Remedies.uploadRoot(caller));
      }
    }
  }
}
