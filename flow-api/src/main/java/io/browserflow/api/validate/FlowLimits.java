package io.browserflow.api.validate;

/**
 * Capacity limits a flow is validated against. Defaults come from the design table; every limit is
 * configurable and none is unbounded. Setters reject values that are not positive, naming the
 * setting.
 *
 * <pre>{@code
 * FlowLimits limits = FlowLimits.builder().maxSteps(1_000).build();
 * }</pre>
 */
public final class FlowLimits {
  private static final FlowLimits DEFAULTS = builder().build();

  private final int maxSteps;
  private final int maxTabAliases;
  private final long maxDefinitionBytes;
  private final int maxForeachItems;
  private final int maxRepeatTimes;
  private final int maxScrapeRows;
  private final int maxPaginatePages;
  private final int maxRetries;
  private final int maxNestingDepth;
  private final int maxValueChars;
  private final int maxNameChars;
  private final int maxDescriptionChars;
  private final int minStepTimeoutMs;
  private final int maxStepTimeoutMs;
  private final int defaultStepTimeoutMs;
  private final int minViewportWidth;
  private final int maxViewportWidth;
  private final int minViewportHeight;
  private final int maxViewportHeight;
  private final int maxForeachConcurrency;
  private final int maxTableRows;
  private final int maxTableCellChars;
  private final int maxWhileIterations;
  private final int maxDatasetRows;
  private final int maxDatasetCellBytes;
  private final int defaultHttpTimeoutMs;

  private FlowLimits(Builder b) {
    this.maxSteps = b.maxSteps;
    this.maxTabAliases = b.maxTabAliases;
    this.maxDefinitionBytes = b.maxDefinitionBytes;
    this.maxForeachItems = b.maxForeachItems;
    this.maxRepeatTimes = b.maxRepeatTimes;
    this.maxScrapeRows = b.maxScrapeRows;
    this.maxPaginatePages = b.maxPaginatePages;
    this.maxRetries = b.maxRetries;
    this.maxNestingDepth = b.maxNestingDepth;
    this.maxValueChars = b.maxValueChars;
    this.maxNameChars = b.maxNameChars;
    this.maxDescriptionChars = b.maxDescriptionChars;
    this.minStepTimeoutMs = b.minStepTimeoutMs;
    this.maxStepTimeoutMs = b.maxStepTimeoutMs;
    this.defaultStepTimeoutMs = b.defaultStepTimeoutMs;
    this.minViewportWidth = b.minViewportWidth;
    this.maxViewportWidth = b.maxViewportWidth;
    this.minViewportHeight = b.minViewportHeight;
    this.maxViewportHeight = b.maxViewportHeight;
    this.maxForeachConcurrency = b.maxForeachConcurrency;
    this.maxTableRows = b.maxTableRows;
    this.maxTableCellChars = b.maxTableCellChars;
    this.maxWhileIterations = b.maxWhileIterations;
    this.maxDatasetRows = b.maxDatasetRows;
    this.maxDatasetCellBytes = b.maxDatasetCellBytes;
    this.defaultHttpTimeoutMs = b.defaultHttpTimeoutMs;
  }

  /** The limits of the design table. */
  public static FlowLimits defaults() {
    return DEFAULTS;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** A builder starting from these limits. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.maxSteps = maxSteps;
    b.maxTabAliases = maxTabAliases;
    b.maxDefinitionBytes = maxDefinitionBytes;
    b.maxForeachItems = maxForeachItems;
    b.maxRepeatTimes = maxRepeatTimes;
    b.maxScrapeRows = maxScrapeRows;
    b.maxPaginatePages = maxPaginatePages;
    b.maxRetries = maxRetries;
    b.maxNestingDepth = maxNestingDepth;
    b.maxValueChars = maxValueChars;
    b.maxNameChars = maxNameChars;
    b.maxDescriptionChars = maxDescriptionChars;
    b.minStepTimeoutMs = minStepTimeoutMs;
    b.maxStepTimeoutMs = maxStepTimeoutMs;
    b.defaultStepTimeoutMs = defaultStepTimeoutMs;
    b.minViewportWidth = minViewportWidth;
    b.maxViewportWidth = maxViewportWidth;
    b.minViewportHeight = minViewportHeight;
    b.maxViewportHeight = maxViewportHeight;
    b.maxForeachConcurrency = maxForeachConcurrency;
    b.maxTableRows = maxTableRows;
    b.maxTableCellChars = maxTableCellChars;
    b.maxWhileIterations = maxWhileIterations;
    b.maxDatasetRows = maxDatasetRows;
    b.maxDatasetCellBytes = maxDatasetCellBytes;
    b.defaultHttpTimeoutMs = defaultHttpTimeoutMs;
    return b;
  }

  /** Steps in a flow, nested bodies and fallbacks included (default 400). */
  public int maxSteps() { return maxSteps; }
  /** Declared tab aliases (default 40). */
  public int maxTabAliases() { return maxTabAliases; }
  /** Bytes of the canonical JSON definition (default 4 MiB). */
  public long maxDefinitionBytes() { return maxDefinitionBytes; }
  /** Items a foreach may iterate: literal values and table rows (default 200). */
  public int maxForeachItems() { return maxForeachItems; }
  /** Times of a repeat (default 100). */
  public int maxRepeatTimes() { return maxRepeatTimes; }
  /** Rows a scrape may return (default 500). */
  public int maxScrapeRows() { return maxScrapeRows; }
  /** Pages a paginate may visit (default 50). */
  public int maxPaginatePages() { return maxPaginatePages; }
  /** Retries of one step (default 5). */
  public int maxRetries() { return maxRetries; }
  /** Nesting depth of control-flow bodies (default 8). */
  public int maxNestingDepth() { return maxNestingDepth; }
  /** Characters of a fill/type value (default 8,192). */
  public int maxValueChars() { return maxValueChars; }
  /** Characters of a flow name (default 128). */
  public int maxNameChars() { return maxNameChars; }
  /** Characters of a flow description (default 2,048). */
  public int maxDescriptionChars() { return maxDescriptionChars; }
  /** Smallest step timeout (default 100 ms). */
  public int minStepTimeoutMs() { return minStepTimeoutMs; }
  /** Largest step timeout (default 30,000 ms). */
  public int maxStepTimeoutMs() { return maxStepTimeoutMs; }
  /** Timeout of a step that sets none (default 10,000 ms). */
  public int defaultStepTimeoutMs() { return defaultStepTimeoutMs; }
  public int minViewportWidth() { return minViewportWidth; }
  public int maxViewportWidth() { return maxViewportWidth; }
  public int minViewportHeight() { return minViewportHeight; }
  public int maxViewportHeight() { return maxViewportHeight; }
  /** Concurrent foreach iterations (default 10). */
  public int maxForeachConcurrency() { return maxForeachConcurrency; }
  /** Rows of the flow's data table (default 5,000). */
  public int maxTableRows() { return maxTableRows; }
  /** Characters of one table cell (default 32 KiB). */
  public int maxTableCellChars() { return maxTableCellChars; }
  /** The largest {@code max} a while loop may declare (default 1,000). */
  public int maxWhileIterations() { return maxWhileIterations; }

  /**
   * Rows a run's dataset holds at once (default 5,000); a {@code datasetWrite} beyond fails with
   * {@code LIMIT_EXCEEDED} and the advice to export in parts.
   */
  public int maxDatasetRows() { return maxDatasetRows; }

  /** UTF-8 bytes of one dataset cell (default 32 KiB). */
  public int maxDatasetCellBytes() { return maxDatasetCellBytes; }

  /** The timeout of an {@code http} step that gives none (default 30,000 ms, capped by the longest step timeout). */
  public int defaultHttpTimeoutMs() { return Math.min(defaultHttpTimeoutMs, maxStepTimeoutMs); }

  /** Builder of {@link FlowLimits}; each setter rejects a non-positive value at once. */
  public static final class Builder {
    private int maxSteps = 400;
    private int maxTabAliases = 40;
    private long maxDefinitionBytes = 4L * 1024 * 1024;
    private int maxForeachItems = 200;
    private int maxRepeatTimes = 100;
    private int maxScrapeRows = 500;
    private int maxPaginatePages = 50;
    private int maxRetries = 5;
    private int maxNestingDepth = 8;
    private int maxValueChars = 8_192;
    private int maxNameChars = 128;
    private int maxDescriptionChars = 2_048;
    private int minStepTimeoutMs = 100;
    private int maxStepTimeoutMs = 30_000;
    private int defaultStepTimeoutMs = 10_000;
    private int minViewportWidth = 320;
    private int maxViewportWidth = 3_840;
    private int minViewportHeight = 240;
    private int maxViewportHeight = 2_160;
    private int maxForeachConcurrency = 10;
    private int maxTableRows = 5_000;
    private int maxTableCellChars = 32 * 1024;
    private int maxWhileIterations = 1_000;
    private int maxDatasetRows = 5_000;
    private int maxDatasetCellBytes = 32 * 1024;
    private int defaultHttpTimeoutMs = 30_000;

    private Builder() {}

    private static int positive(String name, int value) {
      if (value <= 0) {
        throw new IllegalArgumentException(name + " must be positive, was " + value);
      }
      return value;
    }

    public Builder maxSteps(int v) { maxSteps = positive("maxSteps", v); return this; }
    public Builder maxTabAliases(int v) { maxTabAliases = positive("maxTabAliases", v); return this; }
    public Builder maxDefinitionBytes(long v) {
      if (v <= 0) {
        throw new IllegalArgumentException("maxDefinitionBytes must be positive, was " + v);
      }
      maxDefinitionBytes = v;
      return this;
    }
    public Builder maxForeachItems(int v) { maxForeachItems = positive("maxForeachItems", v); return this; }
    public Builder maxRepeatTimes(int v) { maxRepeatTimes = positive("maxRepeatTimes", v); return this; }
    public Builder maxScrapeRows(int v) { maxScrapeRows = positive("maxScrapeRows", v); return this; }
    public Builder maxPaginatePages(int v) { maxPaginatePages = positive("maxPaginatePages", v); return this; }
    public Builder maxRetries(int v) { maxRetries = positive("maxRetries", v); return this; }
    public Builder maxNestingDepth(int v) { maxNestingDepth = positive("maxNestingDepth", v); return this; }
    public Builder maxValueChars(int v) { maxValueChars = positive("maxValueChars", v); return this; }
    public Builder maxNameChars(int v) { maxNameChars = positive("maxNameChars", v); return this; }
    public Builder maxDescriptionChars(int v) { maxDescriptionChars = positive("maxDescriptionChars", v); return this; }
    public Builder maxForeachConcurrency(int v) { maxForeachConcurrency = positive("maxForeachConcurrency", v); return this; }
    public Builder maxTableRows(int v) { maxTableRows = positive("maxTableRows", v); return this; }
    public Builder maxTableCellChars(int v) { maxTableCellChars = positive("maxTableCellChars", v); return this; }
    public Builder maxWhileIterations(int v) { maxWhileIterations = positive("maxWhileIterations", v); return this; }
    public Builder maxDatasetRows(int v) { maxDatasetRows = positive("maxDatasetRows", v); return this; }
    public Builder maxDatasetCellBytes(int v) { maxDatasetCellBytes = positive("maxDatasetCellBytes", v); return this; }
    public Builder defaultHttpTimeoutMs(int v) { defaultHttpTimeoutMs = positive("defaultHttpTimeoutMs", v); return this; }

    /** Step timeout range and default; requires {@code 0 < min <= dflt <= max}. */
    public Builder stepTimeoutMs(int min, int dflt, int max) {
      positive("minStepTimeoutMs", min);
      if (dflt < min || dflt > max) {
        throw new IllegalArgumentException("stepTimeoutMs needs min <= default <= max, was "
            + min + " <= " + dflt + " <= " + max);
      }
      minStepTimeoutMs = min;
      defaultStepTimeoutMs = dflt;
      maxStepTimeoutMs = max;
      return this;
    }

    /** Viewport bounds; requires positive minimums not above the maximums. */
    public Builder viewport(int minWidth, int maxWidth, int minHeight, int maxHeight) {
      positive("minViewportWidth", minWidth);
      positive("minViewportHeight", minHeight);
      if (minWidth > maxWidth || minHeight > maxHeight) {
        throw new IllegalArgumentException("viewport minimums must not exceed maximums");
      }
      minViewportWidth = minWidth;
      maxViewportWidth = maxWidth;
      minViewportHeight = minHeight;
      maxViewportHeight = maxHeight;
      return this;
    }

    public FlowLimits build() {
      return new FlowLimits(this);
    }
  }
}
