package io.browserflow.formats;

import static io.browserflow.formats.BrowserctlCommandsOfStep.list;

import io.browserflow.api.Condition;
import io.browserflow.api.DefaultConditionVisitor;
import io.browserflow.api.Step;
import java.util.List;
import java.util.Locale;

/**
 * Conditions as browserctl {@code wait} commands ({@code --url}, {@code --load}, {@code --fn},
 * {@code --text}, {@code --selector} with {@code --state}): a wait or assert step, and the
 * expect checks written after a step's command. A condition without a wait is left out.
 */
final class BrowserctlWaitArgs {
  private final BrowserctlExportState st;
  private final BrowserctlExportValues values;
  private final BrowserctlTargets targets;

  BrowserctlWaitArgs(BrowserctlExportState st, BrowserctlExportValues values, BrowserctlTargets targets) {
    this.st = st;
    this.values = values;
    this.targets = targets;
  }

  boolean waitStep(Step s, Condition cond, String cp, BrowserctlCommandsOfStep out, boolean isAssert) {
    List<String> argv = waitArgv(cond, cp);
    String p = cp.substring(0, cp.lastIndexOf('.'));
    if (argv == null) {
      st.issues.warning(ConversionCode.UNSUPPORTED_CONDITION, cp, "this condition has no browserctl wait; the " + s.kind().op()
          + " step was left out");
      return false;
    }
    if (isAssert) {
      st.issues.info(ConversionCode.APPROXIMATED, p, "assert is written as a wait (both fail when the condition does not hold in time); "
          + "read back it is a wait step");
    }
    out.timeout(s, argv);
    out.act(argv);
    return true;
  }

  /** A browserctl wait for the condition; null when there is none. */
  List<String> waitArgv(Condition cond, String cp) {
    return cond.accept(new DefaultConditionVisitor<List<String>>() {
      @Override
      public List<String> visitUrl(Condition.Url u) {
        String glob = values.out(u.glob(), cp);
        return glob == null ? null : list("wait", "--url", glob);
      }

      @Override
      public List<String> visitLoad(Condition.Load l) {
        return list("wait", "--load", l.state().name().toLowerCase(Locale.ROOT));
      }

      @Override
      public List<String> visitExpression(Condition.Expression e) {
        return list("wait", "--fn", e.script());
      }

      @Override
      public List<String> visitText(Condition.Text t) {
        if (t.target().isPresent() || t.match() != Condition.Match.CONTAINS) {
          return null;
        }
        String text = values.out(t.text(), cp);
        return text == null ? null : list("wait", "--text", text);
      }

      @Override
      public List<String> visitElement(Condition.Element e) {
        if (!e.target().framePath().isEmpty()) {
          return null;
        }
        List<String> state = switch (e.state()) {
          case VISIBLE -> List.of();
          case HIDDEN -> List.of("--state", "hidden");
          case EXISTS -> {
            st.issues.warning(ConversionCode.APPROXIMATED, cp, "exists is written as wait --selector, which also waits until the "
                + "element is visible");
            yield List.of();
          }
          case ENABLED, DISABLED, CHECKED, UNCHECKED, EDITABLE, NOT_EDITABLE -> null;
        };
        if (state == null) {
          return null;
        }
        BrowserctlTargets.Located loc = targets.locate(e.target(), cp + ".element", false);
        if (loc == null) {
          return null;
        }
        List<String> argv = list("wait", "--selector", loc.selector);
        argv.addAll(state);
        return argv;
      }

      // no browserctl wait
      @Override public List<String> visitCondition(Condition condition) { return null; }
    });
  }
}
