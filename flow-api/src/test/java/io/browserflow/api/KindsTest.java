package io.browserflow.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Narrowing a step or a condition to one kind answers for that kind only. */
class KindsTest {
  private final Step click = InteractionStep.Click.builder().id("c").target(Target.of(Candidate.testId("go"))).build();
  private final Step back = PageStep.Back.builder().id("b").build();

  @Test
  void should_narrow_a_step_to_its_own_kind_only() {
    assertThat(Kinds.as(click, InteractionStep.Click.class)).get().isSameAs(click);
    assertThat(Kinds.as(back, InteractionStep.Click.class)).isEmpty();
    assertThat(Kinds.as(back, PageStep.Back.class)).isPresent();
    assertThat(Kinds.as(click, PageStep.Back.class)).isEmpty();
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
