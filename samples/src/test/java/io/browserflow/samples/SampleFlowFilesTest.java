package io.browserflow.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Capability;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.Input;
import io.browserflow.api.Policy;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.json.FlowJson;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every JSON sample reads with default limits (which validates it) and follows the samples' conventions. */
class SampleFlowFilesTest {
  static final List<String> IDS = List.of("delayed-element", "device-list", "device-search", "devices-by-table",
      "download", "login", "meter-rebind", "report-tab", "shadow-widget", "upload");

  static Stream<Path> flowFiles() {
    return SampleResources.flowFiles().stream();
  }

  @Test
  void should_ship_exactly_the_documented_flows() {
    assertThat(SampleResources.flowFiles().stream().map(SampleResources::flowId)).containsExactlyElementsOf(IDS);
  }

  @ParameterizedTest
  @MethodSource("flowFiles")
  void should_read_and_validate_with_default_limits_and_name_the_flow_after_its_file(Path file) {
    Flow flow = FlowJson.read(file);

    assertThat(flow.id()).isEqualTo(SampleResources.flowId(file));
    assertThat(flow.description()).isPresent();
    assertThat(flow.steps()).allSatisfy(s -> assertThat(s.title()).as("title of step %s", s.id()).isPresent());
  }

  @ParameterizedTest
  @MethodSource("flowFiles")
  void should_open_the_app_at_the_base_url_input_and_sign_in_with_a_secret_password(Path file) {
    Flow flow = FlowJson.read(file);

    Input baseUrl = flow.input("BASE_URL").orElseThrow();
    assertThat(baseUrl.type()).isEqualTo(Input.Type.URL);
    assertThat(baseUrl.required()).isTrue();
    assertThat(flow.steps().get(0)).isInstanceOfSatisfying(PageStep.Open.class,
        open -> assertThat(open.url()).isEqualTo("${BASE_URL}/index.html"));
    assertThat(flow.credential("USERNAME").map(Credential::type)).contains(Credential.Type.USERNAME);
    Credential password = flow.credential("PASSWORD").orElseThrow();
    assertThat(password.type()).isEqualTo(Credential.Type.PASSWORD);
    assertThat(password.secret()).isTrue();
  }

  @ParameterizedTest
  @MethodSource("flowFiles")
  void should_declare_file_upload_exactly_when_it_uploads(Path file) {
    Flow flow = FlowJson.read(file);

    Set<Capability> declared = flow.policy().map(Policy::capabilities).orElse(Set.of());
    boolean uploads = flow.steps().stream().anyMatch(InteractionStep.Upload.class::isInstance);
    assertThat(declared).isEqualTo(uploads ? Set.of(Capability.FILE_UPLOAD) : Set.of());
  }

  @Test
  void should_cover_every_feature_of_the_demo_app_across_the_samples() {
    Set<Step.Kind> kinds = SampleResources.flowFiles().stream().map(FlowJson::read)
        .flatMap(f -> all(f.steps())).map(Step::kind).collect(Collectors.toSet());

    assertThat(kinds).contains(Step.Kind.FILL, Step.Kind.CLICK, Step.Kind.SELECT, Step.Kind.CHECK, Step.Kind.FRAME,
        Step.Kind.FRAME_MAIN, Step.Kind.TAB_SWITCH, Step.Kind.TAB_CLOSE, Step.Kind.UPLOAD, Step.Kind.WAIT,
        Step.Kind.ASSERT, Step.Kind.READ, Step.Kind.SCRAPE, Step.Kind.PAGINATE, Step.Kind.FOREACH);
    assertThat(SampleResources.flowFiles().stream().map(FlowJson::read).flatMap(f -> all(f.steps())))
        .anySatisfy(s -> assertThat(s).isInstanceOfSatisfying(InteractionStep.Click.class,
            c -> assertThat(c.newTab()).contains("report")))
        .anySatisfy(s -> assertThat(s).isInstanceOfSatisfying(InteractionStep.Click.class,
            c -> assertThat(c.target().shadowPath()).containsExactly("device-status")));
  }

  static Stream<Step> all(List<Step> steps) {
    return steps.stream().flatMap(s -> {
      Stream<Step> nested = Stream.empty();
      if (s instanceof ControlStep.Foreach) {
        nested = all(((ControlStep.Foreach) s).body());
      } else if (s instanceof DataStep.Paginate) {
        nested = all(((DataStep.Paginate) s).body());
      }
      return Stream.concat(Stream.of(s), nested);
    });
  }
}
