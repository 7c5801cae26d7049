package io.browserflow.api.lint;

import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.api.lint.FlowLintFixtures.assertNoLeak;
import static io.browserflow.api.lint.FlowLintFixtures.flow;
import static io.browserflow.api.lint.FlowLintFixtures.lint;
import static io.browserflow.api.lint.FlowLintFixtures.paths;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Credential;
import io.browserflow.api.Input;
import io.browserflow.api.Schedule;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FlowLintSensitiveValueTest {

  @ParameterizedTest
  @ValueSource(strings = {"Password", "登录密码", "One-time code", "Verification code", "验证码", "CVV", "Card number", "API key"})
  void should_block_a_literal_filled_into_a_secret_field(String label) {
    LintReport report = lint(flow().fill(label(label), "hunter2!").fill(testId("x"), "${Y}"));

    assertThat(paths(report, LintCode.SENSITIVE_VALUE)).containsExactly("steps[0].value");
    assertThat(report.warnings(LintCode.SENSITIVE_VALUE).get(0).severity()).isEqualTo(LintWarning.Severity.ERROR);
    assertThat(report.quality()).isEqualTo(Quality.BLOCKED);
    assertNoLeak(report, "hunter2!");
  }

  @Test
  void should_recognize_secret_fields_by_css_and_placeholder() {
    LintReport report = lint(flow()
        .fill(css("input[type=password]"), "s3cretPass")
        .fill(placeholder("密码"), "s3cretPass")
        .type(css("#loginPwd"), "s3cretPass"));

    assertThat(paths(report, LintCode.SENSITIVE_VALUE)).containsExactly("steps[0].value", "steps[1].value", "steps[2].text");
  }

  @Test
  void should_accept_a_secret_field_filled_from_a_secret_credential_and_ordinary_fields_with_literals() {
    LintReport report = lint(flow()
        .credential("PASSWORD", credentialType(Credential.Type.PASSWORD))
        .fill(label("Password"), "${credential.PASSWORD}")
        .fill(css(".card-body input[name=title]"), "Quarterly report")
        .fill(label("Spinner speed"), "fast")
        .fill(label("Footprint"), "small")
        .click(role("button", "Sign in")).expect(urlMatches("**/home")));

    assertThat(report.warnings(LintCode.SENSITIVE_VALUE)).isEmpty();
    assertThat(report.quality()).isEqualTo(Quality.READY);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
      "sk-proj-4f9Xc2Lm8Qw1Zr7Tb3Nv6Kp0",
      "AKIAIOSFODNN7EXAMPLE",
      "ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R",
      "Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0",
      "Zx8Kq2Lm9Pw4Rt7Vy3Nb",
      "4111 1111 1111 1111",
      "-----BEGIN RSA PRIVATE KEY-----"})
  void should_block_secret_shaped_literals_anywhere(String secret) {
    LintReport report = lint(flow().setVar("note", "value " + secret + " end"));

    assertThat(paths(report, LintCode.SENSITIVE_VALUE)).containsExactly("steps[0].value");
    assertThat(report.quality()).isEqualTo(Quality.BLOCKED);
    assertNoLeak(report, secret);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "https://admin:Sup3rS3cret@intranet.corp.cn/login",
      "https://app.corp.cn/cb?access_token=q8W2e4R6t8Y0&x=1",
      "https://app.corp.cn/home;JSESSIONID=F00DBABE1234"})
  void should_block_credentials_in_urls(String url) {
    LintReport report = lint(flow().open(url));

    assertThat(paths(report, LintCode.SENSITIVE_VALUE)).containsExactly("steps[0].url");
    assertThat(report.quality()).isEqualTo(Quality.BLOCKED);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "4111111111111112",            // fails Luhn
      "1000000150601081286",         // passes Luhn, but no card issuer starts with 1 (a device id)
      "ThisIsALongCamelCaseName2",   // long and mixed case, but not random
      "internationalization-settings",
      "sk-learn tutorial",
      "https://app.corp.cn/login?token=${credential.TOKEN}",
      "password=****"})
  void should_accept_near_misses(String value) {
    LintReport report = lint(flow().setVar("note", value));

    assertThat(report.warnings(LintCode.SENSITIVE_VALUE)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"zhang.san@corp.cn", "13812345678", "+86 138 1234 5678", "+44 20 7946 0958",
      "(415) 555-0132", "11010519491231002X"})
  void should_flag_personal_data_as_a_warning(String value) {
    LintReport report = lint(flow().fill(testId("contact"), value).expect(hasValue(testId("contact"), "${V}")));

    assertThat(paths(report, LintCode.SENSITIVE_VALUE)).containsExactly("steps[0].value");
    assertThat(report.warnings(LintCode.SENSITIVE_VALUE).get(0).severity()).isEqualTo(LintWarning.Severity.WARNING);
    assertThat(report.quality()).isEqualTo(Quality.NEEDS_REVIEW);
    assertNoLeak(report, value);
  }

  @ParameterizedTest
  @ValueSource(strings = {"qa@example.com", "tester@shop.test", "12345678901", "1700000000000", "110105194912310021",
      "Order 2024-0001"})
  void should_accept_reserved_addresses_and_numbers_that_are_not_personal(String value) {
    LintReport report = lint(flow().fill(testId("contact"), value).expect(hasValue(testId("contact"), "${V}")));

    assertThat(report.warnings(LintCode.SENSITIVE_VALUE)).isEmpty();
  }

  @Test
  void should_block_personal_data_with_the_replay_gate_options() {
    LintReport report = lint(flow().setVar("who", "zhang.san@corp.cn"), LintOptions.replayGate());

    assertThat(report.warnings(LintCode.SENSITIVE_VALUE)).singleElement()
        .satisfies(w -> assertThat(w.blocking()).isTrue());
    assertThat(report.quality()).isEqualTo(Quality.BLOCKED);
  }

  @Test
  void should_scan_declarations_table_schedule_description_and_disabled_steps() {
    LintReport report = lint(flow()
        .description("Ask zhang.san@corp.cn for access")
        .input(Input.builder().key("API_TOKEN").defaultValue("tok-123456").build())
        .input("REGION", options("north", "13812345678"))
        .table(List.of("user", "password"), List.of(List.of("a", "pw-1"), List.of("b", "pw-2"), List.of("c", "${P}")))
        .schedule(Schedule.builder().everyMinutes(60).putInput("PASSWORD", "letmein99").build())
        .setVar("token", "abc12345").disabled());

    assertThat(paths(report, LintCode.SENSITIVE_VALUE)).containsExactly(
        "description",
        "inputs[0].default",
        "inputs[1].options[1]",
        "table.rows[0][1]",
        "schedule.input.PASSWORD",
        "steps[0].value");
    assertThat(report.warnings(LintCode.SENSITIVE_VALUE).get(3).message()).contains("password").contains("2 rows");
    assertNoLeak(report, "letmein99");
    assertNoLeak(report, "tok-123456");
    assertNoLeak(report, "abc12345");
  }

  @Test
  void should_scan_conditions_locators_loop_items_and_fallbacks() {
    LintReport report = lint(flow()
        .click(text("zhang.san@corp.cn")).expect(textPresent("Welcome 13812345678"))
        .foreach(values("ok", "li.si@corp.cn"), body -> body.click(testId("x")).expect(textPresent("done")))
        .click(testId("pay")).expect(textPresent("Paid"))
        .fallback(f -> f.setVar("card", "5500 0055 5555 5559")));

    assertThat(paths(report, LintCode.SENSITIVE_VALUE)).containsExactly(
        "steps[0].target.candidates[0]",
        "steps[0].expect[0].text",
        "steps[1].items[1]",
        "steps[2].onError.fallback[0].value");
  }

  @Test
  void should_mask_values_in_messages() {
    String jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";

    LintReport report = lint(flow().fill(testId("t"), jwt).expect(textPresent("ok")));

    LintWarning w = report.warnings(LintCode.SENSITIVE_VALUE).get(0);
    assertThat(w.message()).contains("a JWT").contains("ey***");
    assertNoLeak(report, jwt);
    assertNoLeak(report, jwt.substring(0, 12));
  }
}
