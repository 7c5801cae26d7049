package io.browserflow.playwright;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.browserflow.api.Candidate;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.Resolution;
import io.browserflow.engine.spi.TargetException;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Repair suggestions on live pages: a failed target names the closest element with ready
 * candidates and a score; a fallback win carries them too; a target that resolves at once is never
 * ranked. Nothing acts on a suggestion: replay stays strict.
 */
@Tag("browser")
class PlaywrightSuggestionTest extends ChromiumTest {
  private static final String FORM = "<form><label>Message <input id=\"msg\"></label>"
      + " <button type=\"submit\" class=\"btn primary\" id=\"go\">Go</button> <button type=\"button\" id=\"clear\">Clear</button></form>";
  private static final Target SEND = Target.of(Candidate.role("button", "Send"), Candidate.css("form button.primary#send"));

  @Test
  void should_name_the_closest_element_when_no_candidate_matches() {
    DriverSession s = showing("/renamed", FORM);

    TargetException e = catchThrowableOfType(TargetException.class,
        () -> s.perform(InteractionStep.Click.builder().id("send").target(SEND).build(), Duration.ofMillis(500)));

    assertThat(e.getMessage()).contains("role \"button\" name \"Send\" matched 0", "closest: role button \"Go\" (0.");
    assertThat(e.resolution().suggestions()).isNotEmpty();
    assertThat(e.resolution().suggestions().get(0).candidates()).first()
        .isEqualTo(Candidate.role("button", "Go"));
    assertThat(e.resolution().suggestions().get(0).score()).isGreaterThan(0.5).isLessThan(1.0);
    assertThat(s.eval("() => document.activeElement.id || 'none'", TIMEOUT)).as("nothing was clicked").isEqualTo("none");
  }

  @Test
  void should_rank_the_page_when_a_fallback_wins_and_not_when_the_first_candidate_does() {
    DriverSession s = showing("/fallback", FORM);

    Resolution fellBack = s.perform(InteractionStep.Click.builder().id("go").target(Target.of(Candidate.testId("go"), Candidate.css("#go")))
        .build(), TIMEOUT).resolution().orElseThrow();
    Resolution direct = s.perform(InteractionStep.Click.builder().id("clear").target(Target.of(Candidate.css("#clear"), Candidate.testId("x")))
        .build(), TIMEOUT).resolution().orElseThrow();

    assertThat(fellBack.winner()).isEqualTo(1);
    assertThat(fellBack.suggestions()).first().satisfies(sg -> assertThat(sg.candidates()).contains(Candidate.id("go")));
    assertThat(direct.winner()).isZero();
    assertThat(direct.suggestions()).isEmpty();
  }
}
