package io.browserflow.api;

import java.util.Arrays;
import java.util.Optional;

/**
 * What a flow may do beyond observing and interacting with pages. A flow declares the gated ones it
 * needs in its {@link Policy}; a run must allow them too.
 */
public enum Capability {
  UI_OBSERVE("ui.observe", false),
  UI_INTERACT("ui.interact", false),
  /** {@code eval} steps and {@code expression} conditions. Gated. */
  SCRIPT_EVAL("script.eval", true),
  /** {@code upload} steps. Gated. */
  FILE_UPLOAD("file.upload", true),
  /** Keeping what a step downloads; declared in the policy, never implied by a step. */
  FILE_DOWNLOAD("file.download", false),
  TABS_MULTI("tabs.multi", false),
  /** {@code http} steps: requests sent with the session's cookies. Gated. */
  HTTP_REQUEST("http.request", true),
  /**
   * {@code csvImport}: reading a local file (inside the work folder). Shown in the review, like
   * {@link #UI_OBSERVE}; no declaration needed.
   */
  FILE_READ("file.read", false),
  /**
   * {@code csvExport}, {@code datasetExport}: writing a local file (inside the work folder). Shown in
   * the review; no declaration needed.
   */
  FILE_WRITE("file.write", false);

  private final String id;
  private final boolean gated;

  Capability(String id, boolean gated) {
    this.id = id;
    this.gated = gated;
  }

  /**
   * Whether a flow must declare this capability in its policy before a step may need it, and a run
   * allow it ({@code --allow eval|upload|http}): scripts, uploads and http requests.
   */
  public boolean gated() {
    return gated;
  }

  /** The name used in JSON and manifests, e.g. {@code script.eval}. */
  public String id() {
    return id;
  }

  public static Optional<Capability> fromId(String id) {
    return Arrays.stream(values()).filter(c -> c.id.equals(id)).findFirst();
  }
}
