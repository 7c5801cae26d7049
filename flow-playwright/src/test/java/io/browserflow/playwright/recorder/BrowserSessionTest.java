package io.browserflow.playwright.recorder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.browserflow.api.Candidate;
import io.browserflow.api.Credential;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.playwright.LaunchOptions;
import io.browserflow.playwright.PlaywrightDriver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A live session driven command by command, against pages the test serves; its draft replays in the engine. */
@Tag("browser")
class BrowserSessionTest {
  private static com.sun.net.httpserver.HttpServer server;
  /** Another origin, for a cross-origin iframe. */
  private static com.sun.net.httpserver.HttpServer elsewhere;
  private static final List<String> ELSEWHERE_HITS = new CopyOnWriteArrayList<>();
  private static String base;
  private static final List<String> SIGN_INS = new CopyOnWriteArrayList<>();
  private BrowserSession session;

  @BeforeAll
  static void serve(@TempDir Path root) throws Exception {
    Files.writeString(root.resolve("form.html"), "<!doctype html><title>Sign in</title><h1>Sign in</h1>"
        + "<label>User <input id='user' name='user'></label>"
        + "<label>Password <input id='pw' type='password'></label>"
        + "<label>Plan <select id='plan'><option value='b'>Basic</option><option value='p'>Pro</option></select></label>"
        + "<label><input type='checkbox' id='terms'> I agree</label>"
        + "<button id='go' onclick=\"fetch('/signed?u=' + user.value + '&plan=' + plan.value + '&terms=' + terms.checked"
        + " + '&pwlen=' + pw.value.length).then(() => document.getElementById('out').textContent = 'Welcome ' + user.value)\">"
        + "Sign in</button><button class='x'>Other</button><button class='x'>Other</button>"
        + "<p id='out'></p><a href='/next.html' target='_blank'>Next page</a>"
        + "<div style='position:relative'><button id='covered'>Covered</button>"
        + "<div style='position:absolute;inset:0;background:#fff'>overlay</div></div>"
        + "<iframe name='inner' src='/inner.html'></iframe>");
    Files.writeString(root.resolve("inner.html"), "<!doctype html><button onclick=\"this.textContent='pressed'\">Inner</button>");
    Files.writeString(root.resolve("next.html"), "<!doctype html><title>Next</title><p>the next page</p>");
    elsewhere = com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
    elsewhere.createContext("/", exchange -> {
      byte[] body = "<!doctype html><button onclick=\"fetch('/hit').then(() => this.textContent = 'done')\">Elsewhere</button>"
          .getBytes(java.nio.charset.StandardCharsets.UTF_8);
      if (exchange.getRequestURI().getPath().equals("/hit")) {
        ELSEWHERE_HITS.add("hit");
      }
      exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    elsewhere.start();
    Files.writeString(root.resolve("frames.html"), "<!doctype html><title>Frames</title><h1>Frames</h1>"
        + "<iframe id='profile' title='Profile' src='/profile.html' style='width:600px;height:200px'></iframe>"
        + "<iframe title='Elsewhere' src='http://127.0.0.1:" + elsewhere.getAddress().getPort() + "/other.html'></iframe>");
    Files.writeString(root.resolve("profile.html"), "<!doctype html><label>Nick <input id='nick'></label>"
        + "<iframe name='deep' src='/deep.html'></iframe>");
    Files.writeString(root.resolve("deep.html"), "<!doctype html><button onclick=\"fetch('/signed?nick='"
        + " + parent.document.getElementById('nick').value).then(() => this.textContent = 'saved')\">Save</button>");
    Files.writeString(root.resolve("twins.html"), "<!doctype html><iframe src='/inner.html'></iframe><iframe src='/inner.html'></iframe>"
        + "<script>setTimeout(() => { const f = document.createElement('iframe'); f.name = 'late'; f.src = '/next.html';"
        + " document.body.append(f); }, 800)</script>");
    server = com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", exchange -> {
      String path = exchange.getRequestURI().getPath();
      byte[] body;
      String type = "text/html; charset=utf-8";
      if (path.equals("/signed")) {
        SIGN_INS.add(exchange.getRequestURI().getQuery());
        body = "ok".getBytes();
        type = "text/plain";
      } else {
        Path file = root.resolve(path.substring(1)).normalize();
        body = file.startsWith(root) && Files.isRegularFile(file) ? Files.readAllBytes(file) : null;
      }
      if (body == null) {
        exchange.sendResponseHeaders(404, -1);
      } else {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
      }
      exchange.close();
    });
    server.start();
    base = "http://127.0.0.1:" + server.getAddress().getPort();
  }

  @AfterAll
  static void stop() {
    server.stop(0);
    elsewhere.stop(0);
  }

  @BeforeEach
  void open() {
    SIGN_INS.clear();
    ELSEWHERE_HITS.clear();
    session = BrowserSession.launch(LaunchOptions.defaults(), new BrowserSession.Options(false,
        java.time.Duration.ofSeconds(3), 1280, 720));
  }

  @AfterEach
  void close() {
    session.close();
  }

  private String ref(BrowserSession.Snapshot snap, String role, String name) {
    return "@" + snap.nodes().stream().filter(n -> n.role().equals(role) && n.name().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no " + role + " \"" + name + "\" in\n" + snap.text())).ref();
  }

  @Test
  void should_give_interactive_elements_refs_and_act_on_them() {
    session.open(base + "/form.html");

    BrowserSession.Snapshot snap = session.snapshot(BrowserSession.SnapshotOptions.interactive());

    assertThat(snap.text()).contains("- textbox \"User\" [@e1]", "- textbox \"Password\" [secret] [@e2]", "- combobox \"Plan\"",
        "- checkbox \"I agree\" [unchecked]", "- button \"Sign in\"", "- link \"Next page\"");
    assertThat(snap.nodes()).noneMatch(n -> n.role().equals("heading"));
    session.fill(ref(snap, "textbox", "User"), "ada");
    session.fill(ref(snap, "textbox", "Password"), "s3cret-Pass");
    session.select(ref(snap, "combobox", "Plan"), "Pro");
    session.check(ref(snap, "checkbox", "I agree"), true);
    session.click(ref(snap, "button", "Sign in"), false);
    session.waitForText("Welcome ada");

    assertThat(SIGN_INS).containsExactly("u=ada&plan=p&terms=true&pwlen=11");
    assertThat(session.get("text", "#out", Optional.empty())).isEqualTo("Welcome ada");
    assertThat(session.is("checked", ref(snap, "checkbox", "I agree"))).isTrue();
    assertThat(session.get("count", "button.x", Optional.empty())).isEqualTo(2);
    assertThat(session.snapshot(BrowserSession.SnapshotOptions.all()).text()).contains("- heading \"Sign in\"");
  }

  @Test
  void should_journal_each_command_in_the_store_it_is_given_without_the_secret(@TempDir Path runs) throws Exception {
    io.browserflow.engine.store.RunStore store = io.browserflow.engine.store.RunStore.directory(runs);
    session.close();
    session = BrowserSession.launch(LaunchOptions.defaults(), new BrowserSession.Options(false,
        java.time.Duration.ofSeconds(3), 1280, 720, store));
    session.open(base + "/form.html");
    BrowserSession.Snapshot snap = session.snapshot(BrowserSession.SnapshotOptions.interactive());
    session.fill(ref(snap, "textbox", "Password"), "s3cret-Pass");
    session.click(ref(snap, "button", "Sign in"), false);

    List<io.browserflow.engine.RunResult> results = store.flows().stream().flatMap(f -> store.runs(f).stream())
        .map(id -> store.result(id).orElseThrow()).toList();
    assertThat(results).hasSize(3).allSatisfy(r -> {
      assertThat(r.status()).isEqualTo(io.browserflow.engine.RunStatus.SUCCEEDED);
      assertThat(store.journal(r.runId())).isNotEmpty();
    });
    assertThat(results.stream().flatMap(r -> r.steps().stream()).map(io.browserflow.engine.StepResult::op))
        .containsExactlyInAnyOrder("open", "fill", "click");
    try (java.util.stream.Stream<Path> files = Files.walk(runs)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        assertThat(Files.readString(p)).as(p.toString()).doesNotContain("s3cret-Pass");
      }
    }
  }

  @Test
  void should_turn_the_session_into_a_draft_that_replays_strictly() throws Exception {
    session.open(base + "/form.html");
    BrowserSession.Snapshot snap = session.snapshot(BrowserSession.SnapshotOptions.interactive());
    session.fill(ref(snap, "textbox", "User"), "grace");
    session.fill(ref(snap, "textbox", "Password"), "s3cret-Pass");
    session.click(ref(snap, "button", "Sign in"), false);
    session.waitForText("Welcome grace");

    Flow draft = session.draft("Sign in as grace");

    assertThat(draft.id()).isEqualTo("sign-in-as-grace");
    assertThat(draft.credentials()).extracting(Credential::key).containsExactly("PASSWORD");
    assertThat(io.browserflow.api.json.FlowJson.write(draft)).doesNotContain("s3cret-Pass").contains("${credential.PASSWORD}");
    InteractionStep.Click click = (InteractionStep.Click) draft.steps().get(3);
    assertThat(click.target().candidates()).first().isEqualTo(Candidate.id("go"));
    assertThat(draft.steps()).extracting(Step::kind).containsExactly(Step.Kind.OPEN, Step.Kind.FILL, Step.Kind.FILL,
        Step.Kind.CLICK, Step.Kind.WAIT);
    SIGN_INS.clear();

    try (PlaywrightDriver driver = PlaywrightDriver.launch(); FlowEngine engine = FlowEngine.builder().driver(driver).build()) {
      RunResult replay = engine.run(draft, Inputs.builder().credential("PASSWORD", "other-Pass-9").build());

      assertThat(replay.status()).as("%s %s", replay.errorPath(), replay.errorMessage()).isEqualTo(RunStatus.SUCCEEDED);
    }
    assertThat(SIGN_INS).containsExactly("u=grace&plan=b&terms=false&pwlen=12");
  }

  @Test
  void should_refuse_stale_refs_ambiguous_locators_and_covered_elements_in_the_seeds_codes() {
    session.open(base + "/form.html");
    BrowserSession.Snapshot snap = session.snapshot(BrowserSession.SnapshotOptions.interactive());
    String user = ref(snap, "textbox", "User");

    FlowRunException ambiguous = catchThrowableOfType(FlowRunException.class, () -> session.click("button.x", false));
    FlowRunException covered = catchThrowableOfType(FlowRunException.class, () -> session.click("#covered", false));
    FlowRunException option = catchThrowableOfType(FlowRunException.class, () -> session.select("#plan", "Gold"));
    FlowRunException notCheckable = catchThrowableOfType(FlowRunException.class, () -> session.check("#user", true));
    FlowRunException beyond = catchThrowableOfType(FlowRunException.class, () -> session.click("@e999", false));
    FlowRunException eval = catchThrowableOfType(FlowRunException.class, () -> session.eval("1 + 1"));
    session.open(base + "/next.html");
    FlowRunException stale = catchThrowableOfType(FlowRunException.class, () -> session.fill(user, "x"));

    assertThat(ambiguous.code()).isEqualTo(ErrorCode.TARGET_AMBIGUOUS);
    assertThat(ambiguous.getMessage()).contains("matches 2 elements");
    assertThat(covered.code()).isEqualTo(ErrorCode.ELEMENT_OCCLUDED);
    assertThat(covered.getMessage()).contains("#covered is covered", "overlay");
    assertThat(option.code()).isEqualTo(ErrorCode.OPTION_NOT_FOUND);
    assertThat(notCheckable.code()).isEqualTo(ErrorCode.NOT_CHECKABLE);
    assertThat(beyond.code()).isEqualTo(ErrorCode.REF_STALE);
    assertThat(eval.code()).isEqualTo(ErrorCode.CAPABILITY_DENIED);
    assertThat(eval.getMessage()).contains("--allow eval");
    assertThat(stale.code()).isEqualTo(ErrorCode.REF_STALE);
    assertThat(stale.getMessage()).contains("take a new snapshot");
  }

  @Test
  void should_open_tabs_from_a_click_and_by_label_and_enter_frames() {
    session.open(base + "/form.html");
    BrowserSession.Snapshot snap = session.snapshot(BrowserSession.SnapshotOptions.interactive());

    Optional<String> opened = session.click(ref(snap, "link", "Next page"), true);

    assertThat(opened).contains("t2");
    assertThat(session.tabs()).extracting(BrowserSession.Tab::id).containsExactly("t1", "t2");
    session.tab("t2");
    session.waitForUrl("**/next.html");
    assertThat(session.where()).containsEntry("title", "Next");
    String labelled = session.tabNew(Optional.of(base + "/next.html"), Optional.of("report"));
    assertThat(labelled).isEqualTo("t3");
    assertThat(catchThrowableOfType(FlowRunException.class, () -> session.tab("2")).getMessage()).contains("tab ids are written t2");
    assertThat(catchThrowableOfType(FlowRunException.class, () -> session.tabNew(Optional.empty(), Optional.of("report"))).code())
        .isEqualTo(ErrorCode.TAB_LABEL_CONFLICT);
    session.tabClose(Optional.of("report"));
    session.tab("t1");

    session.frame("url:**/inner.html");
    session.frame("main");
    session.frame("name:inner");
    session.click("text=Inner", false);
    assertThat(session.get("text", "button", Optional.empty())).isEqualTo("pressed");
    session.frame("main");
    assertThat(catchThrowableOfType(FlowRunException.class, () -> session.frame("name:nope")).code())
        .isEqualTo(ErrorCode.FRAME_NOT_FOUND);
    assertThat(catchThrowableOfType(FlowRunException.class, () -> session.frame("#user")).code())
        .isEqualTo(ErrorCode.FRAME_OWNER_NOT_IFRAME);

    Flow draft = session.draft("tabs and frames");
    assertThat(draft.steps()).extracting(Step::kind).contains(Step.Kind.TAB_SWITCH, Step.Kind.TAB_NEW, Step.Kind.TAB_CLOSE,
        Step.Kind.FRAME, Step.Kind.FRAME_MAIN);
  }

  @Test
  void should_read_boxes_styles_html_and_states_and_scroll() {
    session.open(base + "/form.html");
    BrowserSession.Snapshot snap = session.snapshot(BrowserSession.SnapshotOptions.interactive());
    String go = ref(snap, "button", "Sign in");

    @SuppressWarnings("unchecked")
    Map<String, Object> box = (Map<String, Object>) session.get("box", go, Optional.empty());
    @SuppressWarnings("unchecked")
    Map<String, Object> styles = (Map<String, Object>) session.get("styles", go, Optional.empty());

    assertThat(((Number) box.get("width")).doubleValue()).isPositive();
    assertThat(styles).containsEntry("display", "inline-block").containsKey("color");
    assertThat(session.get("html", go, Optional.empty())).isEqualTo("Sign in");
    assertThat(session.get("attr", "#user", Optional.of("name"))).isEqualTo("user");
    assertThat(session.is("visible", go)).isTrue();
    assertThat(session.is("enabled", go)).isTrue();
    assertThat(catchThrowableOfType(FlowRunException.class, () -> session.is("checked", go)).code())
        .isEqualTo(ErrorCode.NOT_CHECKABLE);

    session.scroll(Optional.empty(), Optional.empty(), 40);
    session.scroll(Optional.empty(), Optional.of("top"), 0);
    session.scroll(Optional.of("#covered"), Optional.empty(), 0);

    assertThat(session.draft("scrolls").steps()).extracting(Step::kind)
        .containsSubsequence(Step.Kind.SCROLL, Step.Kind.SCROLL, Step.Kind.SCROLL);
  }

  @Test
  void should_give_refs_inside_iframes_nested_and_cross_origin_act_through_them_and_replay_the_draft() throws Exception {
    session.open(base + "/frames.html");

    BrowserSession.Snapshot snap = session.snapshot(BrowserSession.SnapshotOptions.interactive());

    assertThat(snap.text()).contains("- iframe \"Profile\"", "  - textbox \"Nick\"", "  - iframe \"deep\"",
        "    - button \"Save\"", "- iframe \"Elsewhere\"", "  - button \"Elsewhere\"");
    BrowserSession.Node save = snap.nodes().stream().filter(n -> n.name().equals("Save")).findFirst().orElseThrow();
    assertThat(save.framePath()).containsExactly("iframe#profile", "iframe[name=\"deep\"]");
    session.fill(ref(snap, "textbox", "Nick"), "ada");
    session.click(ref(snap, "button", "Save"), false);
    session.click(ref(snap, "button", "Elsewhere"), false);

    assertThat(SIGN_INS).containsExactly("nick=ada");
    assertThat(serverSaw(ELSEWHERE_HITS)).containsExactly("hit");
    Flow draft = session.draft("frames");
    InteractionStep.Click click = (InteractionStep.Click) draft.steps().get(2);
    assertThat(click.target().framePath()).containsExactly("iframe#profile", "iframe[name=\"deep\"]");
    assertThat(((InteractionStep.Fill) draft.steps().get(1)).target().framePath()).containsExactly("iframe#profile");
    assertThat(((InteractionStep.Click) draft.steps().get(3)).target().framePath()).hasSize(1);
    SIGN_INS.clear();
    ELSEWHERE_HITS.clear();

    try (PlaywrightDriver driver = PlaywrightDriver.launch(); FlowEngine engine = FlowEngine.builder().driver(driver).build()) {
      RunResult replay = engine.run(draft, Inputs.empty());

      assertThat(replay.status()).as("%s %s", replay.errorPath(), replay.errorMessage()).isEqualTo(RunStatus.SUCCEEDED);
    }
    assertThat(SIGN_INS).containsExactly("nick=ada");
    assertThat(serverSaw(ELSEWHERE_HITS)).containsExactly("hit");
  }

  @Test
  void should_find_frames_by_each_locator_form_wait_for_late_ones_and_list_ambiguous_ones() {
    session.open(base + "/twins.html");

    FlowRunException twins = catchThrowableOfType(FlowRunException.class,
        () -> session.frame("url:**/inner.html", java.time.Duration.ofMillis(300)));
    FlowRunException bare = catchThrowableOfType(FlowRunException.class,
        () -> session.frame("iframe", java.time.Duration.ZERO));
    session.frame("late", java.time.Duration.ofSeconds(5));
    String late = String.valueOf(session.get("text", "p", Optional.empty()));
    session.frame("main");
    session.frame("next.html", java.time.Duration.ZERO);
    session.frame("main");
    FlowRunException none = catchThrowableOfType(FlowRunException.class,
        () -> session.frame("name:nope", java.time.Duration.ofMillis(300)));

    assertThat(twins.code()).isEqualTo(ErrorCode.FRAME_AMBIGUOUS);
    assertThat(twins.getMessage()).contains("2 frames match url:**/inner.html", "/inner.html");
    assertThat(twins.details().get("candidates")).contains("\"url\":\"" + base + "/inner.html\"");
    assertThat(bare.code()).isEqualTo(ErrorCode.FRAME_AMBIGUOUS);
    assertThat(late).isEqualTo("the next page");
    assertThat(none.code()).isEqualTo(ErrorCode.FRAME_NOT_FOUND);
    assertThat(none.getMessage()).contains("within 300 ms");
    assertThat(session.draft("frames").steps()).filteredOn(s -> s.kind() == Step.Kind.FRAME)
        .extracting(s -> ((PageStep.Frame) s).locator()).containsExactly("name:late", "url:**next.html**");
  }

  @Test
  void should_enter_a_frame_by_ref_and_refuse_refs_taken_in_another_frame() {
    session.open(base + "/frames.html");
    BrowserSession.Snapshot snap = session.snapshot(BrowserSession.SnapshotOptions.interactive());
    String nick = ref(snap, "textbox", "Nick");

    session.frame(ref(snap, "iframe", "deep"));
    FlowRunException stale = catchThrowableOfType(FlowRunException.class, () -> session.fill(nick, "x"));
    BrowserSession.Snapshot inDeep = session.snapshot(BrowserSession.SnapshotOptions.interactive());
    session.click(ref(inDeep, "button", "Save"), false);

    assertThat(stale.code()).isEqualTo(ErrorCode.REF_STALE);
    assertThat(stale.getMessage()).contains("taken before frame @e");
    assertThat(inDeep.text()).startsWith("- button \"Save\"");
    assertThat(SIGN_INS).containsExactly("nick=");
    assertThat(session.draft("deep").steps()).filteredOn(s -> s.kind() == Step.Kind.FRAME)
        .extracting(s -> ((PageStep.Frame) s).locator()).containsExactly("iframe#profile", "iframe[name=\"deep\"]");
  }

  /** The iframe's button calls the server with fetch after the click returns: wait for the call (10 s at most). */
  private static List<String> serverSaw(List<String> hits) throws InterruptedException {
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
    while (hits.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    return hits;
  }
}
