package io.browserflow.formats;

import static io.browserflow.formats.SideProjects.cmd;
import static io.browserflow.formats.SideProjects.issue;
import static io.browserflow.formats.SideProjects.read;
import static io.browserflow.formats.SideProjects.step;
import static io.browserflow.formats.SideProjects.withTargets;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Candidate;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import org.junit.jupiter.api.Test;

/** Selenium IDE locators and their fallback alternatives as candidates. */
class SideLocatorsTest {
  @Test
  void should_turn_the_target_and_every_alternative_into_candidates_in_order() {
    ObjectNode click = withTargets(cmd("click", "id=buy"), "id=buy", "name=buy-now", "css=#buy",
        "xpath=//button[@id='buy']", "//form/button[2]", "linkText=Buy now", "partialLinkText=Buy");

    Conversion<Flow> c = read(cmd("open", "/"), click);

    assertThat(((InteractionStep.Click) step(c, 1)).target().candidates()).containsExactly(
        Candidate.id("buy"), Candidate.css("[name=\"buy-now\"]"), Candidate.css("#buy"),
        Candidate.xpath("//button[@id='buy']"), Candidate.xpath("//form/button[2]"),
        Candidate.xpath("//a[normalize-space(.)='Buy now']"),
        Candidate.xpath("//a[contains(normalize-space(.), 'Buy')]"));
    assertThat(c.issues()).isEmpty();
  }

  @Test
  void should_read_a_locator_without_strategy_as_id_then_name_and_quote_apostrophes_in_link_texts() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("click", "buy"), cmd("click", "linkText=Ada's \"shop\""));

    assertThat(((InteractionStep.Click) step(c, 1)).target().candidates())
        .containsExactly(Candidate.id("buy"), Candidate.css("[name=\"buy\"]"));
    assertThat(((InteractionStep.Click) step(c, 2)).target().candidates()).containsExactly(
        Candidate.xpath("//a[normalize-space(.)=concat('Ada', \"'\", 's \"shop\"')]"));
  }

  @Test
  void should_report_an_alternative_it_cannot_carry_and_keep_the_others() {
    ObjectNode click = withTargets(cmd("click", "css=.buy"), "dom=document.forms[0].buy", "css=.buy");

    Conversion<Flow> c = read(cmd("open", "/"), click);

    assertThat(((InteractionStep.Click) step(c, 1)).target().candidates()).containsExactly(Candidate.css(".buy"));
    ConversionIssue i = issue(c, ConversionCode.UNSUPPORTED_LOCATOR);
    assertThat(i.path()).isEqualTo("tests[0].commands[1].targets[0]");
    assertThat(i.severity()).isEqualTo(ConversionIssue.Severity.WARNING);
  }

  @Test
  void should_block_a_command_none_of_whose_locators_is_supported() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("click", "dom=document.links[0]"));

    assertThat(c.value().steps()).hasSize(1);
    assertThat(c.blockingIssues()).extracting(ConversionIssue::code, ConversionIssue::path)
        .containsExactly(tuple(ConversionCode.TARGET_UNRESOLVED,
            "tests[0].commands[1].target"));
    assertThat(c.stepsMapped()).isEqualTo(1);
    assertThat(c.stepsRead()).isEqualTo(2);
  }
}
