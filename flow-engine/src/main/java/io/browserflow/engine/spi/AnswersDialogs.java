package io.browserflow.engine.spi;

import io.browserflow.api.Dialog;
import java.time.Duration;
import java.util.List;

/**
 * A {@link DriverSession} that answers native dialogs ({@code alert}, {@code confirm}, {@code prompt},
 * {@code beforeunload}): steps declaring {@code dialogs} need it (checked before a run's first step,
 * {@link DriverFeatures#check}). On a session without it the engine arms nothing and sees no dialog.
 */
public interface AnswersDialogs {

  /**
   * Arms the dialogs the next action opens, in order (their placeholders resolved), replacing what
   * was armed before. From now on, in every tab of the session, a dialog whose type and message
   * (when declared) match the next armed one is answered as declared, inside the dialog event;
   * any other dialog is dismissed (so the page goes on) and reported by {@link #settleDialogs}.
   * The engine arms before every leaf step, with an empty list for steps declaring none.
   */
  void armDialogs(List<Dialog> dialogs);

  /**
   * The dialogs that appeared since the last {@link #armDialogs}, in order; first waits, up to
   * {@code timeout}, until every armed dialog has appeared (a dialog a click opens from a timer comes
   * after the click returns). Never throws for what it saw: the engine decides.
   */
  List<SeenDialog> settleDialogs(Duration timeout);
}
