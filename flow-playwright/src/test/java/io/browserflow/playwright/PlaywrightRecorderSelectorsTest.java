package io.browserflow.playwright;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.browserflow.api.Candidate;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.Resolution;
import io.browserflow.engine.spi.TargetException;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The aria and textContains candidates (Chrome Recorder's aria/ and text/ selectors) in a real browser. */
@Tag("browser")
class PlaywrightRecorderSelectorsTest extends ChromiumTest {
  private static final Duration QUICK = Duration.ofMillis(300);

  private static String id(DriverSession s, Candidate c) {
    return s.read(Target.of(c), Step.ReadKind.ATTRIBUTE, Optional.of("id"), TIMEOUT).value();
  }

  @Test
  void should_count_every_role_sharing_an_accessible_name_skip_the_ambiguous_candidate_and_name_by_aria_label_whatever_the_role() {
    DriverSession s = showing("/names", "<button id=\"b\">Orders</button><a id=\"a\" href=\"/orders\">Orders</a>"
        + "<div id=\"d\" role=\"region\" aria-label=\"Orders\">Panel</div>"
        + "<div id=\"plain\" aria-label=\"Notes\">generic: naming prohibited, Chromium names it anyway</div>"
        + "<button id=\"solo\" aria-label=\"Export\">⇩</button><a id=\"hidden\" href=\"/x\" hidden>Export</a>");

    TargetException e = catchThrowableOfType(TargetException.class,
        () -> s.perform(InteractionStep.Click.builder().id("c").target(Target.of(Candidate.aria("Orders"))).build(), QUICK));
    assertThat(e.code()).isEqualTo(ErrorCode.TARGET_AMBIGUOUS);
    assertThat(e.resolution().counts()).containsExactly(3);

    Resolution r = s.resolve(Target.of(Candidate.aria("Orders"), Candidate.aria("Notes"), Candidate.aria("Export")), TIMEOUT);
    assertThat(r.counts()).containsExactly(3, 1, -1);
    assertThat(r.winner()).isEqualTo(1);
    assertThat(id(s, Candidate.aria("Notes"))).isEqualTo("plain");
    assertThat(id(s, Candidate.aria("Export"))).isEqualTo("solo");
    assertThat(id(s, Candidate.role("region", "Orders"))).isEqualTo("d");
  }

  @Test
  void should_pick_the_deepest_element_containing_a_text_across_values_and_shadow_roots() {
    DriverSession s = showing("/texts", "<main id=\"m\"><article id=\"art\"><h2 id=\"h\">Invoice <em id=\"no\">42</em></h2>"
        + "<p id=\"p\">Due: <b id=\"due\">Friday</b></p></article>"
        + "<input id=\"code\" value=\"VOUCHER-7\"><textarea id=\"note\">keep dry</textarea>"
        + "<div id=\"host\"></div><p id=\"q\">say \"quoted\" &gt;&gt; text</p></main>"
        + "<script>const r = document.getElementById('host').attachShadow({mode: 'open'});"
        + " r.innerHTML = '<section id=\"sec\"><span id=\"deep\">Shadow total 9</span></section>';</script>");

    assertThat(id(s, Candidate.textContains("Invoice 42"))).isEqualTo("h");
    assertThat(id(s, Candidate.textContains("42"))).isEqualTo("no");
    assertThat(id(s, Candidate.textContains("Due: Fri"))).isEqualTo("p");
    assertThat(id(s, Candidate.textContains("VOUCHER"))).isEqualTo("code");
    assertThat(id(s, Candidate.textContains("keep dry"))).isEqualTo("note");
    assertThat(id(s, Candidate.textContains("total 9"))).isEqualTo("deep");
    Resolution r = s.resolve(Target.of(Candidate.textContains("missing"), Candidate.textContains("Friday")), TIMEOUT);
    assertThat(r.counts()).containsExactly(0, 1);
    assertThat(id(s, Candidate.textContains("\"quoted\" >> text"))).isEqualTo("q");
  }
}
