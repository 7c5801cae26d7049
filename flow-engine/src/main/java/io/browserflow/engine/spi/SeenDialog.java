package io.browserflow.engine.spi;

import io.browserflow.api.Dialog;

/**
 * A native dialog a session saw: its type and message as the page showed them, and whether it was
 * answered as an armed dialog ({@code expected}) or dismissed as one nobody declared.
 *
 * @param type the kind of dialog
 * @param message its text ({@code ""} for beforeunload, whose wording is the browser's)
 * @param expected whether it matched the next armed dialog and was answered as declared
 */
public record SeenDialog(Dialog.Type type, String message, boolean expected) {
  /** One line for messages: {@code confirm "Delete?"}. */
  public String describe() {
    return type.jsonName() + (message.isEmpty() ? "" : " \"" + message + "\"");
  }
}
