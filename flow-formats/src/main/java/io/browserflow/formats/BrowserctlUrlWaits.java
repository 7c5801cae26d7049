package io.browserflow.formats;

import io.browserflow.api.Kinds;
import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import java.util.EnumSet;
import java.util.Set;

/**
 * The {@code click} + {@code wait --url} idiom of browserctl recordings, which both directions
 * follow: which steps may navigate (a {@code wait --url} after them is their expect), and which
 * conditions browserctl waits for with {@code wait --url}.
 */
final class BrowserctlUrlWaits {
  private BrowserctlUrlWaits() {}

  /** Whether {@code s} is an action after which a {@code wait --url} means "this action navigates". */
  static boolean navigates(Step s) {
    return NAVIGATES.contains(s.kind());
  }

  /** The actions a {@code wait --url} after them is the expect of; after other steps it stays a wait step. */
  private static final Set<Step.Kind> NAVIGATES = EnumSet.of(Step.Kind.CLICK, Step.Kind.DBLCLICK, Step.Kind.PRESS,
      Step.Kind.SELECT, Step.Kind.CHECK, Step.Kind.UNCHECK);

  /** Whether {@code c} is a URL condition, which browserctl waits for with {@code wait --url}. */
  static boolean isUrl(Condition c) {
    return Kinds.is(c, Condition.Url.class);
  }

}
