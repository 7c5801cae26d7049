package io.browserflow.api.lint;

import io.browserflow.api.Flow;
import io.browserflow.api.lint.LintWarning.Severity;
import java.util.ArrayList;
import java.util.List;

/** What the rule families of one lint pass share: the flow, the options, and the findings so far, in document order. */
final class LintContext {
  private final Flow flow;
  private final LintOptions options;
  private final List<LintWarning> out = new ArrayList<>();

  LintContext(Flow flow, LintOptions options) {
    this.flow = flow;
    this.options = options;
  }

  Flow flow() {
    return flow;
  }

  LintOptions options() {
    return options;
  }

  List<LintWarning> warnings() {
    return out;
  }

  void add(LintWarning warning) {
    out.add(warning);
  }

  void add(LintCode code, Severity severity, String path, String stepId, String message, String suggestion) {
    out.add(LintWarning.of(code, severity, path, stepId, message, suggestion));
  }

}
