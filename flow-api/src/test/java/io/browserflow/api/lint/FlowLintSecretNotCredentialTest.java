package io.browserflow.api.lint;

import static io.browserflow.api.dsl.Dsl.*;
import static io.browserflow.api.lint.FlowLintFixtures.flow;
import static io.browserflow.api.lint.FlowLintFixtures.lint;
import static io.browserflow.api.lint.FlowLintFixtures.paths;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Credential;
import org.junit.jupiter.api.Test;

class FlowLintSecretNotCredentialTest {

  @Test
  void should_report_a_secret_field_filled_from_an_input_or_a_plain_credential() {
    LintReport report = lint(flow()
        .input("PASS")
        .credential("PIN_CODE")
        .fill(label("Password"), "${PASS}")
        .fill(label("PIN"), "${credential.PIN_CODE}")
        .fill(css("input[type=password]"), "${loop.row.pw}")
        .click(role("button", "Sign in")).expect(urlMatches("**/home")));

    assertThat(paths(report, LintCode.SECRET_NOT_CREDENTIAL))
        .containsExactly("steps[0].value", "steps[1].value", "steps[2].value");
    assertThat(report.warnings(LintCode.SECRET_NOT_CREDENTIAL).get(1).message()).contains("PIN_CODE").contains("not secret");
  }

  @Test
  void should_accept_a_secret_field_filled_from_a_secret_credential() {
    LintReport report = lint(flow()
        .credential("PASSWORD", secret())
        .credential("TOKEN", credentialType(Credential.Type.TOKEN))
        .input("OTP_CODE")
        .fill(label("Password"), "${credential.PASSWORD}")
        .fill(label("Token"), "${credential.TOKEN}")
        .fill(label("User name"), "${USER}")
        .click(role("button", "Sign in")).expect(urlMatches("**/home")));

    assertThat(report.warnings(LintCode.SECRET_NOT_CREDENTIAL)).isEmpty();
  }

  @Test
  void should_report_secret_named_inputs_and_secret_typed_credentials_that_are_not_secret() {
    LintReport report = lint(flow()
        .input("USER_PASSWORD")
        .input("DEVICE_ID")
        .credential(Credential.builder().key("API").type(Credential.Type.API_KEY).secret(false).build())
        .credential(Credential.builder().key("SESSION_TOKEN").build())
        .credential("USERNAME", credentialType(Credential.Type.USERNAME)));

    assertThat(paths(report, LintCode.SECRET_NOT_CREDENTIAL))
        .containsExactly("inputs[0]", "credentials[0].secret", "credentials[1].secret");
  }
}
