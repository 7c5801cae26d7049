package io.browserflow.api.validate;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.Problem;
import io.browserflow.api.Step;
import io.browserflow.api.Target;
import io.browserflow.api.dsl.Dsl;
import io.browserflow.api.dsl.FlowBuilder;
import java.util.List;

/** Shared helpers of the validation tests. */
final class ValidationFixtures {
  /** A target with one candidate. */
  static final Target T = Dsl.testId("x");
  /** A target without candidates. */
  static final Target EMPTY = Target.builder().build();

  private ValidationFixtures() {}

  static FlowBuilder flow() {
    return Flow.named("test");
  }

  static List<Problem> problems(FlowBuilder flow) {
    return FlowValidator.defaults().validate(flow.buildUnvalidated());
  }

  static List<Problem> problems(FlowBuilder flow, FlowLimits limits) {
    return FlowValidator.of(limits).validate(flow.buildUnvalidated());
  }

  static List<Problem> problems(Flow flow) {
    return FlowValidator.defaults().validate(flow);
  }

  /** A flow holding exactly these steps (no DSL ids). */
  static FlowBuilder withSteps(Step... steps) {
    FlowBuilder b = flow();
    for (Step s : steps) {
      b.step(s);
    }
    return b;
  }

  /** Asserts the single problem has this code, path, actual and allowed value. */
  static void assertLimit(List<Problem> problems, ErrorCode code, String path, Object actual, Object allowed) {
    assertThat(problems).singleElement().satisfies(p -> {
      assertThat(p.code()).isEqualTo(code);
      assertThat(p.path()).isEqualTo(path);
      assertThat(p.actual()).contains(String.valueOf(actual));
      assertThat(p.allowed()).contains(String.valueOf(allowed));
    });
  }

  /** Asserts the single problem has this code and path; returns it for message checks. */
  static Problem assertOnly(List<Problem> problems, ErrorCode code, String path) {
    assertThat(problems).extracting(Problem::code, Problem::path)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(code, path));
    return problems.get(0);
  }

  static String repeat(char c, int n) {
    return String.valueOf(c).repeat(n);
  }
}
