package io.browserflow.playwright.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.lint.LintCode;
import io.browserflow.api.lint.LintWarning;
import io.browserflow.engine.Inputs;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Recording a form: one fill per field, selects and checks, a secret password, a click that navigates. */
@Tag("browser")
class RecorderFormTest extends RecorderTestBase {
  static final String FORM = page("Form",
      "<form id=\"f\" onsubmit=\"event.preventDefault(); save()\">"
          + "<label for=\"name\">Full name</label><input id=\"name\" name=\"fullName\">"
          + "<input type=\"email\" name=\"email\" placeholder=\"Email address\">"
          + "<label>Password <input type=\"password\" name=\"password\"></label>"
          + "<select name=\"plan\" data-testid=\"plan\"><option value=\"free\">Free</option><option value=\"pro\">Pro plan</option></select>"
          + "<label><input type=\"checkbox\" name=\"terms\"> I agree</label>"
          + "<label><input type=\"radio\" name=\"size\" value=\"s\"> Small</label>"
          + "<label><input type=\"radio\" name=\"size\" value=\"l\"> Large</label>"
          + "<textarea name=\"notes\" aria-label=\"Notes\"></textarea>"
          + "<button type=\"submit\">Save</button>"
          + "</form>"
          + "<a href=\"#/orders/4711\">Open order</a>"
          + "<pre id=\"log\"></pre>"
          + "<script>"
          + "function v(n){ const e = document.querySelector('[name=' + n + ']'); return e.value; }"
          + "function save(){ document.getElementById('log').textContent += 'saved ' + v('fullName') + ' ' + v('email')"
          + " + ' pw' + v('password').length + ' ' + v('plan') + ' ' + document.querySelector('[name=terms]').checked"
          + " + ' ' + (document.querySelector('[name=size]:checked') || {}).value + ' ' + v('notes') + '\\n'; }"
          + "window.pageState = () => ({url: location.pathname + location.hash, log: document.getElementById('log').textContent,"
          + " values: Array.from(document.querySelectorAll('input,select,textarea')).map(e => e.type === 'checkbox' || e.type === 'radio' ? e.checked : e.type === 'password' ? e.value.length : e.value)});"
          + "</script>");

  @Test
  void should_record_a_form_and_replay_it_to_the_same_state() {
    server.page("/form.html", FORM);
    List<String> events = new ArrayList<>();
    Recording rec = Recorder.start(RecorderOptions.builder().page(page).listener(new RecordingListener() {
      @Override
      public void stepCaptured(Step step, int count) {
        events.add(FlowJson.write(io.browserflow.api.Flow.builder().name("e").addSteps(step).build()));
      }

      @Override
      public void warning(LintWarning w) {
        events.add(w.describe());
      }
    }).build());
    page.navigate(server.url("/form.html"));
    page.click("#name");
    page.keyboard().type("Ada Lovelace");
    page.getByPlaceholder("Email address").pressSequentially("ada@example.org");
    page.locator("[name=password]").pressSequentially("s3cr3t-Pa55");
    page.focus("[name=plan]");
    page.keyboard().press("ArrowDown"); // a person's choice: selectOption() would send untrusted events
    page.check("[name=terms]");
    page.click("text=Large");
    page.locator("[name=notes]").pressSequentially("first line");
    page.click("button[type=submit]");
    page.click("text=Open order");
    String expected = state(page);
    FlowDraft draft = rec.stop();

    String json = FlowJson.write(draft.flow());
    assertThat(json).doesNotContain("s3cr3t-Pa55");
    assertThat(draft.warnings().stream().map(LintWarning::describe).collect(Collectors.joining())).doesNotContain("s3cr3t");
    assertThat(String.join("\n", events)).doesNotContain("s3cr3t").contains("Ada Lovelace");

    List<Step> steps = draft.flow().steps();
    assertThat(steps.stream().map(s -> s.kind().op()).collect(Collectors.toList()))
        .containsExactly("open", "fill", "fill", "fill", "select", "check", "check", "fill", "click", "click");
    assertThat(((InteractionStep.Fill) steps.get(1)).value()).isEqualTo("Ada Lovelace");
    assertThat(((InteractionStep.Fill) steps.get(1)).target().candidates()).first().isEqualTo(Candidate.id("name"));
    assertThat(((InteractionStep.Fill) steps.get(3)).value()).isEqualTo("${credential.PASSWORD}");
    assertThat(draft.flow().credentials()).singleElement().satisfies(c -> {
      assertThat(c.key()).isEqualTo("PASSWORD");
      assertThat(c.secret()).isTrue();
      assertThat(c.type()).isEqualTo(Credential.Type.PASSWORD);
    });
    assertThat(((InteractionStep.Select) steps.get(4)).value()).hasValue("pro");
    assertThat(((InteractionStep.Select) steps.get(4)).target().candidates()).first().isEqualTo(Candidate.testId("plan"));
    assertThat(steps.get(9).expect()).containsExactly(Condition.Url.of("**/form.html#/orders/*"));
    steps.forEach(s -> {
      if (s instanceof InteractionStep.Click) {
        assertThat(((InteractionStep.Click) s).target().candidates()).as("candidates of %s", s).hasSizeGreaterThanOrEqualTo(2);
      }
    });
    assertThat(draft.report().has(LintCode.UNSTABLE_SELECTOR)).isFalse();

    String actual = replayState(draft.flow(), Inputs.builder().credential("PASSWORD", "s3cr3t-Pa55").build());
    assertThat(actual).isEqualTo(expected);
    assertThat(expected).contains("saved Ada Lovelace ada@example.org pw11 pro true l first line");
  }
}
