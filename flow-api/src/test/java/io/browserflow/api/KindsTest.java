package io.browserflow.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Narrowing a step or a condition to one kind answers for that kind only. */
class KindsTest {
  private final Step click = Step.Click.builder().id("c").target(Target.of(Candidate.testId("go"))).build();
  private final Step back = Step.Back.builder().id("b").build();

  @Test
  void should_narrow_a_step_to_its_own_kind_only() {
    assertThat(Kinds.as(click, Step.Click.class)).get().isSameAs(click);
    assertThat(Kinds.as(back, Step.Click.class)).isEmpty();
    assertThat(Kinds.is(back, Step.Back.class)).isTrue();
    assertThat(Kinds.is(click, Step.Back.class)).isFalse();
  }

  @Test
  void should_narrow_a_condition_to_its_own_kind_only() {
    Condition url = Condition.Url.of("**/done");
    Condition not = Condition.Not.of(url);

    assertThat(Kinds.as(url, Condition.Url.class)).get().isSameAs(url);
    assertThat(Kinds.as(not, Condition.Url.class)).isEmpty();
    assertThat(Kinds.is(not, Condition.Not.class)).isTrue();
  }
}
