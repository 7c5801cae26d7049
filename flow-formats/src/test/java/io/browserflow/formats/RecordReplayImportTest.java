package io.browserflow.formats;

import static io.browserflow.formats.RecordReplayFlows.codes;
import static io.browserflow.formats.RecordReplayFlows.edge;
import static io.browserflow.formats.RecordReplayFlows.fixture;
import static io.browserflow.formats.RecordReplayFlows.graph;
import static io.browserflow.formats.RecordReplayFlows.issue;
import static io.browserflow.formats.RecordReplayFlows.node;
import static io.browserflow.formats.RecordReplayFlows.read;
import static io.browserflow.formats.RecordReplayFlows.valid;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.Input;
import io.browserflow.api.OnError;
import io.browserflow.api.Retry;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.Target;
import io.browserflow.api.lint.Quality;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Import of record-replay flows: detection, the header and variables, and what each node type becomes. */
class RecordReplayImportTest {

  @Test
  void should_detect_the_linear_and_graph_fixtures() {
    assertThat(FlowFormats.detect(fixture("login-linear.json"))).hasValue(Format.RECORD_REPLAY);
    assertThat(FlowFormats.detect(fixture("order-review.json"))).hasValue(Format.RECORD_REPLAY);
  }

  @Test
  void should_map_the_linear_flow_with_its_variables_candidates_and_step_options() {
    Conversion<Flow> c = valid(fixture("login-linear.json"));
    Flow f = c.value();

    assertThat(c.quality()).as(c.report()).isEqualTo(Quality.READY);
    assertThat(f.id()).isEqualTo("flow_1728800000000_login");
    assertThat(f.version()).as("the extension counts revisions as BrowserFlow does").isEqualTo(3);
    assertThat(f.name()).isEqualTo("Sign in to the console");
    assertThat(f.tags()).containsExactly("login", "smoke");
    assertThat(f.meta().get().createdAt()).hasValue("2025-10-13T02:07:14.000Z");
    assertThat(f.meta().get().source()).hasValue("record-replay");
    assertThat(f.inputs()).containsExactly(Input.builder().key("username").label("User name").defaultValue("ada")
        .required(true).pattern("[a-z]+").build());
    assertThat(f.credentials()).containsExactly(Credential.builder().key("password").label("Password")
        .type(Credential.Type.PASSWORD).secret(true).build());
    assertThat(f.policy().get().allowedOrigins()).containsExactly("http://127.0.0.1:8080");

    List<Step> s = f.steps();
    assertThat(s).extracting(Step::kind).containsExactly(Step.Kind.OPEN, Step.Kind.FILL, Step.Kind.FILL, Step.Kind.CLICK,
        Step.Kind.WAIT, Step.Kind.ASSERT, Step.Kind.PRESS, Step.Kind.PRESS, Step.Kind.SCROLL);
    assertThat(s).extracting(Step::id).containsExactly("s1", "s2", "s3", "s4", "s5", "s6", "s7", "s7-2", "s8");
    InteractionStep.Fill user = (InteractionStep.Fill) s.get(1);
    assertThat(user.target().candidates()).containsExactly(Candidate.testId("user"), Candidate.id("username"),
        Candidate.role("textbox", "User name"));
    assertThat(user.value()).isEqualTo("${username}");
    InteractionStep.Fill password = (InteractionStep.Fill) s.get(2);
    assertThat(password.value()).isEqualTo("${credential.password}");
    assertThat(password.timeoutMs()).hasValue(5000);
    InteractionStep.Click login = (InteractionStep.Click) s.get(3);
    // the extension tries text candidates last, whatever their weight
    assertThat(login.target().candidates()).containsExactly(Candidate.css("button.primary"), Candidate.xpath("//form//button[1]"),
        Candidate.textContains("Sign in"));
    assertThat(login.retry()).hasValue(Retry.of(2, 300, Retry.Backoff.EXP));
    assertThat(login.expect()).containsExactly(Condition.Load.of(Condition.LoadState.NETWORKIDLE));
    assertThat(((CheckStep.Wait) s.get(4)).until()).hasValue(Condition.Text.present("Welcome, ${username}"));
    assertThat(s.get(4).timeoutMs()).hasValue(12000);
    assertThat(s.get(5).onError()).isEqualTo(OnError.continueRun());
    assertThat(((CheckStep.Assert) s.get(5)).condition()).isEqualTo(Condition.Element.of(Target.of(Candidate.id("dashboard")),
        Condition.State.VISIBLE));
    assertThat(((InteractionStep.Press) s.get(6)).modifiers()).containsExactly("Meta");
    assertThat(((InteractionStep.Press) s.get(6)).key()).isEqualTo("a");
    assertThat(((InteractionStep.Press) s.get(7)).key()).isEqualTo("Backspace");
    assertThat(((InteractionStep.Scroll) s.get(8)).mode()).isEqualTo(Step.ScrollMode.TO);
    assertThat(((InteractionStep.Scroll) s.get(8)).y()).isEqualTo(600);

    assertThat(issue(c, ConversionCode.UNSUPPORTED_OPTION).get().path()).isEqualTo("steps[3].screenshotOnFail");
    assertThat(issue(c, ConversionCode.REWRITTEN).get().message()).contains("cmd+a Backspace");
    assertThat(codes(c)).contains(ConversionCode.FIELD_DROPPED); // weights, before, updatedAt, meta.domain
  }

  @Test
  void should_map_the_graph_flow_with_branches_loops_and_on_error_paths() {
    Conversion<Flow> c = valid(fixture("order-review.json"));
    Flow f = c.value();

    assertThat(c.quality()).as(c.report()).isEqualTo(Quality.READY);
    assertThat(c.stepsRead()).isEqualTo(18);
    assertThat(f.version()).isEqualTo(7);
    assertThat(f.steps()).extracting(Step::id).containsExactly("init-more", "open", "read_status", "is_open", "check_items",
        "load_more", "notify", "pause", "old_step", "done");
    assertThat(f.inputs()).extracting(Input::key).containsExactly("baseUrl"); // the list variable went into the foreach
    assertThat(f.credentials()).extracting(Credential::key, Credential::secret).containsExactly(
        org.assertj.core.groups.Tuple.tuple("apiToken", true));
    assertThat(f.policy().get().allowedOrigins()).containsExactly("https://shop.example.com");
    assertThat(f.policy().get().capabilities()).containsExactly(Capability.HTTP_REQUEST);
    assertThat(f.outputs()).isEqualTo(Map.of("status", "${steps.read_status.text}"));

    ControlStep.If branch = (ControlStep.If) f.steps().get(3);
    assertThat(branch.condition()).isEqualTo(Condition.Var.equalTo("${steps.read_status.text}", "open"));
    assertThat(branch.then()).extracting(Step::id).containsExactly("approve", "note");
    assertThat(((InteractionStep.Fill) branch.then().get(1)).value()).isEqualTo("Approved for ${baseUrl}");
    assertThat(branch.then().get(0).title()).hasValue("Approve");
    Step reject = branch.otherwise().get(0);
    assertThat(reject.id()).isEqualTo("reject");
    assertThat(reject.onError().kind()).isEqualTo(OnError.Kind.FALLBACK);
    assertThat(reject.onError().fallback()).extracting(Step::id).containsExactly("reject_reason");

    ControlStep.Foreach items = (ControlStep.Foreach) f.steps().get(4);
    assertThat(items.source()).isEqualTo(ForeachSource.literal(List.of("A-100", "B-200")));
    assertThat(items.concurrency()).isEqualTo(2);
    assertThat(items.body()).extracting(Step::kind).containsExactly(Step.Kind.FILL, Step.Kind.PRESS, Step.Kind.WAIT);
    assertThat(((InteractionStep.Fill) items.body().get(0)).value()).isEqualTo("${loop.item}");

    // "more" is tested by the while and saved in its body: a run variable, set empty first and after each read
    ControlStep.While more = (ControlStep.While) f.steps().get(5);
    assertThat(more.max()).isEqualTo(20);
    assertThat(more.condition()).isEqualTo(Condition.Var.equalTo("${vars.more}", "yes"));
    assertThat(more.body()).extracting(Step::id).containsExactly("more_btn", "read_more", "read_more-set");
    assertThat(((DataStep.SetVar) more.body().get(2)).value()).isEqualTo("${steps.read_more.attribute}");
    assertThat(((DataStep.SetVar) f.steps().get(0)).value()).isEmpty();

    ExternalStep.Http notify = (ExternalStep.Http) f.steps().get(6);
    assertThat(notify.method()).isEqualTo("POST");
    assertThat(notify.url()).isEqualTo("${baseUrl}/api/reviewed");
    assertThat(notify.headers()).containsEntry("Authorization", "Bearer ${credential.apiToken}");
    assertThat(notify.body()).hasValue("{\"status\":\"${steps.read_status.text}\"}");
    assertThat(notify.extract()).isEqualTo(Map.of("reviewId", "$.data.id"));
    assertThat(notify.onError()).isEqualTo(OnError.continueRun());
    assertThat(((CheckStep.Wait) f.steps().get(7)).ms()).hasValue(500);
    assertThat(f.steps().get(8).disabled()).isTrue();
    assertThat(((CheckStep.Assert) f.steps().get(9)).condition()).isEqualTo(Condition.Text.present("Reviewed ${steps.notify.reviewId}"));
  }

  static Stream<Arguments> node_types() {
    String target = "{\"candidates\": [{\"type\": \"css\", \"value\": \"#x\"}]}";
    return Stream.of(
        Arguments.of("navigate", "{\"url\": \"http://127.0.0.1/\"}", Step.Kind.OPEN),
        Arguments.of("openTab", "{\"url\": \"http://127.0.0.1/help\"}", Step.Kind.TAB_NEW),
        Arguments.of("click", "{\"target\": " + target + "}", Step.Kind.CLICK),
        Arguments.of("dblclick", "{\"target\": " + target + "}", Step.Kind.DBLCLICK),
        Arguments.of("fill", "{\"target\": " + target + ", \"value\": \"v\"}", Step.Kind.FILL),
        Arguments.of("key", "{\"keys\": \"Enter\"}", Step.Kind.PRESS),
        Arguments.of("scroll", "{\"mode\": \"element\", \"target\": " + target + "}", Step.Kind.SCROLL),
        Arguments.of("drag", "{\"start\": " + target + ", \"end\": " + target + ", \"path\": [{\"x\": 1, \"y\": 2}]}", Step.Kind.DRAG),
        Arguments.of("wait", "{\"condition\": {\"selector\": \"#x\", \"visible\": false}}", Step.Kind.WAIT),
        Arguments.of("wait", "{\"condition\": {\"sleep\": 200}}", Step.Kind.WAIT),
        Arguments.of("delay", "{\"ms\": 300}", Step.Kind.WAIT),
        Arguments.of("assert", "{\"assert\": {\"attribute\": {\"selector\": \"#x\", \"name\": \"aria-busy\", \"equals\": \"false\"}}}",
            Step.Kind.ASSERT),
        Arguments.of("script", "{\"world\": \"MAIN\", \"code\": \"return document.title\", \"saveAs\": \"t\"}", Step.Kind.EVAL),
        Arguments.of("extract", "{\"selector\": \"#x\", \"attr\": \"href\", \"saveAs\": \"link\"}", Step.Kind.READ),
        Arguments.of("http", "{\"method\": \"GET\", \"url\": \"http://127.0.0.1/api\", \"saveAs\": \"r\"}", Step.Kind.HTTP),
        Arguments.of("datasetWrite", "{\"dataset\": \"orders\", \"row\": {\"sku\": \"A-1\"}}", Step.Kind.DATASET_WRITE),
        Arguments.of("clipboard", "{\"mode\": \"write\", \"text\": \"copied\"}", Step.Kind.CLIPBOARD),
        Arguments.of("screenshot", "{\"fullPage\": true}", Step.Kind.SCREENSHOT),
        Arguments.of("switchFrame", "{\"frame\": {\"urlContains\": \"/pay\"}}", Step.Kind.FRAME),
        Arguments.of("handleDownload", "{\"filenameContains\": \"report\"}", Step.Kind.WAIT));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("node_types")
  void should_map_each_node_type_to_its_step(String type, String config, Step.Kind kind) {
    Conversion<Flow> c = read(graph(node("n1", type, config), ""));

    assertThat(c.value().steps()).extracting(Step::kind).containsExactly(kind);
    assertThat(c.value().steps().get(0).id()).isEqualTo("n1");
    assertThat(c.blockingIssues()).as(c.report()).isEmpty();
    assertThat(c.stepsMapped()).isEqualTo(1);
  }

  @Test
  void should_read_plus_as_the_plus_key_alone_and_after_modifiers() {
    Conversion<Flow> c = valid(graph(node("k", "key", "{\"keys\": \"+ Control++ ctrl+shift++ Shift+a\"}"), ""));

    assertThat(c.value().steps()).extracting(s -> ((InteractionStep.Press) s).key(), s -> ((InteractionStep.Press) s).modifiers())
        .containsExactly(org.assertj.core.groups.Tuple.tuple("+", List.of()),
            org.assertj.core.groups.Tuple.tuple("+", List.of("Control")),
            org.assertj.core.groups.Tuple.tuple("+", List.of("Control", "Shift")),
            org.assertj.core.groups.Tuple.tuple("a", List.of("Shift")));
    assertThat(c.issues()).as(c.report()).noneMatch(i -> i.code() == ConversionCode.UNSUPPORTED_KEY);
  }

  @Test
  void should_keep_a_node_type_without_equivalent_as_a_manual_step_and_block() {
    Conversion<Flow> c = read(graph(RecordReplayFlows.click("a") + ", "
        + node("fire", "triggerEvent", "{\"target\": {\"candidates\": [{\"type\": \"css\", \"value\": \"#x\"}]}, \"event\": \"input\"}")
        + ", " + RecordReplayFlows.click("b"), RecordReplayFlows.chain("a", "fire", "b")));

    assertThat(c.value().steps()).extracting(Step::kind).containsExactly(Step.Kind.CLICK, Step.Kind.MANUAL, Step.Kind.CLICK);
    assertThat(((ExternalStep.Manual) c.value().steps().get(1)).instructions()).contains("fire", "triggerEvent");
    ConversionIssue i = issue(c, ConversionCode.UNSUPPORTED_STEP).get();
    assertThat(i.severity()).isEqualTo(ConversionIssue.Severity.BLOCKING);
    assertThat(i.path()).isEqualTo("nodes[1]");
    assertThat(i.message()).contains("fire", "triggerEvent");
    assertThat(c.quality()).isEqualTo(Quality.BLOCKED);
    assertThat(c.stepsMapped()).isEqualTo(2);
  }

  @Test
  void should_keep_disabled_nodes_as_disabled_steps_in_their_place() {
    Conversion<Flow> c = valid(graph(RecordReplayFlows.click("a") + ", {\"id\": \"b\", \"type\": \"click\", \"disabled\": true, "
        + "\"name\": \"Old button\", \"config\": {\"target\": {\"candidates\": [{\"type\": \"css\", \"value\": \"#b\"}]}}}, "
        + RecordReplayFlows.click("c"), RecordReplayFlows.chain("a", "b", "c")));

    assertThat(c.value().steps()).extracting(Step::id, Step::disabled).containsExactly(
        org.assertj.core.groups.Tuple.tuple("a", false), org.assertj.core.groups.Tuple.tuple("b", true),
        org.assertj.core.groups.Tuple.tuple("c", false));
    assertThat(c.value().steps().get(1).title()).hasValue("Old button");
  }

  @Test
  void should_keep_a_name_saved_by_several_nodes_in_a_run_variable() {
    Conversion<Flow> c = valid(graph(RecordReplayFlows.extract("first", "#a", "total") + ", "
        + RecordReplayFlows.extract("second", "#b", "total") + ", "
        + node("use", "fill", "{\"target\": {\"candidates\": [{\"type\": \"css\", \"value\": \"#sum\"}]}, \"value\": \"{total}\"}"),
        RecordReplayFlows.chain("first", "second", "use")));

    assertThat(c.value().steps()).extracting(Step::id).containsExactly("init-total", "first", "first-set", "second",
        "second-set", "use");
    assertThat(((InteractionStep.Fill) c.value().steps().get(5)).value()).isEqualTo("${vars.total}");
  }

  @Test
  void should_declare_a_template_name_nothing_saves_as_a_required_input() {
    Conversion<Flow> c = valid(graph(node("n", "navigate", "{\"url\": \"{host}/start\"}"), ""));

    assertThat(((PageStep.Open) c.value().steps().get(0)).url()).isEqualTo("${host}/start");
    assertThat(c.value().inputs()).containsExactly(Input.of("host"));
    assertThat(issue(c, ConversionCode.BINDING_UNRESOLVED).get().path()).isEqualTo("nodes[0].url");
  }

  @Test
  void should_find_tabs_by_the_url_they_show_and_block_browser_tab_ids() {
    Conversion<Flow> c = valid(graph(node("home", "navigate", "{\"url\": \"http://127.0.0.1:8080/\"}") + ", "
        + node("help", "openTab", "{\"url\": \"http://127.0.0.1:8080/help\"}") + ", "
        + node("back", "switchTab", "{\"urlContains\": \"8080/\"}") + ", "
        + node("again", "switchTab", "{\"urlContains\": \"/help\"}") + ", "
        + node("shut", "closeTab", "{}"), RecordReplayFlows.chain("home", "help", "back", "again", "shut")));

    // "8080/" is in both tabs' URLs: BrowserFlow cannot pick one
    assertThat(issue(c, ConversionCode.TAB_UNRESOLVED).get().message()).contains("back", "[main, tab1]");
    assertThat(c.value().steps()).extracting(Step::kind).containsExactly(Step.Kind.OPEN, Step.Kind.TAB_NEW, Step.Kind.MANUAL,
        Step.Kind.TAB_SWITCH, Step.Kind.TAB_CLOSE);
    assertThat(((PageStep.TabSwitch) c.value().steps().get(3)).alias()).isEqualTo("tab1");

    Conversion<Flow> ids = read(graph(node("t", "switchTab", "{\"tabId\": 1234}"), ""));
    assertThat(issue(ids, ConversionCode.TAB_UNRESOLVED).get().path()).isEqualTo("nodes[0].tabId");
  }

  @Test
  void should_read_aria_text_and_cross_frame_candidates_as_the_extension_reads_them() {
    Conversion<Flow> c = valid(graph(node("n", "click", "{\"target\": {\"ref\": \"ref_3\", \"candidates\": ["
        + "{\"type\": \"text\", \"value\": \"Pay\"},"
        + "{\"type\": \"css\", \"value\": \"iframe#checkout |> button.pay\"},"
        + "{\"type\": \"aria\", \"value\": \"Pay now\"},"
        + "{\"type\": \"attr\", \"value\": \"[placeholder=\\\"Card\\\"]\"}]}}"), ""));

    Target t = ((InteractionStep.Click) c.value().steps().get(0)).target();
    assertThat(t.candidates()).containsExactly(Candidate.css("button.pay"), Candidate.placeholder("Card"),
        Candidate.textContains("Pay"));
    assertThat(t.framePath()).containsExactly("iframe#checkout");
    assertThat(issue(c, ConversionCode.UNSUPPORTED_LOCATOR).get().message()).contains("Pay now");

    Conversion<Flow> refOnly = read(graph(node("n", "click", "{\"target\": {\"ref\": \"ref_3\", \"candidates\": []}}"), ""));
    assertThat(issue(refOnly, ConversionCode.TARGET_UNRESOLVED).get().message()).contains("ref");
    assertThat(refOnly.value().steps()).extracting(Step::kind).containsExactly(Step.Kind.MANUAL);
  }

  @Test
  void should_clamp_timeouts_and_retries_to_the_limits() {
    Conversion<Flow> c = valid(graph(node("n", "click", "{\"target\": {\"candidates\": [{\"type\": \"css\", \"value\": \"#x\"}]},"
        + " \"timeoutMs\": 60000, \"retry\": {\"count\": 9, \"intervalMs\": 100}}"), ""));

    Step s = c.value().steps().get(0);
    assertThat(s.timeoutMs()).hasValue(30000);
    assertThat(s.retry()).hasValue(Retry.of(5, 100, Retry.Backoff.NONE));
    assertThat(RecordReplayFlows.issues(c, ConversionCode.VALUE_CLAMPED)).extracting(ConversionIssue::path)
        .containsExactly("nodes[0].timeoutMs", "nodes[0].retry.count");
  }

  @Test
  void should_map_an_expression_condition_and_declare_script_eval() {
    Conversion<Flow> c = valid(graph(node("test", "if", "{\"condition\": {\"expression\": \"document.title === 'Done'\"}}")
        + ", " + RecordReplayFlows.click("yes"), edge("test", "yes", "true")));

    ControlStep.If s = (ControlStep.If) c.value().steps().get(0);
    assertThat(s.condition()).isEqualTo(Condition.Expression.of("document.title === 'Done'"));
    assertThat(c.value().policy().get().capabilities()).contains(Capability.SCRIPT_EVAL);
    assertThat(codes(c)).contains(ConversionCode.EVAL_USED);
  }

  @Test
  void should_read_a_missing_or_odd_version_as_revision_one() {
    Conversion<Flow> none = valid("{\"name\": \"F\", \"steps\": []}");
    Conversion<Flow> odd = valid("{\"name\": \"F\", \"version\": 1.5, \"steps\": []}");

    assertThat(none.value().version()).isEqualTo(1);
    assertThat(issue(none, ConversionCode.SCHEMA_VERSION_ASSUMED)).isPresent();
    assertThat(odd.value().version()).isEqualTo(1);
    assertThat(issue(odd, ConversionCode.FIELD_INVALID).get().path()).isEqualTo("version");
  }

  @Test
  void should_warn_on_a_sensitive_default_and_never_keep_it() {
    Conversion<Flow> c = valid("{\"id\": \"f\", \"name\": \"F\", \"version\": 1, \"variables\": [{\"key\": \"pin\", \"sensitive\": true,"
        + " \"default\": \"1234\"}], \"steps\": [{\"id\": \"s\", \"type\": \"fill\", \"target\": {\"candidates\": "
        + "[{\"type\": \"css\", \"value\": \"#pin\"}]}, \"value\": \"{pin}\"}]}");

    assertThat(c.value().credentials()).extracting(Credential::key, Credential::secret).containsExactly(
        org.assertj.core.groups.Tuple.tuple("pin", true));
    assertThat(issue(c, ConversionCode.SENSITIVE_VALUE).get().path()).isEqualTo("variables[0].default");
    assertThat(c.report()).doesNotContain("1234");
    assertThat(io.browserflow.api.json.FlowJson.write(c.value())).doesNotContain("1234");
  }
}
