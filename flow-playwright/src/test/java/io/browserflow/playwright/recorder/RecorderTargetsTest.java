package io.browserflow.playwright.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Candidate;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.lint.LintCode;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Which candidates the recorder keeps: unique ones only, in order, and fragile ones reported. */
@Tag("browser")
class RecorderTargetsTest extends RecorderTestBase {
  private List<Candidate> candidatesOfClick(FlowDraft draft, int index) {
    return ((InteractionStep.Click) draft.flow().steps().get(index)).target().candidates();
  }

  @Test
  void should_keep_only_candidates_unique_at_record_time_in_priority_order() {
    server.page("/rows.html", page("Rows",
        "<ul>"
            + "<li>Alpha <button data-cy=\"delete-alpha\" onclick=\"log('delete alpha')\">Delete</button></li>"
            + "<li>Beta <button id=\"ember1234\" class=\"btn danger\" onclick=\"log('delete beta')\">Delete</button></li>"
            + "</ul>"
            + "<button id=\"save-all\" title=\"Save everything\" onclick=\"log('saved')\">Save all</button>"
            + RecorderInteractionsTest.LOG));
    Recording rec = Recorder.start(RecorderOptions.builder().page(page).build());
    page.navigate(server.url("/rows.html"));
    page.click("#ember1234");
    page.click("[data-cy=delete-alpha]");
    page.click("#save-all");
    String expected = state(page);
    FlowDraft draft = rec.stop();

    List<Candidate> beta = candidatesOfClick(draft, 1);
    assertThat(beta).as("two buttons say Delete, and the id is generated").noneMatch(c ->
        c.kind() == Candidate.Kind.ROLE || c.kind() == Candidate.Kind.TEXT || c.kind() == Candidate.Kind.ID);
    assertThat(candidatesOfClick(draft, 2)).first().isEqualTo(Candidate.testId("delete-alpha"));
    assertThat(candidatesOfClick(draft, 3)).startsWith(Candidate.id("save-all"), Candidate.role("button", "Save all"),
        Candidate.text("Save all"));
    assertThat(replayState(draft.flow())).as(FlowJson.write(draft.flow())).isEqualTo(expected);
  }

  @Test
  void should_report_a_target_that_only_a_positional_selector_reaches() {
    server.page("/grid.html", page("Grid",
        "<div><div><span onclick=\"log('first')\">x</span></div><div><span onclick=\"log('second')\">x</span></div></div>"
            + RecorderInteractionsTest.LOG));
    Recording rec = Recorder.start(RecorderOptions.builder().page(page).build());
    page.navigate(server.url("/grid.html"));
    page.locator("span").nth(1).click();
    String expected = state(page);
    FlowDraft draft = rec.stop();

    assertThat(candidatesOfClick(draft, 1)).singleElement()
        .satisfies(c -> assertThat(c.value()).contains(":nth-of-type("));
    assertThat(draft.report().has(LintCode.UNSTABLE_SELECTOR)).isTrue();
    assertThat(replayState(draft.flow())).as(FlowJson.write(draft.flow())).isEqualTo(expected);
  }
}
