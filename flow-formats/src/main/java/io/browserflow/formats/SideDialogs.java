package io.browserflow.formats;

import io.browserflow.api.Dialog;
import io.browserflow.api.Step;
import io.browserflow.formats.SideProject.Command;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Selenium IDE's dialog commands as the {@link Dialog}s of the step that opens them. The reference
 * plays an action, then reads the open dialog ({@code assertConfirmation "Delete?"}) and closes it
 * ({@code acceptConfirmation}); Selenium IDE 3 also armed an answer before the action
 * ({@code chooseCancelOnNextConfirmation}, {@code answerOnNextPrompt}). Either way the dialog, its
 * message and its answer go onto the action step, where the engine answers it inside the action.
 */
final class SideDialogs {
  /** The commands this class maps, with the dialog type each is about. */
  private static final Map<String, Dialog.Type> TYPES = Map.ofEntries(
      Map.entry("assertAlert", Dialog.Type.ALERT), Map.entry("verifyAlert", Dialog.Type.ALERT),
      Map.entry("acceptAlert", Dialog.Type.ALERT), Map.entry("webdriverAcceptAlert", Dialog.Type.ALERT),
      Map.entry("assertConfirmation", Dialog.Type.CONFIRM), Map.entry("verifyConfirmation", Dialog.Type.CONFIRM),
      Map.entry("acceptConfirmation", Dialog.Type.CONFIRM), Map.entry("dismissConfirmation", Dialog.Type.CONFIRM),
      Map.entry("chooseOkOnNextConfirmation", Dialog.Type.CONFIRM),
      Map.entry("chooseCancelOnNextConfirmation", Dialog.Type.CONFIRM),
      Map.entry("webdriverChooseOkOnVisibleConfirmation", Dialog.Type.CONFIRM),
      Map.entry("webdriverChooseCancelOnVisibleConfirmation", Dialog.Type.CONFIRM),
      Map.entry("assertPrompt", Dialog.Type.PROMPT), Map.entry("verifyPrompt", Dialog.Type.PROMPT),
      Map.entry("answerPrompt", Dialog.Type.PROMPT), Map.entry("dismissPrompt", Dialog.Type.PROMPT),
      Map.entry("answerOnNextPrompt", Dialog.Type.PROMPT), Map.entry("chooseCancelOnNextPrompt", Dialog.Type.PROMPT),
      Map.entry("webdriverAnswerOnVisiblePrompt", Dialog.Type.PROMPT),
      Map.entry("webdriverChooseCancelOnVisiblePrompt", Dialog.Type.PROMPT));
  private static final Set<String> BEFORE = Set.of("chooseOkOnNextConfirmation", "chooseCancelOnNextConfirmation",
      "answerOnNextPrompt", "chooseCancelOnNextPrompt");
  private static final Set<String> DISMISS = Set.of("dismissConfirmation", "dismissPrompt", "chooseCancelOnNextConfirmation",
      "chooseCancelOnNextPrompt", "webdriverChooseCancelOnVisibleConfirmation", "webdriverChooseCancelOnVisiblePrompt");

  private final SideImportState st;
  private final SideVariables vars;
  /** Answers armed before the next action (Selenium IDE 3): attached to it when it comes. */
  private final List<Dialog> armed = new ArrayList<>();
  /** Per step id: whether its last dialog got its answer from an explicit command. */
  private final java.util.Set<String> answered = new java.util.HashSet<>();

  SideDialogs(SideImportState st, SideVariables vars) {
    this.st = st;
    this.vars = vars;
  }

  static boolean handles(String command) {
    return TYPES.containsKey(command);
  }

  /**
   * Maps dialog command {@code c}: onto the last step of {@code out} (the action before it in its
   * block), or armed for the next action; true when it was carried over.
   */
  boolean apply(Command c, List<Step> out) {
    Dialog.Type type = TYPES.get(c.name);
    Dialog.Answer answer = DISMISS.contains(c.name) ? Dialog.Answer.DISMISS : Dialog.Answer.ACCEPT;
    boolean check = c.name.startsWith("assert") || c.name.startsWith("verify");
    Optional<String> text = !check && type == Dialog.Type.PROMPT && answer == Dialog.Answer.ACCEPT && !c.target.isEmpty()
        ? Optional.of(vars.interpolate(c.target, c.path + ".target")) : Optional.empty();
    if (BEFORE.contains(c.name)) {
      armed.add(Dialog.builder().type(type).answer(answer).text(text).build());
      return true;
    }
    int last = out.size() - 1;
    Step opener = last >= 0 ? out.get(last) : null;
    if (opener == null || !opener.kind().opensDialogs()) {
      st.issues.warning(ConversionCode.DIALOG_UNATTACHED, c.path, c.name + " is about a dialog, and no action before it "
          + "in its block opens one: it is left out; put the dialog on the step that opens it");
      return false;
    }
    List<Dialog> dialogs = new ArrayList<>(opener.dialogs());
    Dialog current = dialogs.isEmpty() ? null : dialogs.get(dialogs.size() - 1);
    if (check) {
      String message = vars.interpolate(c.target, c.path + ".target");
      if (current != null && current.type() == type && current.message().isEmpty()) {
        dialogs.set(dialogs.size() - 1, Dialog.builder().from(current).message(message).build()); // armed before, checked now
      } else {
        dialogs.add(Dialog.builder().type(type).message(message).build());
        answered.remove(opener.id());
      }
      if (c.name.startsWith("verify")) {
        st.issues.info(ConversionCode.APPROXIMATED, c.path, c.name + " becomes part of the step's dialog: a different "
            + "message fails the step (DIALOG_UNEXPECTED) instead of only being reported");
      }
    } else if (current != null && current.type() == type && !answered.contains(opener.id())) {
      dialogs.set(dialogs.size() - 1, Dialog.builder().from(current).answer(answer).text(text).build());
      answered.add(opener.id());
    } else {
      dialogs.add(Dialog.builder().type(type).answer(answer).text(text).build());
      answered.add(opener.id());
    }
    out.set(last, opener.withDialogs(dialogs));
    return true;
  }

  /** Attaches answers armed before ({@code chooseCancelOnNextConfirmation}) to the action just made. */
  void attachArmed(List<Step> made) {
    if (armed.isEmpty() || made.isEmpty()) {
      return;
    }
    Step first = made.get(0);
    if (!first.kind().opensDialogs()) {
      return;
    }
    List<Dialog> dialogs = new ArrayList<>(first.dialogs());
    dialogs.addAll(armed);
    armed.clear();
    made.set(0, first.withDialogs(dialogs));
  }

  /** Answers armed at the end of the test that no action used. */
  void reportUnused(String path) {
    if (!armed.isEmpty()) {
      st.issues.warning(ConversionCode.DIALOG_UNATTACHED, path, "an answer armed for the next dialog ("
          + armed.get(0).describe() + ") has no action after it: it is left out");
      armed.clear();
    }
  }
}
