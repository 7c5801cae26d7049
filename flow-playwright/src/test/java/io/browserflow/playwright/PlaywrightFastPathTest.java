package io.browserflow.playwright;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.browserflow.api.Candidate;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowTimeoutException;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.ActionResult;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.TargetException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The fast paths of clicks and {@code change} steps on pages built to defeat them: what changes
 * after the check (an overlay, a move, a replaced element), what the check cannot decide (a running
 * animation, a transformed iframe, a pinch-zoomed viewport, an option or a field that is not there
 * yet). Each case shows the fallback taking over, by reason in {@link PlaywrightDriver#actionStats()},
 * and the page ending as Playwright's own action would leave it: the right element acted on once,
 * nothing else.
 */
@Tag("browser")
class PlaywrightFastPathTest extends ChromiumTest {
  /** Clicks per element id, counted by the page. */
  private static final String COUNTS = "<script>window.hits = {};"
      + "document.addEventListener('click', e => { const t = e.target.closest('[id]');"
      + " if (t) hits[t.id] = (hits[t.id] || 0) + 1; }, true);</script>";

  /**
   * Runs {@code change} synchronously the moment the fast check arms its click guard (the last thing
   * the check does, after its hit test): the page changes after the check and before the mouse.
   */
  private static String afterCheck(String change) {
    return "<script>{ const add = window.addEventListener; let done = false;"
        + " window.addEventListener = function (type, fn, capture) {"
        + "   if (!done && type === 'pointerdown' && capture === true) { done = true; (" + change + ")(); }"
        + "   return add.apply(this, arguments); }; }</script>";
  }

  private static final String BUTTON = "<button id='go' style='position:absolute;left:40px;top:40px;width:200px;height:60px'>Go</button>";

  private static InteractionStep.Click click(Target t) {
    return InteractionStep.Click.builder().id("click").target(t).build();
  }

  private static InteractionStep.Change change(Target t, String value) {
    return InteractionStep.Change.builder().id("change").target(t).value(value).build();
  }

  /** Two candidates, as recordings have them: the aria name first (the speculative path), then css. */
  private static Target recorded(String name, String css) {
    return Target.of(Candidate.aria(name), Candidate.css(css));
  }

  private static String hits(DriverSession s) {
    return s.eval("JSON.stringify(window.hits)", TIMEOUT);
  }

  private ActionStats since(ActionStats before) {
    return driver.actionStats().minus(before);
  }

  @Test
  void should_click_on_the_fast_path_when_nothing_is_in_the_way() {
    DriverSession s = showing("/plain", COUNTS + BUTTON);
    ActionStats before = driver.actionStats();

    s.perform(click(recorded("Go", "#go")), TIMEOUT);
    s.perform(click(css("#go")), TIMEOUT);

    assertThat(since(before).fast()).isEqualTo(2);
    assertThat(since(before).fellBack()).isZero();
    assertThat(hits(s)).isEqualTo("{\"go\":2}");
  }

  @Test
  void should_hand_a_click_that_may_navigate_to_playwright_which_waits_for_the_navigation() {
    server.page("/sent", page("Sent", "<p id='done'>sent</p>"));
    DriverSession s = showing("/form-post", "<form action='/sent'><input name='q' value='1'>"
        + "<button id='send'>Send</button></form><a id='go' href='/sent'>Go</a>");
    ActionStats before = driver.actionStats();

    s.perform(click(recorded("Send", "#send")), TIMEOUT);

    assertThat(since(before).fallbackReasons()).containsEntry("may-navigate", 1L);
    assertThat(s.currentUrl()).as("the submission committed before the step ended").endsWith("/sent?q=1");
  }

  @Test
  void should_hand_the_click_to_playwright_when_an_overlay_appears_after_the_check() {
    DriverSession s = showing("/overlay-late", COUNTS + BUTTON + "<div id='veil' style='display:none;position:fixed;"
        + "inset:0;background:rgba(0,0,0,.3)'></div>" + afterCheck("() => { const v = document.getElementById('veil');"
        + " v.style.display = 'block'; setTimeout(() => v.remove(), 300); }"));
    ActionStats before = driver.actionStats();

    s.perform(click(recorded("Go", "#go")), TIMEOUT);

    assertThat(since(before).fallbackReasons()).containsEntry("covered", 1L);
    assertThat(since(before).fast()).isZero();
    assertThat(hits(s)).as("the veil got no click (the guard stopped it), the button one, from Playwright")
        .isEqualTo("{\"go\":1}");
  }

  @Test
  void should_hand_the_click_to_playwright_when_the_element_moves_after_the_check() {
    DriverSession s = showing("/moves", COUNTS + BUTTON
        + afterCheck("() => { document.getElementById('go').style.left = '44px'; }"));
    ActionStats before = driver.actionStats();

    s.perform(click(css("#go")), TIMEOUT);

    assertThat(since(before).fallbackReasons()).containsEntry("moved", 1L);
    assertThat(hits(s)).isEqualTo("{\"go\":1}");
  }

  @Test
  void should_hand_the_click_to_playwright_when_the_element_is_replaced_after_the_check() {
    DriverSession s = showing("/replaced", COUNTS + BUTTON + "<p id='gen'>1</p>"
        + afterCheck("() => { const old = document.getElementById('go'); const b = old.cloneNode(true);"
        + " b.onclick = () => { document.getElementById('gen').textContent = '2'; }; old.replaceWith(b); }"));
    ActionStats before = driver.actionStats();

    s.perform(click(recorded("Go", "#go")), TIMEOUT);

    assertThat(since(before).fallbackReasons()).containsEntry("detached", 1L);
    assertThat(hits(s)).isEqualTo("{\"go\":1}");
    assertThat(s.eval("document.getElementById('gen').textContent", TIMEOUT)).as("the new button got the click").isEqualTo("2");
  }

  @Test
  void should_wait_for_a_running_animation_that_moves_the_element() {
    DriverSession s = showing("/animating", COUNTS + "<style>@keyframes slide { from { transform: translateX(300px) }"
        + " to { transform: none } } #go { animation: slide 1s linear 1 }</style>" + BUTTON);
    ActionStats before = driver.actionStats();

    s.perform(click(css("#go")), TIMEOUT);

    assertThat(since(before).fallbackReasons()).containsEntry("animating", 1L);
    assertThat(hits(s)).isEqualTo("{\"go\":1}");
  }

  @Test
  void should_click_through_playwright_in_a_transformed_iframe() {
    server.page("/inner", page("inner", COUNTS + "<button id='go'>Go</button>"));
    DriverSession s = showing("/transformed", "<iframe id='f' src='/inner' style='margin:60px;width:400px;height:200px;"
        + "transform:scale(.6) rotate(8deg)'></iframe>");
    ActionStats before = driver.actionStats();

    s.perform(click(recorded("Go", "#go").inFrame("#f")), TIMEOUT);

    assertThat(since(before).fallbackReasons()).containsEntry("in-frame", 1L);
    assertThat(s.eval("JSON.stringify(document.getElementById('f').contentWindow.hits)", TIMEOUT)).isEqualTo("{\"go\":1}");
  }

  @Test
  void should_click_through_playwright_in_a_pinch_zoomed_viewport() {
    DriverSession s = showing("/zoomed", COUNTS + BUTTON);
    com.google.gson.JsonObject scale = new com.google.gson.JsonObject();
    scale.addProperty("pageScaleFactor", 2);
    ((PlaywrightSession) s).withPage(p -> p.context().newCDPSession(p).send("Emulation.setPageScaleFactor", scale));
    assertThat(Double.parseDouble(s.eval("visualViewport.scale", TIMEOUT))).as("the viewport is zoomed").isEqualTo(2.0);
    ActionStats before = driver.actionStats();

    s.perform(click(css("#go")), TIMEOUT);

    assertThat(since(before).fallbackReasons()).containsEntry("zoomed", 1L);
    assertThat(hits(s)).isEqualTo("{\"go\":1}");
  }

  @Test
  void should_not_click_a_covered_element_at_all() {
    DriverSession s = showing("/covered", COUNTS + BUTTON + "<div id='veil' style='position:fixed;inset:0'></div>");
    ActionStats before = driver.actionStats();

    FlowTimeoutException e = catchThrowableOfType(FlowTimeoutException.class, () -> s.perform(click(css("#go")), SHORT));

    assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT);
    assertThat(since(before).fallbackReasons()).containsEntry("covered", 1L);
    assertThat(hits(s)).as("neither the veil nor the button").isEqualTo("{}");
  }

  @Test
  void should_report_an_ambiguous_first_candidate_after_counting_every_candidate() {
    DriverSession s = showing("/twice", COUNTS + "<button id='a'>Go</button><button id='b'>Go</button>");

    TargetException e = catchThrowableOfType(TargetException.class,
        () -> s.perform(click(recorded("Go", "button")), SHORT));

    assertThat(e.code()).isEqualTo(ErrorCode.TARGET_AMBIGUOUS);
    assertThat(e.resolution().counts()).containsExactly(2, 2);
    assertThat(hits(s)).isEqualTo("{}");
  }

  @Test
  void should_count_an_aria_name_on_an_element_whose_role_appeared_after_the_roles_were_seen() {
    DriverSession s = showing("/new-role", COUNTS + "<button id='a'>Go</button>");
    s.perform(click(recorded("Go", "#a")), TIMEOUT); // the frame's roles are now known: button, ...
    s.eval("document.body.insertAdjacentHTML('beforeend', \"<a id='l' href='#x'>Go</a>\")", TIMEOUT);

    TargetException e = catchThrowableOfType(TargetException.class,
        () -> s.perform(click(Target.of(Candidate.aria("Go"), Candidate.css("#missing"))), SHORT));

    assertThat(e.code()).as("the new link is counted: two elements are named Go").isEqualTo(ErrorCode.TARGET_AMBIGUOUS);
    assertThat(e.resolution().counts().get(0)).isEqualTo(2);
    assertThat(hits(s)).isEqualTo("{\"a\":1}");
  }

  @Test
  void should_wait_for_an_option_that_is_not_there_yet() {
    DriverSession s = showing("/late-option", "<select id='s' aria-label='Pick'><option value='a'>A</option></select>"
        + "<script>setTimeout(() => document.getElementById('s').add(new Option('B', 'b')), 1500);"
        + "window.changes = 0; document.getElementById('s').addEventListener('change', () => changes++);</script>");
    ActionStats before = driver.actionStats();

    s.perform(change(recorded("Pick", "#s"), "b"), TIMEOUT);

    assertThat(since(before).fallbackReasons()).containsEntry("no-option", 1L);
    assertThat(s.eval("document.getElementById('s').value + ' ' + changes", TIMEOUT)).isEqualTo("b 1");
  }

  @Test
  void should_select_type_and_check_on_the_fast_path_with_the_events_of_the_reference() {
    DriverSession s = showing("/form", "<input id='n' value='Ann' aria-label='Name'>"
        + "<select id='s' aria-label='Pick'><option value='a'>A</option><option value='b'>B</option></select>"
        + "<input type='checkbox' id='c' aria-label='Agree'>"
        + "<script>window.log = []; for (const t of ['keydown', 'input', 'change'])"
        + " document.addEventListener(t, e => log.push(t + ':' + e.target.id + (e.key ? ':' + e.key : '')), true);</script>");
    ActionStats before = driver.actionStats();

    s.perform(change(recorded("Name", "#n"), "Anna"), TIMEOUT); // continues the value: one key
    s.perform(change(recorded("Pick", "#s"), "b"), TIMEOUT);
    s.perform(change(recorded("Agree", "#c"), "on"), TIMEOUT);
    s.perform(change(recorded("Agree", "#c"), "on"), TIMEOUT); // already checked: no click

    // four changes, each on the fast path (the checkbox's first change is its fast click)
    assertThat(since(before).fast()).as(since(before).toString()).isEqualTo(4);
    assertThat(since(before).fellBack()).isZero();
    assertThat(s.eval("[n.value, s.value, c.checked].join(' ')", TIMEOUT)).isEqualTo("Anna b true");
    // the select is focused after its change, as the reference replayer does: the name field commits on leaving
    assertThat(s.eval("log.join(' ')", TIMEOUT)).isEqualTo(
        "keydown:n:a input:n input:s change:s change:n input:c change:c");
  }

  @Test
  void should_type_into_a_field_that_becomes_visible_after_playwright_waited() {
    DriverSession s = showing("/late-field", "<input id='n' style='display:none' aria-label='Name'>"
        + "<script>setTimeout(() => document.getElementById('n').style.display = '', 1500);</script>");
    ActionStats before = driver.actionStats();

    ActionResult r = s.perform(change(recorded("Name", "#n"), "Bo"), TIMEOUT);

    assertThat(r.resolution().get().winner()).as("hidden, the aria name matched nothing: css won").isEqualTo(1);
    assertThat(since(before).fallbackReasons()).containsEntry("hidden", 1L);
    assertThat(s.eval("document.getElementById('n').value", TIMEOUT)).isEqualTo("Bo");
  }

  @Test
  void should_keep_typing_keys_in_a_field_inside_a_frame() {
    server.page("/inner-field", page("inner", "<input id='n'>"));
    DriverSession s = showing("/frame-field", "<iframe id='f' src='/inner-field'></iframe>");
    ActionStats before = driver.actionStats();

    s.perform(change(css("#n").inFrame("#f"), "xy"), TIMEOUT);

    assertThat(since(before).fallbackReasons()).containsEntry("in-frame", 1L);
    assertThat(s.eval("document.getElementById('f').contentDocument.getElementById('n').value", TIMEOUT)).isEqualTo("xy");
  }
}
