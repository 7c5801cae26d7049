package io.browserflow.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The facts a kind declares on {@link Step.Kind}: which kinds leave the page, and how that relates to loading one. */
class StepKindFactsTest {

  private static Set<Step.Kind> kinds(java.util.function.Predicate<Step.Kind> fact) {
    return Arrays.stream(Step.Kind.values()).filter(fact).collect(Collectors.toCollection(() -> EnumSet.noneOf(Step.Kind.class)));
  }

  @Test
  void should_leave_the_page_on_navigations_history_and_tab_changes_only() {
    assertThat(kinds(Step.Kind::leavesPage)).containsExactlyInAnyOrder(Step.Kind.OPEN, Step.Kind.NAVIGATE, Step.Kind.BACK,
        Step.Kind.FORWARD, Step.Kind.RELOAD, Step.Kind.TAB_NEW, Step.Kind.TAB_SWITCH, Step.Kind.TAB_CLOSE);
  }

  @Test
  void should_leave_the_page_whenever_a_kind_loads_one_and_only_from_the_page_family() {
    assertThat(kinds(Step.Kind::leavesPage)).containsAll(kinds(Step.Kind::loadsPage));
    assertThat(kinds(Step.Kind::leavesPage)).allSatisfy(k -> assertThat(k.family()).isEqualTo(Step.Family.PAGE));
  }
}
