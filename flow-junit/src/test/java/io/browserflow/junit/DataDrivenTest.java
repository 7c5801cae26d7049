package io.browserflow.junit;

import static io.browserflow.junit.FlowAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.ErrorCode;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** @FlowSource: one invocation per row of the flow's table or of a CSV, named after the flow and the row. */
@Tag("browser")
class DataDrivenTest {
  static EngineExecutionResults results;

  @BeforeAll
  static void run() {
    results = Kit.run(RowsCase.class);
  }

  private static List<String> invocations(String method, boolean passed) {
    var events = passed ? results.testEvents().succeeded() : results.testEvents().failed();
    return events.stream().filter(e -> e.getTestDescriptor().getUniqueId().toString().contains("[test-template:" + method))
        .map(e -> e.getTestDescriptor().getDisplayName()).collect(Collectors.toList());
  }

  @Test
  void should_run_one_invocation_per_table_row_named_after_the_flow_and_the_row() {
    assertThat(invocations("table_rows", true)).containsExactly("[1] Save each name of a table [NAME=Ada]",
        "[2] Save each name of a table [NAME=Grace]", "[3] Save each name of a table [NAME=Linus]");
  }

  @Test
  void should_run_one_invocation_per_csv_row() {
    assertThat(invocations("csv_rows", true)).containsExactly("[1] Save a name [NAME=Ada]", "[2] Save a name [NAME=Hopper, Grace]");
  }

  @Test
  void should_reduce_a_looped_table_to_the_row_of_each_invocation() {
    assertThat(invocations("loop_over_the_table", true)).containsExactly(
        "[1] Save the names of the table in a loop [NAME=Ada]", "[2] Save the names of the table in a loop [NAME=Grace]");
  }

  @Test
  void should_fail_only_the_row_whose_run_fails_and_hide_secret_cells() {
    assertThat(invocations("account_rows", true)).containsExactly("[1] Sign in with a password [USERNAME=ada, PASSWORD=***]");
    assertThat(invocations("account_rows", false)).containsExactly("[2] Sign in with a password [USERNAME=grace, PASSWORD=***]");
    String message = Kit.failure(results.testEvents(), "[USERNAME=grace").getMessage();
    assertThat(message).contains("(sign-in) failed at steps[3] \"Sign in\" (click save): CHECK_FAILED", "screenshot:")
        .doesNotContain("wrong-pw");
  }

  @Test
  void should_hand_failed_runs_to_the_body_when_success_is_not_required() {
    assertThat(invocations("failures_handed_to_the_body", true))
        .containsExactly("[1] Sign in with a password [USERNAME=grace, PASSWORD=***]");
  }

  @FlowTest(serve = "classpath:site")
  static class RowsCase {
    @ParameterizedTest
    @FlowSource("classpath:flows/names-table.flow.json")
    void table_rows(FlowInvocation row) {
      assertThat(row.result()).succeeded();
      assertThat(row.row()).containsOnlyKeys("NAME");
    }

    @ParameterizedTest
    @FlowSource(value = "classpath:flows/save-name.flow.json", csv = "classpath:data/names.csv")
    void csv_rows(FlowInvocation row) {
      assertThat(row.result()).output("steps.status.text").isEqualTo("Saved " + row.row().get("NAME"));
    }

    @ParameterizedTest
    @FlowSource("classpath:flows/each-row.flow.json")
    void loop_over_the_table(FlowInvocation row) {
      assertThat(row.flow().table().orElseThrow().rows()).hasSize(1);
      assertThat(row.result().steps()).filteredOn(s -> s.stepId().equals("save")).hasSize(1);
    }

    @ParameterizedTest
    @FlowSource(value = "classpath:flows/sign-in.flow.json", csv = "classpath:data/accounts.csv")
    void account_rows(FlowInvocation row) {
      assertThat(row.result()).succeeded();
    }

    @ParameterizedTest
    @FlowSource(value = "classpath:flows/sign-in.flow.json", csv = "classpath:data/wrong-account.csv", requireSuccess = false)
    void failures_handed_to_the_body(FlowInvocation row) {
      assertThat(row.result()).failedWith(ErrorCode.CHECK_FAILED).failedAt("steps[3]");
    }
  }
}
