package io.browserflow.formats;

import static io.browserflow.formats.BrowserctlCommandsOfStep.list;

import io.browserflow.api.Candidate;
import io.browserflow.api.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Where a browserctl command acts: the first candidate of a target browserctl can express (a css
 * selector, or a {@code find} strategy where the action allows it), entering and leaving the
 * target's frame around the command. The other candidates, shadow paths and nested frames are
 * left out with an issue.
 */
final class BrowserctlTargets {
  private static final Set<String> FIND_ACTIONS = Set.of("click", "dblclick", "hover", "fill", "type", "check",
      "uncheck");

  private final BrowserctlExportState st;
  private final BrowserctlExportValues values;

  BrowserctlTargets(BrowserctlExportState st, BrowserctlExportValues values) {
    this.st = st;
    this.values = values;
  }

  /** Where a command acts: a css selector, or a find strategy and query; optionally inside a frame. */
  static final class Located {
    String selector;
    String strategy;
    String query;
    String name;
    boolean exact;
    String frame;
  }

  /**
   * The first candidate browserctl can express: css, testId ({@code [data-testid=...]}) and id
   * ({@code [id=...]}) as selectors; role, text, label and placeholder through find when the action
   * allows it; placeholder as {@code [placeholder=...]} otherwise.
   */
  Located locate(Target t, String tp, boolean findOk) {
    List<Candidate> cs = t.candidates();
    Located loc = null;
    int chosen = -1;
    for (int pass = 0; pass < 2 && loc == null; pass++) {
      for (int k = 0; k < cs.size() && loc == null; k++) {
        loc = express(cs.get(k), findOk, pass == 1);
        chosen = k;
      }
    }
    if (loc == null) {
      st.issues.blocking(ConversionCode.TARGET_UNRESOLVED, tp, "no candidate of " + t.describe() + " can be written as a browserctl selector"
          + (findOk ? " or find" : "") + "; add a css, testId or id candidate");
      return null;
    }
    if (chosen > 0) {
      st.issues.info(ConversionCode.CANDIDATE_SUBSTITUTED, tp + ".candidates[" + chosen + "]", "browserctl cannot express candidate "
          + cs.get(0).describe() + " here; candidate " + chosen + " is written instead");
    }
    if (cs.size() > 1) {
      st.issues.info(ConversionCode.CANDIDATES_DROPPED, tp, "browserctl takes one locator; " + (cs.size() - 1)
          + " other candidate(s) were left out");
    }
    if (!t.shadowPath().isEmpty()) {
      st.issues.warning(ConversionCode.SHADOW_PATH_DROPPED, tp + ".shadowPath", "browserctl selectors do not enter shadow roots "
          + "through hosts; the shadow path was left out");
    }
    if (!t.framePath().isEmpty()) {
      if (st.inFrame || t.framePath().size() > 1) {
        st.issues.blocking(ConversionCode.FRAME_UNRESOLVED, tp + ".framePath", "browserctl enters one frame from the main frame; this "
            + "target's frame path cannot be written");
        return null;
      }
      loc.frame = values.out(t.framePath().get(0), tp);
      if (loc.frame == null) {
        return null;
      }
      st.issues.info(ConversionCode.FRAME_PATH_AS_COMMANDS, tp + ".framePath", "the target's frame is entered with frame <owner> before the "
          + "command and left with frame main after it; read back these are frame and frameMain steps");
    }
    if (loc.selector != null) {
      loc.selector = values.out(loc.selector, tp);
      if (loc.selector == null) {
        return null;
      }
    } else {
      loc.query = values.out(loc.query, tp);
      if (loc.query == null) {
        return null;
      }
      if (loc.name != null) {
        loc.name = values.out(loc.name, tp);
        if (loc.name == null) {
          return null;
        }
      }
    }
    return loc;
  }

  private static Located express(Candidate c, boolean findOk, boolean fallback) {
    return switch (c.kind()) {
      case CSS -> selector(c.value());
      case TEST_ID -> selector("[data-testid=" + CssStrings.quote(c.value()) + "]");
      case ID -> selector("[id=" + CssStrings.quote(c.value()) + "]");
      case ROLE -> findOk ? find(c, "role") : null;
      case TEXT -> findOk ? find(c, "text") : null;
      case LABEL -> findOk ? find(c, "label") : null;
      case PLACEHOLDER -> findOk ? find(c, "placeholder")
          : fallback ? selector("[placeholder=" + CssStrings.quote(c.value()) + "]") : null;
      // browserctl has no xpath, no any-role accessible name and no contains-text locator
      case XPATH, ARIA, TEXT_CONTAINS -> null;
    };
  }

  private static Located selector(String selector) {
    Located l = new Located();
    l.selector = selector;
    return l;
  }

  private static Located find(Candidate c, String strategy) {
    Located l = new Located();
    l.strategy = strategy;
    l.query = c.value();
    l.name = c.name().orElse(null);
    l.exact = c.kind() != Candidate.Kind.ROLE || l.name != null;
    return l;
  }

  /** {@code action} on {@code target}: a plain command, or {@code find} when the target needs it. */
  boolean action(BrowserctlCommandsOfStep out, String action, Target target, String p, List<String> texts, List<String> flags) {
    boolean findOk = FIND_ACTIONS.contains(action) && flags.isEmpty();
    Located loc = locate(target, p + ".target", findOk);
    if (loc == null) {
      return false;
    }
    List<String> mappedValues = new ArrayList<>();
    for (String v : texts) {
      String m = values.out(v, p);
      if (m == null) {
        return false;
      }
      if (m.startsWith("--")) {
        st.issues.warning(ConversionCode.VALUE_LOOKS_LIKE_OPTION, p, "the value starts with --, which browserctl reads as an option");
      }
      mappedValues.add(m);
    }
    List<String> argv;
    if (loc.selector != null) {
      argv = list(action, loc.selector);
      argv.addAll(mappedValues);
    } else {
      argv = list("find", loc.strategy, loc.query, action);
      argv.addAll(mappedValues);
      if (loc.name != null) {
        argv.add("--name");
        argv.add(loc.name);
      }
      if (loc.exact) {
        argv.add("--exact");
      }
    }
    argv.addAll(flags);
    framed(out, loc, argv);
    return true;
  }

  /** The command, entering and leaving the target's frame around it when it has one. */
  static void framed(BrowserctlCommandsOfStep out, Located loc, List<String> argv) {
    if (loc.frame != null) {
      out.add(list("frame", loc.frame));
      out.act(argv);
      out.add(list("frame", "main"));
    } else {
      out.act(argv);
    }
  }
}
