package io.browserflow.formats;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.OnError;
import io.browserflow.api.Step;
import io.browserflow.api.CheckStep;
import io.browserflow.api.Target;
import io.browserflow.formats.SideProject.Command;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Selenium IDE checks and conditions: {@code assert*} (an assert step), {@code verify*} (one that
 * continues on failure) and {@code waitFor*} (a wait step) with the condition their name says;
 * and the expressions of {@code if}, {@code while} and {@code repeatIf} (simple variable tests as
 * var conditions, the rest as page expressions).
 */
final class SideConditions {
  private static final Pattern VAR_ONLY = Pattern.compile("\\s*\\$\\{([^}]+)}\\s*");
  private static final Pattern NOT_VAR = Pattern.compile("\\s*!\\s*\\$\\{([^}]+)}\\s*");
  private static final Pattern VAR_COMPARE = Pattern.compile(
      "\\s*\\$\\{([^}]+)}\\s*(===|!==|==|!=)\\s*('([^'\\\\]*)'|\"([^\"\\\\]*)\"|-?\\d+(?:\\.\\d+)?|true|false)\\s*");
  private static final Pattern COMPARE_VAR = Pattern.compile(
      "\\s*('([^'\\\\]*)'|\"([^\"\\\\]*)\"|-?\\d+(?:\\.\\d+)?|true|false)\\s*(===|!==|==|!=)\\s*\\$\\{([^}]+)}\\s*");

  /** The state an element check tests, by the check's name without assert, verify or waitFor. */
  private static final Map<String, Condition.State> ELEMENT_STATES = Map.ofEntries(
      Map.entry("Checked", Condition.State.CHECKED), Map.entry("NotChecked", Condition.State.UNCHECKED),
      Map.entry("ElementPresent", Condition.State.EXISTS),
      Map.entry("ElementVisible", Condition.State.VISIBLE), Map.entry("Visible", Condition.State.VISIBLE),
      Map.entry("ElementNotVisible", Condition.State.HIDDEN), Map.entry("NotVisible", Condition.State.HIDDEN),
      Map.entry("Editable", Condition.State.EDITABLE), Map.entry("ElementEditable", Condition.State.EDITABLE),
      Map.entry("NotEditable", Condition.State.NOT_EDITABLE), Map.entry("ElementNotEditable", Condition.State.NOT_EDITABLE));

  private final SideImportState st;
  private final SideVariables vars;
  private final SideLocators locators;

  SideConditions(SideImportState st, SideVariables vars, SideLocators locators) {
    this.st = st;
    this.vars = vars;
    this.locators = locators;
  }

  /** assert*, verify*, waitFor*: true when {@code c} is one of them (and was handled). */
  boolean check(Command c, List<Step> out) {
    String n = c.name;
    boolean verify = n.startsWith("verify");
    boolean wait = n.startsWith("waitFor");
    if (!(n.startsWith("assert") || verify || wait) || SideImport.KNOWN_UNSUPPORTED.contains(n)) {
      return false;
    }
    String what = n.substring(wait ? 7 : 6);
    Optional<Condition> cond = condition(c, what);
    if (cond.isEmpty()) {
      return !out.isEmpty() || wasReported(c);
    }
    Step s;
    if (wait) {
      CheckStep.Wait.Builder w = CheckStep.Wait.builder().id(st.id()).until(cond.get());
      waitTimeout(c).ifPresent(w::timeoutMs);
      s = w.build();
    } else {
      s = CheckStep.Assert.builder().id(st.id()).condition(cond.get()).build();
      if (verify) {
        s = s.withOnError(OnError.continueRun());
      }
    }
    out.add(s);
    return true;
  }

  private boolean wasReported(Command c) {
    return st.issues.any(i -> i.path().equals(c.path) || i.path().startsWith(c.path + "."));
  }

  private Optional<Condition> condition(Command c, String what) {
    Condition.State state = ELEMENT_STATES.get(what);
    if (state != null) {
      return locators.target(c).map(t -> Condition.Element.of(t, state));
    }
    switch (what) {
      case "":
        return Optional.of(Condition.Var.equalTo(vars.ref(c.target.trim(), c.path + ".target"),
            vars.interpolate(c.value, c.path + ".value")));
      case "Text":
        return locators.target(c).map(t -> Condition.Text.of(t, vars.interpolate(c.value, c.path + ".value"), Condition.Match.EQUALS));
      case "NotText":
        return locators.target(c).map(t -> Condition.Not.of(
            Condition.Text.of(t, vars.interpolate(c.value, c.path + ".value"), Condition.Match.EQUALS)));
      case "Title":
        return Optional.of(Condition.Title.of(vars.interpolate(c.target, c.path + ".target")));
      case "Value":
      case "SelectedValue":
        return locators.target(c).map(t -> Condition.Value.of(t, vars.interpolate(c.value, c.path + ".value")));
      case "NotSelectedValue":
        return locators.target(c).map(t -> Condition.Not.of(Condition.Value.of(t, vars.interpolate(c.value, c.path + ".value"))));
      case "SelectedLabel":
        return locators.target(c).map(t -> Condition.Text.of(selectedOption(t), vars.interpolate(c.value, c.path + ".value"),
            Condition.Match.EQUALS));
      case "NotSelectedLabel":
        return locators.target(c).map(t -> Condition.Not.of(Condition.Text.of(selectedOption(t),
            vars.interpolate(c.value, c.path + ".value"), Condition.Match.EQUALS)));
      case "ElementNotPresent":
        return locators.target(c).map(t -> Condition.Count.of(t, Condition.Op.EQ, 0));
      default:
        return Optional.empty();
    }
  }

  /** The selected option of a select target, for its label. */
  private Target selectedOption(Target select) {
    List<Candidate> options = new ArrayList<>();
    for (Candidate cand : select.candidates()) {
      SideLocators.selector(cand).ifPresent(sel -> options.add(Candidate.css(sel + " >> option:checked")));
    }
    return Target.builder().from(select).candidates(options).build();
  }

  private Optional<Integer> waitTimeout(Command c) {
    String v = c.value.trim();
    if (!SideImportState.NUMBER.matcher(v).matches()) {
      return Optional.empty();
    }
    return Optional.of(st.clamp((int) Double.parseDouble(v), SideImportState.LIMITS.minStepTimeoutMs(), SideImportState.LIMITS.maxStepTimeoutMs(),
        c, "the wait timeout"));
  }

  /** A Selenium IDE conditional expression: simple variable tests become var conditions, the rest a page expression. */
  Condition expression(String expr, String path) {
    Matcher m = VAR_ONLY.matcher(expr);
    if (m.matches()) {
      return Condition.Var.truthy(vars.ref(m.group(1).trim(), path));
    }
    m = NOT_VAR.matcher(expr);
    if (m.matches()) {
      return Condition.Var.falsy(vars.ref(m.group(1).trim(), path));
    }
    m = VAR_COMPARE.matcher(expr);
    if (m.matches()) {
      return compare(vars.ref(m.group(1).trim(), path), m.group(2), literal(m.group(3), m.group(4), m.group(5)));
    }
    m = COMPARE_VAR.matcher(expr);
    if (m.matches()) {
      return compare(vars.ref(m.group(5).trim(), path), m.group(4), literal(m.group(1), m.group(2), m.group(3)));
    }
    if (SideImportState.VARIABLE.matcher(expr).find()) {
      st.issues.warning(ConversionCode.SCRIPT_VARIABLE, path, "variables in the condition reach it as string "
          + "values, not as the values Selenium IDE stored: compare numbers with Number(${x}) or ==");
    }
    st.scriptEval = true;
    return Condition.Expression.of(vars.interpolateScript(expr, path));
  }

  private static String literal(String whole, String single, String dbl) {
    return single != null ? single : dbl != null ? dbl : whole;
  }

  private static Condition compare(String subject, String op, String operand) {
    Condition eq = Condition.Var.equalTo(subject, operand);
    return op.startsWith("!") ? Condition.Not.of(eq) : eq;
  }
}
