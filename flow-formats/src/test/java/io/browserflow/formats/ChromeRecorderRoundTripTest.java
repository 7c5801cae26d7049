package io.browserflow.formats;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.Flow;
import io.browserflow.api.Point;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.TabAlias;
import io.browserflow.api.Target;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.lint.Quality;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** flow → chrome-recorder → flow keeps every step the format can express: kinds, targets and values. */
class ChromeRecorderRoundTripTest {
  private final ChromeRecorderCodec codec = new ChromeRecorderCodec();
  private int ids;

  private String id() {
    return "s" + (++ids);
  }

  private static Target t(Candidate... c) {
    return Target.of(c);
  }

  private Flow everySupportedStep() {
    String base = "http://127.0.0.1:8080";
    return Flow.builder().name("Round trip")
        .addTabs(TabAlias.builder().alias("popup").url(base + "/help.html").opener("main").build())
        .addSteps(
            PageStep.SetViewport.builder().id(id()).width(1024).height(768).build(),
            PageStep.Open.builder().id(id()).url(base + "/start.html").build(),
            InteractionStep.Click.builder().id(id()).target(t(Candidate.id("pad"))).offset(Point.of(30, 15)).build(),
            InteractionStep.Click.builder().id(id()).target(t(Candidate.role("button", "Menu"), Candidate.css("nav .menu")))
                .button(Step.MouseButton.RIGHT).offset(Point.of(3, 4)).build(),
            InteractionStep.Click.builder().id(id()).target(t(Candidate.testId("row-1"))).addModifiers("Shift").offset(Point.of(1, 1)).build(),
            InteractionStep.Click.builder().id(id()).target(t(Candidate.xpath("//table//td[2]"))).button(Step.MouseButton.MIDDLE).build(),
            InteractionStep.Dblclick.builder().id(id()).target(t(Candidate.id("cell"))).offset(Point.of(2, 2)).build(),
            InteractionStep.Hover.builder().id(id()).target(t(Candidate.textContains("Help"))).build(),
            InteractionStep.Fill.builder().id(id()).target(t(Candidate.aria("Name"), Candidate.id("name"))).value("Ada Lovelace").build(),
            InteractionStep.Select.builder().id(id()).target(t(Candidate.id("country-select"))).value("de").build(),
            InteractionStep.Press.builder().id(id()).key("Enter").build(),
            InteractionStep.Press.builder().id(id()).key("Tab").addModifiers("Shift").build(),
            InteractionStep.Scroll.builder().id(id()).mode(Step.ScrollMode.TO).y(400).build(),
            InteractionStep.Scroll.builder().id(id()).mode(Step.ScrollMode.TO).target(t(Candidate.css("ul.list"))).x(5).y(50).build(),
            CheckStep.Wait.builder().id(id()).ms(500).build(),
            CheckStep.Wait.builder().id(id()).until(Condition.Count.of(t(Candidate.id("done")), Condition.Op.GTE, 1)).build(),
            CheckStep.Wait.builder().id(id()).until(Condition.Count.of(t(Candidate.css(".item")), Condition.Op.GTE, 3)).timeoutMs(3000).build(),
            CheckStep.Wait.builder().id(id()).until(Condition.Not.of(Condition.Count.of(t(Candidate.id("spinner")), Condition.Op.GTE, 1))).build(),
            PageStep.Navigate.builder().id(id()).url(base + "/next.html").build(),
            InteractionStep.Click.builder().id(id()).target(t(Candidate.id("buy"))).offset(Point.of(5, 5))
                .addExpect(Condition.Url.of(base + "/orders/*")).timeoutMs(12000).build(),
            InteractionStep.Click.builder().id(id()).target(t(Candidate.id("open"))).newTab("popup").offset(Point.of(5, 5)).build(),
            PageStep.TabSwitch.builder().id(id()).alias("popup").build(),
            InteractionStep.Click.builder().id(id()).target(t(Candidate.id("ok"))).offset(Point.of(5, 5)).build(),
            PageStep.TabClose.builder().id(id()).alias("popup").build(),
            InteractionStep.Hover.builder().id(id()).target(t(Candidate.id("inner")).inFrame("iframe >> nth=0")).build(),
            InteractionStep.Click.builder().id(id()).target(t(Candidate.css("button.go")).inShadow("app-root", "fancy-button"))
                .offset(Point.of(5, 5)).build())
        .build();
  }

  @Test
  void should_keep_every_supported_step_through_chrome_recorder_and_back() {
    Flow original = everySupportedStep();

    Conversion<String> out = codec.write(original);
    Conversion<Flow> back = codec.read(out.value(), "round-trip.json");

    assertThat(out.issues()).noneMatch(i -> i.severity() != ConversionIssue.Severity.INFO);
    assertThat(back.quality()).as(back.report()).isNotEqualTo(Quality.BLOCKED);
    assertThat(out.stepsMapped()).isEqualTo(original.steps().size());
    Flow imported = back.value();
    assertThat(imported.name()).isEqualTo("Round trip");
    assertThat(imported.tabs()).containsExactlyElementsOf(original.tabs());
    // fill and select are written as change, which imports as change (the element decides at run time)
    assertThat(imported.steps()).extracting(Step::kind).containsExactlyElementsOf(original.steps().stream().map(Step::kind)
        .map(k -> k == Step.Kind.FILL || k == Step.Kind.SELECT ? Step.Kind.CHANGE : k).toList());
    for (int i = 0; i < original.steps().size(); i++) {
      assertSameStep(original.steps().get(i), imported.steps().get(i), "steps[" + i + "]");
    }
    assertThat(FlowJson.read(FlowJson.write(imported))).isEqualTo(imported);
  }

  /** Kinds, targets (original candidates in order, possibly with added ones) and values. */
  private static void assertSameStep(Step a, Step b, String path) {
    assertThat(b.expect()).as(path + ".expect").isEqualTo(a.expect());
    assertThat(b.timeoutMs()).as(path + ".timeoutMs").isEqualTo(a.timeoutMs());
    switch (a.kind()) {
      case OPEN:
        assertThat(((PageStep.Open) b).url()).as(path).isEqualTo(((PageStep.Open) a).url());
        break;
      case NAVIGATE:
        assertThat(((PageStep.Navigate) b).url()).as(path).isEqualTo(((PageStep.Navigate) a).url());
        break;
      case SET_VIEWPORT:
        assertThat(((PageStep.SetViewport) b).width()).isEqualTo(((PageStep.SetViewport) a).width());
        assertThat(((PageStep.SetViewport) b).height()).isEqualTo(((PageStep.SetViewport) a).height());
        break;
      case CLICK: {
        InteractionStep.Click x = (InteractionStep.Click) a;
        InteractionStep.Click y = (InteractionStep.Click) b;
        assertSameTarget(x.target(), y.target(), path);
        assertThat(y.button()).as(path + ".button").isEqualTo(x.button());
        assertThat(y.modifiers()).as(path + ".modifiers").isEqualTo(x.modifiers());
        assertThat(y.newTab()).as(path + ".newTab").isEqualTo(x.newTab());
        x.offset().ifPresent(o -> assertThat(y.offset()).as(path + ".offset").contains(o));
        break;
      }
      case DBLCLICK:
        assertSameTarget(((InteractionStep.Dblclick) a).target(), ((InteractionStep.Dblclick) b).target(), path);
        assertThat(((InteractionStep.Dblclick) b).offset()).isEqualTo(((InteractionStep.Dblclick) a).offset());
        break;
      case HOVER:
        assertSameTarget(((InteractionStep.Hover) a).target(), ((InteractionStep.Hover) b).target(), path);
        break;
      case FILL:
        assertSameTarget(((InteractionStep.Fill) a).target(), ((InteractionStep.Change) b).target(), path);
        assertThat(((InteractionStep.Change) b).value()).isEqualTo(((InteractionStep.Fill) a).value());
        break;
      case SELECT:
        assertSameTarget(((InteractionStep.Select) a).target(), ((InteractionStep.Change) b).target(), path);
        assertThat(Optional.of(((InteractionStep.Change) b).value())).isEqualTo(((InteractionStep.Select) a).value());
        break;
      case PRESS:
        assertThat(((InteractionStep.Press) b).key()).isEqualTo(((InteractionStep.Press) a).key());
        assertThat(((InteractionStep.Press) b).modifiers()).isEqualTo(((InteractionStep.Press) a).modifiers());
        break;
      case SCROLL: {
        InteractionStep.Scroll x = (InteractionStep.Scroll) a;
        InteractionStep.Scroll y = (InteractionStep.Scroll) b;
        assertThat(y.mode()).isEqualTo(x.mode());
        assertThat(y.x()).isEqualTo(x.x());
        assertThat(y.y()).isEqualTo(x.y());
        assertThat(y.target().isPresent()).isEqualTo(x.target().isPresent());
        x.target().ifPresent(tx -> assertSameTarget(tx, y.target().get(), path));
        break;
      }
      case WAIT:
        assertThat(((CheckStep.Wait) b).ms()).as(path).isEqualTo(((CheckStep.Wait) a).ms());
        assertThat(((CheckStep.Wait) b).until()).as(path).isEqualTo(((CheckStep.Wait) a).until());
        break;
      case TAB_SWITCH:
        assertThat(((PageStep.TabSwitch) b).alias()).isEqualTo(((PageStep.TabSwitch) a).alias());
        break;
      case TAB_CLOSE:
        assertThat(((PageStep.TabClose) b).alias()).isEqualTo(((PageStep.TabClose) a).alias());
        break;
      default:
        assertThat(b.withId(a.id())).as(path).isEqualTo(a);
    }
  }

  private static void assertSameTarget(Target a, Target b, String path) {
    assertThat(b.candidates()).as(path + ".target").containsSubsequence(a.candidates());
    assertThat(b.candidates().get(0)).as(path + ".target first candidate").isEqualTo(a.candidates().get(0));
    assertThat(b.framePath()).as(path + ".framePath").isEqualTo(a.framePath());
    assertThat(b.shadowPath()).as(path + ".shadowPath").isEqualTo(a.shadowPath());
  }

  @ParameterizedTest
  @ValueSource(strings = {"form.json", "popup-frame-shadow.json", "checkout.json"})
  void should_import_each_fixture_the_same_after_an_export(String fixture) throws IOException {
    String recording = fixture(fixture).replace("{{BASE}}", "http://127.0.0.1:8080");
    Flow first = codec.read(recording, fixture).value();

    Flow second = codec.read(codec.write(first).value(), fixture).value();

    assertThat(second.steps()).extracting(Step::kind).containsExactlyElementsOf(first.steps().stream().map(Step::kind).toList());
    for (int i = 0; i < first.steps().size(); i++) {
      assertSameStep(first.steps().get(i), second.steps().get(i), fixture + " steps[" + i + "]");
    }
  }

  static String fixture(String name) throws IOException {
    try (InputStream in = ChromeRecorderRoundTripTest.class.getResourceAsStream("/formats/chrome-recorder/" + name)) {
      assertThat(in).as("fixture " + name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
