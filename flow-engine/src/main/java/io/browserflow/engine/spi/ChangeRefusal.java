package io.browserflow.engine.spi;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.InteractionStep;
import java.util.Map;

/**
 * The error a page driver gives when the element of a {@code change} step cannot take a value (a
 * {@code <div>}, an {@code <input type=button>}): {@code ACTION_FAILED}, worded and detailed the same
 * by every driver, so a flow fails alike in the browser and in memory.
 */
public final class ChangeRefusal {
  /** The kinds of element a change sets, as the message and the {@code tried} detail name them. */
  public static final String TRIED = "select, text field, contenteditable, checkable or other input";

  private ChangeRefusal() {}

  /** The refusal of {@code step}, whose element is a {@code tag} with {@code inputType} (empty when none). */
  public static FlowRunException of(InteractionStep.Change step, String tag, String inputType) {
    String element = "<" + tag + (inputType.isEmpty() ? "" : " type=" + inputType) + ">";
    return new FlowRunException(ErrorCode.ACTION_FAILED, "change: " + element + " cannot take a value: not a "
        + TRIED + " (" + step.target().describe() + ")",
        Map.of(FlowException.Details.TARGET, step.target().describe(), FlowException.Details.ELEMENT, tag,
            FlowException.Details.INPUT_TYPE, inputType, FlowException.Details.TRIED, TRIED,
            FlowException.Details.STEP_ID, step.id()));
  }
}
