package io.browserflow.engine;

import io.browserflow.api.Dialog;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.SeenDialog;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import io.browserflow.engine.spi.AnswersDialogs;
import io.browserflow.engine.spi.DriverFeatures;

/**
 * The native dialogs of one leaf step: armed before its action (placeholders resolved), settled
 * after it. A dialog nobody declared fails the step with {@code DIALOG_UNEXPECTED}, a declared one
 * that never appeared with {@code DIALOG_MISSING}; an action that failed because an undeclared
 * dialog was in its way reports the dialog, not the symptom.
 */
final class DialogChecks {
  private DialogChecks() {}

  /** The step's dialogs with their placeholders resolved, armed on the lane's session. */
  static List<Dialog> arm(List<Dialog> declared, Lane lane) {
    List<Dialog> resolved = new ArrayList<>();
    for (Dialog d : declared) {
      Dialog.Builder b = Dialog.builder().from(d);
      d.message().ifPresent(m -> b.message(lane.bindings.resolve(m)));
      d.text().ifPresent(t -> b.text(lane.bindings.resolve(t)));
      resolved.add(b.build());
    }
    DriverFeatures.of(lane.session, AnswersDialogs.class).ifPresent(d -> d.armDialogs(resolved)); // without it, none is declared
    return resolved;
  }

  /** After a successful action: every armed dialog seen, no other one. */
  static void settle(String stepId, List<Dialog> armed, Lane lane, Duration timeout) {
    List<SeenDialog> seen = seen(lane, armed.isEmpty() ? Duration.ZERO : timeout);
    unexpected(stepId, seen).ifPresent(e -> {
      throw e;
    });
    long answered = seen.stream().filter(SeenDialog::expected).count();
    if (answered < armed.size()) {
      Dialog first = armed.get((int) answered);
      throw new FlowRunException(ErrorCode.DIALOG_MISSING, "step " + stepId + " declares " + (armed.size() == 1 ? "the dialog "
          : armed.size() + " dialogs; ") + first.describe() + (armed.size() == 1 ? "" : " (number " + (answered + 1) + ")")
          + ", which did not appear within " + timeout.toMillis() + " ms" + (seen.isEmpty() ? "" : "; the page showed "
          + describe(seen)) + ". Remove it from the step, or check what should open it");
    }
  }

  /** After a failed action: the undeclared dialog behind the failure, if one appeared. */
  static FlowException failure(String stepId, Lane lane, FlowException failure) {
    List<SeenDialog> seen;
    try {
      seen = seen(lane, Duration.ZERO);
    } catch (RuntimeException e) {
      return failure;
    }
    Optional<FlowRunException> unexpected = unexpected(stepId, seen);
    if (unexpected.isPresent()) {
      unexpected.get().addSuppressed(failure);
      return unexpected.get();
    }
    return failure;
  }

  /** The dialogs the session saw; none on a session that cannot answer dialogs. */
  private static List<SeenDialog> seen(Lane lane, Duration timeout) {
    return DriverFeatures.of(lane.session, AnswersDialogs.class).map(d -> d.settleDialogs(timeout)).orElse(List.of());
  }

  private static Optional<FlowRunException> unexpected(String stepId, List<SeenDialog> seen) {
    return seen.stream().filter(d -> !d.expected()).findFirst().map(d -> new FlowRunException(ErrorCode.DIALOG_UNEXPECTED,
        "step " + stepId + " opened " + (d.type() == Dialog.Type.ALERT ? "an " : "a ") + d.describe()
            + " it does not declare; it was dismissed. Declare it on the step: dialogs: [{\"type\": \"" + d.type().jsonName()
            + "\"" + (d.message().isEmpty() ? "" : ", \"message\": " + quoted(d.message())) + ", \"answer\": \"accept\"}] "
            + "(or \"dismiss\"" + (d.type() == Dialog.Type.PROMPT ? ", or \"text\" to type into it" : "") + ")"));
  }

  private static String describe(List<SeenDialog> seen) {
    List<String> all = new ArrayList<>();
    seen.forEach(d -> all.add(d.describe()));
    return String.join(", ", all);
  }

  private static String quoted(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
  }
}
