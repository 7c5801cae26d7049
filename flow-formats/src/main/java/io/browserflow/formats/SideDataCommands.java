package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.Candidate;
import io.browserflow.api.Step;
import io.browserflow.api.DataStep;
import io.browserflow.formats.SideProject.Command;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Maps the Selenium IDE commands that store values: {@code store} and {@code storeJson} as
 * {@code setVar}, the reading ones ({@code storeText}, {@code storeValue}, {@code storeAttribute},
 * {@code storeTitle}, the counts) as a read or eval step whose output the variable then names,
 * and {@code executeScript}, {@code executeAsyncScript} and {@code runScript} as eval steps.
 */
final class SideDataCommands {

  private final SideImportState st;
  private final SideVariables vars;
  private final SideLocators locators;

  SideDataCommands(SideImportState st, SideVariables vars, SideLocators locators) {
    this.st = st;
    this.vars = vars;
    this.locators = locators;
  }

  /** The variable a store command names in its value; null (the command not carried over) when it names none. */
  private String variable(Command c) {
    String var = c.value.trim();
    if (var.isEmpty()) {
      st.notCarried(c, ConversionCode.FIELD_MISSING, ConversionIssue.Severity.BLOCKING,
          c.name + " needs a variable name in value");
      return null;
    }
    return var;
  }

  void store(Command c, List<Step> out) {
    String var = variable(c);
    if (var == null) {
      return;
    }
    String value = vars.interpolate(c.target, c.path + ".target");
    String name = SideVariables.varName(var);
    out.add(DataStep.SetVar.builder().id(st.id()).name(name).value(value).build());
    st.refs.put(var, "${vars." + name + "}");
    if (!vars.assignedMoreThanOnce(var) && !value.contains("${")) {
      st.literals.put(var.trim(), value);
    }
  }

  /** storeText, storeValue. */
  void storeRead(Command c, List<Step> out) {
    locators.target(c).ifPresent(t -> {
      Step.ReadKind what = c.name.equals("storeText") ? Step.ReadKind.TEXT : Step.ReadKind.VALUE;
      Step read = DataStep.Read.builder().id(st.id()).target(t).what(what).build();
      out.add(read);
      vars.assign(c.value, read, what.name().toLowerCase(Locale.ROOT), out);
    });
  }

  void storeAttribute(Command c, List<Step> out) {
    int at = c.target.lastIndexOf('@');
    if (at <= 0 || at == c.target.length() - 1) {
      st.notCarried(c, ConversionCode.FIELD_INVALID, ConversionIssue.Severity.BLOCKING, "the target " + c.target
          + " is not locator@attribute");
      return;
    }
    String attribute = c.target.substring(at + 1);
    locators.target(c, c.target.substring(0, at), l -> l.endsWith("@" + attribute)
        ? l.substring(0, l.length() - attribute.length() - 1) : l).ifPresent(t -> {
          Step read = DataStep.Read.builder().id(st.id()).target(t).what(Step.ReadKind.ATTRIBUTE).attribute(attribute)
              .build();
          out.add(read);
          vars.assign(c.value, read, "attribute", out);
        });
  }

  void storeTitle(Command c, List<Step> out) {
    Step eval = st.eval("document.title");
    out.add(eval);
    vars.assign(SideVariables.assignedVar(c), eval, "result", out);
  }

  void storeCount(Command c, List<Step> out) {
    String script;
    if (c.name.equals("storeXpathCount")) {
      String xpath = c.target.trim().startsWith("xpath=") ? c.target.trim().substring(6) : c.target.trim();
      script = SideLocators.xpathCount(vars.interpolate(xpath, c.path + ".target"));
    } else {
      List<Candidate> cands = locators.candidates(vars.interpolate(c.target, c.path + ".target"), c.path + ".target");
      Optional<String> s = cands.isEmpty() ? Optional.empty() : SideLocators.countScript(cands.get(0));
      if (s.isEmpty()) {
        st.issues.blocking(ConversionCode.TARGET_UNRESOLVED, c.path + ".target", "the locator " + c.target
            + " cannot be counted");
        return;
      }
      script = s.get();
    }
    Step eval = st.eval(script);
    out.add(eval);
    vars.assign(c.value, eval, "result", out);
  }

  void storeJson(Command c, List<Step> out) {
    String var = variable(c);
    if (var == null) {
      return;
    }
    JsonNode json = Json.object("{\"v\":" + c.target + "}").map(o -> o.get("v")).orElse(null);
    if (json != null && json.isArray()) {
      List<String> values = new ArrayList<>();
      boolean scalars = true;
      for (JsonNode e : json) {
        scalars &= e.isValueNode();
        values.add(e.asText());
      }
      if (scalars) {
        st.arrays.put(var, values);
      }
    }
    String name = SideVariables.varName(var);
    out.add(DataStep.SetVar.builder().id(st.id()).name(name).value(vars.interpolate(c.target, c.path + ".target")).build());
    st.refs.put(var, "${vars." + name + "}");
    st.issues.info(ConversionCode.APPROXIMATED, c.path, "the JSON is kept as text in ${vars." + name + "}"
        + (st.arrays.containsKey(var) ? "; a forEach over it iterates its values" : ""));
  }

  void script(Command c, List<Step> out) {
    String body = c.target;
    boolean variables = SideImportState.VARIABLE.matcher(body).find();
    if (variables) {
      st.issues.warning(ConversionCode.SCRIPT_VARIABLE, c.path + ".target", "variables in the script reach it as "
          + "string values, not as the values Selenium IDE stored: compare numbers with Number(${x}) or ==");
    }
    body = vars.interpolateScript(body, c.path + ".target");
    String script;
    if (c.name.equals("runScript")) {
      // a script with values is run as an expression (they reach it as data): its statements go in a function
      script = variables ? "(function () {\n" + body + "\n})()" : body;
    } else if (c.name.equals("executeScript")) {
      script = "(function () {\n" + body + "\n})()";
    } else {
      script = "new Promise((resolve, reject) => {\n  const r = (function () {\n" + body
          + "\n  }).apply(null, [resolve]);\n  if (r !== undefined) Promise.resolve(r).then(resolve, reject);\n})";
    }
    Step eval = st.eval(script);
    out.add(eval);
    if (!c.name.equals("runScript") && !c.value.isBlank()) {
      vars.assign(c.value, eval, "result", out);
    }
  }
}
