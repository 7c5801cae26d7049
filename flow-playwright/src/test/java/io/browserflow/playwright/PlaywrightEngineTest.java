package io.browserflow.playwright;

import static io.browserflow.api.dsl.Dsl.label;
import static io.browserflow.api.dsl.Dsl.role;
import static io.browserflow.api.dsl.Dsl.secret;
import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.api.dsl.Dsl.urlMatches;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.engine.StepResult;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The engine running flows through this driver: a login with a secret password, a fallback, a missing target. */
@Tag("browser")
class PlaywrightEngineTest extends ChromiumTest {
  private static final String PASSWORD = "correct horse battery staple";

  @BeforeEach
  void app() {
    server.page("/login", page("Login", "<form action=\"/home\">"
        + "<label>User <input name=\"u\" style=\"width: 300px; height: 40px\"></label>"
        + "<label>Password <input type=\"password\" name=\"p\" style=\"width: 300px; height: 40px\"></label>"
        + "<button id=\"go\">Sign in</button></form>"));
    server.page("/home", page("Home", "<h1>Welcome</h1>"));
  }

  private RunResult run(Flow flow, Inputs inputs) {
    try (FlowEngine engine = FlowEngine.builder().driver(driver).build()) {
      return engine.run(flow, inputs);
    }
  }

  @Test
  void should_log_in_with_a_secret_falling_back_to_the_second_candidate() throws Exception {
    Flow flow = Flow.named("login")
        .credential("PASSWORD", secret())
        .open(server.url("/login"))
        .fill(label("User"), "ada")
        .fill(label("Password"), "${credential.PASSWORD}")
        .screenshot("filled.png")
        .click(testId("sign-in").or(role("button", "Sign in"))).expect(urlMatches("**/home*"))
        .build();

    RunResult result = run(flow, Inputs.builder().credential("PASSWORD", PASSWORD).build());

    assertThat(result.status()).as(String.valueOf(result.errorMessage())).isEqualTo(RunStatus.SUCCEEDED);
    StepResult click = result.steps().get(result.steps().size() - 1);
    assertThat(click.winner()).hasValue(1);
    assertThat(result.toString()).doesNotContain(PASSWORD);
    Path shot = Path.of(result.steps().get(3).artifacts().get(0));
    BufferedImage img = ImageIO.read(shot.toFile());
    assertThat(img.getWidth()).isPositive();
  }

  @Test
  void should_fail_the_run_with_target_not_found_and_the_counts() {
    Flow flow = Flow.named("missing")
        .open(server.url("/login"))
        .click(testId("nope").or(role("button", "Nope"))).timeoutMs(500)
        .build();

    RunResult result = run(flow, Inputs.empty());

    assertThat(result.status()).isEqualTo(RunStatus.FAILED);
    assertThat(result.errorCode()).contains(ErrorCode.TARGET_NOT_FOUND);
    assertThat(result.errorMessage().orElse("")).contains("testId \"nope\" matched 0", "role \"button\" name \"Nope\" matched 0");
  }
}
