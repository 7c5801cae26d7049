package io.browserflow.api.json;

import static io.browserflow.api.dsl.Dsl.checked;
import static io.browserflow.api.dsl.Dsl.count;
import static io.browserflow.api.dsl.Dsl.countAtLeast;
import static io.browserflow.api.dsl.Dsl.downloaded;
import static io.browserflow.api.dsl.Dsl.enabled;
import static io.browserflow.api.dsl.Dsl.exists;
import static io.browserflow.api.dsl.Dsl.expression;
import static io.browserflow.api.dsl.Dsl.falsy;
import static io.browserflow.api.dsl.Dsl.hasAttribute;
import static io.browserflow.api.dsl.Dsl.hasExactText;
import static io.browserflow.api.dsl.Dsl.hasText;
import static io.browserflow.api.dsl.Dsl.hasValue;
import static io.browserflow.api.dsl.Dsl.hidden;
import static io.browserflow.api.dsl.Dsl.loaded;
import static io.browserflow.api.dsl.Dsl.not;
import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.api.dsl.Dsl.textPresent;
import static io.browserflow.api.dsl.Dsl.titleMatches;
import static io.browserflow.api.dsl.Dsl.truthy;
import static io.browserflow.api.dsl.Dsl.unchecked;
import static io.browserflow.api.dsl.Dsl.urlMatches;
import static io.browserflow.api.dsl.Dsl.varContains;
import static io.browserflow.api.dsl.Dsl.varEquals;
import static io.browserflow.api.dsl.Dsl.visible;
import static io.browserflow.api.json.JsonFixtures.assertRoundTrips;
import static io.browserflow.api.json.JsonFixtures.flowOf;
import static io.browserflow.api.json.JsonFixtures.onlyStep;
import static io.browserflow.api.json.JsonFixtures.tree;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.Target;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every condition form and every candidate kind, read from JSON and written back. */
class FlowJsonConditionsTest {

  private static final String SAVE = "{\"candidates\": [{\"testId\": \"save\"}]}";

  static Stream<Arguments> conditions() {
    return Stream.of(
        Arguments.of("{\"url\": \"**/home\"}", urlMatches("**/home")),
        Arguments.of("{\"title\": \"Orders*\"}", titleMatches("Orders*")),
        Arguments.of("{\"element\": " + SAVE + ", \"state\": \"exists\"}", exists(testId("save"))),
        Arguments.of("{\"element\": " + SAVE + ", \"state\": \"visible\"}", visible(testId("save"))),
        Arguments.of("{\"element\": " + SAVE + ", \"state\": \"hidden\"}", hidden(testId("save"))),
        Arguments.of("{\"element\": " + SAVE + ", \"state\": \"enabled\"}", enabled(testId("save"))),
        Arguments.of("{\"element\": " + SAVE + ", \"state\": \"disabled\"}",
            Condition.Element.of(testId("save"), Condition.State.DISABLED)),
        Arguments.of("{\"element\": " + SAVE + ", \"state\": \"checked\"}", checked(testId("save"))),
        Arguments.of("{\"element\": " + SAVE + ", \"state\": \"unchecked\"}", unchecked(testId("save"))),
        Arguments.of("{\"element\": " + SAVE + ", \"count\": 3}", count(testId("save"), 3)),
        Arguments.of("{\"element\": " + SAVE + ", \"count\": 1, \"op\": \">=\"}", countAtLeast(testId("save"), 1)),
        Arguments.of("{\"element\": " + SAVE + ", \"count\": 0, \"op\": \"<=\"}",
            Condition.Count.of(testId("save"), Condition.Op.LTE, 0)),
        Arguments.of("{\"element\": " + SAVE + ", \"count\": 9, \"op\": \">\"}",
            Condition.Count.of(testId("save"), Condition.Op.GT, 9)),
        Arguments.of("{\"element\": " + SAVE + ", \"count\": 2, \"op\": \"<\"}",
            Condition.Count.of(testId("save"), Condition.Op.LT, 2)),
        Arguments.of("{\"text\": \"Saved\"}", textPresent("Saved")),
        Arguments.of("{\"text\": \"Order * saved\", \"match\": \"glob\"}",
            Condition.Text.of(java.util.Optional.empty(), "Order * saved", Condition.Match.GLOB)),
        Arguments.of("{\"text\": \"Saved\", \"element\": " + SAVE + "}", hasText(testId("save"), "Saved")),
        Arguments.of("{\"text\": \"Saved\", \"element\": " + SAVE + ", \"match\": \"equals\"}",
            hasExactText(testId("save"), "Saved")),
        Arguments.of("{\"text\": \"Sav*\", \"element\": " + SAVE + ", \"match\": \"glob\"}",
            Condition.Text.of(testId("save"), "Sav*", Condition.Match.GLOB)),
        Arguments.of("{\"element\": " + SAVE + ", \"value\": \"42\"}", hasValue(testId("save"), "42")),
        Arguments.of("{\"element\": " + SAVE + ", \"attribute\": \"aria-busy\"}", hasAttribute(testId("save"), "aria-busy")),
        Arguments.of("{\"element\": " + SAVE + ", \"attribute\": \"aria-busy\", \"value\": \"false\"}",
            hasAttribute(testId("save"), "aria-busy", "false")),
        Arguments.of("{\"var\": \"${vars.total}\", \"equals\": \"3\"}", varEquals("${vars.total}", "3")),
        Arguments.of("{\"var\": \"${vars.total}\", \"contains\": \"3\"}", varContains("${vars.total}", "3")),
        Arguments.of("{\"var\": \"${vars.ok}\", \"truthy\": true}", truthy("${vars.ok}")),
        Arguments.of("{\"var\": \"${vars.ok}\", \"falsy\": true}", falsy("${vars.ok}")),
        Arguments.of("{\"download\": \"report-*.csv\"}", downloaded("report-*.csv")),
        Arguments.of("{\"loadState\": \"load\"}", loaded(Condition.LoadState.LOAD)),
        Arguments.of("{\"loadState\": \"domcontentloaded\"}", loaded(Condition.LoadState.DOMCONTENTLOADED)),
        Arguments.of("{\"loadState\": \"networkidle\"}", loaded(Condition.LoadState.NETWORKIDLE)),
        Arguments.of("{\"expression\": \"window.ready === true\"}", expression("window.ready === true")),
        Arguments.of("{\"not\": {\"url\": \"**/login\"}}", not(urlMatches("**/login"))),
        Arguments.of("{\"not\": {\"not\": {\"element\": " + SAVE + ", \"state\": \"visible\"}}}",
            not(not(visible(testId("save"))))));
  }

  private static Step asserting(Condition c) {
    return CheckStep.Assert.builder().id("a").condition(c).build();
  }

  private static String assertingJson(String condition) {
    return "{\"id\": \"a\", \"op\": \"assert\", \"condition\": " + condition + "}";
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("conditions")
  void should_read_the_condition_the_json_describes(String json, Condition expected) {
    assertThat(onlyStep(assertingJson(json))).isEqualTo(asserting(expected));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("conditions")
  void should_write_the_condition_as_the_same_json(String json, Condition condition) {
    String written = FlowJson.write(flowOf(asserting(condition)));
    assertThat(tree(written).get("steps").get(0).get("condition")).isEqualTo(tree(json));
    assertRoundTrips(flowOf(asserting(condition)));
  }

  @Test
  void should_default_a_missing_element_state_to_visible_and_always_write_it() {
    Step read = onlyStep(assertingJson("{\"element\": " + SAVE + "}"));
    assertThat(read).isEqualTo(asserting(visible(testId("save"))));
    assertThat(FlowJson.write(flowOf(read))).contains("\"state\": \"visible\"");
  }

  @Test
  void should_read_explicit_default_op_and_match() {
    assertThat(onlyStep(assertingJson("{\"element\": " + SAVE + ", \"count\": 2, \"op\": \"==\"}")))
        .isEqualTo(asserting(count(testId("save"), 2)));
    assertThat(onlyStep(assertingJson("{\"text\": \"Hi\", \"match\": \"contains\"}")))
        .isEqualTo(asserting(textPresent("Hi")));
  }

  static Stream<Arguments> candidates() {
    return Stream.of(
        Arguments.of("{\"testId\": \"save\"}", Candidate.testId("save")),
        Arguments.of("{\"id\": \"user\"}", Candidate.id("user")),
        Arguments.of("{\"role\": \"button\"}", Candidate.role("button")),
        Arguments.of("{\"role\": \"button\", \"name\": \"Save\"}", Candidate.role("button", "Save")),
        Arguments.of("{\"label\": \"Password\"}", Candidate.label("Password")),
        Arguments.of("{\"placeholder\": \"Search\"}", Candidate.placeholder("Search")),
        Arguments.of("{\"text\": \"Sign in\"}", Candidate.text("Sign in")),
        Arguments.of("{\"css\": \"form .primary\"}", Candidate.css("form .primary")),
        Arguments.of("{\"xpath\": \"//button[@type='submit']\"}", Candidate.xpath("//button[@type='submit']")),
        Arguments.of("{\"aria\": \"Save\"}", Candidate.aria("Save")),
        Arguments.of("{\"textContains\": \"Total:\"}", Candidate.textContains("Total:")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("candidates")
  void should_read_and_write_each_candidate_kind(String json, Candidate expected) {
    Step read = onlyStep("{\"id\": \"c\", \"op\": \"hover\", \"target\": {\"candidates\": [" + json + "]}}");
    Step built = InteractionStep.Hover.builder().id("c").target(Target.of(expected)).build();
    assertThat(read).isEqualTo(built);
    assertThat(tree(FlowJson.write(flowOf(built))).get("steps").get(0).get("target").get("candidates").get(0))
        .isEqualTo(tree(json));
  }

  @Test
  void should_keep_candidate_order_frame_path_and_shadow_path() {
    String target = "{\"candidates\": [{\"testId\": \"pay\"}, {\"role\": \"button\", \"name\": \"Pay\"},"
        + " {\"css\": \"button.pay\"}], \"framePath\": [\"iframe#checkout\", \"name:card\"],"
        + " \"shadowPath\": [\"pay-widget\"]}";
    Target expected = Target.of(Candidate.testId("pay"), Candidate.role("button", "Pay"), Candidate.css("button.pay"))
        .inFrame("iframe#checkout", "name:card").inShadow("pay-widget");

    Step read = onlyStep("{\"id\": \"c\", \"op\": \"click\", \"target\": " + target + "}");

    assertThat(((InteractionStep.Click) read).target()).isEqualTo(expected);
    assertThat(tree(FlowJson.write(flowOf(read))).get("steps").get(0).get("target")).isEqualTo(tree(target));
  }

  @Test
  void should_read_an_empty_target_for_the_validator_to_judge() {
    Step read = onlyStep("{\"id\": \"c\", \"op\": \"click\", \"target\": {}}");
    assertThat(((InteractionStep.Click) read).target().candidates()).isEmpty();
    assertRoundTrips(flowOf(read));
  }
}
