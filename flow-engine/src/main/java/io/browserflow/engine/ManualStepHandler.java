package io.browserflow.engine;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.engine.spi.DriverSession;

/**
 * Performs {@code manual} steps (solve a captcha, approve on a phone). Return normally when the
 * person is done; throw a {@link FlowRunException} to fail the step. The default refuses with
 * {@code MANUAL_STEP_REQUIRED}.
 */
@FunctionalInterface
public interface ManualStepHandler {
  void perform(String stepId, String instructions, DriverSession session);

  /** The default handler: fails every manual step with {@code MANUAL_STEP_REQUIRED}. */
  static ManualStepHandler refuse() {
    return (id, instructions, session) -> {
      throw new FlowRunException(ErrorCode.MANUAL_STEP_REQUIRED,
          "step " + id + " needs a person: " + instructions + "; configure a ManualStepHandler on the engine");
    };
  }
}
