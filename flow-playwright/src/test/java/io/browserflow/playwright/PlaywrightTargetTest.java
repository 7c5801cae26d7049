package io.browserflow.playwright;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.ActionResult;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.TargetException;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Strict resolution in a real browser: ambiguity, fallback, the single-candidate fast path, shadow roots, bad selectors. */
@Tag("browser")
class PlaywrightTargetTest extends ChromiumTest {
  private static final Duration QUICK = Duration.ofMillis(300);
  private static final String COUNTER = "<p id=\"clicks\">0</p><script>function hit() {"
      + " const c = document.getElementById('clicks'); c.textContent = String(Number(c.textContent) + 1); }</script>";

  private static InteractionStep.Click click(Target t) {
    return InteractionStep.Click.builder().id("click").target(t).build();
  }

  private static String text(DriverSession s, String css) {
    return s.read(css(css), Step.ReadKind.TEXT, Optional.empty(), TIMEOUT).value();
  }

  @Test
  void should_fail_ambiguous_and_click_nothing_when_two_save_buttons_match() {
    DriverSession s = showing("/two-saves", COUNTER + "<button onclick=\"hit()\">Save</button><button onclick=\"hit()\">Save</button>");

    TargetException e = catchThrowableOfType(TargetException.class,
        () -> s.perform(click(Target.of(Candidate.role("button", "Save"))), SHORT));

    assertThat(e.code()).isEqualTo(ErrorCode.TARGET_AMBIGUOUS);
    assertThat(e.resolution().counts()).containsExactly(2);
    assertThat(e.getMessage()).contains("role \"button\" name \"Save\" matched 2");
    assertThat(text(s, "#clicks")).isEqualTo("0");
  }

  @Test
  void should_fail_ambiguous_for_every_candidate_kind_on_the_fast_path() {
    DriverSession s = showing("/dupes", COUNTER + "<button class=\"b\" data-testid=\"x\" onclick=\"hit()\">Go</button>"
        + "<button class=\"b\" data-testid=\"x\" onclick=\"hit()\">Go</button>");

    for (Candidate c : new Candidate[] {Candidate.css(".b"), Candidate.testId("x"), Candidate.text("Go"),
        Candidate.xpath("//button")}) {
      TargetException e = catchThrowableOfType(TargetException.class, () -> s.perform(click(Target.of(c)), QUICK));
      assertThat(e.code()).as(c.describe()).isEqualTo(ErrorCode.TARGET_AMBIGUOUS);
      assertThat(e.resolution().counts()).as(c.describe()).containsExactly(2);
    }
    assertThat(text(s, "#clicks")).isEqualTo("0");
  }

  @Test
  void should_fall_back_to_the_second_candidate_and_report_it() {
    DriverSession s = showing("/fallback", COUNTER + "<button id=\"save\" onclick=\"hit()\">Save</button>");

    ActionResult r = s.perform(click(Target.of(Candidate.testId("save"), Candidate.id("save"))), TIMEOUT);

    assertThat(r.resolution()).hasValueSatisfying(res -> {
      assertThat(res.winner()).isEqualTo(1);
      assertThat(res.fallbackUsed()).isTrue();
      assertThat(res.counts()).containsExactly(0, 1);
    });
    awaitText(s, "#clicks", "1");
  }

  @Test
  void should_report_the_first_unique_candidate_without_counting_the_rest() {
    DriverSession s = showing("/first", "<button id=\"a\" class=\"b\">A</button><button class=\"b\">B</button>");

    ActionResult r = s.perform(click(Target.of(Candidate.id("a"), Candidate.css(".b"))), TIMEOUT);

    assertThat(r.resolution()).hasValueSatisfying(res -> assertThat(res.counts()).containsExactly(1, -1));
  }

  @Test
  void should_wait_for_a_later_candidate_to_become_unique() {
    DriverSession s = showing("/later", COUNTER + "<button class=\"b\">One</button><button class=\"b\" id=\"two\">Two</button>"
        + "<script>setTimeout(() => document.getElementById('two').remove(), 300)</script>");

    ActionResult r = s.perform(click(Target.of(Candidate.testId("none"), Candidate.css(".b"))), TIMEOUT);

    assertThat(r.resolution()).hasValueSatisfying(res -> assertThat(res.winner()).isEqualTo(1));
  }

  @Test
  void should_pierce_nested_open_shadow_roots_and_honour_a_shadow_path() {
    DriverSession s = showing("/shadow", COUNTER + "<outer-host id=\"o\"></outer-host><script>"
        + "const o = document.getElementById('o').attachShadow({mode: 'open'});"
        + "o.innerHTML = '<inner-host id=\"i\"></inner-host><button>Deep</button>';"
        + "const i = o.getElementById('i').attachShadow({mode: 'open'});"
        + "i.innerHTML = '<button onclick=\"hit()\">Deep</button>';"
        + "i.querySelector('button').onclick = hit;"
        + "</script>");

    TargetException e = catchThrowableOfType(TargetException.class,
        () -> s.resolve(Target.of(Candidate.role("button", "Deep")), QUICK));
    assertThat(e.resolution().counts()).containsExactly(2);

    s.perform(click(Target.of(Candidate.css("button")).inShadow("#o", "#i")), TIMEOUT);

    awaitText(s, "#clicks", "1");
  }

  @Test
  void should_not_see_into_closed_shadow_roots() {
    DriverSession s = showing("/closed", "<div id=\"h\"></div><script>"
        + "document.getElementById('h').attachShadow({mode: 'closed'}).innerHTML = '<button>Hidden away</button>';</script>");

    assertThat(s.test(Condition.Count.of(Target.of(Candidate.text("Hidden away")), Condition.Op.EQ, 0))).isTrue();
  }

  @Test
  void should_turn_an_invalid_selector_into_a_flow_error() {
    DriverSession s = showing("/invalid", "<p>x</p>");

    FlowRunException e = catchThrowableOfType(FlowRunException.class, () -> s.resolve(css("p[[["), SHORT));

    assertThat(e.code()).isEqualTo(ErrorCode.ACTION_FAILED);
    assertThat(e.getCause()).isNull();
  }

  @Test
  void should_keep_a_typed_secret_out_of_failure_messages() {
    DriverSession s = showing("/secret", "<button id=\"b\">Not a field</button>");
    String secret = "hunter2-very-secret";

    FlowRunException e = catchThrowableOfType(FlowRunException.class,
        () -> s.perform(InteractionStep.Fill.builder().id("f").target(css("#b")).value(secret).build(), SHORT));

    assertThat(e.code()).isEqualTo(ErrorCode.ACTION_FAILED);
    assertThat(e.getMessage()).doesNotContain(secret);
    assertThat(e.details().values()).noneMatch(v -> v.contains(secret));
  }

  @Test
  void should_return_script_results_as_text_and_objects_as_json() {
    DriverSession s = showing("/eval", "<p>x</p>");

    assertThat(s.eval("1 + 1", TIMEOUT)).isEqualTo("2");
    assertThat(s.eval("1.5", TIMEOUT)).isEqualTo("1.5");
    assertThat(s.eval("'hi'", TIMEOUT)).isEqualTo("hi");
    assertThat(s.eval("({a: 1, b: [true, 'x']})", TIMEOUT)).isEqualTo("{\"a\":1,\"b\":[true,\"x\"]}");
    assertThat(s.eval("() => document.title", TIMEOUT)).isEqualTo("Test");
    FlowRunException e = catchThrowableOfType(FlowRunException.class, () -> s.eval("(() => { throw new Error('boom') })()", TIMEOUT));
    assertThat(e.code()).isEqualTo(ErrorCode.SCRIPT_ERROR);
    assertThat(e.getMessage()).contains("boom");
  }
}
