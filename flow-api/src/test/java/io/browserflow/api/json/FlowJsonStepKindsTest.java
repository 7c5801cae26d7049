package io.browserflow.api.json;

import static io.browserflow.api.dsl.Dsl.aria;
import static io.browserflow.api.dsl.Dsl.css;
import static io.browserflow.api.dsl.Dsl.label;
import static io.browserflow.api.dsl.Dsl.role;
import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.api.dsl.Dsl.urlMatches;
import static io.browserflow.api.dsl.Dsl.visible;
import static io.browserflow.api.json.JsonFixtures.assertRoundTrips;
import static io.browserflow.api.json.JsonFixtures.flowOf;
import static io.browserflow.api.json.JsonFixtures.onlyStep;
import static io.browserflow.api.json.JsonFixtures.tree;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Condition;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.OnError;
import io.browserflow.api.Point;
import io.browserflow.api.Retry;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.CheckStep;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every op: the hand-written JSON and the model built in Java are the same step, both ways. */
class FlowJsonStepKindsTest {

  private static final String SAVE = "{\"candidates\": [{\"testId\": \"save\"}]}";
  private static final String ROWS = "{\"candidates\": [{\"css\": \"table tr\"}]}";

  static Stream<Arguments> cases() {
    return Stream.of(
        step("{\"id\": \"s\", \"op\": \"open\", \"url\": \"https://example.com\", \"tab\": \"main\"}",
            PageStep.Open.builder().id("s").url("https://example.com").tab("main").build()),
        step("{\"id\": \"s\", \"op\": \"navigate\", \"url\": \"${BASE}/list\"}",
            PageStep.Navigate.builder().id("s").url("${BASE}/list").build()),
        step("{\"id\": \"s\", \"op\": \"back\"}", PageStep.Back.builder().id("s").build()),
        step("{\"id\": \"s\", \"op\": \"forward\"}", PageStep.Forward.builder().id("s").build()),
        step("{\"id\": \"s\", \"op\": \"reload\"}", PageStep.Reload.builder().id("s").build()),
        step("{\"id\": \"s\", \"op\": \"tabNew\", \"alias\": \"detail\", \"url\": \"https://example.com/d\"}",
            PageStep.TabNew.builder().id("s").alias("detail").url("https://example.com/d").build()),
        step("{\"id\": \"s\", \"op\": \"tabSwitch\", \"alias\": \"main\"}",
            PageStep.TabSwitch.builder().id("s").alias("main").build()),
        step("{\"id\": \"s\", \"op\": \"tabClose\", \"alias\": \"detail\"}",
            PageStep.TabClose.builder().id("s").alias("detail").build()),
        step("{\"id\": \"s\", \"op\": \"tabClose\"}", PageStep.TabClose.builder().id("s").build()),
        step("{\"id\": \"s\", \"op\": \"frame\", \"locator\": \"iframe#pay\"}",
            PageStep.Frame.builder().id("s").locator("iframe#pay").build()),
        step("{\"id\": \"s\", \"op\": \"frameMain\"}", PageStep.FrameMain.builder().id("s").build()),
        step("{\"id\": \"s\", \"op\": \"setViewport\", \"width\": 1280, \"height\": 720}",
            PageStep.SetViewport.builder().id("s").width(1280).height(720).build()),
        step("{\"id\": \"s\", \"op\": \"setViewport\", \"width\": 390, \"height\": 844, \"deviceScaleFactor\": 3,"
                + " \"mobile\": true, \"touch\": true}",
            PageStep.SetViewport.builder().id("s").width(390).height(844).deviceScaleFactor(3).mobile(true).touch(true).build()),
        step("{\"id\": \"s\", \"op\": \"emulateNetwork\", \"offline\": true}",
            PageStep.EmulateNetwork.builder().id("s").offline(true).build()),
        step("{\"id\": \"s\", \"op\": \"emulateNetwork\", \"downloadBytesPerSecond\": 50000,"
                + " \"uploadBytesPerSecond\": 20000, \"latencyMs\": 40}",
            PageStep.EmulateNetwork.builder().id("s").downloadBytesPerSecond(50_000).uploadBytesPerSecond(20_000).latencyMs(40).build()),
        step("{\"id\": \"s\", \"op\": \"emulateNetwork\", \"latencyMs\": 0}",
            PageStep.EmulateNetwork.builder().id("s").latencyMs(0).build()),
        step("{\"id\": \"s\", \"op\": \"emulateNetwork\"}",
            PageStep.EmulateNetwork.builder().id("s").build()),
        step("{\"id\": \"s\", \"op\": \"click\", \"target\": " + SAVE + "}",
            InteractionStep.Click.builder().id("s").target(testId("save")).build()),
        step("{\"id\": \"s\", \"op\": \"click\", \"target\": " + SAVE + ", \"button\": \"right\","
                + " \"modifiers\": [\"Shift\", \"Alt\"], \"offset\": {\"x\": 5, \"y\": 2.5}, \"newTab\": \"popup\"}",
            InteractionStep.Click.builder().id("s").target(testId("save")).button(Step.MouseButton.RIGHT)
                .addModifiers("Shift", "Alt").offset(Point.of(5, 2.5)).newTab("popup").build()),
        step("{\"id\": \"s\", \"op\": \"click\", \"target\": " + SAVE + ", \"button\": \"back\", \"delay\": 250}",
            InteractionStep.Click.builder().id("s").target(testId("save")).button(Step.MouseButton.BACK).delay(250).build()),
        step("{\"id\": \"s\", \"op\": \"click\", \"target\": " + SAVE + ", \"button\": \"forward\"}",
            InteractionStep.Click.builder().id("s").target(testId("save")).button(Step.MouseButton.FORWARD).build()),
        step("{\"id\": \"s\", \"op\": \"dblclick\", \"target\": " + SAVE + ", \"offset\": {\"x\": 1, \"y\": 0}}",
            InteractionStep.Dblclick.builder().id("s").target(testId("save")).offset(Point.of(1, 0)).build()),
        step("{\"id\": \"s\", \"op\": \"contextmenu\", \"target\": " + SAVE + "}",
            InteractionStep.Contextmenu.builder().id("s").target(testId("save")).build()),
        step("{\"id\": \"s\", \"op\": \"hover\", \"target\": " + SAVE + "}",
            InteractionStep.Hover.builder().id("s").target(testId("save")).build()),
        step("{\"id\": \"s\", \"op\": \"mouse\", \"action\": \"down\", \"target\": " + SAVE + ", \"fromCenter\": {\"x\": -4, \"y\": 2.5}, \"button\": \"right\"}",
            InteractionStep.Mouse.builder().id("s").action(Step.MouseAction.DOWN).target(testId("save")).fromCenter(Point.of(-4, 2.5))
                .button(Step.MouseButton.RIGHT).build()),
        step("{\"id\": \"s\", \"op\": \"mouse\", \"action\": \"out\", \"target\": " + SAVE + "}",
            InteractionStep.Mouse.builder().id("s").action(Step.MouseAction.OUT).target(testId("save")).build()),
        step("{\"id\": \"s\", \"op\": \"fill\", \"target\": {\"candidates\": [{\"label\": \"User\"}]},"
                + " \"value\": \"${USER}\"}",
            InteractionStep.Fill.builder().id("s").target(label("User")).value("${USER}").build()),
        step("{\"id\": \"s\", \"op\": \"change\", \"target\": {\"candidates\": [{\"aria\": \"Country\"}]},"
                + " \"value\": \"${COUNTRY}\"}",
            InteractionStep.Change.builder().id("s").target(aria("Country")).value("${COUNTRY}").build()),
        step("{\"id\": \"s\", \"op\": \"type\", \"text\": \"hello\"}",
            InteractionStep.Type.builder().id("s").text("hello").build()),
        step("{\"id\": \"s\", \"op\": \"type\", \"target\": " + SAVE + ", \"text\": \"hello\"}",
            InteractionStep.Type.builder().id("s").target(testId("save")).text("hello").build()),
        step("{\"id\": \"s\", \"op\": \"press\", \"key\": \"A\", \"modifiers\": [\"Control\"], \"target\": " + SAVE + "}",
            InteractionStep.Press.builder().id("s").key("A").addModifiers("Control").target(testId("save")).build()),
        step("{\"id\": \"s\", \"op\": \"press\", \"key\": \"Enter\"}",
            InteractionStep.Press.builder().id("s").key("Enter").build()),
        step("{\"id\": \"s\", \"op\": \"press\", \"key\": \"Shift\", \"phase\": \"down\"}",
            InteractionStep.Press.builder().id("s").key("Shift").phase(Step.KeyPhase.DOWN).build()),
        step("{\"id\": \"s\", \"op\": \"press\", \"key\": \"a\", \"phase\": \"up\"}",
            InteractionStep.Press.builder().id("s").key("a").phase(Step.KeyPhase.UP).build()),
        step("{\"id\": \"s\", \"op\": \"select\", \"target\": " + SAVE + ", \"value\": \"de\"}",
            InteractionStep.Select.builder().id("s").target(testId("save")).value("de").build()),
        step("{\"id\": \"s\", \"op\": \"select\", \"target\": " + SAVE + ", \"label\": \"Germany\"}",
            InteractionStep.Select.builder().id("s").target(testId("save")).label("Germany").build()),
        step("{\"id\": \"s\", \"op\": \"check\", \"target\": " + SAVE + "}",
            InteractionStep.Check.builder().id("s").target(testId("save")).build()),
        step("{\"id\": \"s\", \"op\": \"uncheck\", \"target\": " + SAVE + "}",
            InteractionStep.Uncheck.builder().id("s").target(testId("save")).build()),
        step("{\"id\": \"s\", \"op\": \"toggle\", \"target\": " + SAVE + "}",
            InteractionStep.Toggle.builder().id("s").target(testId("save")).build()),
        step("{\"id\": \"s\", \"op\": \"scroll\", \"y\": 400}",
            InteractionStep.Scroll.builder().id("s").y(400).build()),
        step("{\"id\": \"s\", \"op\": \"scroll\", \"mode\": \"to\", \"x\": -3, \"y\": 10}",
            InteractionStep.Scroll.builder().id("s").mode(Step.ScrollMode.TO).x(-3).y(10).build()),
        step("{\"id\": \"s\", \"op\": \"scroll\", \"mode\": \"intoView\", \"target\": " + SAVE + "}",
            InteractionStep.Scroll.builder().id("s").mode(Step.ScrollMode.INTO_VIEW).target(testId("save")).build()),
        step("{\"id\": \"s\", \"op\": \"drag\", \"from\": " + SAVE + ", \"to\": {\"candidates\": [{\"id\": \"bin\"}]}}",
            InteractionStep.Drag.builder().id("s").source(testId("save"))
                .destination(io.browserflow.api.dsl.Dsl.elementId("bin")).build()),
        step("{\"id\": \"s\", \"op\": \"upload\", \"target\": " + SAVE + ", \"files\": [\"a.pdf\", \"b.png\"]}",
            InteractionStep.Upload.builder().id("s").target(testId("save")).addFiles("a.pdf", "b.png").build()),
        step("{\"id\": \"s\", \"op\": \"wait\", \"ms\": 250}", CheckStep.Wait.builder().id("s").ms(250).build()),
        step("{\"id\": \"s\", \"op\": \"wait\", \"until\": {\"url\": \"**/done\"}}",
            CheckStep.Wait.builder().id("s").until(urlMatches("**/done")).build()),
        step("{\"id\": \"s\", \"op\": \"assert\", \"condition\": {\"element\": " + SAVE + ", \"state\": \"visible\"}}",
            CheckStep.Assert.builder().id("s").condition(visible(testId("save"))).build()),
        step("{\"id\": \"s\", \"op\": \"read\", \"target\": " + SAVE + "}",
            DataStep.Read.builder().id("s").target(testId("save")).build()),
        step("{\"id\": \"s\", \"op\": \"read\", \"target\": " + SAVE + ", \"what\": \"value\"}",
            DataStep.Read.builder().id("s").target(testId("save")).what(Step.ReadKind.VALUE).build()),
        step("{\"id\": \"s\", \"op\": \"read\", \"target\": " + SAVE + ", \"what\": \"attribute\", \"attribute\": \"href\"}",
            DataStep.Read.builder().id("s").target(testId("save")).what(Step.ReadKind.ATTRIBUTE).attribute("href").build()),
        step("{\"id\": \"s\", \"op\": \"scrape\", \"target\": " + ROWS + "}",
            DataStep.Scrape.builder().id("s").target(css("table tr")).build()),
        step("{\"id\": \"s\", \"op\": \"scrape\", \"target\": " + ROWS + ", \"mode\": \"attributes\","
                + " \"attributes\": [\"href\", \"title\"], \"limit\": 20}",
            DataStep.Scrape.builder().id("s").target(css("table tr")).mode(Step.ScrapeMode.ATTRIBUTES)
                .addAttributes("href", "title").limit(20).build()),
        step("{\"id\": \"s\", \"op\": \"scrape\", \"target\": " + ROWS + ", \"mode\": \"links\"}",
            DataStep.Scrape.builder().id("s").target(css("table tr")).mode(Step.ScrapeMode.LINKS).build()),
        step("{\"id\": \"s\", \"op\": \"paginate\", \"target\": " + SAVE + ", \"maxPages\": 5,"
                + " \"body\": [{\"id\": \"b\", \"op\": \"back\"}]}",
            DataStep.Paginate.builder().id("s").target(testId("save")).maxPages(5)
                .addBody(PageStep.Back.builder().id("b").build()).build()),
        step("{\"id\": \"s\", \"op\": \"paginate\", \"target\": " + SAVE + ", \"mode\": \"loadMore\", \"maxPages\": 3}",
            DataStep.Paginate.builder().id("s").target(testId("save")).mode(Step.PaginateMode.LOAD_MORE).maxPages(3).build()),
        step("{\"id\": \"s\", \"op\": \"setVar\", \"name\": \"total\", \"value\": \"${steps.r.text}\"}",
            DataStep.SetVar.builder().id("s").name("total").value("${steps.r.text}").build()),
        step("{\"id\": \"s\", \"op\": \"eval\", \"script\": \"document.title\"}",
            DataStep.Eval.builder().id("s").script("document.title").build()),
        step("{\"id\": \"s\", \"op\": \"screenshot\"}", DataStep.Screenshot.builder().id("s").build()),
        step("{\"id\": \"s\", \"op\": \"screenshot\", \"target\": " + SAVE + ", \"name\": \"shot.png\", \"fullPage\": true}",
            DataStep.Screenshot.builder().id("s").target(testId("save")).name("shot.png").fullPage(true).build()),
        step("{\"id\": \"s\", \"op\": \"csvImport\", \"path\": \"data/in.csv\"}",
            DataStep.CsvImport.builder().id("s").path("data/in.csv").build()),
        step("{\"id\": \"s\", \"op\": \"csvExport\", \"source\": \"${steps.list.items}\", \"path\": \"out.csv\"}",
            DataStep.CsvExport.builder().id("s").source("${steps.list.items}").path("out.csv").build()),
        step("{\"id\": \"s\", \"op\": \"datasetWrite\", \"dataset\": \"people\", \"row\": {\"name\": \"${loop.row.name}\", \"age\": \"7\"}}",
            DataStep.DatasetWrite.builder().id("s").dataset("people").putRow("name", "${loop.row.name}").putRow("age", "7").build()),
        step("{\"id\": \"s\", \"op\": \"datasetExport\", \"dataset\": \"people\", \"path\": \"out/people.csv\"}",
            DataStep.DatasetExport.builder().id("s").dataset("people").path("out/people.csv").build()),
        step("{\"id\": \"s\", \"op\": \"datasetExport\", \"dataset\": \"people\", \"format\": \"json\", \"path\": \"p-${loop.index}.json\", \"clear\": true}",
            DataStep.DatasetExport.builder().id("s").dataset("people").format(Step.DatasetFormat.JSON).path("p-${loop.index}.json").clear(true).build()),
        step("{\"id\": \"s\", \"op\": \"http\", \"url\": \"${BASE_URL}/api/items\"}",
            ExternalStep.Http.builder().id("s").url("${BASE_URL}/api/items").build()),
        step("{\"id\": \"s\", \"op\": \"http\", \"method\": \"POST\", \"url\": \"https://api.example.com/items\","
                + " \"headers\": {\"Authorization\": \"Bearer ${credential.TOKEN}\", \"Content-Type\": \"application/json\"},"
                + " \"body\": \"{}\", \"extract\": {\"id\": \"$.id\"}, \"failOnStatus\": false}",
            ExternalStep.Http.builder().id("s").method("POST").url("https://api.example.com/items")
                .putHeaders("Authorization", "Bearer ${credential.TOKEN}").putHeaders("Content-Type", "application/json")
                .body("{}").putExtract("id", "$.id").failOnStatus(false).build()),
        step("{\"id\": \"s\", \"op\": \"clipboard\", \"action\": \"write\", \"text\": \"${steps.r.text}\"}",
            DataStep.Clipboard.builder().id("s").action(Step.ClipboardAction.WRITE).text("${steps.r.text}").build()),
        step("{\"id\": \"s\", \"op\": \"call\", \"flow\": \"login\", \"inputs\": {\"USER\": \"${USER}\"}, \"outputs\": [\"name\"]}",
            ExternalStep.Call.builder().id("s").flow("login").putInputs("USER", "${USER}").addOutputs("name").build()),
        step("{\"id\": \"s\", \"op\": \"call\", \"flow\": \"logout\"}", ExternalStep.Call.builder().id("s").flow("logout").build()),
        step("{\"id\": \"s\", \"op\": \"clipboard\", \"action\": \"read\"}",
            DataStep.Clipboard.builder().id("s").action(Step.ClipboardAction.READ).build()),
        step("{\"id\": \"s\", \"op\": \"foreach\", \"source\": \"table\", \"body\": [{\"id\": \"b\", \"op\": \"reload\"}]}",
            ControlStep.Foreach.builder().id("s").source(ForeachSource.table())
                .addBody(PageStep.Reload.builder().id("b").build()).build()),
        step("{\"id\": \"s\", \"op\": \"foreach\", \"source\": \"${steps.list.items}\", \"concurrency\": 3}",
            ControlStep.Foreach.builder().id("s").source(ForeachSource.items("${steps.list.items}")).concurrency(3).build()),
        step("{\"id\": \"s\", \"op\": \"foreach\", \"items\": [\"a\", \"b\"]}",
            ControlStep.Foreach.builder().id("s").source(ForeachSource.literal(List.of("a", "b"))).build()),
        step("{\"id\": \"s\", \"op\": \"foreach\", \"items\": []}",
            ControlStep.Foreach.builder().id("s").source(ForeachSource.literal(List.of())).build()),
        step("{\"id\": \"s\", \"op\": \"repeat\", \"times\": 3, \"body\": [{\"id\": \"b\", \"op\": \"reload\"}]}",
            ControlStep.Repeat.builder().id("s").times(3).addBody(PageStep.Reload.builder().id("b").build()).build()),
        step("{\"id\": \"s\", \"op\": \"if\", \"condition\": {\"title\": \"Home*\"},"
                + " \"then\": [{\"id\": \"a\", \"op\": \"back\"}], \"else\": [{\"id\": \"b\", \"op\": \"forward\"}]}",
            ControlStep.If.builder().id("s").condition(Condition.Title.of("Home*"))
                .addThen(PageStep.Back.builder().id("a").build())
                .addOtherwise(PageStep.Forward.builder().id("b").build()).build()),
        step("{\"id\": \"s\", \"op\": \"while\", \"condition\": {\"element\": " + SAVE + ", \"state\": \"enabled\"},"
                + " \"body\": [{\"id\": \"b\", \"op\": \"click\", \"target\": " + SAVE + "}], \"max\": 10}",
            ControlStep.While.builder().id("s").condition(Condition.Element.of(testId("save"), Condition.State.ENABLED))
                .addBody(InteractionStep.Click.builder().id("b").target(testId("save")).build()).max(10).build()),
        step("{\"id\": \"s\", \"op\": \"manual\", \"instructions\": \"Solve the captcha\"}",
            ExternalStep.Manual.builder().id("s").instructions("Solve the captcha").build()));
  }

  private static Arguments step(String json, Step step) {
    return Arguments.of(step.kind().op(), json, step);
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("cases")
  void should_read_the_step_the_json_describes(String op, String json, Step expected) {
    assertThat(onlyStep(json)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("cases")
  void should_write_the_step_as_the_same_json(String op, String json, Step step) {
    String written = FlowJson.write(flowOf(step));
    assertThat(tree(written).get("steps").get(0)).isEqualTo(tree(json));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("cases")
  void should_round_trip_the_step(String op, String json, Step step) {
    assertRoundTrips(flowOf(step));
  }

  @Test
  void should_cover_every_op() {
    Set<Step.Kind> covered = cases().map(a -> ((Step) a.get()[2]).kind())
        .collect(Collectors.toCollection(() -> EnumSet.noneOf(Step.Kind.class)));
    assertThat(covered).containsExactlyInAnyOrderElementsOf(EnumSet.allOf(Step.Kind.class));
  }

  @Test
  void should_read_and_write_the_common_step_fields() {
    String json = "{\"id\": \"save\", \"op\": \"click\", \"title\": \"Save the form\", \"timeoutMs\": 12000,"
        + " \"retry\": {\"count\": 2, \"intervalMs\": 250, \"backoff\": \"exp\"}, \"onError\": \"continue\","
        + " \"expect\": [{\"url\": \"**/saved\"}, {\"element\": " + SAVE + ", \"state\": \"hidden\"}],"
        + " \"disabled\": true, \"target\": " + SAVE + "}";
    Step expected = InteractionStep.Click.builder().id("save").title("Save the form").timeoutMs(12000)
        .retry(Retry.of(2, 250, Retry.Backoff.EXP)).onError(OnError.continueRun())
        .addExpect(urlMatches("**/saved"), Condition.Element.of(testId("save"), Condition.State.HIDDEN))
        .disabled(true).target(testId("save")).build();

    assertThat(onlyStep(json)).isEqualTo(expected);
    assertThat(tree(FlowJson.write(flowOf(expected))).get("steps").get(0)).isEqualTo(tree(json));
    assertRoundTrips(flowOf(expected));
  }

  @Test
  void should_read_each_on_error_form() {
    assertThat(onlyStep("{\"id\": \"s\", \"op\": \"back\", \"onError\": \"stop\"}").onError()).isEqualTo(OnError.stop());
    assertThat(onlyStep("{\"id\": \"s\", \"op\": \"back\", \"onError\": \"retry\"}").onError()).isEqualTo(OnError.retry());
    Step withFallback = onlyStep("{\"id\": \"s\", \"op\": \"back\", \"onError\": {\"fallback\": ["
        + "{\"id\": \"f\", \"op\": \"click\", \"target\": {\"candidates\": [{\"role\": \"button\", \"name\": \"Close\"}]}}]}}");
    assertThat(withFallback.onError())
        .isEqualTo(OnError.fallback(List.of(InteractionStep.Click.builder().id("f").target(role("button", "Close")).build())));
    assertRoundTrips(flowOf(withFallback));
  }

  @Test
  void should_read_explicit_defaults_like_omitted_ones() {
    Step explicit = onlyStep("{\"id\": \"s\", \"op\": \"click\", \"target\": " + SAVE + ", \"button\": \"left\","
        + " \"onError\": \"stop\", \"disabled\": false, \"modifiers\": [], \"retry\": {\"count\": 1,"
        + " \"intervalMs\": 500, \"backoff\": \"none\"}}");
    assertThat(explicit).isEqualTo(InteractionStep.Click.builder().id("s").target(testId("save")).retry(Retry.times(1)).build());
    assertThat(tree(FlowJson.write(flowOf(explicit))).get("steps").get(0))
        .isEqualTo(tree("{\"id\": \"s\", \"op\": \"click\", \"retry\": {\"count\": 1}, \"target\": " + SAVE + "}"));
  }
}
