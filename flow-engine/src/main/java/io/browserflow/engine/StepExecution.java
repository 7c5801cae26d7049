package io.browserflow.engine;

import io.browserflow.api.Step;
import java.util.Optional;

/** One execution of a step: the step, its path in the flow and its loop iteration (empty outside loops). */
record StepExecution(Step step, String path, Optional<String> iteration) {

  /** {@code path#iteration}: how a {@link ResumePlan} knows this execution. */
  String key() {
    return path + "#" + iteration.orElse("");
  }
}
