package io.browserflow.formats;

import static io.browserflow.formats.SideProjects.cmd;
import static io.browserflow.formats.SideProjects.issue;
import static io.browserflow.formats.SideProjects.read;
import static io.browserflow.formats.SideProjects.roundTripped;
import static io.browserflow.formats.SideProjects.step;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Dialog;
import io.browserflow.api.Flow;
import io.browserflow.api.lint.Quality;
import org.junit.jupiter.api.Test;

/** Selenium IDE dialog commands become the dialogs of the step that opens them. */
class SideDialogsTest {

  @Test
  void should_put_a_dialog_checked_and_answered_after_the_action_on_the_action() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("click", "id=delete"), cmd("assertConfirmation", "Delete 3 orders?"),
        cmd("dismissConfirmation", ""), cmd("click", "id=rename"), cmd("assertPrompt", "New name?"), cmd("answerPrompt", "Ada"));

    assertThat(c.value().steps()).hasSize(3);
    assertThat(step(c, 1).dialogs()).containsExactly(Dialog.confirm("Delete 3 orders?").dismiss());
    assertThat(step(c, 2).dialogs()).containsExactly(Dialog.prompt("New name?").answer("Ada"));
    assertThat(c.stepsMapped()).isEqualTo(c.stepsRead());
    assertThat(c.issues()).isEmpty();
    assertThat(roundTripped(c.value())).isEqualTo(c.value());
  }

  @Test
  void should_keep_several_dialogs_of_one_action_in_order() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("click", "id=pay"), cmd("assertConfirmation", "Pay 10 EUR?"),
        cmd("acceptConfirmation", ""), cmd("assertAlert", "Paid"), cmd("acceptAlert", ""));

    assertThat(step(c, 1).dialogs()).containsExactly(Dialog.confirm("Pay 10 EUR?"), Dialog.alert("Paid"));
  }

  @Test
  void should_attach_an_answer_armed_before_the_action_as_selenium_ide_3_wrote_it() {
    Conversion<Flow> c = read(cmd("open", "/"), cmd("chooseCancelOnNextConfirmation", ""), cmd("click", "id=delete"),
        cmd("assertConfirmation", "Delete 3 orders?"), cmd("answerOnNextPrompt", "Bob"), cmd("click", "id=rename"));

    assertThat(step(c, 1).dialogs()).containsExactly(Dialog.confirm("Delete 3 orders?").dismiss());
    assertThat(step(c, 2).dialogs()).containsExactly(Dialog.of(Dialog.Type.PROMPT).answer("Bob"));
  }

  @Test
  void should_report_a_dialog_command_with_no_action_before_it() {
    Conversion<Flow> c = read(cmd("acceptAlert", ""), cmd("open", "/"), cmd("assertText", "id=x", "y"),
        cmd("assertAlert", "Hi"), cmd("answerOnNextPrompt", "z"));

    ConversionIssue i = issue(c, ConversionCode.DIALOG_UNATTACHED);
    assertThat(i.path()).isEqualTo("tests[0].commands[0]");
    assertThat(c.issues()).filteredOn(x -> x.code() == ConversionCode.DIALOG_UNATTACHED)
        .extracting(ConversionIssue::path).containsExactly("tests[0].commands[0]", "tests[0].commands[3]", "tests");
    assertThat(c.value().steps()).allSatisfy(s -> assertThat(s.dialogs()).isEmpty());
  }

  @Test
  void should_write_dialogs_in_java_and_refuse_them_in_formats_without_dialogs() {
    Flow flow = read(cmd("open", "/"), cmd("click", "id=delete"), cmd("assertConfirmation", "Delete 3 orders?"),
        cmd("dismissConfirmation", "")).value();

    assertThat(FlowFormats.write(flow, Format.JAVA).value())
        .contains(".dialog(Dialog.confirm(\"Delete 3 orders?\").dismiss())", "import io.browserflow.api.Dialog;");
    for (Format f : new Format[] {Format.CHROME_RECORDER, Format.BROWSERCTL}) {
      Conversion<String> out = FlowFormats.write(flow, f);
      ConversionIssue i = issue(out, ConversionCode.UNSUPPORTED_OPTION);
      assertThat(i.path()).isEqualTo("steps[1].dialogs");
      assertThat(i.severity()).isEqualTo(ConversionIssue.Severity.BLOCKING);
      assertThat(out.quality()).isEqualTo(Quality.BLOCKED);
    }
  }
}
