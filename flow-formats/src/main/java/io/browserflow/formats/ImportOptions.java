package io.browserflow.formats;

import java.util.Objects;

/**
 * How an import decides what a recording meant, where the source leaves a choice: the converter
 * options of seed 002's recording-plugin Flow JSON ({@link Format#RECORDING_PLUGIN}), the only
 * format they apply to. Immutable; {@link #defaults()} is what {@link FlowFormats#read(String,
 * Format, String)} uses.
 *
 * <pre>{@code
 * ImportOptions options = ImportOptions.builder().keepOverlayClicks(true).maxFixedWaitMs(3_000).build();
 * Conversion<Flow> c = FlowFormats.read(text, Format.RECORDING_PLUGIN, "meter-rebind.json", options);
 * }</pre>
 *
 * <ul>
 *   <li>{@link #keepOverlayClicks()}: a click on what looks like a loading mask, overlay or
 *       backdrop is kept (with an {@code OVERLAY_CLICK} warning) instead of left out (the same
 *       warning). Command line {@code --keep-overlay-clicks}.</li>
 *   <li>{@link #preserveNavigate()}: every recorded navigation becomes a {@code navigate} step,
 *       also those a click already leads to or that repeat the page shown (each with a warning),
 *       instead of becoming the previous step's {@code expect url} or being left out. Command line
 *       {@code --preserve-navigate}.</li>
 *   <li>{@link #maxFixedWaitMs()}: a recorded fixed wait longer than this is kept but reported
 *       ({@code FIXED_WAIT_TOO_LONG}, a warning naming what to wait for instead); 5,000 ms by
 *       default, 0 – 30,000 (the longest a step may take). Command line {@code --max-fixed-wait MS}.</li>
 * </ul>
 *
 * <p>Options other than the defaults given for a format they do not apply to are refused
 * ({@code IllegalArgumentException} from {@code FlowFormats.read}), never ignored.
 */
public final class ImportOptions {
  /** The default of {@link #maxFixedWaitMs()}, the threshold of lint's {@code FIXED_WAIT_TOO_LONG} too. */
  public static final int DEFAULT_MAX_FIXED_WAIT_MS = 5_000;
  /** The largest {@link #maxFixedWaitMs()}: no step, a fixed wait included, may take longer. */
  public static final int MAX_FIXED_WAIT_LIMIT_MS = 30_000;

  private static final ImportOptions DEFAULTS = new Builder().build();

  private final boolean keepOverlayClicks;
  private final boolean preserveNavigate;
  private final int maxFixedWaitMs;

  private ImportOptions(Builder b) {
    this.keepOverlayClicks = b.keepOverlayClicks;
    this.preserveNavigate = b.preserveNavigate;
    this.maxFixedWaitMs = b.maxFixedWaitMs;
  }

  /** Overlay clicks left out, navigations folded into the steps that cause them, waits over 5,000 ms reported. */
  public static ImportOptions defaults() {
    return DEFAULTS;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Whether clicks on loading masks, overlays and backdrops are kept (each with a warning). */
  public boolean keepOverlayClicks() {
    return keepOverlayClicks;
  }

  /** Whether every recorded navigation stays a {@code navigate} step. */
  public boolean preserveNavigate() {
    return preserveNavigate;
  }

  /** Fixed waits longer than this many milliseconds are reported as {@code FIXED_WAIT_TOO_LONG}. */
  public int maxFixedWaitMs() {
    return maxFixedWaitMs;
  }

  /** Whether these are {@link #defaults()}: accepted by every format. */
  public boolean isDefault() {
    return equals(DEFAULTS);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof ImportOptions)) {
      return false;
    }
    ImportOptions other = (ImportOptions) o;
    return keepOverlayClicks == other.keepOverlayClicks && preserveNavigate == other.preserveNavigate
        && maxFixedWaitMs == other.maxFixedWaitMs;
  }

  @Override
  public int hashCode() {
    return Objects.hash(keepOverlayClicks, preserveNavigate, maxFixedWaitMs);
  }

  @Override
  public String toString() {
    return "ImportOptions{keepOverlayClicks=" + keepOverlayClicks + ", preserveNavigate=" + preserveNavigate
        + ", maxFixedWaitMs=" + maxFixedWaitMs + "}";
  }

  /** Builder of {@link ImportOptions}; each setter checks its value when it is set. */
  public static final class Builder {
    private boolean keepOverlayClicks;
    private boolean preserveNavigate;
    private int maxFixedWaitMs = DEFAULT_MAX_FIXED_WAIT_MS;

    private Builder() {}

    public Builder keepOverlayClicks(boolean keep) {
      this.keepOverlayClicks = keep;
      return this;
    }

    public Builder preserveNavigate(boolean preserve) {
      this.preserveNavigate = preserve;
      return this;
    }

    /** @throws IllegalArgumentException unless {@code 0 <= ms <= 30000} */
    public Builder maxFixedWaitMs(int ms) {
      if (ms < 0 || ms > MAX_FIXED_WAIT_LIMIT_MS) {
        throw new IllegalArgumentException("maxFixedWaitMs must be 0 to " + MAX_FIXED_WAIT_LIMIT_MS + " ms, not " + ms);
      }
      this.maxFixedWaitMs = ms;
      return this;
    }

    public ImportOptions build() {
      return new ImportOptions(this);
    }
  }
}
