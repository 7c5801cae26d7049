package io.browserflow.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.Target;
import io.browserflow.api.json.FlowJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The demo app is self-contained static files: the pages exist, nothing is fetched from another
 * origin, and every test id a sample flow relies on is defined by the app.
 */
class DemoAppFilesTest {
  @Test
  void should_ship_every_page_script_and_stylesheet() {
    Path root = SampleResources.dir("demo-app");
    Set<String> names = SampleResources.demoAppFiles().stream()
        .map(p -> root.relativize(p).toString().replace('\\', '/')).collect(Collectors.toSet());

    assertThat(names).contains("index.html", "app.html", "detail.html", "report.html", "css/app.css",
        "js/data.js", "js/login.js", "js/app.js", "js/detail.js", "js/report.js", "js/device-status.js");
  }

  @Test
  void should_reference_no_external_url() {
    List<String> offenders = new ArrayList<>();
    for (Path file : SampleResources.demoAppFiles()) {
      String text = SampleResources.read(file).toLowerCase(Locale.ROOT);
      for (String bad : List.of("http://", "https://", "=\"//", "='//", "url(//", "@import")) {
        if (text.contains(bad)) {
          offenders.add(file.getFileName() + " contains " + bad);
        }
      }
    }
    assertThat(offenders).isEmpty();
  }

  @Test
  void should_keep_the_password_field_a_password_input() {
    String login = SampleResources.read(SampleResources.dir("demo-app").resolve("index.html"));

    assertThat(login).contains("id=\"password\" name=\"password\" type=\"password\"");
  }

  @Test
  void should_define_every_test_id_the_samples_use() {
    String app = SampleResources.demoAppFiles().stream().map(SampleResources::read).collect(Collectors.joining("\n"));
    Set<String> missing = new TreeSet<>();
    for (Path file : SampleResources.flowFiles()) {
      for (String testId : testIds(FlowJson.read(file))) {
        int placeholder = testId.indexOf("${");
        boolean defined = placeholder < 0
            ? app.contains("data-testid=\"" + testId + "\"") || app.contains("'data-testid', '" + testId + "'")
            // a per-record id such as meter-${DEVICE_ID}: the app builds it from the same prefix
            : app.contains("data-testid=\"" + testId.substring(0, placeholder) + "' + ");
        if (!defined) {
          missing.add(testId);
        }
      }
    }
    assertThat(missing).isEmpty();
  }

  @Test
  void should_use_device_ids_of_the_built_in_data_set() {
    String data = SampleResources.read(SampleResources.dir("demo-app").resolve("js/data.js"));
    assertThat(data).contains("'100000015060108' + (1271 + i)", "i < 23");
    List<String> csv = SampleResources.read(SampleResources.dir("data").resolve("devices.csv")).lines()
        .collect(Collectors.toList());

    assertThat(csv.get(0)).isEqualTo("DEVICE_ID");
    assertThat(csv.subList(1, csv.size())).isNotEmpty().allSatisfy(id -> assertThat(id).matches(DemoAppFilesTest::inDataSet));
    Flow table = FlowJson.read(SampleResources.flowFile("devices-by-table"));
    assertThat(table.table().orElseThrow().rows()).allSatisfy(row -> assertThat(row.get(0)).matches(DemoAppFilesTest::inDataSet));
    assertThat(SampleFlows.SEED_DEVICE_ID).matches(DemoAppFilesTest::inDataSet);
  }

  private static boolean inDataSet(String id) {
    if (!id.matches("100000015060108[0-9]{4}")) {
      return false;
    }
    int n = Integer.parseInt(id.substring(15));
    return n >= 1271 && n < 1271 + 23;
  }

  private static Set<String> testIds(Flow flow) {
    Set<String> out = new TreeSet<>();
    for (Step s : SampleFlowFilesTest.all(flow.steps()).collect(Collectors.toList())) {
      targetOf(s).ifPresent(t -> add(t, out));
      for (Condition c : s.expect()) {
        condition(c, out);
      }
      if (s instanceof CheckStep.Assert) {
        condition(((CheckStep.Assert) s).condition(), out);
      } else if (s instanceof CheckStep.Wait) {
        ((CheckStep.Wait) s).until().ifPresent(c -> condition(c, out));
      }
    }
    return out;
  }

  private static java.util.Optional<Target> targetOf(Step s) {
    if (s instanceof InteractionStep.Click) {
      return java.util.Optional.of(((InteractionStep.Click) s).target());
    } else if (s instanceof InteractionStep.Fill) {
      return java.util.Optional.of(((InteractionStep.Fill) s).target());
    } else if (s instanceof InteractionStep.Select) {
      return java.util.Optional.of(((InteractionStep.Select) s).target());
    } else if (s instanceof InteractionStep.Check) {
      return java.util.Optional.of(((InteractionStep.Check) s).target());
    } else if (s instanceof InteractionStep.Upload) {
      return java.util.Optional.of(((InteractionStep.Upload) s).target());
    } else if (s instanceof DataStep.Read) {
      return java.util.Optional.of(((DataStep.Read) s).target());
    } else if (s instanceof DataStep.Scrape) {
      return java.util.Optional.of(((DataStep.Scrape) s).target());
    } else if (s instanceof DataStep.Paginate) {
      return java.util.Optional.of(((DataStep.Paginate) s).target());
    }
    return java.util.Optional.empty();
  }

  private static void condition(Condition c, Set<String> out) {
    if (c instanceof Condition.Element) {
      add(((Condition.Element) c).target(), out);
    } else if (c instanceof Condition.Count) {
      add(((Condition.Count) c).target(), out);
    } else if (c instanceof Condition.Text) {
      ((Condition.Text) c).target().ifPresent(t -> add(t, out));
    } else if (c instanceof Condition.Value) {
      add(((Condition.Value) c).target(), out);
    } else if (c instanceof Condition.Attribute) {
      add(((Condition.Attribute) c).target(), out);
    } else if (c instanceof Condition.Not) {
      condition(((Condition.Not) c).condition(), out);
    }
  }

  private static void add(Target t, Set<String> out) {
    for (Candidate c : t.candidates()) {
      if (c.kind() == Candidate.Kind.TEST_ID) {
        out.add(c.value());
      }
    }
  }
}
