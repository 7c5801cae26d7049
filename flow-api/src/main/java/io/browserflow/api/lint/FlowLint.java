package io.browserflow.api.lint;

import io.browserflow.api.Flow;
import java.util.Objects;

/**
 * Reviews a flow for replay risks and leaked data, and rates it {@link Quality#READY},
 * {@link Quality#NEEDS_REVIEW} or {@link Quality#BLOCKED}. Lint never throws on a finding and never
 * rejects a flow: it reports. (Structural errors are {@link FlowValidator}'s business; lint works on
 * unvalidated flows too and simply skips what it cannot read.)
 *
 * <pre>{@code
 * LintReport report = FlowLint.lint(flow);
 * report.quality();                                   // READY | NEEDS_REVIEW | BLOCKED
 * report.warnings(LintCode.UNSTABLE_SELECTOR);        // findings of one code, in document order
 * FlowLint.lint(flow, LintOptions.replayGate());      // personal data and volatile values block too
 * }</pre>
 *
 * <p>What it looks for (see {@link LintCode} for every rule and its source):
 * <ul>
 *   <li>fragile locators tried first ({@code :nth-child}, long chains, generated ids, absolute
 *       xpath), loading-mask clicks, fragile or dynamic frame locators, runtime frame ids;</li>
 *   <li>fixed waits over the limit, a {@code navigate} replacing the navigation a click caused,
 *       repeated navigations, write steps nothing verifies, page scripts, manual steps, empty
 *       fills;</li>
 *   <li>literal secrets (blocking) and personal data in any value a flow file carries: step values,
 *       URLs, conditions, locators, input defaults and options, table cells, scheduled inputs,
 *       titles and the description; secret fields not fed by a secret credential; volatile values
 *       (UUIDs, timestamps, temp paths) in step values and URLs.</li>
 * </ul>
 *
 * <p>Quality follows the recorder format's rule: any blocking issue (severity error) makes the
 * flow {@code blocked}; otherwise any warning makes it {@code needs_review}; otherwise it is
 * {@code ready}. Findings come in document order; messages never contain a flagged value.
 *
 * <p>Limits: secret and personal-data detection is pattern based and cannot prove a value is
 * harmless; a person reviewing {@code needs_review} flows still reads the steps.
 */
public final class FlowLint {
  private FlowLint() {}

  /** Lints with {@link LintOptions#defaults()}. */
  public static LintReport lint(Flow flow) {
    return lint(flow, LintOptions.defaults());
  }

  /** Lints with the given thresholds and strictness. */
  public static LintReport lint(Flow flow, LintOptions options) {
    Objects.requireNonNull(flow, "flow");
    Objects.requireNonNull(options, "options");
    LintReport own = new LintRun(flow, options).run();
    if (flow.subflows().isEmpty()) {
      return own;
    }
    // subflows are linted as flows of their own, their findings under subflows[i]
    java.util.List<LintWarning> all = new java.util.ArrayList<>(own.warnings());
    for (int i = 0; i < flow.subflows().size(); i++) {
      String prefix = "subflows[" + i + "]";
      for (LintWarning w : new LintRun(flow.subflows().get(i), options).run().warnings()) {
        all.add(LintWarning.of(w.code(), w.severity(), w.path().isEmpty() ? prefix : prefix + "." + w.path(),
            w.stepId().orElse(null), w.message(), w.suggestion()));
      }
    }
    return LintReport.of(all);
  }
}
