package io.browserflow.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.browserflow.api.Candidate;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.Target;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.validate.FlowValidator;
import io.browserflow.samples.SampleFlows;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Generated Java compiles, and its flow() rebuilds exactly the flow it was generated from. */
@Tag("browser")
class JavaCodecTest {
  @TempDir
  Path dir;

  /** Generates every flow into {@code pkg}, compiles them together and returns each rebuilt flow. */
  private List<Flow> rebuild(String pkg, List<Flow> flows) throws ClassNotFoundException {
    JavaCodec codec = new JavaCodec().inPackage(pkg);
    Map<String, String> sources = new LinkedHashMap<>();
    for (Flow f : flows) {
      sources.put(pkg + "." + JavaCodec.className(f), codec.write(f).value());
    }
    assertThat(sources).as("one class per flow").hasSameSizeAs(flows);
    ClassLoader loader = JavaSources.compile(dir.resolve(pkg), sources);
    List<Flow> rebuilt = new java.util.ArrayList<>();
    for (String name : sources.keySet()) {
      rebuilt.add((Flow) JavaSources.call(loader.loadClass(name), "flow"));
    }
    return rebuilt;
  }

  private static void assertSameFlows(List<Flow> rebuilt, List<Flow> original) {
    assertThat(rebuilt).hasSameSizeAs(original);
    for (int i = 0; i < original.size(); i++) {
      assertThat(FlowJson.canonical(rebuilt.get(i))).as(original.get(i).id())
          .isEqualTo(FlowJson.canonical(original.get(i)));
      assertThat(rebuilt.get(i)).isEqualTo(original.get(i));
    }
  }

  @Test
  void should_rebuild_every_sample_flow_of_the_dsl() throws Exception {
    List<Flow> samples = SampleFlows.all();

    assertSameFlows(rebuild("gen.dsl", samples), samples);
  }

  @Test
  void should_rebuild_every_sample_flow_file() throws Exception {
    List<Flow> files = sampleFlowFiles();
    assertThat(files).isNotEmpty();

    assertSameFlows(rebuild("gen.files", files), files);
  }

  @Test
  void should_rebuild_a_flow_using_every_step_kind() throws Exception {
    Flow every = EveryStepFlow.flow();
    assertThat(kinds(every.steps())).containsExactlyInAnyOrder(Step.Kind.values());

    assertSameFlows(rebuild("gen.every", List.of(every)), List.of(every));
  }

  @Test
  void should_write_one_readable_step_per_line_with_the_title_as_a_comment() {
    String java = new JavaCodec().write(SampleFlows.login()).value();

    assertThat(java).startsWith("import static io.browserflow.api.dsl.Dsl.described;\n")
        .contains("import static io.browserflow.api.dsl.Dsl.hasExactText;\n")
        .contains("@FlowTest\nclass SignInAndOutFlowTest {")
        .contains("  static Flow flow() {\n    return Flow.named(\"Sign in and out\")\n        .flowId(\"login\")\n")
        .contains("        // Open the login page\n        .open(\"${BASE_URL}/index.html\").id(\"open-app\")"
            + ".title(\"Open the login page\")\n")
        .contains("        .fill(testId(\"username\").or(placeholder(\"用户名\")), \"${credential.USERNAME}\")"
            + ".id(\"username\").title(\"Enter the user name\")\n")
        .contains("            .expect(urlMatches(\"**/app.html#/\"), hasText(testId(\"page-title\"), \"Welcome\"))\n")
        .contains("  void runs_the_flow(FlowRunner flows) {\n    assertThat(flows.run(flow())).succeeded();")
        .doesNotContain("Dsl.*");
  }

  @Test
  void should_write_what_the_dsl_cannot_say_with_plain_builders_and_report_it() {
    Conversion<String> c = new JavaCodec().write(EveryStepFlow.flow());

    assertThat(c.value()).contains(".step(InteractionStep.Dblclick.builder().id(\"dblclick-at\").target(css(\"#tile\"))"
        + ".offset(Point.of(1.0, 2.0)).build())");
    assertThat(c.issues()).extracting(ConversionIssue::code).containsOnly(ConversionCode.PLAIN_BUILDER);
    assertThat(c.issues()).extracting(ConversionIssue::path).contains("steps[18]", "inputs[6]", "inputs[7]", "credentials[6]", "credentials[7]");
    assertThat(c.stepsRead()).isEqualTo(c.stepsMapped()).isEqualTo(NativeCodec.count(EveryStepFlow.flow().steps()));
  }

  @Test
  void should_escape_quotes_backslashes_unicode_and_line_breaks() throws Exception {
    String nasty = "a \"quoted\" \\ back\\slash \\u0041 \\n not a newline\nnewline\r\ttab \u0000 nul \u2028 ls \u200b zw "
        + "\ufeff bom 用户名 😀 */ end @param <b>&amp;";
    Flow flow = Flow.named("Strings \"everywhere\" */ \\u000a")
        .description("Description with */ and @see and \\u000a and\nlines")
        .input("WHO", io.browserflow.api.dsl.Dsl.defaultValue(nasty))
        .open("https://example.test/?q=" + nasty.replace("${", "")).title(nasty)
        .fill(io.browserflow.api.dsl.Dsl.css("input[name=\"q\"]"), nasty).title("line one\nline two \\u000a */")
        .eval(nasty).title("\\")
        .capabilities(io.browserflow.api.Capability.SCRIPT_EVAL)
        .build();

    List<Flow> rebuilt = rebuild("gen.strings", List.of(flow));

    assertSameFlows(rebuilt, List.of(flow));
    String java = new JavaCodec().write(flow).value();
    assertThat(java).contains("\\u2028", "\\u200b", "\\ufeff", "\\u0000", "用户名", "😀")
        .doesNotContain("\u2028").doesNotContain("\u0000");
  }

  @Test
  void should_build_an_invalid_flow_without_validation_and_say_so() throws Exception {
    Flow invalid = Flow.builder().name("Broken").addSteps(InteractionStep.Click.builder().id("c")
        .target(Target.of(Candidate.css("#x"))).newTab("t").build(), PageStep.TabSwitch.builder().id("c")
        .alias("t").build()).build();
    assertThat(FlowValidator.defaults().validate(invalid)).isNotEmpty();

    Conversion<String> c = new JavaCodec().write(invalid);

    assertThat(c.value()).contains(".buildUnvalidated();");
    assertThat(c.issues()).extracting(ConversionIssue::code).contains(ConversionCode.INVALID_FLOW);
    assertSameFlows(rebuild("gen.invalid", List.of(invalid)), List.of(invalid));
  }

  @Test
  void should_name_the_class_after_the_flow() {
    assertThat(JavaCodec.className(Flow.named("Sign in and out").buildUnvalidated())).isEqualTo("SignInAndOutFlowTest");
    assertThat(JavaCodec.className(Flow.named("device-search").buildUnvalidated())).isEqualTo("DeviceSearchFlowTest");
    assertThat(JavaCodec.className(Flow.named("Login flow").buildUnvalidated())).isEqualTo("LoginFlowTest");
    assertThat(JavaCodec.className(Flow.named("3 devices").buildUnvalidated())).isEqualTo("Flow3DevicesFlowTest");
    assertThat(JavaCodec.className(Flow.named("设备 查询").buildUnvalidated())).isEqualTo("设备查询FlowTest");
    assertThat(JavaCodec.className(Flow.named("!!!").buildUnvalidated())).isEqualTo("GeneratedFlowTest");
    assertThat(JavaCodec.className(Flow.named("Flow test").buildUnvalidated())).isEqualTo("GeneratedFlowTest");
  }

  @Test
  void should_write_into_a_configured_package_only() {
    Flow login = SampleFlows.login();
    assertThat(new JavaCodec().write(login).value()).doesNotContain("package ");
    assertThat(new JavaCodec().inPackage("com.acme.flows").write(login).value()).startsWith("package com.acme.flows;\n");
    assertThatThrownBy(() -> new JavaCodec().inPackage("com.class")).isInstanceOf(IllegalArgumentException.class);
  }

  private static List<Step.Kind> kinds(List<Step> steps) {
    List<Step.Kind> all = new java.util.ArrayList<>();
    for (Step s : steps) {
      if (!all.contains(s.kind())) {
        all.add(s.kind());
      }
      for (Step.Kind k : kinds(nested(s))) {
        if (!all.contains(k)) {
          all.add(k);
        }
      }
    }
    return all;
  }

  private static List<Step> nested(Step s) {
    List<Step> n = new java.util.ArrayList<>(s.onError().fallback());
    if (s instanceof ControlStep.Foreach) {
      n.addAll(((ControlStep.Foreach) s).body());
    } else if (s instanceof ControlStep.Repeat) {
      n.addAll(((ControlStep.Repeat) s).body());
    } else if (s instanceof ControlStep.While) {
      n.addAll(((ControlStep.While) s).body());
    } else if (s instanceof DataStep.Paginate) {
      n.addAll(((DataStep.Paginate) s).body());
    } else if (s instanceof ControlStep.If) {
      n.addAll(((ControlStep.If) s).then());
      n.addAll(((ControlStep.If) s).otherwise());
    }
    return n;
  }

  /** The samples' flow files, from their jar (or folder) on the class path. */
  private static List<Flow> sampleFlowFiles() throws IOException, URISyntaxException {
    URI uri = SampleFlows.class.getResource("/flows").toURI();
    if (!uri.getScheme().equals("jar")) {
      return flowFiles(Path.of(uri));
    }
    try (FileSystem jar = FileSystems.newFileSystem(uri, Map.of())) {
      return flowFiles(jar.provider().getPath(uri));
    }
  }

  private static List<Flow> flowFiles(Path flows) throws IOException {
    try (Stream<Path> files = Files.list(flows)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".flow.json")).sorted()
          .map(FlowJson::read).collect(Collectors.toList());
    }
  }
}
