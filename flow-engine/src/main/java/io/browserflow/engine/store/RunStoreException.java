package io.browserflow.engine.store;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import java.util.Map;

/**
 * A {@link RunStore} could not do its work ({@link ErrorCode#STORE_FAILED}): a journal entry,
 * result, folder or table of the store could not be written, read, listed or created. A journal
 * entry that could not be written stops the run before the step it announced: that step is not
 * dispatched. Details name the store ({@code path}: its folder, or its JDBC URL without credentials).
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
