package io.browserflow.formats;

import static io.browserflow.formats.SideProjects.cmd;
import static io.browserflow.formats.SideProjects.issue;
import static io.browserflow.formats.SideProjects.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.browserflow.api.Flow;
import io.browserflow.api.FlowFormatException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Projects with several tests: the first, a chosen one, or all. */
class SideProjectTestsTest {

  private final String project = SideProjects.project(
      SideProjects.test("login", cmd("open", "/login"), cmd("click", "id=go")),
      SideProjects.test("search", cmd("open", "/search"), cmd("type", "id=q", "shoes")));

  @Test
  void should_read_the_first_test_and_list_the_others_as_infos() {
    Conversion<Flow> c = new SideCodec().read(project, "shop.side");

    assertThat(c.value().name()).isEqualTo("login");
    assertThat(c.value().description()).hasValueSatisfying(d -> assertThat(d).contains("Shop", "shop.side"));
    ConversionIssue other = issue(c, ConversionCode.OTHER_TEST);
    assertThat(other.path()).isEqualTo("tests[1]");
    assertThat(other.severity()).isEqualTo(ConversionIssue.Severity.INFO);
    assertThat(other.message()).contains("search");
  }

  @Test
  void should_read_a_chosen_test_or_every_test() {
    SideCodec codec = new SideCodec();
    assertThat(codec.read(project, "shop.side", "search").value().name()).isEqualTo("search");
    List<Conversion<Flow>> all = codec.readAll(project, "shop.side");
    assertThat(all).extracting(x -> x.value().name()).containsExactly("login", "search");
    assertThat(all).allSatisfy(x -> assertThat(x.issues()).isEmpty());
    assertThatThrownBy(() -> codec.read(project, "shop.side", "nope")).isInstanceOf(FlowFormatException.class)
        .hasMessageContaining("login, search");
  }
}
