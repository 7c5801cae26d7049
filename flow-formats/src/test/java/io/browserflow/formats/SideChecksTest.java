package io.browserflow.formats;

import static io.browserflow.formats.SideProjects.cmd;
import static io.browserflow.formats.SideProjects.issue;
import static io.browserflow.formats.SideProjects.read;
import static io.browserflow.formats.SideProjects.step;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.Flow;
import io.browserflow.api.OnError;
import io.browserflow.api.Step;
import io.browserflow.api.CheckStep;
import io.browserflow.api.Target;
import org.junit.jupiter.api.Test;

/** assert*, verify* and waitFor* commands as assert and wait steps. */
class SideChecksTest {
  @Test
  void should_map_assertions_to_assert_steps_and_verifications_to_steps_that_continue() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("assertText", "id=total", "42 EUR"),
        cmd("verifyText", "id=total", "42 EUR"), cmd("assertNotText", "id=total", "0 EUR"),
        cmd("assertValue", "id=qty", "2"), cmd("assertElementPresent", "id=cart"),
        cmd("assertElementNotPresent", "id=error"), cmd("assertChecked", "id=agree"),
        cmd("verifyNotChecked", "id=news"), cmd("assertSelectedValue", "id=size", "l"),
        cmd("assertSelectedLabel", "id=size", "Large"), cmd("assertEditable", "id=qty"),
        cmd("assertNotEditable", "id=code"));

    Target total = Target.of(Candidate.id("total"));
    assertThat(c.value().steps().subList(1, 12)).allSatisfy(s -> assertThat(s).isInstanceOf(CheckStep.Assert.class));
    assertThat(cond(c, 1)).isEqualTo(Condition.Text.of(total, "42 EUR", Condition.Match.EQUALS));
    assertThat(step(c, 1).onError()).isEqualTo(OnError.stop());
    assertThat(step(c, 2).onError()).isEqualTo(OnError.continueRun());
    assertThat(cond(c, 3)).isEqualTo(Condition.Not.of(Condition.Text.of(total, "0 EUR", Condition.Match.EQUALS)));
    assertThat(cond(c, 4)).isEqualTo(Condition.Value.of(Target.of(Candidate.id("qty")), "2"));
    assertThat(cond(c, 5)).isEqualTo(Condition.Element.of(Target.of(Candidate.id("cart")), Condition.State.EXISTS));
    assertThat(cond(c, 6)).isEqualTo(Condition.Count.of(Target.of(Candidate.id("error")), Condition.Op.EQ, 0));
    assertThat(cond(c, 7)).isEqualTo(Condition.Element.of(Target.of(Candidate.id("agree")), Condition.State.CHECKED));
    assertThat(cond(c, 8)).isEqualTo(Condition.Element.of(Target.of(Candidate.id("news")), Condition.State.UNCHECKED));
    assertThat(step(c, 8).onError()).isEqualTo(OnError.continueRun());
    assertThat(cond(c, 9)).isEqualTo(Condition.Value.of(Target.of(Candidate.id("size")), "l"));
    assertThat(cond(c, 10)).isEqualTo(Condition.Text.of(Target.of(Candidate.css("[id=\"size\"] >> option:checked")),
        "Large", Condition.Match.EQUALS));
    // editable as the reference decides it: enabled and not read-only
    assertThat(cond(c, 11)).isEqualTo(Condition.Element.of(Target.of(Candidate.id("qty")), Condition.State.EDITABLE));
    assertThat(cond(c, 12)).isEqualTo(Condition.Element.of(Target.of(Candidate.id("code")), Condition.State.NOT_EDITABLE));
    assertThat(c.issues()).noneMatch(i -> i.code() == ConversionCode.APPROXIMATED);
  }

  @Test
  void should_map_waits_with_their_timeouts() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("waitForElementVisible", "id=toast", "3000"),
        cmd("waitForElementNotPresent", "id=spinner", "60000"), cmd("waitForElementPresent", "id=list", ""),
        cmd("waitForElementNotVisible", "id=toast", "2000"), cmd("waitForElementEditable", "id=qty", "1000"));

    CheckStep.Wait visible = (CheckStep.Wait) step(c, 1);
    assertThat(visible.until()).hasValue(Condition.Element.of(Target.of(Candidate.id("toast")), Condition.State.VISIBLE));
    assertThat(visible.timeoutMs()).hasValue(3000);
    CheckStep.Wait gone = (CheckStep.Wait) step(c, 2);
    assertThat(gone.until()).hasValue(Condition.Count.of(Target.of(Candidate.id("spinner")), Condition.Op.EQ, 0));
    assertThat(gone.timeoutMs()).hasValue(30_000);
    assertThat(step(c, 3).timeoutMs()).isEmpty();
    assertThat(((CheckStep.Wait) step(c, 4)).until()).hasValue(
        Condition.Element.of(Target.of(Candidate.id("toast")), Condition.State.HIDDEN));
    assertThat(((CheckStep.Wait) step(c, 5)).until()).hasValue(
        Condition.Element.of(Target.of(Candidate.id("qty")), Condition.State.EDITABLE));
    assertThat(issue(c, ConversionCode.VALUE_CLAMPED).path()).isEqualTo("tests[0].commands[2]");
  }

  private Condition cond(Conversion<Flow> c, int i) {
    return ((CheckStep.Assert) step(c, i)).condition();
  }
}
