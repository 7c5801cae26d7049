package io.browserflow.api;

import java.util.Optional;

/**
 * What a flow may do beyond observing and interacting with pages. A flow declares the gated ones it
 * needs in its {@link Policy}; a run must allow them too.
 */
public enum Capability {
  UI_OBSERVE("ui.observe"),
  UI_INTERACT("ui.interact"),
  SCRIPT_EVAL("script.eval"),
  FILE_UPLOAD("file.upload"),
  FILE_DOWNLOAD("file.download"),
  TABS_MULTI("tabs.multi"),
  /** {@code http} steps: requests sent with the session's cookies. */
  HTTP_REQUEST("http.request"),
  /**
   * {@code csvImport}: reading a local file (inside the work folder). Shown in the review, like
   * {@link #UI_OBSERVE}; no declaration needed.
   */
  FILE_READ("file.read"),
  /**
   * {@code csvExport}, {@code datasetExport}: writing a local file (inside the work folder). Shown in
   * the review; no declaration needed.
   */
  FILE_WRITE("file.write");

  private final String id;

  Capability(String id) {
    this.id = id;
  }

  /** The name used in JSON and manifests, e.g. {@code script.eval}. */
  public String id() {
    return id;
  }

  public static Optional<Capability> fromId(String id) {
    for (Capability c : values()) {
      if (c.id.equals(id)) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }
}
