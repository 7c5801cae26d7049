package io.browserflow.api;

import java.util.Optional;
import org.immutables.value.Value;

/**
 * A native dialog a step opens (an {@code alert}, {@code confirm}, {@code prompt}, or the
 * "leave this page?" of {@code beforeunload}) and how the replay answers it. A step declares the
 * dialogs its action opens, in order; each is answered inside the dialog event, while the action
 * runs. A dialog no step declares fails the step it appears in with {@code DIALOG_UNEXPECTED}
 * (after dismissing it, so the page goes on); a declared one that never appears fails with
 * {@code DIALOG_MISSING}.
 *
 * <pre>{@code
 * click("#delete").dialog(Dialog.confirm("Delete 3 orders?").accept())
 * click("#rename").dialog(Dialog.prompt("New name").answer("${input.NAME}"))
 * navigate("/away").dialog(Dialog.beforeUnload().dismiss())        // stay on the page
 * }</pre>
 *
 * <p>JSON: {@code "dialogs": [{"type": "confirm", "message": "Delete 3 orders?", "answer": "accept"}]};
 * {@code message} (the exact text, placeholders allowed) is optional, {@code answer} defaults to
 * {@code accept}, {@code text} (what a prompt is answered with) is only for an accepted prompt.
 */
@Value.Immutable
public interface Dialog {
  /** The kind of dialog, as the page opened it. */
  enum Type {
    ALERT, CONFIRM, PROMPT, BEFOREUNLOAD;

    /** The JSON name: {@code alert}, {@code confirm}, {@code prompt}, {@code beforeunload}. */
    public String jsonName() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** How the dialog is closed: OK (leave the page, for beforeunload) or Cancel (stay). */
  enum Answer {
    ACCEPT, DISMISS;

    /** The JSON name: {@code accept}, {@code dismiss}. */
    public String jsonName() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  Type type();

  /** The exact message the dialog must show; any message when empty. A beforeunload dialog's message is the browser's own. */
  Optional<String> message();

  @Value.Default
  default Answer answer() {
    return Answer.ACCEPT;
  }

  /** What an accepted prompt is answered with (placeholders allowed); its default value when empty. */
  Optional<String> text();

  /** This dialog answered with OK. */
  default Dialog accept() {
    return builder().from(this).answer(Answer.ACCEPT).build();
  }

  /** This dialog answered with Cancel (for beforeunload: stay on the page). */
  default Dialog dismiss() {
    return builder().from(this).answer(Answer.DISMISS).text(Optional.empty()).build();
  }

  /** This prompt accepted with {@code text}. */
  default Dialog answer(String text) {
    return builder().from(this).answer(Answer.ACCEPT).text(text).build();
  }

  /** An alert showing {@code message}. */
  static Dialog alert(String message) {
    return builder().type(Type.ALERT).message(message).build();
  }

  /** A confirm showing {@code message}, accepted unless {@link #dismiss()}ed. */
  static Dialog confirm(String message) {
    return builder().type(Type.CONFIRM).message(message).build();
  }

  /** A prompt showing {@code message}, accepted with its default value unless {@link #answer(String)} says what to type. */
  static Dialog prompt(String message) {
    return builder().type(Type.PROMPT).message(message).build();
  }

  /** The browser's "leave this page?" dialog, accepted (the page is left) unless {@link #dismiss()}ed. */
  static Dialog beforeUnload() {
    return builder().type(Type.BEFOREUNLOAD).build();
  }

  /** A dialog of {@code type} with any message. */
  static Dialog of(Type type) {
    return builder().type(type).build();
  }

  /** One line for messages: {@code confirm "Delete?" (accept)}. */
  default String describe() {
    return type().jsonName() + message().map(m -> " \"" + m + "\"").orElse("") + " (" + answer().jsonName()
        + text().map(t -> " with \"" + t + "\"").orElse("") + ")";
  }

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link Dialog}. */
  final class Builder extends ImmutableDialog.Builder {}
}
