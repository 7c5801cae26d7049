package io.browserflow.formats;

import io.browserflow.api.Step;
import io.browserflow.formats.BrowserctlDocument.Command;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.IntConsumer;

/**
 * What a browserctl command says besides its positional words (options, captured variables, a
 * timeout, a description), and an issue for each part of it a flow does not carry over.
 */
final class BrowserctlCommandOptions {
  private static final int MIN_TIMEOUT = 100;
  static final int MAX_TIMEOUT = 30_000;
  /** Output-only options, ignored without an issue. */
  private static final Set<String> COSMETIC = Set.of("pretty", "json", "bail");

  private final BrowserctlImportState st;

  BrowserctlCommandOptions(BrowserctlImportState st) {
    this.st = st;
  }

  /** Options a command does not understand. */
  void options(Command c, BrowserctlArgs a, Set<String> known) {
    for (String f : a.flags.keySet()) {
      if (!known.contains(f) && !COSMETIC.contains(f)) {
        st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, c.path, "option --" + f + " of "
            + c.argv.get(0) + " is not carried over");
      }
    }
  }

  void unusedCapture(Command c) {
    if (c.capture.isEmpty()) {
      return;
    }
    st.issues.warning(ConversionCode.UNSUPPORTED_CAPTURE, c.path, "captured variables "
        + String.join(", ", c.capture.values()) + " have no BrowserFlow equivalent for this command");
    st.deadVars.addAll(c.capture.values());
  }

  /** Capture fields other than {@code used} are not carried over. */
  void captureOthers(Command c, Set<String> used) {
    List<String> others = new ArrayList<>();
    c.capture.forEach((field, var) -> {
      if (!used.contains(field)) {
        others.add(var);
      }
    });
    if (!others.isEmpty()) {
      st.issues.warning(ConversionCode.UNSUPPORTED_CAPTURE, c.path, "captured variables "
          + String.join(", ", others) + " have no BrowserFlow equivalent for this command");
      st.deadVars.addAll(others);
    }
  }

  boolean require(Command c, String value, String what) {
    if (value == null) {
      st.issues.blocking(ConversionCode.FIELD_MISSING, c.path, c.argv.get(0) + " needs " + what);
      return false;
    }
    return true;
  }

  Integer timeout(Command c, BrowserctlArgs a) {
    String t = a.flag("timeout");
    if (t == null) {
      return null;
    }
    try {
      int ms = Integer.parseInt(t.trim());
      int clamped = Math.max(MIN_TIMEOUT, Math.min(MAX_TIMEOUT, ms));
      if (clamped != ms) {
        st.issues.info(ConversionCode.VALUE_CLAMPED, c.path, "--timeout " + ms + " became " + clamped
            + " ms (steps time out after " + MIN_TIMEOUT + ".." + MAX_TIMEOUT + " ms)");
      }
      return clamped;
    } catch (NumberFormatException e) {
      st.issues.warning(ConversionCode.FIELD_INVALID, c.path, "--timeout is not a number of milliseconds; "
          + "the default timeout applies");
      return null;
    }
  }

  static void timeoutOf(Integer t, IntConsumer set) {
    if (t != null) {
      set.accept(t);
    }
  }

  /** The step with the command's timeout and description (as title). */
  static Step decorated(Step s, Command c, Integer timeout) {
    Step out = timeout == null ? s : s.withTimeoutMs(timeout);
    return c.description == null || c.description.isBlank() ? out : out.withTitle(c.description);
  }

  static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
