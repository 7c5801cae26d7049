package io.browserflow.api.validate;

import static io.browserflow.api.ErrorCode.INVALID_FLOW;
import static io.browserflow.api.ErrorCode.TAB_UNDECLARED;
import static io.browserflow.api.validate.ValidationFixtures.T;
import static io.browserflow.api.validate.ValidationFixtures.assertOnly;
import static io.browserflow.api.validate.ValidationFixtures.flow;
import static io.browserflow.api.validate.ValidationFixtures.problems;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.browserflow.api.Problem;
import io.browserflow.api.TabAlias;
import org.junit.jupiter.api.Test;

/** Tab aliases used by open, tabSwitch and tabClose must be declared, main, or bound earlier. */
class TabsValidationTest {

  @Test
  void should_accept_declared_aliases_and_the_implicit_main_tab() {
    assertThat(problems(flow().tab("detail")
        .open("https://a.example", "detail").tabSwitch("main").tabClose("detail"))).isEmpty();
  }

  @Test
  void should_reject_undeclared_aliases_in_open_switch_and_close() {
    var ps = problems(flow().open("https://a.example", "ghost").tabSwitch("ghost").tabClose("other"));
    assertThat(ps).extracting(Problem::code, Problem::path).containsExactly(
        tuple(TAB_UNDECLARED, "steps[0].tab"), tuple(TAB_UNDECLARED, "steps[1].alias"),
        tuple(TAB_UNDECLARED, "steps[2].alias"));
    assertThat(ps.get(0).message()).contains("ghost").contains("main");
  }

  @Test
  void should_accept_aliases_bound_by_an_earlier_tab_new_or_click_new_tab() {
    assertThat(problems(flow().tabNew("report").tabSwitch("report")
        .click(T).newTab("popup").tabSwitch("popup").tabClose("popup"))).isEmpty();
  }

  @Test
  void should_reject_an_alias_used_before_the_step_that_binds_it() {
    assertOnly(problems(flow().tabSwitch("report").tabNew("report")), TAB_UNDECLARED, "steps[0].alias");
  }

  @Test
  void should_see_aliases_bound_inside_a_body_after_it() {
    assertThat(problems(flow().repeat(1, r -> r.click(T).newTab("popup")).tabSwitch("popup"))).isEmpty();
  }

  @Test
  void should_accept_closing_the_current_tab_without_alias() {
    assertThat(problems(flow().tabClose())).isEmpty();
  }

  @Test
  void should_reject_an_opener_that_is_not_declared() {
    assertOnly(problems(flow().tab("detail", "ghost").tab("ok", "main").tab("sub", "detail").back()),
        TAB_UNDECLARED, "tabs[0].opener");
  }

  @Test
  void should_reject_blank_aliases() {
    var ps = problems(flow().tab(TabAlias.of(" ")).tabNew(""));
    assertThat(ps).extracting(Problem::code, Problem::path).containsExactly(
        tuple(INVALID_FLOW, "tabs[0].alias"), tuple(INVALID_FLOW, "steps[0].alias"));
  }
}
