package io.browserflow.formats;

import static io.browserflow.formats.SideProjects.cmd;
import static io.browserflow.formats.SideProjects.issue;
import static io.browserflow.formats.SideProjects.test;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.lint.Quality;
import io.browserflow.api.validate.FlowValidator;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.PatternSyntaxException;
import org.junit.jupiter.api.Test;

/**
 * Whole Selenium IDE projects: suites and the runner's filter, run calls inlined, variables shared
 * by persisted suites, a project without tests refused.
 */
class SideProjectImportTest {

  /** A project of {@code tests} whose suites are {@code suites}: each {name, persistSession, test names...}. */
  static String project(List<ObjectNode> tests, Object[]... suites) {
    ObjectNode p = (ObjectNode) Json.parse(SideProjects.project(tests.toArray(ObjectNode[]::new)), "test");
    ArrayNode list = p.putArray("suites");
    int n = 0;
    for (Object[] s : suites) {
      ObjectNode suite = list.addObject();
      suite.put("id", "s-" + n++);
      suite.put("name", (String) s[0]);
      suite.put("persistSession", (Boolean) s[1]);
      suite.put("parallel", false);
      suite.put("timeout", 300);
      ArrayNode ids = suite.putArray("tests");
      for (int i = 2; i < s.length; i++) {
        ids.add("t-" + s[i]);
      }
    }
    return Json.write(p);
  }

  private static Object[] suite(String name, boolean persist, String... tests) {
    List<Object> all = new ArrayList<>(List.of(name, persist));
    all.addAll(List.of(tests));
    return all.toArray();
  }

  private final List<ObjectNode> shopTests = List.of(
      test("login", cmd("open", "/login"), cmd("click", "id=go")),
      test("search", cmd("open", "/search"), cmd("type", "id=q", "shoes")),
      test("checkout", cmd("open", "/cart"), cmd("click", "id=pay")));

  @Test
  void should_select_the_suites_the_filter_finds_in_order_with_each_test_once_per_suite() {
    SideProjectImport p = FlowFormats.readSideProject(project(shopTests,
        suite("Smoke", false, "login", "search"), suite("Empty", false), suite("Buy", true, "login", "checkout")), "shop.side");

    List<SideProjectImport.Suite> all = p.select(".*");
    assertThat(all).extracting(SideProjectImport.Suite::name).containsExactly("Smoke", "Buy");
    assertThat(all.get(0).tests()).extracting(SideProjectImport.TestImport::name).containsExactly("login", "search");
    assertThat(all.get(1).tests()).extracting(SideProjectImport.TestImport::name).containsExactly("login", "checkout");
    assertThat(all.get(1).persistSession()).isTrue();
    assertThat(all.get(0).persistSession()).isFalse();
    assertThat(all.get(1).tests().get(0)).as("one conversion per test").isSameAs(all.get(0).tests().get(0));
    assertThat(p.select("^Bu")).extracting(SideProjectImport.Suite::name).containsExactly("Buy");
    assertThat(p.issues()).isEmpty();
  }

  @Test
  void should_fall_back_to_tests_by_name_and_select_nothing_when_nothing_matches() {
    SideProjectImport p = FlowFormats.readSideProject(project(shopTests, suite("Smoke", false, "login")), "shop.side");

    List<SideProjectImport.Suite> tests = p.select("search|checkout");
    assertThat(tests).hasSize(1);
    assertThat(tests.get(0).name()).isEmpty();
    assertThat(tests.get(0).persistSession()).isFalse();
    assertThat(tests.get(0).tests()).extracting(SideProjectImport.TestImport::name).containsExactly("search", "checkout");
    assertThat(p.select("nothing-like-this")).isEmpty();
    assertThat(p.names()).isEqualTo("suites: Smoke; tests: login, search, checkout");
    assertThatThrownBy(() -> p.select("(")).isInstanceOf(PatternSyntaxException.class);
  }

  @Test
  void should_report_an_unknown_test_id_of_a_suite_and_an_unknown_version_with_their_paths() {
    String text = project(shopTests, suite("Smoke", false, "login", "gone"));
    ObjectNode p = (ObjectNode) Json.parse(text, "t");
    p.put("version", "9.1");
    SideProjectImport project = FlowFormats.readSideProject(Json.write(p), "shop.side");

    assertThat(project.issues()).extracting(ConversionIssue::code, ConversionIssue::path, ConversionIssue::severity)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(ConversionCode.SCHEMA_VERSION_ASSUMED, "version", ConversionIssue.Severity.WARNING),
            org.assertj.core.groups.Tuple.tuple(ConversionCode.TEST_NOT_FOUND, "suites[0].tests[1]", ConversionIssue.Severity.WARNING));
    assertThat(project.suites().get(0).tests()).extracting(SideProjectImport.TestImport::name).containsExactly("login");
  }

  @Test
  void should_inline_a_called_test_with_fresh_step_ids_in_the_callers_variables() {
    List<ObjectNode> tests = List.of(
        test("sign in", cmd("open", "/login"), cmd("type", "id=user", "ada"), cmd("storeValue", "id=user", "who")),
        test("order", cmd("run", "sign in"), cmd("type", "id=note", "for ${who}"), cmd("click", "id=buy")));
    SideProjectImport p = FlowFormats.readSideProject(project(tests, suite("All", false, "order")), "shop.side");
    Conversion<Flow> order = p.tests().get(1).conversion();

    List<Step> steps = order.value().steps();
    assertThat(steps).extracting(Step::kind).containsExactly(Step.Kind.OPEN, Step.Kind.FILL, Step.Kind.READ,
        Step.Kind.FILL, Step.Kind.CLICK);
    assertThat(steps).extracting(Step::id).doesNotHaveDuplicates();
    assertThat(((InteractionStep.Fill) steps.get(3)).value()).as("the called test's variable").isEqualTo("for ${steps." + steps.get(2).id() + ".value}");
    assertThat(order.value().inputs()).extracting(i -> i.key()).as("no variable left to give from outside")
        .containsExactly("BASE_URL");
    ConversionIssue inlined = issue(order, ConversionCode.TEST_INLINED);
    assertThat(inlined.path()).isEqualTo("tests[1].commands[0]");
    assertThat(inlined.message()).contains("3 commands", "sign in", "tests[0]");
    assertThat(order.quality()).isNotEqualTo(Quality.BLOCKED);
    assertThat(order.stepsMapped()).isEqualTo(order.stepsRead());
    assertThat(FlowValidator.of(SideImportState.LIMITS).validate(order.value())).isEmpty();
  }

  @Test
  void should_block_a_cycle_of_run_calls_and_a_call_of_a_missing_test() {
    List<ObjectNode> tests = List.of(
        test("a", cmd("open", "/a"), cmd("run", "b")),
        test("b", cmd("click", "id=x"), cmd("run", "a")),
        test("c", cmd("run", "nobody")));
    SideProjectImport p = FlowFormats.readSideProject(project(tests, suite("All", false, "a", "c")), "shop.side");

    Conversion<Flow> a = p.tests().get(0).conversion();
    ConversionIssue cycle = issue(a, ConversionCode.TEST_CALL_CYCLE);
    assertThat(cycle.severity()).isEqualTo(ConversionIssue.Severity.BLOCKING);
    assertThat(cycle.path()).as("the call that closes the cycle, in the called test").isEqualTo("tests[1].commands[1]");
    assertThat(cycle.message()).contains("a → b → a");
    assertThat(a.value().steps()).extracting(Step::kind).containsExactly(Step.Kind.OPEN, Step.Kind.CLICK);
    assertThat(a.quality()).isEqualTo(Quality.BLOCKED);

    ConversionIssue missing = issue(p.tests().get(2).conversion(), ConversionCode.TEST_NOT_FOUND);
    assertThat(missing.severity()).isEqualTo(ConversionIssue.Severity.BLOCKING);
    assertThat(missing.path()).isEqualTo("tests[2].commands[0]");
  }

  @Test
  void should_say_which_variables_a_test_stores_and_which_it_expects_from_an_earlier_test() {
    List<ObjectNode> tests = List.of(
        test("find", cmd("open", "/orders"), cmd("storeText", "id=last", "order"), cmd("store", "42", "count")),
        test("open it", cmd("type", "id=q", "${order}"), cmd("assertText", "id=n", "${count}")));
    SideProjectImport p = FlowFormats.readSideProject(project(tests, suite("Orders", true, "find", "open it")), "o.side");

    SideProjectImport.TestImport find = p.tests().get(0);
    String read = find.flow().steps().get(1).id();
    assertThat(find.exportedVariables()).containsEntry("order", "steps." + read + ".text").containsEntry("count", "vars.count");
    SideProjectImport.TestImport open = p.tests().get(1);
    assertThat(open.importedVariables()).containsEntry("order", "order").containsEntry("count", "count");
    assertThat(open.flow().inputs()).extracting(i -> i.key()).containsExactly("order", "count");
  }

  @Test
  void should_turn_a_malformed_project_into_issues_with_paths_never_a_crash() {
    String text = "{\"id\": \"p\", \"version\": \"7\", \"url\": 42, \"tests\": ["
        + "{\"id\": \"t1\", \"name\": \"odd\", \"commands\": [\"open\", 12, {\"command\": 5}, {\"command\": \"open\", "
        + "\"target\": {\"a\": 1}}, {\"command\": \"flyToTheMoon\", \"target\": \"now\"}, null]},"
        + "{\"name\": null, \"commands\": {}}], \"suites\": [{\"name\": \"S\", \"tests\": [\"t1\", 3]}, 7]}";

    SideProjectImport p = FlowFormats.readSideProject(text, "odd.side");

    assertThat(p.issues()).extracting(ConversionIssue::code).contains(ConversionCode.SCHEMA_VERSION_ASSUMED,
        ConversionCode.TEST_NOT_FOUND);
    Conversion<Flow> odd = p.tests().get(0).conversion();
    ConversionIssue unknown = odd.issues().stream().filter(i -> i.message().contains("flyToTheMoon")).findFirst().orElseThrow();
    assertThat(unknown.path()).isEqualTo("tests[0].commands[4]");
    assertThat(unknown.severity()).isEqualTo(ConversionIssue.Severity.BLOCKING);
    assertThat(p.tests()).hasSize(2);
    assertThat(new SideCodec().read(text, "odd.side").issues()).extracting(ConversionIssue::code)
        .contains(ConversionCode.SCHEMA_VERSION_ASSUMED);
  }

  @Test
  void should_refuse_a_project_without_tests() {
    assertThatThrownBy(() -> new SideCodec().read("{\"version\":\"2.0\",\"tests\":[]}", "empty.side"))
        .isInstanceOfSatisfying(FlowFormatException.class,
            e -> assertThat(e.problems().get(0).code()).isEqualTo(ErrorCode.FIELD_MISSING));
  }
}
