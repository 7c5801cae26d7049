package io.browserflow.api.lint;

/**
 * Thresholds and strictness of {@link FlowLint}.
 *
 * <pre>{@code
 * FlowLint.lint(flow, LintOptions.builder().maxFixedWaitMs(2_000).build());
 * FlowLint.lint(flow, LintOptions.replayGate()); // personal data and volatile values block too
 * }</pre>
 *
 * <p>Defaults: fixed waits up to 5,000 ms (the converter's {@code --max-fixed-wait} default), css
 * chains up to 4 combinators, personal data and volatile values are warnings.
 * {@link #replayGate()} makes personal data and volatile values blocking, as the record &amp;
 * replay draft gate does (it refuses any action still holding sensitive or volatile data).
 */
public final class LintOptions {
  private static final LintOptions DEFAULTS = builder().build();

  private final int maxFixedWaitMs;
  private final int maxCssCombinators;
  private final boolean personalDataBlocks;
  private final boolean volatileValuesBlock;

  private LintOptions(Builder b) {
    this.maxFixedWaitMs = b.maxFixedWaitMs;
    this.maxCssCombinators = b.maxCssCombinators;
    this.personalDataBlocks = b.personalDataBlocks;
    this.volatileValuesBlock = b.volatileValuesBlock;
  }

  /** The default options. */
  public static LintOptions defaults() {
    return DEFAULTS;
  }

  /** Defaults, except that personal data and volatile values are blocking issues. */
  public static LintOptions replayGate() {
    return builder().personalDataBlocks(true).volatileValuesBlock(true).build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The longest fixed wait not reported as {@link LintCode#FIXED_WAIT_TOO_LONG} (default 5,000 ms). */
  public int maxFixedWaitMs() {
    return maxFixedWaitMs;
  }

  /** The most combinators a css selector may chain before it counts as fragile (default 4). */
  public int maxCssCombinators() {
    return maxCssCombinators;
  }

  /** Whether personal data (e-mail, phone, identity numbers) is a blocking issue (default false). */
  public boolean personalDataBlocks() {
    return personalDataBlocks;
  }

  /** Whether volatile values (UUIDs, timestamps, temp paths) are blocking issues (default false). */
  public boolean volatileValuesBlock() {
    return volatileValuesBlock;
  }

  /** Builder of {@link LintOptions}; setters reject out-of-range values at once. */
  public static final class Builder {
    private int maxFixedWaitMs = 5_000;
    private int maxCssCombinators = 4;
    private boolean personalDataBlocks;
    private boolean volatileValuesBlock;

    private Builder() {}

    /** Longest acceptable fixed wait in ms; must be positive. */
    public Builder maxFixedWaitMs(int ms) {
      if (ms <= 0) {
        throw new IllegalArgumentException("maxFixedWaitMs must be positive, was " + ms);
      }
      this.maxFixedWaitMs = ms;
      return this;
    }

    /** Most combinators in an acceptable css chain; must be at least 1. */
    public Builder maxCssCombinators(int combinators) {
      if (combinators < 1) {
        throw new IllegalArgumentException("maxCssCombinators must be at least 1, was " + combinators);
      }
      this.maxCssCombinators = combinators;
      return this;
    }

    public Builder personalDataBlocks(boolean blocks) {
      this.personalDataBlocks = blocks;
      return this;
    }

    public Builder volatileValuesBlock(boolean blocks) {
      this.volatileValuesBlock = blocks;
      return this;
    }

    public LintOptions build() {
      return new LintOptions(this);
    }
  }
}
