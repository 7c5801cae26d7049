package io.browserflow.engine.spi;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Target;
import java.util.Map;

/**
 * No candidate of a target matched exactly one element in time: {@code TARGET_NOT_FOUND}, or
 * {@code TARGET_AMBIGUOUS} when some candidate matched several. Carries every candidate's count.
 */
public class TargetException extends FlowRunException {
  private final transient Target target;
  private final Resolution resolution;

  public TargetException(Target target, Resolution resolution) {
    super(resolution.ambiguous() ? ErrorCode.TARGET_AMBIGUOUS : ErrorCode.TARGET_NOT_FOUND,
        (resolution.ambiguous() ? "no candidate matched exactly one element (ambiguous): "
            : "no candidate matched exactly one element: ") + resolution.describe(target)
            + (resolution.ambiguous() ? "; add a testId or narrow the css" : "; check the page state or add a candidate"),
        Map.of("candidates", resolution.describe(target)));
    this.target = target;
    this.resolution = resolution;
  }

  public Target target() {
    return target;
  }

  public Resolution resolution() {
    return resolution;
  }
}
