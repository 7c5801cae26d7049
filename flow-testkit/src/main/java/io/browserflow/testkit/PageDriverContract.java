package io.browserflow.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.FlowTimeoutException;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.ActionResult;
import io.browserflow.engine.spi.AnswersDialogs;
import io.browserflow.engine.spi.DriverFeatures;
import io.browserflow.engine.spi.EmulatesNetwork;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.PageState;
import io.browserflow.engine.spi.ReadResult;
import io.browserflow.engine.spi.Resolution;
import io.browserflow.engine.spi.ScrapeResult;
import io.browserflow.engine.spi.ScreenshotRequest;
import io.browserflow.engine.spi.SessionOptions;
import io.browserflow.engine.spi.TargetException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The behaviour every {@link DriverSession} must show, as a JUnit 5 suite a driver's test extends.
 * Ships in flow-testkit, which a driver's module depends on in test scope.
 *
 * <pre>{@code
 * class PlaywrightDriverContractTest extends PageDriverContract {
 *   protected DriverSession openSession(Map<String, String> pages, SessionOptions options) {
 *     server.serve(pages);                       // path -> HTML, query strings ignored
 *     return driver.openSession(options);
 *   }
 *   protected String url(String path) {
 *     return "http://127.0.0.1:" + server.port() + path;
 *   }
 * }
 * }</pre>
 *
 * <p>Each test hands {@link #openSession} the pages it needs, keyed by path ({@code /}, {@code /login}), as
 * complete HTML documents into which the contract runtime ({@code contract-runtime.js}, next to this class)
 * is already inlined: it implements the declarative behaviours ({@code data-on-click="show:#panel"},
 * {@code data-show-after="300"}, ...) the in-memory driver interprets natively, so one fixture behaves
 * the same in a browser. A driver serving the pages over HTTP must answer a path with its page whatever
 * the query string, and an unknown path with a 404 page. Fixtures give visible elements some text, so
 * that layout-based visibility agrees with the in-memory rules.
 *
 * <p>Waits that should succeed use {@link #timeout()}; waits expected to fail use {@link #shortTimeout()}.
 * Sessions opened through {@link #start} are closed after each test. Every test asserts error codes and
 * observable page state through the SPI only.
 */
public abstract class PageDriverContract {

  /**
   * {@code s} as one of its optional features ({@link DriverFeatures}); a driver without it does not
   * offer what the test checks, so the test is reported skipped for it, saying why.
   */
  protected static <T> T feature(DriverSession s, Class<T> feature) {
    Optional<T> f = DriverFeatures.of(s, feature);
    // A real reason, not a hidden failure: an optional feature is the driver's choice, and the engine
    // refuses a flow that needs one its driver lacks before the first step (DriverFeaturesTest). Both
    // drivers in this project offer every feature these cases use, so none of them is skipped here.
    Assumptions.assumeTrue(f.isPresent(), () -> s.getClass().getSimpleName() + " does not offer " + feature.getSimpleName());
    return f.get();
  }

  /** Opens a session on a driver serving {@code pages} (path to HTML) so that {@link #url(String)} reaches them. */
  protected abstract DriverSession openSession(Map<String, String> pages, SessionOptions options);

  /** The absolute URL of a served path, stable for the whole test (and valid before {@link #openSession}). */
  protected abstract String url(String path);

  /** Timeout for waits that are expected to succeed. */
  protected Duration timeout() {
    return Duration.ofSeconds(5);
  }

  /** Timeout for waits that are expected to fail. */
  protected Duration shortTimeout() {
    return Duration.ofMillis(1500);
  }

  @TempDir
  protected Path tempDir;

  private final List<DriverSession> sessions = new ArrayList<>();

  @AfterEach
  void closeSessions() {
    for (DriverSession s : sessions) {
      s.close();
    }
    sessions.clear();
  }

  // ================================================================== fixtures and helpers

  private static final String RUNTIME = loadRuntime();

  private static String loadRuntime() {
    try (InputStream in = PageDriverContract.class.getResourceAsStream("contract-runtime.js")) {
      if (in == null) {
        throw new IllegalStateException("contract-runtime.js is missing next to PageDriverContract");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A complete HTML document. */
  protected static String doc(String title, String body) {
    return "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>" + title + "</title></head>\n<body>\n"
        + body + "\n</body></html>";
  }

  /** The page with the contract runtime inlined at the start of its head (unless it loads it itself). */
  protected static String withRuntime(String html) {
    if (html.contains("/__browserflow/contract-runtime.js")) {
      return html;
    }
    String script = "<script>\n" + RUNTIME + "\n</script>";
    for (String tag : List.of("<head", "<html")) {
      Matcher m = Pattern.compile(Pattern.quote(tag) + "(\\s[^>]*)?>", Pattern.CASE_INSENSITIVE).matcher(html);
      if (m.find()) {
        return html.substring(0, m.end()) + script + html.substring(m.end());
      }
    }
    Matcher doctype = Pattern.compile("<!doctype[^>]*>", Pattern.CASE_INSENSITIVE).matcher(html);
    if (doctype.find()) {
      return html.substring(0, doctype.end()) + script + html.substring(doctype.end());
    }
    return script + html;
  }

  /** Opens a session (closed after the test) on these pages, with the runtime inlined. */
  protected final DriverSession start(Map<String, String> pages, SessionOptions options) {
    Map<String, String> served = new LinkedHashMap<>();
    pages.forEach((path, html) -> served.put(path, withRuntime(html)));
    DriverSession s = openSession(served, options);
    sessions.add(s);
    return s;
  }

  protected final DriverSession start(Map<String, String> pages) {
    return start(pages, SessionOptions.builder().artifactsDir(tempDir.resolve("artifacts")).build());
  }

  /** A session showing {@code body} at {@code /} (plus the other pages). */
  private DriverSession page(String body, Map<String, String> others) {
    Map<String, String> pages = new LinkedHashMap<>(others);
    pages.put("/", doc("Home", body));
    DriverSession s = start(pages);
    s.open(url("/"), timeout());
    return s;
  }

  private DriverSession page(String body) {
    return page(body, Map.of());
  }

  private static Target css(String css) {
    return Target.of(Candidate.css(css));
  }

  private static Target target(Candidate... candidates) {
    return Target.of(candidates);
  }

  private static InteractionStep.Click click(Target t) {
    return InteractionStep.Click.builder().id("click").target(t).build();
  }

  private String text(DriverSession s, Target t) {
    return s.read(t, Step.ReadKind.TEXT, Optional.empty(), timeout()).value();
  }

  private String text(DriverSession s, String css) {
    return text(s, css(css));
  }

  private String value(DriverSession s, String css) {
    return s.read(css(css), Step.ReadKind.VALUE, Optional.empty(), timeout()).value();
  }

  private int count(DriverSession s, Candidate c) {
    return count(s, Target.of(c));
  }

  /** The first candidate's count, through a Count condition (works for any count, unlike resolve). */
  private int count(DriverSession s, Target t) {
    for (int n = 0; n < 20; n++) {
      if (s.test(Condition.Count.of(t, Condition.Op.EQ, n))) {
        return n;
      }
    }
    return -1;
  }

  private void awaitText(DriverSession s, String css, String expected) {
    s.await(Condition.Text.of(css(css), expected, Condition.Match.EQUALS), timeout());
  }

  /** The exception {@code call} throws, asserting it throws one of {@code type}. */
  private static <T extends Throwable> T thrown(Class<T> type, org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
    T t = org.assertj.core.api.Assertions.catchThrowableOfType(type, call);
    org.assertj.core.api.Assertions.assertThat(t).as("expected a %s to be thrown", type.getSimpleName()).isNotNull();
    return t;
  }

  private static final String STATUS = "<p id=\"status\">idle</p>\n";

  // ================================================================== strict resolution

  @Test
  public void should_resolve_the_candidate_matching_exactly_one_element() {
    DriverSession s = page("<button id=\"save\">Save</button>");

    Resolution r = s.resolve(target(Candidate.css("#save")), timeout());

    assertThat(r.winner()).isZero();
    assertThat(r.counts().get(0)).isEqualTo(1);
    assertThat(r.fallbackUsed()).isFalse();
  }

  @Test
  public void should_fall_back_to_the_second_candidate_when_the_first_matches_nothing() {
    DriverSession s = page("<button id=\"save\">Save</button>");

    Resolution r = s.resolve(target(Candidate.testId("missing"), Candidate.id("save")), timeout());

    assertThat(r.winner()).isEqualTo(1);
    assertThat(r.fallbackUsed()).isTrue();
    assertThat(r.counts()).hasSize(2).startsWith(0, 1);
  }

  @Test
  public void should_skip_a_candidate_matching_several_elements() {
    DriverSession s = page("<button class=\"btn\">A</button><button class=\"btn\" id=\"b\">B</button>");

    Resolution r = s.resolve(target(Candidate.css(".btn"), Candidate.id("b")), timeout());

    assertThat(r.winner()).isEqualTo(1);
    assertThat(r.counts()).startsWith(2, 1);
  }

  @Test
  public void should_fail_ambiguous_and_act_on_nothing_when_every_candidate_matches_several() {
    DriverSession s = page(STATUS
        + "<button class=\"btn\" data-on-click=\"text:#status=clicked\">Go</button>"
        + "<button class=\"btn\" data-on-click=\"text:#status=clicked\">Go</button>"
        + "<button class=\"other\" data-on-click=\"text:#status=clicked\">Go</button>");

    TargetException e = thrown(TargetException.class, () -> s.perform(click(target(Candidate.css(".btn"), Candidate.role("button", "Go"))), shortTimeout()));

    assertThat(e).isNotNull();
    assertThat(e.code()).isEqualTo(ErrorCode.TARGET_AMBIGUOUS);
    assertThat(e.resolution().counts()).containsExactly(2, 3);
    assertThat(e.resolution().ambiguous()).isTrue();
    assertThat(e.getMessage()).contains(".btn");
    assertThat(text(s, "#status")).isEqualTo("idle");
  }

  @Test
  public void should_fail_not_found_when_no_candidate_matches() {
    DriverSession s = page("<button id=\"save\">Save</button>");

    TargetException e = thrown(TargetException.class, () -> s.resolve(target(Candidate.testId("nope"), Candidate.css("#nope")), shortTimeout()));

    assertThat(e.code()).isEqualTo(ErrorCode.TARGET_NOT_FOUND);
    assertThat(e.resolution().counts()).containsExactly(0, 0);
  }

  @Test
  public void should_fail_ambiguous_when_one_candidate_matches_several_and_the_others_none() {
    DriverSession s = page("<i class=\"x\">a</i><i class=\"x\">b</i>");

    TargetException e = thrown(TargetException.class, () -> s.resolve(target(Candidate.id("none"), Candidate.css(".x")), shortTimeout()));

    assertThat(e.code()).isEqualTo(ErrorCode.TARGET_AMBIGUOUS);
    assertThat(e.resolution().counts()).containsExactly(0, 2);
  }

  @Test
  public void should_wait_for_an_element_that_is_attached_later() {
    DriverSession s = page("<button id=\"late\" data-attach-after=\"300\">Late</button>");

    Resolution r = s.resolve(css("#late"), timeout());

    assertThat(r.resolved()).isTrue();
  }

  @Test
  public void should_count_hidden_elements_as_matches() {
    DriverSession s = page("<button class=\"b\">Save</button><button class=\"b\" hidden>Save</button>");

    TargetException e = thrown(TargetException.class, () -> s.resolve(css(".b"), shortTimeout()));

    assertThat(e.code()).isEqualTo(ErrorCode.TARGET_AMBIGUOUS);
    assertThat(e.resolution().counts()).containsExactly(2);
  }

  @Test
  public void should_time_out_rather_than_click_a_hidden_element() {
    DriverSession s = page(STATUS + "<button id=\"go\" hidden data-on-click=\"text:#status=clicked\">Go</button>");

    FlowTimeoutException e = thrown(FlowTimeoutException.class, () -> s.perform(click(css("#go")), shortTimeout()));

    assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT);
    assertThat(e.getMessage()).contains("hidden");
    assertThat(text(s, "#status")).isEqualTo("idle");
  }

  @Test
  public void should_treat_an_element_inside_a_display_none_ancestor_as_hidden() {
    DriverSession s = page("<div style=\"display: none\"><button id=\"go\">Go</button></div>");

    assertThat(s.test(Condition.Element.of(css("#go"), Condition.State.HIDDEN))).isTrue();
    assertThatThrownBy(() -> s.perform(click(css("#go")), shortTimeout()))
        .isInstanceOf(FlowTimeoutException.class);
  }

  @Test
  public void should_click_an_element_once_it_is_shown() {
    DriverSession s = page(STATUS + "<button id=\"go\" data-show-after=\"300\" data-on-click=\"text:#status=clicked\">Go</button>");

    s.perform(click(css("#go")), timeout());

    awaitText(s, "#status", "clicked");
  }

  @Test
  public void should_time_out_rather_than_click_a_disabled_button() {
    DriverSession s = page(STATUS + "<button id=\"go\" disabled data-on-click=\"text:#status=clicked\">Go</button>");

    FlowTimeoutException e = thrown(FlowTimeoutException.class, () -> s.perform(click(css("#go")), shortTimeout()));

    assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT);
    assertThat(e.getMessage()).contains("disabled");
    assertThat(text(s, "#status")).isEqualTo("idle");
  }

  @Test
  public void should_wait_for_a_button_enabled_later_then_click_it() {
    DriverSession s = page(STATUS
        + "<button id=\"arm\" data-on-click=\"enable:#go\" data-on-click-delay=\"300\">Arm</button>"
        + "<button id=\"go\" disabled data-on-click=\"text:#status=fired\">Go</button>");
    s.perform(click(css("#arm")), timeout());

    s.perform(click(css("#go")), timeout());

    awaitText(s, "#status", "fired");
  }

  // ================================================================== candidate kinds

  @Test
  public void should_match_test_ids() {
    DriverSession s = page("<button data-testid=\"save\">Save</button><button data-testid=\"save-all\">All</button>");

    assertThat(count(s, Candidate.testId("save"))).isEqualTo(1);
    assertThat(count(s, Candidate.testId("sav"))).isZero();
  }

  @Test
  public void should_match_test_ids_in_data_test_data_cy_and_data_qa() {
    DriverSession s = page("<b data-test=\"t1\">1</b><b data-cy=\"t2\">2</b><b data-qa=\"t3\">3</b>");

    assertThat(count(s, Candidate.testId("t1"))).isEqualTo(1);
    assertThat(count(s, Candidate.testId("t2"))).isEqualTo(1);
    assertThat(count(s, Candidate.testId("t3"))).isEqualTo(1);
  }

  @Test
  public void should_match_ids() {
    DriverSession s = page("<input id=\"email\" aria-label=\"E-mail\"><input id=\"email-2\" aria-label=\"Other\">");

    assertThat(count(s, Candidate.id("email"))).isEqualTo(1);
  }

  @Test
  public void should_match_roles_with_exact_accessible_names() {
    DriverSession s = page("<button>Save</button><button>Save draft</button><a href=\"/x\">Save</a>");

    assertThat(count(s, Candidate.role("button", "Save"))).isEqualTo(1);
    assertThat(count(s, Candidate.role("button", "Save draft"))).isEqualTo(1);
    assertThat(count(s, Candidate.role("link", "Save"))).isEqualTo(1);
    assertThat(count(s, Candidate.role("button", "save"))).isZero();
    assertThat(count(s, Candidate.role("button"))).isEqualTo(2);
  }

  @Test
  public void should_match_implicit_roles() {
    DriverSession s = page("<h2>Title</h2><img src=\"/logo.png\" alt=\"Logo\">"
        + "<input type=\"checkbox\" aria-label=\"Agree\"><input type=\"radio\" aria-label=\"One\">"
        + "<select aria-label=\"Color\"><option>Red</option></select><textarea aria-label=\"Notes\"></textarea>"
        + "<input type=\"email\" aria-label=\"Mail\"><input type=\"submit\" value=\"Send\">"
        + "<table aria-label=\"Data\"><tr><td>1</td></tr></table>");

    assertThat(count(s, Candidate.role("heading", "Title"))).isEqualTo(1);
    assertThat(count(s, Candidate.role("img", "Logo"))).isEqualTo(1);
    assertThat(count(s, Candidate.role("checkbox", "Agree"))).isEqualTo(1);
    assertThat(count(s, Candidate.role("radio", "One"))).isEqualTo(1);
    assertThat(count(s, Candidate.role("combobox", "Color"))).isEqualTo(1);
    assertThat(count(s, Candidate.role("textbox", "Notes"))).isEqualTo(1);
    assertThat(count(s, Candidate.role("textbox", "Mail"))).isEqualTo(1);
    assertThat(count(s, Candidate.role("button", "Send"))).isEqualTo(1);
    assertThat(count(s, Candidate.role("table", "Data"))).isEqualTo(1);
  }

  @Test
  public void should_name_form_controls_by_their_labels() {
    DriverSession s = page("<label for=\"user\">User name</label><input id=\"user\">"
        + "<label>Password <input type=\"password\"></label>");

    assertThat(count(s, Candidate.role("textbox", "User name"))).isEqualTo(1);
    assertThat(count(s, Candidate.role("textbox", "Password"))).isEqualTo(1);
  }

  @Test
  public void should_match_labels_by_for_wrapping_and_aria_label() {
    DriverSession s = page("<label for=\"a\">First</label><input id=\"a\">"
        + "<label>Second <input></label><input aria-label=\"Third\"><input aria-label=\"Third party\">");

    assertThat(count(s, Candidate.label("First"))).isEqualTo(1);
    assertThat(count(s, Candidate.label("Second"))).isEqualTo(1);
    assertThat(count(s, Candidate.label("Third"))).isEqualTo(1);
  }

  @Test
  public void should_match_placeholders_exactly() {
    DriverSession s = page("<input placeholder=\"Device ID\"><input placeholder=\"Device ID (old)\">");

    assertThat(count(s, Candidate.placeholder("Device ID"))).isEqualTo(1);
  }

  @Test
  public void should_match_text_on_the_innermost_element_only() {
    DriverSession s = page("<div id=\"outer\"><span id=\"inner\">Hello</span></div>");

    ReadResult r = s.read(target(Candidate.text("Hello")), Step.ReadKind.ATTRIBUTE, Optional.of("id"), timeout());

    assertThat(r.value()).isEqualTo("inner");
  }

  @Test
  public void should_match_text_after_whitespace_normalization_and_exactly() {
    DriverSession s = page("<p>  Hello \n   world  </p><p>Hello world, again</p>");

    assertThat(count(s, Candidate.text("Hello world"))).isEqualTo(1);
    assertThat(count(s, Candidate.text("Hello"))).isZero();
  }

  @Test
  public void should_match_a_css_subset() {
    DriverSession s = page("<form id=\"f\"><div class=\"row a\"><input name=\"q\" type=\"text\"></div>"
        + "<div class=\"row b\"><input name=\"qq\" type=\"search\"></div></form>"
        + "<ul><li>1</li><li class=\"x\">2</li><li>3</li></ul>");

    assertThat(count(s, Candidate.css("form .row"))).isEqualTo(2);
    assertThat(count(s, Candidate.css("#f > div.b > input"))).isEqualTo(1);
    assertThat(count(s, Candidate.css("input[name=q]"))).isEqualTo(1);
    assertThat(count(s, Candidate.css("input[name^=q]"))).isEqualTo(2);
    assertThat(count(s, Candidate.css("input[name$='qq']"))).isEqualTo(1);
    assertThat(count(s, Candidate.css("[class*=\"ow b\"]"))).isEqualTo(1);
    assertThat(count(s, Candidate.css("li:nth-child(2)"))).isEqualTo(1);
    assertThat(count(s, Candidate.css("li:not(.x)"))).isEqualTo(2);
    assertThat(count(s, Candidate.css("li.x, input"))).isEqualTo(3);
  }

  @Test
  public void should_match_an_xpath_subset() {
    DriverSession s = page("<div><span>a</span></div><div><span id=\"s\">b</span><span>c</span></div>");

    assertThat(count(s, Candidate.xpath("//span"))).isEqualTo(3);
    assertThat(count(s, Candidate.xpath("//span[@id='s']"))).isEqualTo(1);
    assertThat(count(s, Candidate.xpath("//*[text()='c']"))).isEqualTo(1);
    assertThat(count(s, Candidate.xpath("/html/body/div[2]/span[2]"))).isEqualTo(1);
  }

  // ================================================================== shadow DOM

  private static final String SHADOW = "<div id=\"host1\"><template shadowrootmode=\"open\">"
      + "<button class=\"inner\" data-testid=\"in1\">Inside one</button>"
      + "<label for=\"q\">Search</label><input id=\"q\" placeholder=\"Find\">"
      + "</template></div>"
      + "<div id=\"host2\"><template shadowrootmode=\"open\"><button class=\"inner\">Inside two</button></template></div>";

  @Test
  public void should_pierce_open_shadow_roots_with_every_candidate_kind_but_xpath() {
    DriverSession s = page(SHADOW);

    assertThat(count(s, Candidate.css(".inner"))).isEqualTo(2);
    assertThat(count(s, Candidate.css("#host1 .inner"))).isEqualTo(1);
    assertThat(count(s, Candidate.testId("in1"))).isEqualTo(1);
    assertThat(count(s, Candidate.role("button", "Inside one"))).isEqualTo(1);
    assertThat(count(s, Candidate.text("Inside two"))).isEqualTo(1);
    assertThat(count(s, Candidate.label("Search"))).isEqualTo(1);
    assertThat(count(s, Candidate.placeholder("Find"))).isEqualTo(1);
    assertThat(count(s, Candidate.xpath("//button"))).isZero();
  }

  @Test
  public void should_honour_the_shadow_path_of_a_target() {
    DriverSession s = page(SHADOW);

    Resolution r = s.resolve(css(".inner").inShadow("#host2"), timeout());

    assertThat(r.counts()).containsExactly(1);
    assertThat(text(s, css(".inner").inShadow("#host2"))).isEqualTo("Inside two");
  }

  @Test
  public void should_click_inside_a_shadow_root() {
    DriverSession s = page(STATUS + "<div id=\"host\"><template shadowrootmode=\"open\">"
        + "<button data-on-click=\"text:#status=shadow clicked\">Shadow button</button></template></div>");

    s.perform(click(target(Candidate.role("button", "Shadow button"))), timeout());

    awaitText(s, "#status", "shadow clicked");
  }

  // ================================================================== frames

  private Map<String, String> framePages() {
    Map<String, String> pages = new LinkedHashMap<>();
    pages.put("/frame", doc("Frame", "<button id=\"inframe\">In frame</button>"));
    pages.put("/outer", doc("Outer", "<p>outer</p><iframe id=\"inner\" src=\"/inner\"></iframe>"));
    pages.put("/inner", doc("Inner", "<button id=\"deep\">Deep</button>"));
    pages.put("/other", doc("Other", "<p id=\"other\">other page</p>"));
    return pages;
  }

  private DriverSession framed(String body) {
    return page(body, framePages());
  }

  @Test
  public void should_enter_a_frame_by_owner_css() {
    DriverSession s = framed("<iframe id=\"pay\" src=\"/frame\"></iframe>");

    s.enterFrame("iframe#pay", timeout());

    assertThat(s.resolve(css("#inframe"), timeout()).resolved()).isTrue();
    assertThat(s.state().framePath()).containsExactly("iframe#pay");
  }

  @Test
  public void should_enter_a_frame_by_selector_prefix() {
    DriverSession s = framed("<iframe id=\"pay\" src=\"/frame\"></iframe>");

    s.enterFrame("selector:#pay", timeout());

    assertThat(s.resolve(css("#inframe"), timeout()).resolved()).isTrue();
  }

  @Test
  public void should_enter_a_frame_by_url_glob() {
    DriverSession s = framed("<iframe src=\"/outer\"></iframe><iframe src=\"/frame\"></iframe>");

    s.enterFrame("url:**/frame", timeout());

    assertThat(s.resolve(css("#inframe"), timeout()).resolved()).isTrue();
  }

  @Test
  public void should_enter_a_frame_by_name() {
    DriverSession s = framed("<iframe name=\"payment\" src=\"/frame\"></iframe><iframe name=\"ads\" src=\"/outer\"></iframe>");

    s.enterFrame("name:payment", timeout());

    assertThat(s.resolve(css("#inframe"), timeout()).resolved()).isTrue();
  }

  @Test
  public void should_enter_nested_frames_one_after_the_other() {
    DriverSession s = framed("<iframe id=\"outer\" src=\"/outer\"></iframe>");

    s.enterFrame("iframe#outer", timeout());
    s.enterFrame("iframe#inner", timeout());

    assertThat(s.resolve(css("#deep"), timeout()).resolved()).isTrue();
    assertThat(s.state().framePath()).containsExactly("iframe#outer", "iframe#inner");
  }

  @Test
  public void should_honour_the_frame_path_of_a_target() {
    DriverSession s = framed("<iframe id=\"outer\" src=\"/outer\"></iframe>");

    Resolution r = s.resolve(css("#deep").inFrame("iframe#outer", "iframe#inner"), timeout());

    assertThat(r.resolved()).isTrue();
    assertThat(s.state().framePath()).isEmpty();
    assertThat(count(s, Candidate.css("#deep"))).isZero();
  }

  @Test
  public void should_fail_frame_not_found() {
    DriverSession s = framed("<iframe id=\"pay\" src=\"/frame\"></iframe>");

    FlowRunException e = thrown(FlowRunException.class, () -> s.enterFrame("iframe#nope", shortTimeout()));

    assertThat(e.code()).isEqualTo(ErrorCode.FRAME_NOT_FOUND);
  }

  @Test
  public void should_fail_frame_ambiguous_when_several_frames_match() {
    DriverSession s = framed("<iframe src=\"/frame\"></iframe><iframe src=\"/frame\"></iframe>");

    FlowRunException e = thrown(FlowRunException.class, () -> s.enterFrame("iframe", shortTimeout()));

    assertThat(e.code()).isEqualTo(ErrorCode.FRAME_AMBIGUOUS);
  }

  @Test
  public void should_fail_frame_owner_not_iframe_when_the_owner_is_another_element() {
    DriverSession s = framed("<div id=\"box\">not a frame</div>");

    FlowRunException e = thrown(FlowRunException.class, () -> s.enterFrame("#box", shortTimeout()));

    assertThat(e.code()).isEqualTo(ErrorCode.FRAME_OWNER_NOT_IFRAME);
  }

  @Test
  public void should_fail_a_target_whose_frame_path_does_not_resolve() {
    DriverSession s = framed("<p>no frames</p>");

    FlowRunException e = thrown(FlowRunException.class, () -> s.resolve(css("#inframe").inFrame("iframe#pay"), shortTimeout()));

    assertThat(e.code()).isEqualTo(ErrorCode.FRAME_NOT_FOUND);
  }

  @Test
  public void should_return_to_the_main_frame() {
    DriverSession s = framed("<p id=\"top\">top</p><iframe id=\"pay\" src=\"/frame\"></iframe>");
    s.enterFrame("iframe#pay", timeout());

    s.mainFrame();

    assertThat(s.state().framePath()).isEmpty();
    assertThat(s.resolve(css("#top"), timeout()).resolved()).isTrue();
  }

  @Test
  public void should_reset_the_frame_context_after_navigating() {
    DriverSession s = framed("<iframe id=\"pay\" src=\"/frame\"></iframe>");
    s.enterFrame("iframe#pay", timeout());

    s.navigate(url("/other"), timeout());

    assertThat(s.state().framePath()).isEmpty();
    assertThat(s.resolve(css("#other"), timeout()).resolved()).isTrue();
  }

  @Test
  public void should_reset_the_frame_context_after_switching_tabs() {
    DriverSession s = framed("<p id=\"top\">top</p><iframe id=\"pay\" src=\"/frame\"></iframe>");
    s.enterFrame("iframe#pay", timeout());
    s.newTab("second", Optional.empty(), timeout());

    s.switchTab("main");

    assertThat(s.state().framePath()).isEmpty();
    assertThat(s.resolve(css("#top"), timeout()).resolved()).isTrue();
  }

  @Test
  public void should_report_frame_context_lost_when_the_entered_frame_goes_away() {
    // 1.5 s: long enough for a loaded machine to enter the frame before it goes away
    DriverSession s = framed("<iframe id=\"pay\" src=\"/frame\" data-detach-after=\"1500\"></iframe>");
    s.enterFrame("iframe#pay", timeout());

    FlowRunException e = thrown(FlowRunException.class, () -> s.resolve(css("#never"), timeout()));

    assertThat(e.code()).isEqualTo(ErrorCode.FRAME_CONTEXT_LOST);
  }

  // ================================================================== tabs

  private Map<String, String> tabPages() {
    return Map.of("/report", doc("Report", "<h1 id=\"report\">Report</h1>"), "/b", doc("B", "<p id=\"b\">b</p>"));
  }

  @Test
  public void should_bind_a_popup_opened_by_a_link_to_the_click_new_tab_alias() {
    DriverSession s = page("<a href=\"/report\" target=\"_blank\">Open report</a>", tabPages());

    ActionResult r = s.perform(InteractionStep.Click.builder().id("c").target(target(Candidate.text("Open report")))
        .newTab("report").build(), timeout());

    assertThat(r.openedTab()).contains("report");
    assertThat(s.state().tabs()).containsExactly("main", "report");
    assertThat(s.state().tab()).isEqualTo("main");
    s.switchTab("report");
    s.await(Condition.Url.of("**/report"), timeout());
    assertThat(s.state().title()).isEqualTo("Report");
  }

  @Test
  public void should_bind_a_popup_opened_by_a_page_behaviour() {
    DriverSession s = page("<button data-on-click=\"popup:/report\">Report</button>", tabPages());

    ActionResult r = s.perform(InteractionStep.Click.builder().id("c").target(target(Candidate.role("button", "Report")))
        .newTab("rep").build(), timeout());

    assertThat(r.openedTab()).contains("rep");
    s.switchTab("rep");
    assertThat(s.resolve(css("#report"), timeout()).resolved()).isTrue();
  }

  @Test
  public void should_time_out_when_a_click_expected_to_open_a_tab_opens_none() {
    DriverSession s = page("<button>Nothing</button>", tabPages());

    FlowTimeoutException e = thrown(FlowTimeoutException.class, () -> s.perform(InteractionStep.Click.builder().id("c")
        .target(target(Candidate.role("button", "Nothing"))).newTab("x").build(), shortTimeout()));

    assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT);
    assertThat(s.state().tabs()).containsExactly("main");
  }

  @Test
  public void should_open_a_new_tab_and_make_it_current() {
    DriverSession s = page("<p>home</p>", tabPages());

    s.newTab("second", Optional.of(url("/b")), timeout());

    assertThat(s.state().tab()).isEqualTo("second");
    assertThat(s.state().url()).isEqualTo(url("/b"));
    assertThat(s.state().tabs()).containsExactly("main", "second");
  }

  @Test
  public void should_switch_between_tabs() {
    DriverSession s = page("<p id=\"home\">home</p>", tabPages());
    s.newTab("second", Optional.of(url("/b")), timeout());

    s.switchTab("main");

    assertThat(s.state().tab()).isEqualTo("main");
    assertThat(s.resolve(css("#home"), timeout()).resolved()).isTrue();
  }

  @Test
  public void should_fail_tab_not_found_for_an_unknown_alias() {
    DriverSession s = page("<p>home</p>");

    FlowRunException e = thrown(FlowRunException.class, () -> s.switchTab("nope"));

    assertThat(e.code()).isEqualTo(ErrorCode.TAB_NOT_FOUND);
  }

  @Test
  public void should_make_the_opener_current_after_closing_the_current_tab() {
    DriverSession s = page("<p>home</p>", tabPages());
    s.newTab("second", Optional.of(url("/b")), timeout());

    s.closeTab(Optional.empty());

    assertThat(s.state().tab()).isEqualTo("main");
    assertThat(s.state().tabs()).containsExactly("main");
  }

  @Test
  public void should_close_a_tab_by_alias_and_keep_the_current_one() {
    DriverSession s = page("<p>home</p>", tabPages());
    s.newTab("second", Optional.of(url("/b")), timeout());
    s.switchTab("main");

    s.closeTab(Optional.of("second"));

    assertThat(s.state().tab()).isEqualTo("main");
    assertThat(s.state().tabs()).containsExactly("main");
    assertThat(thrown(FlowRunException.class, () -> s.closeTab(Optional.of("second"))).code())
        .isEqualTo(ErrorCode.TAB_NOT_FOUND);
  }

  // ================================================================== interactions

  @Test
  public void should_fill_a_field_replacing_its_value() {
    DriverSession s = page("<input id=\"name\" value=\"old\" aria-label=\"Name\">");

    s.perform(InteractionStep.Fill.builder().id("f").target(target(Candidate.label("Name"))).value("Ada").build(), timeout());

    assertThat(value(s, "#name")).isEqualTo("Ada");
    assertThat(s.test(Condition.Value.of(css("#name"), "Ada"))).isTrue();
  }

  @Test
  public void should_fail_to_fill_an_element_that_is_not_a_field() {
    DriverSession s = page("<button id=\"b\">Button</button>");

    FlowRunException e = thrown(FlowRunException.class, () -> s.perform(InteractionStep.Fill.builder().id("f").target(css("#b"))
        .value("x").build(), shortTimeout()));

    assertThat(e.code()).isEqualTo(ErrorCode.ACTION_FAILED);
  }

  @Test
  public void should_type_text_at_the_end_of_a_field() {
    DriverSession s = page("<input id=\"q\" value=\"ab\" aria-label=\"Q\">");

    s.perform(InteractionStep.Type.builder().id("t").target(css("#q")).text("cd").build(), timeout());

    assertThat(value(s, "#q")).isEqualTo("abcd");
  }

  @Test
  public void should_press_a_character_key_into_a_field() {
    DriverSession s = page("<input id=\"q\" aria-label=\"Q\">");

    s.perform(InteractionStep.Press.builder().id("p").key("x").target(css("#q")).build(), timeout());

    assertThat(value(s, "#q")).isEqualTo("x");
  }

  @Test
  public void should_type_a_shifted_key_code_and_a_character_as_named() {
    DriverSession s = page("<input id=\"q\" aria-label=\"Q\">");

    s.perform(InteractionStep.Press.builder().id("p").key("c").addModifiers("Shift").target(css("#q")).build(), timeout());
    s.perform(InteractionStep.Press.builder().id("p2").key("KeyD").addModifiers("Shift").target(css("#q")).build(), timeout());

    assertThat(value(s, "#q")).isEqualTo("cD");
  }

  private static InteractionStep.Press key(String key, Step.KeyPhase phase) {
    return InteractionStep.Press.builder().id("k").key(key).phase(phase).build();
  }

  @Test
  public void should_type_a_key_going_down_and_fire_its_keyup_only_when_it_comes_up() {
    DriverSession s = page("<p id=\"log\">log:</p><input id=\"q\" aria-label=\"Q\" data-on-keyup=\"append:#log=k\">");

    s.perform(InteractionStep.Press.builder().id("d").key("x").phase(Step.KeyPhase.DOWN).target(css("#q")).build(), timeout());

    assertThat(value(s, "#q")).isEqualTo("x");
    assertThat(s.read(css("#log"), Step.ReadKind.TEXT, Optional.empty(), timeout()).value()).isEqualTo("log:");
    s.perform(key("x", Step.KeyPhase.UP), timeout());
    awaitText(s, "#log", "log:k");
  }

  @Test
  public void should_toggle_a_focused_check_box_when_a_held_space_comes_up() {
    DriverSession s = page("<input type=\"checkbox\" id=\"cb\" aria-label=\"Agree\">");
    Target cb = css("#cb");

    s.perform(InteractionStep.Press.builder().id("d").key(" ").phase(Step.KeyPhase.DOWN).target(cb).build(), timeout());

    assertThat(s.test(Condition.Element.of(cb, Condition.State.UNCHECKED))).isTrue();
    s.perform(key(" ", Step.KeyPhase.UP), timeout());
    assertThat(s.test(Condition.Element.of(cb, Condition.State.CHECKED))).isTrue();
  }

  @Test
  public void should_hold_a_modifier_down_for_the_keys_pressed_after_it() {
    // as in Playwright: a held Shift changes a key code (KeyA) and leaves a character named as typed (b)
    DriverSession s = page("<input id=\"q\" aria-label=\"Q\">");

    s.perform(InteractionStep.Press.builder().id("d").key("Shift").phase(Step.KeyPhase.DOWN).target(css("#q")).build(), timeout());
    s.perform(InteractionStep.Press.builder().id("p").key("KeyA").build(), timeout());
    s.perform(InteractionStep.Press.builder().id("p2").key("b").build(), timeout());
    s.perform(key("Shift", Step.KeyPhase.UP), timeout());
    s.perform(InteractionStep.Press.builder().id("p3").key("KeyC").build(), timeout());

    assertThat(value(s, "#q")).isEqualTo("Abc");
  }

  @Test
  public void should_submit_a_form_when_enter_is_pressed_in_its_field() {
    DriverSession s = page("<form action=\"/search\"><input name=\"q\" aria-label=\"Query\"></form>",
        Map.of("/search", doc("Results", "<h1>Results</h1>")));
    s.perform(InteractionStep.Fill.builder().id("f").target(target(Candidate.label("Query"))).value("shoes").build(), timeout());

    s.perform(InteractionStep.Press.builder().id("p").key("Enter").target(target(Candidate.label("Query"))).build(), timeout());

    s.await(Condition.Url.of("**/search?q=shoes"), timeout());
    s.await(Condition.Title.of("Results"), timeout());
  }

  @Test
  public void should_select_an_option_by_value() {
    DriverSession s = page("<select id=\"c\" aria-label=\"Color\"><option value=\"r\">Red</option>"
        + "<option value=\"g\">Green</option></select>");

    s.perform(InteractionStep.Select.builder().id("s").target(css("#c")).value("g").build(), timeout());

    assertThat(value(s, "#c")).isEqualTo("g");
  }

  @Test
  public void should_select_an_option_by_label() {
    DriverSession s = page("<select id=\"c\" aria-label=\"Color\"><option value=\"r\">Red</option>"
        + "<option value=\"g\" selected>Green</option></select>");

    s.perform(InteractionStep.Select.builder().id("s").target(css("#c")).label("Red").build(), timeout());

    assertThat(value(s, "#c")).isEqualTo("r");
  }

  @Test
  public void should_time_out_selecting_an_option_that_does_not_exist() {
    DriverSession s = page("<select id=\"c\" aria-label=\"Color\"><option value=\"r\">Red</option></select>");

    FlowRunException e = thrown(FlowRunException.class, () -> s.perform(InteractionStep.Select.builder().id("s").target(css("#c"))
        .value("blue").build(), shortTimeout()));

    assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT);
    assertThat(value(s, "#c")).isEqualTo("r");
  }

  @Test
  public void should_check_uncheck_and_toggle_a_checkbox() {
    DriverSession s = page("<input type=\"checkbox\" id=\"cb\" aria-label=\"Agree\">");
    Target cb = css("#cb");

    s.perform(InteractionStep.Check.builder().id("c").target(cb).build(), timeout());
    assertThat(s.test(Condition.Element.of(cb, Condition.State.CHECKED))).isTrue();
    s.perform(InteractionStep.Check.builder().id("c2").target(cb).build(), timeout());
    assertThat(s.test(Condition.Element.of(cb, Condition.State.CHECKED))).isTrue();
    s.perform(InteractionStep.Uncheck.builder().id("u").target(cb).build(), timeout());
    assertThat(s.test(Condition.Element.of(cb, Condition.State.UNCHECKED))).isTrue();
    s.perform(InteractionStep.Toggle.builder().id("t").target(cb).build(), timeout());
    assertThat(s.test(Condition.Element.of(cb, Condition.State.CHECKED))).isTrue();
  }

  @Test
  public void should_uncheck_the_other_radios_of_a_group_when_checking_one() {
    DriverSession s = page("<input type=\"radio\" name=\"size\" id=\"s\" checked aria-label=\"S\">"
        + "<input type=\"radio\" name=\"size\" id=\"m\" aria-label=\"M\">");

    s.perform(InteractionStep.Check.builder().id("c").target(css("#m")).build(), timeout());

    assertThat(s.test(Condition.Element.of(css("#m"), Condition.State.CHECKED))).isTrue();
    assertThat(s.test(Condition.Element.of(css("#s"), Condition.State.UNCHECKED))).isTrue();
  }

  @Test
  public void should_fail_to_uncheck_a_radio_button() {
    DriverSession s = page("<input type=\"radio\" name=\"size\" id=\"s\" checked aria-label=\"S\">");

    FlowRunException e = thrown(FlowRunException.class, () -> s.perform(InteractionStep.Uncheck.builder().id("u").target(css("#s")).build(),
        shortTimeout()));

    assertThat(e.code()).isEqualTo(ErrorCode.ACTION_FAILED);
  }

  @Test
  public void should_fail_to_check_an_element_that_is_not_checkable() {
    DriverSession s = page("<button id=\"b\">Button</button>");

    FlowRunException e = thrown(FlowRunException.class, () -> s.perform(InteractionStep.Check.builder().id("c").target(css("#b")).build(),
        shortTimeout()));

    assertThat(e.code()).isEqualTo(ErrorCode.ACTION_FAILED);
  }

  @Test
  public void should_toggle_a_checkbox_by_clicking_its_label() {
    DriverSession s = page("<label><input type=\"checkbox\" id=\"agree\"> I agree</label>");

    s.perform(click(target(Candidate.text("I agree"))), timeout());

    assertThat(s.test(Condition.Element.of(css("#agree"), Condition.State.CHECKED))).isTrue();
  }

  @Test
  public void should_hover_an_element() {
    DriverSession s = page("<button data-on-hover=\"show:#tip\">Help</button><span id=\"tip\" hidden>Tip text</span>");

    s.perform(InteractionStep.Hover.builder().id("h").target(target(Candidate.role("button", "Help"))).build(), timeout());

    s.await(Condition.Element.of(css("#tip"), Condition.State.VISIBLE), timeout());
  }

  @Test
  public void should_press_release_move_and_leave_with_the_mouse() {
    DriverSession s = page("<p id=\"log\">-</p><p id=\"where\">-</p>"
        + "<div id=\"knob\" data-on-mousedown=\"text:#log=pressed\" data-on-mouseup=\"text:#log=released\""
        + " style=\"width:120px;height:40px;margin-top:60px\">knob</div>"
        + "<div id=\"zone\" data-on-hover=\"text:#where=inside\" data-on-mouseout=\"text:#where=outside\""
        + " style=\"width:120px;height:40px;margin-top:30px\">zone</div><div style=\"height:40px\"></div>");

    s.perform(mouse(Step.MouseAction.DOWN, "#knob"), timeout());
    s.await(Condition.Text.of(css("#log"), "pressed", Condition.Match.EQUALS), timeout());
    s.perform(mouse(Step.MouseAction.UP, "#knob"), timeout());
    s.await(Condition.Text.of(css("#log"), "released", Condition.Match.EQUALS), timeout());
    s.perform(mouse(Step.MouseAction.MOVE, "#zone"), timeout());
    s.await(Condition.Text.of(css("#where"), "inside", Condition.Match.EQUALS), timeout());
    s.perform(mouse(Step.MouseAction.OUT, "#zone"), timeout());
    s.await(Condition.Text.of(css("#where"), "outside", Condition.Match.EQUALS), timeout());
  }

  @Test
  public void should_click_with_the_mouse_and_count_a_press_and_release_on_one_element_as_a_click() {
    DriverSession s = page("<p id=\"log\"></p><button id=\"once\" data-on-click=\"append:#log=1\">Once</button>"
        + "<button id=\"twice\" data-on-dblclick=\"append:#log=2\">Twice</button>"
        + "<button id=\"held\" data-on-click=\"append:#log=3\">Held</button>");

    s.perform(mouse(Step.MouseAction.CLICK, "#once"), timeout());
    s.perform(mouse(Step.MouseAction.DBLCLICK, "#twice"), timeout());
    s.perform(mouse(Step.MouseAction.DOWN, "#held"), timeout());
    s.perform(mouse(Step.MouseAction.UP, "#held"), timeout());

    s.await(Condition.Text.of(css("#log"), "123", Condition.Match.EQUALS), timeout());
  }

  @Test
  public void should_fail_a_mouse_step_on_an_element_that_is_not_shown() {
    DriverSession s = page("<div id=\"knob\" hidden>knob</div>");

    assertThatThrownBy(() -> s.perform(mouse(Step.MouseAction.DOWN, "#knob"), shortTimeout()))
        .isInstanceOf(FlowRunException.class);
  }

  private static InteractionStep.Mouse mouse(Step.MouseAction action, String css) {
    return InteractionStep.Mouse.builder().id("m").action(action).target(target(Candidate.css(css))).build();
  }

  @Test
  public void should_double_click_an_element() {
    DriverSession s = page(STATUS + "<button data-on-dblclick=\"text:#status=double\">Twice</button>");

    s.perform(InteractionStep.Dblclick.builder().id("d").target(target(Candidate.text("Twice"))).build(), timeout());

    awaitText(s, "#status", "double");
  }

  @Test
  public void should_open_the_context_menu_of_an_element() {
    DriverSession s = page(STATUS + "<div id=\"row\" data-on-contextmenu=\"text:#status=menu\">Row</div>");

    s.perform(InteractionStep.Contextmenu.builder().id("m").target(css("#row")).build(), timeout());

    awaitText(s, "#status", "menu");
  }

  @Test
  public void should_right_click_without_a_click_event() {
    DriverSession s = page(STATUS + "<div id=\"row\" data-on-click=\"text:#status=left\""
        + " data-on-contextmenu=\"text:#status=right\">Row</div>");

    s.perform(InteractionStep.Click.builder().id("c").target(css("#row")).button(Step.MouseButton.RIGHT).build(), timeout());

    awaitText(s, "#status", "right");
  }

  @Test
  public void should_drag_an_element_onto_another() {
    DriverSession s = page(STATUS + "<div id=\"card\" draggable=\"true\">Card</div>"
        + "<div id=\"zone\" data-on-drop=\"text:#status=dropped\" style=\"padding: 20px\">Drop zone</div>");

    s.perform(InteractionStep.Drag.builder().id("d").source(css("#card")).destination(css("#zone")).build(), timeout());

    awaitText(s, "#status", "dropped");
  }

  @Test
  public void should_scroll_the_page_and_an_element_into_view() {
    DriverSession s = page("<div style=\"height: 3000px\">tall</div><button id=\"end\">End</button>");

    assertThat(s.perform(InteractionStep.Scroll.builder().id("s").y(500).build(), timeout()).resolution()).isEmpty();
    ActionResult r = s.perform(InteractionStep.Scroll.builder().id("s2").mode(Step.ScrollMode.INTO_VIEW).target(css("#end")).build(),
        timeout());

    assertThat(r.resolution()).hasValueSatisfying(res -> assertThat(res.resolved()).isTrue());
  }

  @Test
  public void should_upload_a_file() throws IOException {
    Path file = Files.writeString(tempDir.resolve("a.txt"), "hello");
    DriverSession s = page("<input type=\"file\" id=\"f\" aria-label=\"Attachment\">");

    s.perform(InteractionStep.Upload.builder().id("u").target(css("#f")).addFiles(file.toString()).build(), timeout());

    s.await(Condition.Value.of(css("#f"), "C:\\fakepath\\a.txt"), timeout());
  }

  @Test
  public void should_follow_a_relative_link() {
    DriverSession s = page("<a href=\"other\">Other</a>", Map.of("/other", doc("Other", "<p>other</p>")));

    s.perform(click(target(Candidate.role("link", "Other"))), timeout());

    s.await(Condition.Url.of(url("/other")), timeout());
    assertThat(s.state().title()).isEqualTo("Other");
  }

  // ================================================================== change (as Chrome Recorder replays it)

  private static final String KEY_LOG = "<p id=\"log\">log:</p>\n";

  private static InteractionStep.Change change(Target t, String value) {
    return InteractionStep.Change.builder().id("change").target(t).value(value).build();
  }

  @Test
  public void should_change_an_empty_text_field_by_typing_every_key() {
    DriverSession s = page(KEY_LOG + "<input id=\"q\" aria-label=\"Q\" data-on-keyup=\"append:#log=k\">");

    s.perform(change(css("#q"), "abc"), timeout());

    assertThat(value(s, "#q")).isEqualTo("abc");
    awaitText(s, "#log", "log:kkk");
  }

  @Test
  public void should_change_a_field_holding_a_prefix_by_typing_only_the_rest() {
    DriverSession s = page(KEY_LOG + "<input id=\"q\" value=\"ab\" aria-label=\"Q\" data-on-keyup=\"append:#log=k\">");

    s.perform(change(css("#q"), "abcd"), timeout());

    assertThat(value(s, "#q")).isEqualTo("abcd");
    awaitText(s, "#log", "log:kk");
  }

  @Test
  public void should_change_a_field_holding_other_text_by_retyping_it_all() {
    DriverSession s = page(KEY_LOG + "<textarea id=\"t\" aria-label=\"T\" data-on-keyup=\"append:#log=k\">xyz</textarea>");

    s.perform(change(css("#t"), "ab"), timeout());

    assertThat(value(s, "#t")).isEqualTo("ab");
    awaitText(s, "#log", "log:kk");
  }

  @Test
  public void should_leave_a_field_already_holding_the_value_alone() {
    DriverSession s = page(KEY_LOG + STATUS + "<input id=\"q\" value=\"same\" aria-label=\"Q\" "
        + "data-on-keyup=\"append:#log=k\" data-on-input=\"text:#status=input\">");

    s.perform(change(css("#q"), "same"), timeout());

    assertThat(value(s, "#q")).isEqualTo("same");
    assertThat(text(s, "#log")).isEqualTo("log:");
    assertThat(text(s, "#status")).isEqualTo("idle");
  }

  @Test
  public void should_set_a_value_of_a_hundred_characters_or_more_without_typing() {
    String longValue = "x".repeat(100);
    DriverSession s = page(KEY_LOG + STATUS + "<input id=\"q\" aria-label=\"Q\" data-on-keyup=\"append:#log=k\" "
        + "data-on-change=\"text:#status=changed\">");

    s.perform(change(css("#q"), longValue), timeout());

    assertThat(value(s, "#q")).isEqualTo(longValue);
    awaitText(s, "#status", "changed");
    assertThat(text(s, "#log")).isEqualTo("log:");
  }

  @Test
  public void should_change_a_select_to_the_option_with_that_value() {
    DriverSession s = page(STATUS + "<select id=\"c\" aria-label=\"Color\" data-on-change=\"text:#status=changed\">"
        + "<option value=\"r\">Red</option><option value=\"g\">Green</option></select>");

    ActionResult r = s.perform(change(css("#c"), "g"), timeout());

    assertThat(value(s, "#c")).isEqualTo("g");
    awaitText(s, "#status", "changed");
    assertThat(r.resolution().orElseThrow().counts()).containsExactly(1);
  }

  @Test
  public void should_change_color_and_date_inputs_by_setting_their_value_with_events() {
    DriverSession s = page(STATUS + "<input type=\"color\" id=\"col\" value=\"#000000\" aria-label=\"Colour\" "
        + "data-on-input=\"text:#status=colour input\">"
        + "<input type=\"date\" id=\"day\" aria-label=\"Day\" data-on-change=\"text:#status=day changed\">");

    s.perform(change(css("#col"), "#ff0000"), timeout());
    assertThat(value(s, "#col")).isEqualTo("#ff0000");
    awaitText(s, "#status", "colour input");

    s.perform(change(css("#day"), "2024-05-06"), timeout());
    assertThat(value(s, "#day")).isEqualTo("2024-05-06");
    awaitText(s, "#status", "day changed");
  }

  @Test
  public void should_change_a_checkbox_to_checked_for_a_value_and_unchecked_for_none() {
    DriverSession s = page("<input type=\"checkbox\" id=\"cb\" aria-label=\"Agree\">");
    Target cb = css("#cb");

    s.perform(change(cb, "on"), timeout());
    assertThat(s.test(Condition.Element.of(cb, Condition.State.CHECKED))).isTrue();
    s.perform(change(cb, "on"), timeout());
    assertThat(s.test(Condition.Element.of(cb, Condition.State.CHECKED))).isTrue();
    s.perform(change(cb, ""), timeout());
    assertThat(s.test(Condition.Element.of(cb, Condition.State.UNCHECKED))).isTrue();
  }

  @Test
  public void should_click_a_role_checkbox_whose_state_is_mixed_or_different() {
    DriverSession s = page(STATUS + "<div role=\"checkbox\" id=\"m\" aria-checked=\"mixed\" tabindex=\"0\" "
        + "data-on-click=\"text:#status=mixed clicked\">Some</div>"
        + "<div role=\"switch\" id=\"sw\" aria-checked=\"true\" tabindex=\"0\" "
        + "data-on-click=\"text:#status=switch clicked\">Wifi</div>");

    s.perform(change(css("#sw"), "yes"), timeout());
    assertThat(text(s, "#status")).isEqualTo("idle");
    s.perform(change(css("#m"), ""), timeout());
    awaitText(s, "#status", "mixed clicked");
    s.perform(change(css("#sw"), ""), timeout());
    awaitText(s, "#status", "switch clicked");
  }

  @Test
  public void should_fail_to_change_an_element_that_cannot_take_a_value() {
    DriverSession s = page("<div id=\"d\">Plain</div>");

    FlowRunException e = thrown(FlowRunException.class, () -> s.perform(change(css("#d"), "x"), shortTimeout()));

    assertThat(e.code()).isEqualTo(ErrorCode.ACTION_FAILED);
    assertThat(e.getMessage()).contains("change: <div> cannot take a value: not a select, text field, contenteditable, "
        + "checkable or other input");
    assertThat(e.details()).containsEntry(io.browserflow.api.FlowException.Details.ELEMENT, "div")
        .containsEntry(io.browserflow.api.FlowException.Details.INPUT_TYPE, "")
        .containsKey(io.browserflow.api.FlowException.Details.TARGET);
  }

  @Test
  public void should_change_a_contenteditable_element_by_typing() {
    DriverSession s = page(KEY_LOG + "<div id=\"ed\" contenteditable=\"true\" aria-label=\"Editor\" "
        + "data-on-keyup=\"append:#log=k\">Hel</div>");

    s.perform(change(css("#ed"), "Hello"), timeout());

    assertThat(text(s, "#ed")).isEqualTo("Hello");
    awaitText(s, "#log", "log:kk");
  }

  // ================================================================== aria and textContains candidates

  @Test
  public void should_match_an_accessible_name_of_any_role() {
    DriverSession s = page("<button id=\"save\">Save</button><a id=\"help\" href=\"/help\">Help</a>"
        + "<div id=\"dlg\" role=\"dialog\" aria-label=\"Settings\">Panel</div><button id=\"set\">Settings</button>"
        + "<button id=\"gone\" hidden>Save</button><span aria-hidden=\"true\"><button>Help</button></span>"
        + "<div id=\"tile\" aria-label=\"Launch\"></div><span id=\"lbl\">Start  now</span><div aria-labelledby=\"lbl\">x</div>"
        + "<div aria-label=\"Launch\" hidden></div>");

    assertThat(count(s, Candidate.aria("Launch"))).isEqualTo(1);
    assertThat(count(s, Candidate.aria("Start now"))).isEqualTo(1);
    assertThat(count(s, Candidate.aria("Save"))).isEqualTo(1);
    assertThat(count(s, Candidate.aria("Help"))).isEqualTo(1);
    assertThat(count(s, Candidate.aria("Settings"))).isEqualTo(2);
    assertThat(count(s, Candidate.aria("save"))).isZero();
    assertThat(s.read(target(Candidate.aria("Help")), Step.ReadKind.ATTRIBUTE, Optional.of("id"), timeout()).value())
        .isEqualTo("help");
    Resolution r = s.resolve(target(Candidate.aria("Settings"), Candidate.aria("Save")), timeout());
    assertThat(r.counts()).containsExactly(2, 1);
    assertThat(r.winner()).isEqualTo(1);
  }

  private static final String TEXTS = "<div id=\"outer\"><p id=\"p1\">Total: <b id=\"amount\">42 EUR</b></p></div>"
      + "<input id=\"code\" value=\"promo-XYZ\" aria-label=\"Code\">"
      + "<section id=\"sec\"><div id=\"host\"><template shadowrootmode=\"open\"><span id=\"inner\">Shadow greeting</span>"
      + "<slot></slot></template>Light words</div></section>"
      + "<span id=\"hid\" hidden>Invisible words</span><ul><li>Item</li><li>Item</li></ul>"
      + "<script>var note = 'Scripted words';</script>";

  private String idOf(DriverSession s, Candidate c) {
    return s.read(target(c), Step.ReadKind.ATTRIBUTE, Optional.of("id"), timeout()).value();
  }

  @Test
  public void should_match_the_deepest_elements_containing_a_text() {
    DriverSession s = page(TEXTS);

    assertThat(idOf(s, Candidate.textContains("42 EUR"))).isEqualTo("amount");
    assertThat(idOf(s, Candidate.textContains("Total: 42"))).isEqualTo("p1");
    assertThat(idOf(s, Candidate.textContains("Total"))).isEqualTo("p1");
    assertThat(count(s, Candidate.textContains("Item"))).isEqualTo(2);
    assertThat(count(s, Candidate.textContains("total"))).isZero();
  }

  @Test
  public void should_match_contained_text_in_values_shadow_roots_and_hidden_elements() {
    DriverSession s = page(TEXTS);

    assertThat(idOf(s, Candidate.textContains("promo-XYZ"))).isEqualTo("code");
    assertThat(idOf(s, Candidate.textContains("Shadow greeting"))).isEqualTo("inner");
    // the host is searched inside its shadow root only: its light text makes the nearest ancestor match
    assertThat(idOf(s, Candidate.textContains("Light words"))).isEqualTo("sec");
    assertThat(idOf(s, Candidate.textContains("Invisible words"))).isEqualTo("hid");
    assertThat(count(s, Candidate.textContains("Scripted words"))).isEqualTo(1);
    assertThat(s.read(target(Candidate.textContains("Scripted words")), Step.ReadKind.ATTRIBUTE, Optional.of("id"),
        timeout()).value()).isEmpty();

    s.perform(InteractionStep.Fill.builder().id("f").target(css("#code")).value("fresh-ABC").build(), timeout());

    assertThat(idOf(s, Candidate.textContains("fresh-ABC"))).isEqualTo("code");
    assertThat(count(s, Candidate.textContains("promo-XYZ"))).isZero();
  }

  // ================================================================== mouse buttons and hold time

  @Test
  public void should_move_in_history_with_the_back_and_forward_mouse_buttons() {
    String button = "<button id=\"b\" data-on-click=\"text:#status=clicked\">Button</button>";
    DriverSession s = page(STATUS + button, Map.of("/second", doc("Second", STATUS + button)));
    s.navigate(url("/second"), timeout());
    s.await(Condition.Title.of("Second"), timeout());

    ActionResult back = s.perform(InteractionStep.Click.builder().id("b").target(css("#b")).button(Step.MouseButton.BACK).build(),
        timeout());
    s.await(Condition.Title.of("Home"), timeout());
    assertThat(text(s, "#status")).isEqualTo("idle");
    ActionResult forward = s.perform(InteractionStep.Click.builder().id("f").target(css("#b"))
        .button(Step.MouseButton.FORWARD).build(), timeout());
    s.await(Condition.Title.of("Second"), timeout());

    assertThat(back.resolution().orElseThrow().counts()).containsExactly(1);
    assertThat(forward.resolution().orElseThrow().counts()).containsExactly(1);
    assertThat(text(s, "#status")).isEqualTo("idle");
  }

  @Test
  public void should_click_holding_the_button_for_the_delay() {
    DriverSession s = page(STATUS + "<button id=\"b\" data-on-click=\"text:#status=clicked\">Button</button>");

    s.perform(InteractionStep.Click.builder().id("c").target(css("#b")).delay(150).build(), timeout());

    awaitText(s, "#status", "clicked");
  }

  // ================================================================== reading and scraping

  @Test
  public void should_read_normalized_visible_text() {
    DriverSession s = page("<p id=\"p\">  Hello <span hidden>secret</span>\n   world </p>");

    assertThat(text(s, "#p")).isEqualTo("Hello world");
  }

  @Test
  public void should_read_values_and_attributes() {
    DriverSession s = page("<input id=\"i\" value=\"v1\" data-kind=\"k\" aria-label=\"I\"><textarea id=\"t\">notes</textarea>");

    assertThat(value(s, "#i")).isEqualTo("v1");
    assertThat(value(s, "#t")).isEqualTo("notes");
    assertThat(s.read(css("#i"), Step.ReadKind.ATTRIBUTE, Optional.of("data-kind"), timeout()).value()).isEqualTo("k");
    assertThat(s.read(css("#i"), Step.ReadKind.ATTRIBUTE, Optional.of("data-none"), timeout()).value()).isEmpty();
  }

  @Test
  public void should_report_how_a_read_target_resolved() {
    DriverSession s = page("<p id=\"p\">x</p>");

    ReadResult r = s.read(target(Candidate.testId("none"), Candidate.css("#p")), Step.ReadKind.TEXT, Optional.empty(),
        timeout());

    assertThat(r.resolution().winner()).isEqualTo(1);
  }

  @Test
  public void should_fail_to_read_the_value_of_an_element_that_has_none() {
    DriverSession s = page("<div id=\"d\">text</div>");

    FlowRunException e = thrown(FlowRunException.class, () -> s.read(css("#d"), Step.ReadKind.VALUE, Optional.empty(), shortTimeout()));

    assertThat(e.code()).isEqualTo(ErrorCode.ACTION_FAILED);
  }

  private static final String TABLE = "<table id=\"people\"><thead><tr><th>Name</th><th>Age</th></tr></thead>"
      + "<tbody><tr><td>Ada</td><td>36</td></tr><tr><td>Linus</td><td>28</td></tr>"
      + "<tr><td>Grace</td><td>45</td></tr></tbody></table>";

  @Test
  public void should_scrape_a_table_into_rows_keyed_by_header() {
    DriverSession s = page(TABLE);

    ScrapeResult r = s.scrape(css("#people"), Step.ScrapeMode.TABLE, List.of(), 100, timeout());

    assertThat(r.items()).containsExactly(Map.of("Name", "Ada", "Age", "36"), Map.of("Name", "Linus", "Age", "28"),
        Map.of("Name", "Grace", "Age", "45"));
    assertThat(r.resolution().resolved()).isTrue();
  }

  @Test
  public void should_stop_scraping_at_the_limit() {
    DriverSession s = page(TABLE);

    ScrapeResult r = s.scrape(css("#people"), Step.ScrapeMode.TABLE, List.of(), 2, timeout());

    assertThat(r.items()).hasSize(2);
  }

  @Test
  public void should_scrape_links_with_absolute_hrefs() {
    DriverSession s = page("<nav id=\"menu\"><a href=\"/a\">First</a> <a href=\"b\">Second</a> <span>none</span></nav>");

    ScrapeResult r = s.scrape(css("#menu"), Step.ScrapeMode.LINKS, List.of(), 10, timeout());

    assertThat(r.items()).containsExactly(Map.of("text", "First", "href", url("/a")),
        Map.of("text", "Second", "href", url("/b")));
  }

  @Test
  public void should_scrape_attributes_of_every_element_the_first_candidate_matches() {
    DriverSession s = page("<ul><li class=\"item\" data-sku=\"1\" data-price=\"10\">A</li>"
        + "<li class=\"item\" data-sku=\"2\">B</li><li class=\"item\" data-sku=\"3\" data-price=\"30\">C</li></ul>");

    ScrapeResult r = s.scrape(target(Candidate.css(".item"), Candidate.css("#unused")), Step.ScrapeMode.ATTRIBUTES,
        List.of("data-sku", "data-price"), 2, timeout());

    assertThat(r.items()).containsExactly(Map.of("data-sku", "1", "data-price", "10"),
        Map.of("data-sku", "2", "data-price", ""));
    assertThat(r.resolution().counts().get(0)).isEqualTo(3);
  }

  @Test
  public void should_fail_to_scrape_attributes_when_nothing_matches() {
    DriverSession s = page("<p>empty</p>");

    FlowRunException e = thrown(FlowRunException.class, () -> s.scrape(css(".item"), Step.ScrapeMode.ATTRIBUTES, List.of("id"), 10,
        shortTimeout()));

    assertThat(e.code()).isEqualTo(ErrorCode.TARGET_NOT_FOUND);
  }

  // ================================================================== conditions

  @Test
  public void should_test_url_globs() {
    DriverSession s = page("<p>x</p>", Map.of("/a/b/login", doc("Login", "<p>login</p>")));
    s.navigate(url("/a/b/login"), timeout());

    assertThat(s.test(Condition.Url.of("**/login"))).isTrue();
    assertThat(s.test(Condition.Url.of(url("/a/*/login")))).isTrue();
    assertThat(s.test(Condition.Url.of(url("/*/login")))).isFalse();
    assertThat(s.test(Condition.Url.of("**/logout"))).isFalse();
  }

  @Test
  public void should_test_title_globs() {
    DriverSession s = start(Map.of("/", doc("Order 42 - Shop", "<p>x</p>")));
    s.open(url("/"), timeout());

    assertThat(s.test(Condition.Title.of("Order * - Shop"))).isTrue();
    assertThat(s.test(Condition.Title.of("Cart*"))).isFalse();
  }

  @Test
  public void should_test_element_states() {
    DriverSession s = page("<button id=\"on\">On</button><button id=\"off\" disabled>Off</button>"
        + "<p id=\"gone\" hidden>gone</p><input type=\"checkbox\" id=\"cb\" checked aria-label=\"C\">");

    assertThat(s.test(Condition.Element.of(css("#on"), Condition.State.EXISTS))).isTrue();
    assertThat(s.test(Condition.Element.of(css("#on"), Condition.State.VISIBLE))).isTrue();
    assertThat(s.test(Condition.Element.of(css("#on"), Condition.State.ENABLED))).isTrue();
    assertThat(s.test(Condition.Element.of(css("#off"), Condition.State.DISABLED))).isTrue();
    assertThat(s.test(Condition.Element.of(css("#off"), Condition.State.ENABLED))).isFalse();
    assertThat(s.test(Condition.Element.of(css("#gone"), Condition.State.HIDDEN))).isTrue();
    assertThat(s.test(Condition.Element.of(css("#gone"), Condition.State.VISIBLE))).isFalse();
    assertThat(s.test(Condition.Element.of(css("#gone"), Condition.State.EXISTS))).isTrue();
    assertThat(s.test(Condition.Element.of(css("#cb"), Condition.State.CHECKED))).isTrue();
    assertThat(s.test(Condition.Element.of(css("#cb"), Condition.State.UNCHECKED))).isFalse();
  }

  @Test
  public void should_test_editable_as_enabled_and_not_read_only() {
    DriverSession s = page("<input id=\"name\" aria-label=\"Name\"><input id=\"code\" readonly aria-label=\"Code\">"
        + "<textarea id=\"off\" disabled aria-label=\"Off\"></textarea><fieldset disabled><input id=\"inner\" aria-label=\"Inner\">"
        + "</fieldset><select id=\"size\" aria-label=\"Size\"><option>S</option></select>"
        + "<div id=\"notes\" contenteditable=\"true\">notes</div><div id=\"fixed\" contenteditable=\"false\">fixed</div>"
        + "<div id=\"box\" role=\"textbox\" aria-readonly=\"true\">box</div><p id=\"text\">text</p>");

    for (String editable : List.of("#name", "#size", "#notes")) {
      assertThat(s.test(Condition.Element.of(css(editable), Condition.State.EDITABLE))).as(editable).isTrue();
      assertThat(s.test(Condition.Element.of(css(editable), Condition.State.NOT_EDITABLE))).as(editable).isFalse();
    }
    for (String fixed : List.of("#code", "#off", "#inner", "#fixed", "#box", "#text")) {
      assertThat(s.test(Condition.Element.of(css(fixed), Condition.State.NOT_EDITABLE))).as(fixed).isTrue();
      assertThat(s.test(Condition.Element.of(css(fixed), Condition.State.EDITABLE))).as(fixed).isFalse();
    }
    assertThat(s.test(Condition.Element.of(css("#none"), Condition.State.NOT_EDITABLE))).as("absent").isFalse();
  }

  @Test
  public void should_treat_an_absent_element_as_hidden_and_not_existing() {
    DriverSession s = page("<p>x</p>");

    assertThat(s.test(Condition.Element.of(css("#none"), Condition.State.HIDDEN))).isTrue();
    assertThat(s.test(Condition.Element.of(css("#none"), Condition.State.EXISTS))).isFalse();
  }

  @Test
  public void should_count_the_first_candidate_only() {
    DriverSession s = page("<li class=\"r\">1</li><li class=\"r\">2</li><li class=\"r\">3</li>");
    Target rows = target(Candidate.css(".r"), Candidate.css("li"));

    assertThat(s.test(Condition.Count.of(rows, Condition.Op.EQ, 3))).isTrue();
    assertThat(s.test(Condition.Count.of(rows, Condition.Op.GTE, 2))).isTrue();
    assertThat(s.test(Condition.Count.of(rows, Condition.Op.LT, 3))).isFalse();
    assertThat(s.test(Condition.Count.of(css(".none"), Condition.Op.EQ, 0))).isTrue();
  }

  @Test
  public void should_test_text_on_the_page_and_in_elements() {
    DriverSession s = page("<h1 id=\"h\">Order  42 confirmed</h1><p hidden>invisible words</p>");

    assertThat(s.test(Condition.Text.present("42 confirmed"))).isTrue();
    assertThat(s.test(Condition.Text.present("invisible words"))).isFalse();
    assertThat(s.test(Condition.Text.of(css("#h"), "Order 42 confirmed", Condition.Match.EQUALS))).isTrue();
    assertThat(s.test(Condition.Text.of(css("#h"), "Order 42", Condition.Match.EQUALS))).isFalse();
    assertThat(s.test(Condition.Text.of(css("#h"), "42", Condition.Match.CONTAINS))).isTrue();
    assertThat(s.test(Condition.Text.of(css("#h"), "Order * confirmed", Condition.Match.GLOB))).isTrue();
  }

  @Test
  public void should_test_values_and_attributes() {
    DriverSession s = page("<input id=\"i\" value=\"abc\" data-state=\"ready\" aria-label=\"I\">");

    assertThat(s.test(Condition.Value.of(css("#i"), "abc"))).isTrue();
    assertThat(s.test(Condition.Value.of(css("#i"), "ab"))).isFalse();
    assertThat(s.test(Condition.Attribute.of(css("#i"), "data-state", Optional.empty()))).isTrue();
    assertThat(s.test(Condition.Attribute.of(css("#i"), "data-state", Optional.of("ready")))).isTrue();
    assertThat(s.test(Condition.Attribute.of(css("#i"), "data-state", Optional.of("busy")))).isFalse();
    assertThat(s.test(Condition.Attribute.of(css("#i"), "data-none", Optional.empty()))).isFalse();
  }

  @Test
  public void should_report_completed_downloads() {
    DriverSession s = page("<button data-on-click=\"download:report.csv\">Export</button>");

    s.perform(click(target(Candidate.role("button", "Export"))), timeout());

    s.await(Condition.Download.of("*.csv"), timeout());
    assertThat(s.downloads()).hasSize(1);
    assertThat(s.downloads().get(0).suggestedName()).isEqualTo("report.csv");
    assertThat(s.downloads().get(0).path()).exists();
    assertThat(s.test(Condition.Download.of("*.pdf"))).isFalse();
  }

  @Test
  public void should_hold_the_load_condition_on_a_loaded_page() {
    DriverSession s = page("<p>x</p>");

    assertThat(s.test(Condition.Load.of(Condition.LoadState.LOAD))).isTrue();
  }

  @Test
  public void should_negate_a_condition() {
    DriverSession s = page("<p id=\"p\">x</p>");

    assertThat(s.test(Condition.Not.of(Condition.Element.of(css("#p"), Condition.State.HIDDEN)))).isTrue();
    assertThat(s.test(Condition.Not.of(Condition.Element.of(css("#p"), Condition.State.VISIBLE)))).isFalse();
  }

  @Test
  public void should_leave_var_conditions_to_the_engine() {
    DriverSession s = page("<p>x</p>");

    FlowRunException e = thrown(FlowRunException.class, () -> s.test(Condition.Var.truthy("${vars.x}")));

    assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_STEP);
  }

  @Test
  public void should_await_a_condition_that_becomes_true_later() {
    DriverSession s = page("<div id=\"panel\" data-show-after=\"1500\">Panel</div>");

    assertThat(s.test(Condition.Element.of(css("#panel"), Condition.State.VISIBLE))).isFalse();
    s.await(Condition.Element.of(css("#panel"), Condition.State.VISIBLE), timeout());
  }

  @Test
  public void should_await_an_element_that_goes_away() {
    DriverSession s = page("<div id=\"spinner\" data-detach-after=\"300\">Loading</div>");

    s.await(Condition.Element.of(css("#spinner"), Condition.State.HIDDEN), timeout());

    assertThat(s.test(Condition.Element.of(css("#spinner"), Condition.State.EXISTS))).isFalse();
  }

  @Test
  public void should_time_out_awaiting_a_condition_that_never_holds() {
    DriverSession s = page("<p id=\"p\">x</p>");

    FlowTimeoutException e = thrown(FlowTimeoutException.class, () -> s.await(Condition.Element.of(css("#never"), Condition.State.VISIBLE), shortTimeout()));

    assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT);
    assertThat(e.getMessage()).contains("#never");
  }

  // ================================================================== navigation and state

  private Map<String, String> historyPages() {
    return Map.of("/one", doc("One", "<p>one</p>"), "/two", doc("Two", "<p>two</p>"));
  }

  @Test
  public void should_go_back_and_forward() {
    DriverSession s = start(historyPages());
    s.open(url("/one"), timeout());
    s.navigate(url("/two"), timeout());

    s.back(timeout());
    assertThat(s.state().url()).isEqualTo(url("/one"));
    s.forward(timeout());
    assertThat(s.state().url()).isEqualTo(url("/two"));
  }

  @Test
  public void should_reload_the_page_fresh() {
    DriverSession s = page(STATUS + "<button data-on-click=\"text:#status=clicked\">Go</button>");
    s.perform(click(target(Candidate.role("button", "Go"))), timeout());
    awaitText(s, "#status", "clicked");

    s.reload(timeout());

    awaitText(s, "#status", "idle");
    assertThat(s.state().url()).isEqualTo(url("/"));
  }

  @Test
  public void should_describe_the_session_state() {
    DriverSession s = page("<p>x</p>");

    PageState state = s.state();

    assertThat(state.tab()).isEqualTo("main");
    assertThat(state.url()).isEqualTo(url("/"));
    assertThat(state.title()).isEqualTo("Home");
    assertThat(state.framePath()).isEmpty();
    assertThat(state.tabs()).containsExactly("main");
  }

  @Test
  public void should_navigate_when_a_behaviour_says_so() {
    DriverSession s = page("<button data-on-click=\"navigate:/two\">Next</button>", historyPages());

    s.perform(click(target(Candidate.role("button", "Next"))), timeout());

    s.await(Condition.Url.of("**/two"), timeout());
    s.await(Condition.Title.of("Two"), timeout());
  }

  // ================================================================== screenshots and network

  @Test
  public void should_write_a_png_screenshot() throws IOException {
    DriverSession s = page("<p id=\"p\">x</p>");
    Path file = tempDir.resolve("shots").resolve("page.png");

    Path written = s.screenshot(ScreenshotRequest.builder().file(file).build());

    assertThat(written).exists();
    byte[] bytes = Files.readAllBytes(written);
    assertThat(bytes).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
  }

  @Test
  public void should_take_a_screenshot_of_an_element_with_masks() {
    DriverSession s = page("<p id=\"p\">x</p><input id=\"secret\" type=\"password\" aria-label=\"Secret\">");
    Path file = tempDir.resolve("element.png");

    Path written = s.screenshot(ScreenshotRequest.builder().file(file).target(css("#p")).addMask(css("#secret")).build());

    assertThat(written).exists();
  }

  @Test
  public void should_block_and_report_a_navigation_outside_the_allowed_origins() {
    URI home = URI.create(url("/"));
    String origin = home.getScheme() + "://" + home.getAuthority();
    DriverSession s = start(Map.of("/", doc("Home", "<p>home</p>")), SessionOptions.builder().denyNetwork(true)
        .addAllowedOrigins(origin).artifactsDir(tempDir.resolve("artifacts")).build());
    s.open(url("/"), timeout());

    FlowRunException e = thrown(FlowRunException.class, () -> s.navigate("http://blocked.invalid/page?token=1", shortTimeout()));

    assertThat(e.code()).isEqualTo(ErrorCode.NETWORK_ATTEMPT);
    assertThat(s.blockedRequests()).contains("http://blocked.invalid/page");
    assertThat(s.blockedRequests()).noneMatch(r -> r.contains("token"));
  }

  // ================================================================== network emulation

  @Test
  public void should_fail_to_open_a_page_while_offline_and_open_it_once_back_online() {
    DriverSession s = start(Map.of("/", doc("Home", "<p id=\"p\">home</p>"), "/next", doc("Next", "<p>next</p>")));
    s.open(url("/"), timeout());
    feature(s, EmulatesNetwork.class).emulateNetwork(true, java.util.OptionalInt.empty(), java.util.OptionalInt.empty(), java.util.OptionalInt.empty());

    FlowRunException e = thrown(FlowRunException.class, () -> s.navigate(url("/next"), shortTimeout()));

    assertThat(e.code()).isEqualTo(ErrorCode.ACTION_FAILED);
    assertThat(e.getMessage()).contains("ERR_INTERNET_DISCONNECTED");

    feature(s, EmulatesNetwork.class).emulateNetwork(false, java.util.OptionalInt.empty(), java.util.OptionalInt.empty(), java.util.OptionalInt.empty());
    s.navigate(url("/next"), timeout());

    assertThat(s.state().title()).isEqualTo("Next");
  }

  @Test
  public void should_keep_the_page_shown_readable_while_offline() {
    DriverSession s = start(Map.of("/", doc("Home", "<p id=\"p\">home</p>")));
    s.open(url("/"), timeout());

    feature(s, EmulatesNetwork.class).emulateNetwork(true, java.util.OptionalInt.empty(), java.util.OptionalInt.empty(), java.util.OptionalInt.empty());

    assertThat(s.read(css("#p"), Step.ReadKind.TEXT, Optional.empty(), timeout()).value()).isEqualTo("home");
    assertThat(s.state().title()).isEqualTo("Home");
  }

  @Test
  public void should_load_pages_when_throttled_or_refuse_throttling_as_unsupported() {
    DriverSession s = start(Map.of("/", doc("Home", "<p>home</p>"), "/next", doc("Next", "<p>next</p>")));
    s.open(url("/"), timeout());
    try {
      feature(s, EmulatesNetwork.class).emulateNetwork(false, java.util.OptionalInt.of(1_000_000), java.util.OptionalInt.of(500_000), java.util.OptionalInt.of(5));
    } catch (FlowRunException e) {
      assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_STEP);
      return;
    }

    s.navigate(url("/next"), timeout());
    assertThat(s.state().title()).isEqualTo("Next");

    feature(s, EmulatesNetwork.class).emulateNetwork(false, java.util.OptionalInt.empty(), java.util.OptionalInt.empty(), java.util.OptionalInt.empty());
    s.navigate(url("/"), timeout());
    assertThat(s.state().title()).isEqualTo("Home");
  }

  // ================================================================== native dialogs

  private static final String DIALOGS = "<p id=\"out\">none</p>"
      + "<button id=\"alert\" data-on-click=\"alert:Saved\">Alert</button>"
      + "<button id=\"confirm\" data-on-click=\"confirm:#out=Delete 3 orders?\">Confirm</button>"
      + "<button id=\"prompt\" data-on-click=\"prompt:#out=Your name?\">Prompt</button>"
      + "<button id=\"late\" data-on-click=\"alert:Later\" data-on-click-delay=\"300\">Late</button>";

  private static String text(DriverSession s, String css, Duration timeout) {
    return s.read(css(css), Step.ReadKind.TEXT, Optional.empty(), timeout).value();
  }

  @Test
  public void should_answer_an_armed_confirm_with_ok_or_cancel_inside_the_action() {
    DriverSession s = page(DIALOGS, Map.of());

    feature(s, AnswersDialogs.class).armDialogs(List.of(io.browserflow.api.Dialog.confirm("Delete 3 orders?").accept()));
    s.perform(click(css("#confirm")), timeout());
    assertThat(feature(s, AnswersDialogs.class).settleDialogs(timeout())).containsExactly(
        new io.browserflow.engine.spi.SeenDialog(io.browserflow.api.Dialog.Type.CONFIRM, "Delete 3 orders?", true));
    assertThat(text(s, "#out", timeout())).isEqualTo("true");

    feature(s, AnswersDialogs.class).armDialogs(List.of(io.browserflow.api.Dialog.confirm("Delete 3 orders?").dismiss()));
    s.perform(click(css("#confirm")), timeout());
    assertThat(feature(s, AnswersDialogs.class).settleDialogs(timeout())).extracting(io.browserflow.engine.spi.SeenDialog::expected).containsExactly(true);
    assertThat(text(s, "#out", timeout())).isEqualTo("false");
  }

  @Test
  public void should_type_the_armed_answer_into_a_prompt_or_cancel_it() {
    DriverSession s = page(DIALOGS, Map.of());

    feature(s, AnswersDialogs.class).armDialogs(List.of(io.browserflow.api.Dialog.prompt("Your name?").answer("Ada")));
    s.perform(click(css("#prompt")), timeout());
    feature(s, AnswersDialogs.class).settleDialogs(timeout());
    assertThat(text(s, "#out", timeout())).isEqualTo("Ada");

    feature(s, AnswersDialogs.class).armDialogs(List.of(io.browserflow.api.Dialog.prompt("Your name?").dismiss()));
    s.perform(click(css("#prompt")), timeout());
    feature(s, AnswersDialogs.class).settleDialogs(timeout());
    assertThat(text(s, "#out", timeout())).isEqualTo("null");
  }

  @Test
  public void should_dismiss_and_report_a_dialog_nobody_armed_or_one_with_another_message() {
    DriverSession s = page(DIALOGS, Map.of());

    feature(s, AnswersDialogs.class).armDialogs(List.of());
    s.perform(click(css("#confirm")), timeout());
    assertThat(feature(s, AnswersDialogs.class).settleDialogs(Duration.ZERO)).containsExactly(
        new io.browserflow.engine.spi.SeenDialog(io.browserflow.api.Dialog.Type.CONFIRM, "Delete 3 orders?", false));
    assertThat(text(s, "#out", timeout())).as("dismissed: Cancel").isEqualTo("false");

    feature(s, AnswersDialogs.class).armDialogs(List.of(io.browserflow.api.Dialog.alert("Saved!")));
    s.perform(click(css("#alert")), timeout());
    assertThat(feature(s, AnswersDialogs.class).settleDialogs(shortTimeout())).containsExactly(
        new io.browserflow.engine.spi.SeenDialog(io.browserflow.api.Dialog.Type.ALERT, "Saved", false));
    assertThat(text(s, "#out", timeout())).as("the page goes on").isEqualTo("false");
  }

  @Test
  public void should_wait_for_an_armed_dialog_a_timer_opens_after_the_click() {
    DriverSession s = page(DIALOGS, Map.of());

    feature(s, AnswersDialogs.class).armDialogs(List.of(io.browserflow.api.Dialog.alert("Later")));
    s.perform(click(css("#late")), timeout());
    assertThat(feature(s, AnswersDialogs.class).settleDialogs(timeout())).extracting(io.browserflow.engine.spi.SeenDialog::message,
        io.browserflow.engine.spi.SeenDialog::expected).containsExactly(org.assertj.core.groups.Tuple.tuple("Later", true));

    feature(s, AnswersDialogs.class).armDialogs(List.of(io.browserflow.api.Dialog.alert("Never")));
    assertThat(feature(s, AnswersDialogs.class).settleDialogs(shortTimeout())).as("nothing opened it").isEmpty();
  }

  @Test
  public void should_stay_on_a_page_whose_beforeunload_is_dismissed_and_leave_when_accepted() {
    DriverSession s = page("<form data-beforeunload><input id=\"draft\" value=\"unsaved\"></form>"
        + "<button id=\"touch\" data-on-click=\"text:#draft=edited\">Edit</button>", Map.of("/next", doc("Next", "<p>next</p>")));
    s.perform(click(css("#touch")), timeout()); // a person's gesture: browsers ask only on pages a person used

    feature(s, AnswersDialogs.class).armDialogs(List.of(io.browserflow.api.Dialog.beforeUnload().dismiss()));
    try {
      s.navigate(url("/next"), shortTimeout());
    } catch (FlowRunException e) {
      // a browser may report the navigation it did not make
    }
    assertThat(feature(s, AnswersDialogs.class).settleDialogs(timeout())).extracting(io.browserflow.engine.spi.SeenDialog::type)
        .containsExactly(io.browserflow.api.Dialog.Type.BEFOREUNLOAD);
    assertThat(s.state().title()).isEqualTo("Home");

    feature(s, AnswersDialogs.class).armDialogs(List.of(io.browserflow.api.Dialog.beforeUnload()));
    s.navigate(url("/next"), timeout());
    assertThat(feature(s, AnswersDialogs.class).settleDialogs(timeout())).extracting(io.browserflow.engine.spi.SeenDialog::expected).containsExactly(true);
    assertThat(s.state().title()).isEqualTo("Next");
  }

  @Test
  public void should_keep_a_tab_whose_beforeunload_is_dismissed_on_close() {
    DriverSession s = page("<form data-beforeunload><input id=\"draft\"></form>"
        + "<button id=\"touch\" data-on-click=\"text:#draft=edited\">Edit</button>", Map.of());
    s.perform(click(css("#touch")), timeout());

    feature(s, AnswersDialogs.class).armDialogs(List.of(io.browserflow.api.Dialog.beforeUnload().dismiss()));
    s.closeTab(Optional.empty());
    assertThat(feature(s, AnswersDialogs.class).settleDialogs(timeout())).extracting(io.browserflow.engine.spi.SeenDialog::type)
        .containsExactly(io.browserflow.api.Dialog.Type.BEFOREUNLOAD);
    assertThat(s.state().tabs()).as("the tab stays").contains("main");
  }
}
