package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.Condition;
import io.browserflow.api.CheckStep;
import io.browserflow.api.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps the recorded waits: {@code waitForElement} (a count of the matched elements, visible or
 * not, negated by {@code visible: false}; its attributes and the properties a condition expresses
 * become expect conditions), {@code waitForExpression} (a
 * page expression, or a fixed wait for the {@code setTimeout} promise idiom) and {@code
 * waitForURL}.
 */
final class ChromeWaitSteps {
  private static final Pattern SLEEP = Pattern.compile(
      "^\\s*new\\s+Promise\\s*\\(\\s*\\(?\\s*(\\w+)\\s*\\)?\\s*=>\\s*\\{?\\s*setTimeout\\s*\\(\\s*(?:\\(\\s*\\)\\s*=>\\s*\\1\\s*\\(\\s*(?:true)?\\s*\\)|\\1)"
          + "\\s*,\\s*(\\d+)\\s*\\)\\s*;?\\s*\\}?\\s*\\)\\s*;?\\s*$");

  private final ChromeImportState st;
  private final ChromeStepParts parts;

  ChromeWaitSteps(ChromeImportState st, ChromeStepParts parts) {
    this.st = st;
    this.parts = parts;
  }

  void waitForElement(ChromeStep s, String p) {
    Optional<Target> target = ChromeSelectors.toTarget(s.selectors, parts.frames(s, p), p, st.issues);
    if (target.isEmpty()) {
      return;
    }
    Target t = target.get();
    String operator = s.operator;
    Condition.Op op = Condition.Op.fromSymbol(operator).orElse(null);
    if (op == null || op == Condition.Op.GT || op == Condition.Op.LT) {
      st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".operator", "operator \"" + operator + "\" is not one of >=, ==, <=; >= is used");
      op = Condition.Op.GTE;
    }
    // as the reference replays it: the elements the selector matches (visible or not) are counted;
    // visible: false waits until the whole check (count, attributes, properties) no longer holds
    Condition count = Condition.Count.of(t, op, s.count);
    boolean visible = s.visible;
    Condition until = visible ? count : Condition.Not.of(count);
    List<Condition> more = new ArrayList<>();
    if (!visible && (!s.attributes.isEmpty() || !s.properties.isEmpty())) {
      st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".visible", "visible: false waits until the count, attributes and properties "
          + "no longer all hold, which the flow cannot express; it waits until the count no longer holds and leaves the attribute and property checks out");
    } else {
      for (Map.Entry<String, String> a : s.attributes.entrySet()) {
        more.add(Condition.Attribute.of(t, a.getKey(), Optional.of(a.getValue())));
      }
      for (Map.Entry<String, JsonNode> e : s.properties.entrySet()) {
        List<Condition> c = e.getKey().equals("dataset") ? dataset(t, e.getValue()) : Optional.ofNullable(property(t, e.getKey(), e.getValue()))
            .map(List::of).orElse(List.of());
        if (c.isEmpty()) {
          st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".properties." + e.getKey(), "property " + e.getKey()
              + " cannot be checked without a script; the check is left out");
        } else {
          more.addAll(c);
        }
      }
    }
    st.add(st.withCommon(CheckStep.Wait.builder().id(st.id()).until(until).addAllExpect(more).addAllExpect(parts.urlExpect(s, p)).build(), s, p));
    st.mapped++;
  }

  /**
   * {@code dataset} entries as the {@code data-*} attributes they are ({@code dataset.userId} is
   * {@code data-user-id}); empty when an entry is not a string.
   */
  private static List<Condition> dataset(Target t, JsonNode v) {
    List<Condition> out = new ArrayList<>();
    if (!v.isObject() || v.isEmpty()) {
      return List.of();
    }
    for (Map.Entry<String, JsonNode> e : (Iterable<Map.Entry<String, JsonNode>>) v::fields) {
      if (!e.getValue().isTextual() || !e.getKey().matches("[a-z][A-Za-z0-9]*")) {
        return List.of();
      }
      String attribute = "data-" + e.getKey().replaceAll("([A-Z])", "-$1").toLowerCase(java.util.Locale.ROOT);
      out.add(Condition.Attribute.of(t, attribute, Optional.of(e.getValue().asText())));
    }
    return out;
  }

  /** A property check as a condition, when one expresses it. */
  private static Condition property(Target t, String name, JsonNode v) {
    switch (name) {
      case "value":
        return v.isValueNode() ? Condition.Value.of(t, v.asText()) : null;
      case "innerText":
      case "textContent":
        return v.isTextual() ? Condition.Text.of(t, v.asText(), Condition.Match.EQUALS) : null;
      case "checked":
        return v.isBoolean() ? Condition.Element.of(t, v.asBoolean() ? Condition.State.CHECKED : Condition.State.UNCHECKED) : null;
      case "disabled":
        return v.isBoolean() ? Condition.Element.of(t, v.asBoolean() ? Condition.State.DISABLED : Condition.State.ENABLED) : null;
      case "id":
      case "title":
      case "name":
      case "type":
      case "placeholder":
      case "alt":
        return v.isTextual() ? Condition.Attribute.of(t, name, Optional.of(v.asText())) : null;
      case "className":
        return v.isTextual() ? Condition.Attribute.of(t, "class", Optional.of(v.asText())) : null;
      default:
        return null;
    }
  }

  void waitForExpression(ChromeStep s, String p) {
    if (s.expression == null) {
      st.issues.blocking(ConversionCode.FIELD_MISSING, p + ".expression", "waitForExpression has no expression; it is left out");
      return;
    }
    String expression = s.expression;
    Matcher sleep = SLEEP.matcher(expression);
    if (sleep.matches()) {
      int ms = st.issues.clamped(Integer.parseInt(sleep.group(2)), 0, ChromeImportState.LIMITS.maxStepTimeoutMs(), p + ".expression", "fixed wait");
      parts.inFrames(s, p, () -> st.add(st.withCommon(CheckStep.Wait.builder().id(st.id()).ms(ms).build(), s, p)));
      st.mapped++;
      return;
    }
    if (!st.scriptEval) {
      st.issues.warning(ConversionCode.EVAL_USED, p, "waiting for a page expression needs the script.eval capability: "
          + "the flow declares it, and a run must allow it");
    }
    st.scriptEval = true;
    st.refs(expression);
    parts.inFrames(s, p, () -> st.add(st.withCommon(CheckStep.Wait.builder().id(st.id()).until(Condition.Expression.of(expression))
        .addAllExpect(parts.urlExpect(s, p)).build(), s, p)));
    st.mapped++;
  }

  void waitForUrl(ChromeStep s, String p) {
    if (s.url == null) {
      st.issues.blocking(ConversionCode.FIELD_MISSING, p + ".url", "waitForURL has no url; it is left out");
      return;
    }
    String url = s.url;
    String glob = s.exact ? url : "**" + url + "**";
    st.add(st.withCommon(CheckStep.Wait.builder().id(st.id()).until(Condition.Url.of(glob)).build(), s, p));
    st.mapped++;
  }
}
