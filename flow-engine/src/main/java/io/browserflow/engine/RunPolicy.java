package io.browserflow.engine;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Step;
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
  private final List<Path> uploadRoots;
  private final Caller caller;

  /**
   * {@code allowedOrigins} in the order they were found (messages list them so); empty allows any.
   * Refusals say what {@code caller} can change.
   */
  RunPolicy(Set<String> allowedOrigins, List<Path> uploadRoots, Caller caller) {
    this.allowedOrigins = Collections.unmodifiableSet(allowedOrigins);
    this.uploadRoots = uploadRoots;
    this.caller = caller;
  }

  /** For the session, which enforces the origins on the network too. */
  Set<String> allowedOrigins() {
    return allowedOrigins;
  }

  void checkOrigin(String url, String what) {
    if (allowedOrigins.isEmpty() || url.equals("about:blank")) {
      return;
    }
    Optional<String> origin = FlowReview.origin(url);
    String scheme = url.contains(":") ? url.substring(0, url.indexOf(':') + 1) : "";
    boolean relative = !url.matches("^[A-Za-z][A-Za-z0-9+.-]*:.*");
    if (relative) {
      return;
    }
    if (origin.isPresent() ? !allowedOrigins.contains(origin.get()) : !allowedOrigins.contains(scheme + "//")) {
      throw new FlowRunException(ErrorCode.ORIGIN_DENIED, what + " " + origin.orElse(scheme)
          + " is outside the allowed origins " + allowedOrigins
          + "; " + Remedies.allowOrigin(origin.orElse(scheme + "//"), caller));
    }
  }

  void checkUpload(Step.Upload upload) {
    for (String file : upload.files()) {
      Path p = Path.of(file).toAbsolutePath().normalize();
      if (uploadRoots.stream().noneMatch(p::startsWith)) {
        throw new FlowRunException(ErrorCode.CAPABILITY_DENIED, "upload of " + p + " is outside the upload roots "
            + uploadRoots + "; " + Remedies.uploadRoot(caller));
      }
    }
  }
}
