package io.browserflow.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.browserflow.api.json.FlowJson;
import io.browserflow.api.validate.FlowLimits;
import io.browserflow.api.validate.FlowValidator;
import java.time.Duration;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Laws of the model, the codec and the validator over arbitrary valid flows. */
class FlowProperties {

  @Provide
  Arbitrary<Flow> flows() {
    return FlowArbitraries.flows(12).filter(f -> FlowArbitraries.countSteps(f.steps()) <= 400);
  }

  @Property(tries = 300)
  void should_accept_every_generated_flow(@ForAll("flows") Flow flow) {
    assertThat(FlowValidator.defaults().validate(flow)).isEmpty();
  }

  @Property(tries = 300)
  void should_read_what_it_writes(@ForAll("flows") Flow flow) {
    assertThat(FlowJson.read(FlowJson.write(flow))).isEqualTo(flow);
    assertThat(FlowJson.read(FlowJson.canonical(flow))).isEqualTo(flow);
  }

  @Property(tries = 300)
  void should_keep_canonical_form_and_digest_stable(@ForAll("flows") Flow flow) {
    String canonical = FlowJson.canonical(flow);
    Flow reread = FlowJson.read(FlowJson.write(flow));
    assertThat(FlowJson.canonical(reread)).isEqualTo(canonical);
    assertThat(FlowJson.digest(reread)).isEqualTo(FlowJson.digest(flow)).hasSize(64);
    assertThat(canonical).doesNotContain("\n").doesNotContain(": ");
  }

  @Property(tries = 500)
  void should_only_throw_flow_errors_on_mutated_json(@ForAll("flows") Flow flow, @ForAll("mutations") List<Mutation> mutations) {
    String json = FlowJson.canonical(flow);
    for (Mutation m : mutations) {
      json = m.apply(json);
    }
    String input = json;
    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
      readOnlyFlowErrors(input, false);
      readOnlyFlowErrors(input, true);
    });
  }

  @Property(tries = 300)
  void should_only_throw_flow_errors_on_random_json(@ForAll("randomJson") String json) {
    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
      readOnlyFlowErrors(json, false);
      readOnlyFlowErrors(json, true);
    });
  }

  @Property(tries = 200)
  void should_report_problems_not_throw_under_tight_limits(@ForAll("flows") Flow flow,
      @ForAll("tinyLimits") FlowLimits limits) {
    assertThatCode(() -> FlowValidator.of(limits).validate(flow)).doesNotThrowAnyException();
  }

  private static void readOnlyFlowErrors(String json, boolean lenient) {
    try {
      if (lenient) {
        FlowJson.reader().lenient().read(json);
      } else {
        FlowJson.read(json);
      }
    } catch (FlowValidationException expected) {
      // FlowFormatException is a FlowValidationException: both are the documented outcomes
      assertThat(expected.problems()).isNotEmpty();
    }
  }

  /** One random edit of a JSON text. */
  interface Mutation {
    String apply(String json);
  }

  @Provide
  Arbitrary<List<Mutation>> mutations() {
    Arbitrary<Mutation> delete = Combinators.combine(Arbitraries.doubles().between(0, 1), Arbitraries.integers().between(1, 40))
        .as((at, len) -> json -> {
          int from = (int) (at * json.length());
          return json.substring(0, from) + json.substring(Math.min(json.length(), from + len));
        });
    Arbitrary<Mutation> insert = Combinators.combine(Arbitraries.doubles().between(0, 1),
            Arbitraries.of("{", "}", "[", "]", ",", ":", "\"", "null", "1e999", "-0", "\"x\":1,", "[[[[", "\\u0000", "true"))
        .as((at, s) -> json -> {
          int i = (int) (at * json.length());
          return json.substring(0, i) + s + json.substring(i);
        });
    Arbitrary<Mutation> replaceValue = Arbitraries.of("\"op\":\"click\"", "\"schema\":\"browserflow/1\"", "\"candidates\":[")
        .flatMap(needle -> Arbitraries.of("\"op\":\"fly\"", "\"schema\":\"browserflow/9\"", "\"candidates\":[{},", "\"candidates\":null,\"x\":[")
            .map(repl -> (Mutation) json -> json.replace(needle, repl)));
    Arbitrary<Mutation> swapNumbers = Arbitraries.of("-1", "99999999999", "1.5", "\"7\"", "null")
        .map(n -> json -> json.replaceFirst(":(\\d+)", ":" + n));
    return Arbitraries.oneOf(delete, insert, replaceValue, swapNumbers).list().ofMinSize(1).ofMaxSize(4);
  }

  @Provide
  Arbitrary<String> randomJson() {
    return jsonValue(4);
  }

  private Arbitrary<String> jsonValue(int depth) {
    Arbitrary<String> scalar = Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(8).map(s -> "\"" + s.replace("\\", "").replace("\"", "") + "\""),
        Arbitraries.integers().map(String::valueOf),
        Arbitraries.of("true", "false", "null", "1.5", "\"browserflow/1\"", "\"click\"", "\"${x}\""));
    if (depth == 0) {
      return scalar;
    }
    Arbitrary<String> key = Arbitraries.of("schema", "id", "name", "steps", "op", "target", "candidates", "body",
        "expect", "css", "url", "value", "inputs", "key", "then", "else", "onError", "fallback", "zzz");
    Arbitrary<String> member = Combinators.combine(key, Arbitraries.lazy(() -> jsonValue(depth - 1)))
        .as((k, v) -> "\"" + k + "\":" + v);
    Arbitrary<String> object = member.list().ofMaxSize(5).map(ms -> "{" + String.join(",", ms) + "}");
    Arbitrary<String> array = Arbitraries.lazy(() -> jsonValue(depth - 1)).list().ofMaxSize(4)
        .map(vs -> "[" + String.join(",", vs) + "]");
    return Arbitraries.oneOf(scalar, object, array);
  }

  @Provide
  Arbitrary<FlowLimits> tinyLimits() {
    return Combinators.combine(Arbitraries.integers().between(1, 5), Arbitraries.integers().between(1, 3),
            Arbitraries.integers().between(1, 200), Arbitraries.longs().between(1, 3_000))
        .as((steps, depth, chars, bytes) -> FlowLimits.builder().maxSteps(steps).maxNestingDepth(depth)
            .maxValueChars(chars).maxDefinitionBytes(bytes).maxRetries(1).maxForeachItems(1).build());
  }
}
