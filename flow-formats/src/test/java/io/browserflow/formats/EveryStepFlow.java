package io.browserflow.formats;

import static io.browserflow.api.dsl.Dsl.aria;
import static io.browserflow.api.dsl.Dsl.count;
import static io.browserflow.api.dsl.Dsl.countAtLeast;
import static io.browserflow.api.dsl.Dsl.row;
import static io.browserflow.api.dsl.Dsl.credentialType;
import static io.browserflow.api.dsl.Dsl.css;
import static io.browserflow.api.dsl.Dsl.defaultValue;
import static io.browserflow.api.dsl.Dsl.described;
import static io.browserflow.api.dsl.Dsl.downloaded;
import static io.browserflow.api.dsl.Dsl.elementId;
import static io.browserflow.api.dsl.Dsl.enabled;
import static io.browserflow.api.dsl.Dsl.exists;
import static io.browserflow.api.dsl.Dsl.expression;
import static io.browserflow.api.dsl.Dsl.falsy;
import static io.browserflow.api.dsl.Dsl.hasAttribute;
import static io.browserflow.api.dsl.Dsl.hasExactText;
import static io.browserflow.api.dsl.Dsl.hasText;
import static io.browserflow.api.dsl.Dsl.hasValue;
import static io.browserflow.api.dsl.Dsl.hidden;
import static io.browserflow.api.dsl.Dsl.inputType;
import static io.browserflow.api.dsl.Dsl.items;
import static io.browserflow.api.dsl.Dsl.label;
import static io.browserflow.api.dsl.Dsl.loaded;
import static io.browserflow.api.dsl.Dsl.not;
import static io.browserflow.api.dsl.Dsl.optionalCredential;
import static io.browserflow.api.dsl.Dsl.optionalInput;
import static io.browserflow.api.dsl.Dsl.options;
import static io.browserflow.api.dsl.Dsl.pattern;
import static io.browserflow.api.dsl.Dsl.placeholder;
import static io.browserflow.api.dsl.Dsl.retryBackoff;
import static io.browserflow.api.dsl.Dsl.retryEvery;
import static io.browserflow.api.dsl.Dsl.role;
import static io.browserflow.api.dsl.Dsl.secret;
import static io.browserflow.api.dsl.Dsl.tableRows;
import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.api.dsl.Dsl.text;
import static io.browserflow.api.dsl.Dsl.textContains;
import static io.browserflow.api.dsl.Dsl.textPresent;
import static io.browserflow.api.dsl.Dsl.titleMatches;
import static io.browserflow.api.dsl.Dsl.truthy;
import static io.browserflow.api.dsl.Dsl.unchecked;
import static io.browserflow.api.dsl.Dsl.urlMatches;
import static io.browserflow.api.dsl.Dsl.values;
import static io.browserflow.api.dsl.Dsl.varContains;
import static io.browserflow.api.dsl.Dsl.varEquals;
import static io.browserflow.api.dsl.Dsl.visible;
import static io.browserflow.api.dsl.Dsl.xpath;

import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowMeta;
import io.browserflow.api.Input;
import io.browserflow.api.OnError;
import io.browserflow.api.Point;
import io.browserflow.api.Schedule;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.TabAlias;
import java.util.List;
import java.util.Optional;

/** A valid flow using every step kind, candidate kind, condition, declaration and modifier the model has. */
final class EveryStepFlow {
  private EveryStepFlow() {}

  static Flow flow() {
    return Flow.named("Every step kind").flowId("every-step").description("Uses everything the model has.")
        .tags("all", "kinds")
        .meta(FlowMeta.builder().createdAt("2026-01-02T03:04:05Z").source("hand-written").recorderVersion("1.2").build())
        .input("BASE_URL", inputType(Input.Type.URL), described("Where the app runs"))
        .input("QUERY", defaultValue("shoes"), pattern("[a-z]+"))
        .input("SIZE", options("s", "m", "l"), defaultValue("m"))
        .input("COUNT", inputType(Input.Type.NUMBER), optionalInput())
        .input("WHEN", inputType(Input.Type.DATE))
        .input("FLAG", inputType(Input.Type.BOOLEAN), defaultValue("true"))
        .input(Input.builder().key("STRICT").defaultValue("x").required(true).build())
        .input(Input.builder().key("CHOICE").addOptions("a", "b").build())
        .credential("USER", credentialType(Credential.Type.USERNAME))
        .credential("PASSWORD", credentialType(Credential.Type.PASSWORD))
        .credential("TOKEN", credentialType(Credential.Type.TOKEN), optionalCredential())
        .credential("KEY", credentialType(Credential.Type.API_KEY))
        .credential("NOTE", secret())
        .credential("SSO", credentialType(Credential.Type.URL))
        .credential(Credential.builder().key("PIN").label("Card PIN").type(Credential.Type.PASSWORD).build())
        .credential(Credential.builder().key("SHOWN").type(Credential.Type.TOKEN).secret(false).build())
        .tab("report")
        .tab("detail", "report")
        .tab(TabAlias.builder().alias("help").url("${BASE_URL}/help").opener("main").build())
        .table(List.of("ID", "NAME"), List.of(List.of("1", "Ada"), List.of("2", "Grace \"G\"")))
        .allowOrigins("https://sso.example.test")
        .capabilities(Capability.SCRIPT_EVAL, Capability.FILE_UPLOAD, Capability.HTTP_REQUEST)
        .schedule(Schedule.builder().cron("0 6 * * 1-5").putInput("QUERY", "boots").build())
        // pages, tabs, frames
        .open("${BASE_URL}/index.html").id("open").title("Open the app").timeoutMs(15_000)
        .navigate("${BASE_URL}/search").id("navigate").expect(urlMatches("**/search"), loaded(Condition.LoadState.NETWORKIDLE))
        .back().id("back")
        .forward().id("forward")
        .reload().id("reload").expect(loaded(Condition.LoadState.DOMCONTENTLOADED))
        .viewport(1280, 800).id("viewport")
        .tabNew("report", "${BASE_URL}/report").id("tab-new")
        .tabNew("scratch").id("tab-new-blank")
        .open("${BASE_URL}/help", "help").id("open-in-tab")
        .tabSwitch("main").id("tab-switch")
        .tabClose("scratch").id("tab-close-alias")
        .frame("iframe#pay").id("frame")
        .frameMain().id("frame-main")
        // interaction, every candidate kind
        .click(testId("save").or(elementId("save-btn")).or(role("button", "Save")).or(role("dialog"))
            .or(label("Save it")).or(placeholder("Name")).or(text("Save")).or(css(".save")).or(xpath("//button[1]"))
            .or(aria("Save")).or(textContains("Save")))
        .id("click-all-kinds").title("Click with every candidate kind")
        .click(css("a.report")).id("click-popup").newTab("detail").button(Step.MouseButton.MIDDLE).at(4.5, 6)
        .holding("Shift", "Alt")
        .click(css("#menu")).id("click-right").button(Step.MouseButton.RIGHT)
        .click(css("#menu")).id("click-back").button(Step.MouseButton.BACK).delay(80)
        .dblclick(css("#tile").inFrame("iframe#outer", "name:inner")).id("dblclick")
        .step(InteractionStep.Dblclick.builder().id("dblclick-at").target(css("#tile")).offset(Point.of(1, 2)).build())
        .contextmenu(css("#tile").inShadow("app-shell", "tile-view")).id("contextmenu")
        .step(InteractionStep.Contextmenu.builder().id("contextmenu-at").target(css("#tile")).offset(Point.of(3, 4)).build())
        .hover(css("#menu")).id("hover")
        .mouse(Step.MouseAction.DOWN, css("#handle")).id("mouse-down")
        .mouse(Step.MouseAction.UP, css("#track"), Point.of(50, -2.5)).id("mouse-up-at")
        .step(InteractionStep.Mouse.builder().id("mouse-right").action(Step.MouseAction.DOWN).target(css("#pad"))
            .button(Step.MouseButton.RIGHT).build())
        .mouse(Step.MouseAction.OUT, css("#menu")).id("mouse-out")
        .fill(label("Query"), "${QUERY}").id("fill").retry(2)
        .change(label("Country"), "${QUERY}").id("change")
        .type(css("#q"), " more").id("type-into")
        .type("typed").id("type-focused")
        .press("Enter").id("press")
        .press(css("#q"), "Control+Shift+a").id("press-target")
        .step(InteractionStep.Press.builder().id("press-plus").key("+").addModifiers("Control").build())
        .keyDown("Shift").id("key-down")
        .keyUp("Shift").id("key-up")
        .select(css("#size"), "${SIZE}").id("select-value")
        .selectLabel(css("#size"), "Large").id("select-label")
        .check(css("#agree")).id("check").expect(Condition.Element.of(css("#agree"), Condition.State.CHECKED))
        .uncheck(css("#news")).id("uncheck").expect(unchecked(css("#news")))
        .toggle(css("#switch")).id("toggle")
        .scrollBy(0, 400).id("scroll-by")
        .scrollBy(css("#list"), 10, 20).id("scroll-container")
        .scrollTo(0, 0).id("scroll-to")
        .scrollIntoView(css("#footer")).id("scroll-into-view")
        .step(InteractionStep.Scroll.builder().id("scroll-to-target").mode(Step.ScrollMode.TO).target(css("#list")).y(50).build())
        .drag(css("#card"), css("#lane")).id("drag")
        .upload(css("input[type=file]"), "data/a.csv", "data/b.csv").id("upload")
        // waits and checks: every condition
        .waitMs(250).id("wait-ms")
        .waitFor(visible(css("#toast"))).id("wait-visible").timeoutMs(5_000)
        .assertThat(exists(css("#a"))).id("a-exists")
        .assertThat(hidden(css("#b"))).id("a-hidden")
        .assertThat(enabled(css("#c"))).id("a-enabled")
        .assertThat(Condition.Element.of(css("#d"), Condition.State.DISABLED)).id("a-disabled")
        .assertThat(count(css("li"), 3)).id("a-count")
        .assertThat(countAtLeast(css("li"), 1)).id("a-count-gte")
        .assertThat(Condition.Count.of(css("li"), Condition.Op.LT, 9)).id("a-count-lt")
        .assertThat(textPresent("Welcome")).id("a-text-present")
        .assertThat(hasText(css("h1"), "Wel")).id("a-has-text")
        .assertThat(hasExactText(css("h1"), "Welcome")).id("a-exact-text")
        .assertThat(Condition.Text.of(css("h1"), "Wel*", Condition.Match.GLOB)).id("a-glob-text")
        .assertThat(Condition.Text.of(Optional.empty(), "Hello*", Condition.Match.GLOB)).id("a-glob-page")
        .assertThat(hasValue(css("#q"), "shoes")).id("a-value")
        .assertThat(hasAttribute(css("#q"), "required")).id("a-attribute")
        .assertThat(hasAttribute(css("#q"), "type", "search")).id("a-attribute-value")
        .assertThat(titleMatches("Shop*")).id("a-title")
        .assertThat(downloaded("report-*.csv")).id("a-download")
        .assertThat(expression("document.readyState === 'complete'")).id("a-expression")
        .assertThat(not(urlMatches("**/error"))).id("a-not")
        // data
        .read(css("#total")).id("read-text")
        .readValue(css("#q")).id("read-value")
        .readAttribute(css("a"), "href").id("read-attribute")
        .step(DataStep.Read.builder().id("read-plain").target(css("#x")).what(Step.ReadKind.VALUE).build())
        .scrape(css("table"), Step.ScrapeMode.TABLE).id("rows")
        .scrape(css("nav"), Step.ScrapeMode.LINKS).id("links")
        .scrapeAttributes(css("img"), "src", "alt").id("images")
        .step(DataStep.Scrape.builder().id("scrape-limited").target(css("table")).limit(10).build())
        .paginate(css(".next"), 5, page -> page.scrape(css("table"), Step.ScrapeMode.TABLE).id("page-rows"))
        .id("paginate")
        .loadMore(css(".more"), 3, more -> more.waitMs(100).id("after-more")).id("load-more")
        .setVar("greeting", "Hi ${steps.read-text.text}").id("set-var")
        .eval("return document.title").id("eval").onError(OnError.retry())
        .screenshot().id("shot")
        .screenshot("named.png").id("shot-named")
        .step(DataStep.Screenshot.builder().id("shot-full").target(css("main")).name("main.png").fullPage(true).build())
        .csvImport("data/in.csv").id("csv-in")
        .csvExport("${steps.rows.items}", "out/rows.csv").id("csv-out")
        .datasetWrite("people", row("name", "${steps.read-text.text}", "at", "1")).id("dataset-row")
        .datasetExport("people", Step.DatasetFormat.CSV, "out/people.csv").id("dataset-csv")
        .datasetExportPart("people", Step.DatasetFormat.JSON, "out/people-1.json").id("dataset-part")
        .http("GET", "https://example.com/api/items").id("http-get").extract("first", "$.items[0].id")
        .http("POST", "https://example.com/api/items", row("Content-Type", "application/json"), "{\"n\": 1}").id("http-post")
        .anyStatus()
        .clipboardWrite("copied ${steps.http-get.first}").id("clip-write")
        .clipboardRead().id("clip-read")
        .call("library-flow", row("KEY", "${steps.clip-read.text}"), "answer").id("call")
        // control flow, nested
        .foreach(tableRows(), row -> row
            .fill(css("#id"), "${loop.row.ID}").id("row-fill")
            .foreach(values("x", "y"), inner -> inner.setVar("last", "${loop.item}").id("inner-set")).id("inner-each"))
        .id("each-row").title("For each row")
        .foreach(items("${steps.rows.items}"), 3, item -> item.screenshot().id("item-shot")).id("each-item")
        .foreach(values(), empty -> { }).id("each-nothing")
        .repeat(2, again -> again.click(css("#plus")).id("plus").continueOnError()).id("repeat")
        .ifThen(varEquals("${vars.greeting}", "Hi"), then -> then.reload().id("then-reload")).id("if-then")
        .ifThenElse(varContains("${steps.read-text.text}", "4"),
            then -> then.click(css("#a")).id("then-a"),
            otherwise -> otherwise.ifThenElse(truthy("${vars.last}"),
                then -> then.click(css("#b")).id("then-b"),
                other -> other.click(css("#c")).id("else-c")).id("nested-if"))
        .id("if-else")
        .ifThenElse(falsy("${vars.last}"), then -> { }, otherwise -> otherwise.back().id("else-back")).id("if-empty-then")
        .repeatWhile(visible(css(".spinner")), 10, loop -> loop.waitMs(200).id("spin")).id("while")
        .manual("Solve the captcha").id("manual")
        // modifiers
        .click(css("#risky")).id("risky").retry(retryEvery(3, 250)).timeoutMs(2_000)
        .fallback(f -> f.click(css("#safe")).id("safe").retry(retryBackoff(2, 100)))
        .click(css("#gone")).id("gone").disabled().continueOnError()
        .tabClose().id("tab-close")
        // network emulation: offline, throttled (the DSL's form and a plain builder), the real network
        .offline().id("offline")
        .throttle(50_000, 20_000, 40).id("throttle")
        .step(PageStep.EmulateNetwork.builder().id("latency-only").latencyMs(300).build())
        .online().id("online")
        .build();
  }
}
