package io.browserflow.playwright;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import io.browserflow.api.Dialog;
import io.browserflow.engine.spi.DialogPlan;
import java.util.Locale;
import java.util.Optional;

/**
 * Answers the native dialogs of one browser context's pages inside Playwright's dialog event (which
 * Playwright delivers on the driver thread while a call is in progress), as the {@link DialogPlan}
 * says: the armed answer, else a dismissal (an undeclared {@code beforeunload} is accepted).
 */
final class Dialogs {
  final DialogPlan plan = new DialogPlan();

  /** Listens to {@code page}'s dialogs: every page of the context, popups included. */
  void watch(Page page) {
    page.onDialog(this::answer);
  }

  private void answer(com.microsoft.playwright.Dialog d) {
    Dialog.Type type = type(d.type());
    Optional<Dialog> want = plan.answer(type, type == Dialog.Type.BEFOREUNLOAD ? "" : d.message());
    try {
      if (want.isEmpty()) {
        if (type == Dialog.Type.BEFOREUNLOAD) {
          d.accept();
        } else {
          d.dismiss();
        }
      } else if (want.get().answer() == Dialog.Answer.DISMISS) {
        d.dismiss();
      } else if (type == Dialog.Type.PROMPT) {
        d.accept(want.get().text().orElse(d.defaultValue()));
      } else {
        d.accept();
      }
    } catch (PlaywrightException e) {
      // the page went away with its dialog: nothing left to answer
    }
  }

  private static Dialog.Type type(String playwrightType) {
    switch (playwrightType.toLowerCase(Locale.ROOT)) {
      case "confirm":
        return Dialog.Type.CONFIRM;
      case "prompt":
        return Dialog.Type.PROMPT;
      case "beforeunload":
        return Dialog.Type.BEFOREUNLOAD;
      default:
        return Dialog.Type.ALERT;
    }
  }
}
