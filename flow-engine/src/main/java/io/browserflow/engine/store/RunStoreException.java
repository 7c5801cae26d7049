package io.browserflow.engine.store;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import java.util.Map;

/**
 * A {@link RunStore} could not do its work: {@link ErrorCode#JOURNAL_FAILED} when a journal entry
 * could not be written (the step it announced is then not dispatched), {@link ErrorCode#STORE_FAILED}
 * when a journal, result or folder of the store could not be read, listed, written or created.
 *
 * <pre>{@code
 * try {
 *   engine.recover();
 * } catch (RunStoreException e) {
 *   log.error("run store unusable at {}: {}", e.details().get(FlowException.Details.PATH), e.getMessage());
 * }
 * }</pre>
 */
public class RunStoreException extends FlowException {

  public RunStoreException(ErrorCode code, String message, Map<String, String> details, Throwable cause) {
    super(code, message, details, cause);
  }
}
