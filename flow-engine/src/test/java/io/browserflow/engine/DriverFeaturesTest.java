package io.browserflow.engine;

import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.engine.EngineFixtures.APP;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Capability;
import io.browserflow.api.Dialog;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.engine.spi.AnswersDialogs;
import io.browserflow.engine.spi.DriverFeatures;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.DriverSessions;
import io.browserflow.engine.spi.Forks;
import io.browserflow.engine.spi.HasClipboard;
import io.browserflow.engine.spi.SendsHttp;
import io.browserflow.engine.spi.SessionOptions;
import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;

/** Optional driver features are checked before the first step: a step the driver cannot run never starts. */
class DriverFeaturesTest {

  @Test
  void should_refuse_before_the_first_step_every_step_the_driver_cannot_run() {
    FakeDriver driver = new FakeDriver(); // none of the optional features
    Flow flow = Flow.named("needs features").capabilities(Capability.HTTP_REQUEST).open(APP + "/")
        .click(testId("save")).id("save")
        .repeat(2, body -> body.http("GET", APP + "/api/items").id("ping"))
        .clipboardRead().id("paste")
        .click(testId("delete")).id("delete").dialog(Dialog.confirm("Delete?").accept())
        .build();

    RunResult result = FlowEngine.builder().driver(driver).build()
        .run(flow, Inputs.empty(), RunOptions.builder().allow(Capability.HTTP_REQUEST).build());

    assertThat(result.status()).isEqualTo(RunStatus.FAILED);
    assertThat(result.errorCode()).hasValue(ErrorCode.UNSUPPORTED_STEP);
    assertThat(result.steps()).as("no step started").isEmpty();
    assertThat(driver.performed).as("nothing reached the page").isEmpty();
    assertThat(result.errorMessage()).hasValueSatisfying(m -> assertThat(m).contains(
        "the page driver fake cannot",
        "send http requests (http): steps[2].body[0] (http)",
        "use a clipboard (clipboard): steps[3] (clipboard)",
        "answer native dialogs (dialogs): steps[4] (click)",
        "Nothing ran"));
  }

  @Test
  void should_run_a_flow_that_needs_no_optional_feature_on_a_driver_without_any() {
    FakeDriver driver = new FakeDriver();
    Flow flow = Flow.named("plain").open(APP + "/").click(testId("save")).id("save").viewport(800, 600).build();

    RunResult result = FlowEngine.builder().driver(driver).build().run(flow, Inputs.empty());

    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(driver.performed).containsExactly("open:" + APP + "/", "save");
  }

  @Test
  void should_keep_the_features_of_a_session_handed_over_kept_open() {
    DriverSession plain = new FakeDriver().openSession(SessionOptions.defaults());
    DriverSession rich = (DriverSession) Proxy.newProxyInstance(getClass().getClassLoader(),
        new Class<?>[] {DriverSession.class, SendsHttp.class, AnswersDialogs.class},
        (proxy, method, args) -> method.getName().equals("toString") ? "rich" : null);

    DriverSession keptPlain = DriverSessions.keptOpen(plain);
    DriverSession keptRich = DriverSessions.keptOpen(rich);

    assertThat(DriverFeatures.of(keptPlain, SendsHttp.class)).isEmpty();
    assertThat(DriverFeatures.of(keptRich, SendsHttp.class)).isPresent();
    assertThat(DriverFeatures.of(keptRich, AnswersDialogs.class)).isPresent();
    assertThat(DriverFeatures.of(keptRich, HasClipboard.class)).isEmpty();
    assertThat(DriverFeatures.of(keptRich, Forks.class)).isEmpty();
  }

  @Test
  void should_run_flows_on_a_session_the_caller_keeps_through_driver_over() {
    FakeDriver driver = new FakeDriver();
    DriverSession owned = driver.openSession(SessionOptions.defaults());
    Flow flow = Flow.named("on the caller's session").open(APP + "/").click(testId("save")).id("save").build();

    try (FlowEngine engine = FlowEngine.builder().driver(DriverSessions.driverOver("borrowed", owned)).build()) {
      assertThat(engine.run(flow, Inputs.empty()).status()).isEqualTo(RunStatus.SUCCEEDED);
      assertThat(engine.run(flow, Inputs.empty()).status()).as("the session outlived the first run").isEqualTo(RunStatus.SUCCEEDED);
    }

    assertThat(driver.performed).containsExactly("open:" + APP + "/", "save", "open:" + APP + "/", "save");
    assertThat(DriverSessions.driverOver("borrowed", owned).environment()).containsEntry("browser", "borrowed");
  }

  @Test
  void should_open_sessions_its_own_way_and_close_the_driver_only_when_asked() {
    java.util.List<String> closed = new java.util.ArrayList<>();
    FakeDriver fake = new FakeDriver();
    io.browserflow.engine.spi.PageDriver base = new io.browserflow.engine.spi.PageDriver() {
      @Override
      public String name() {
        return fake.name();
      }

      @Override
      public DriverSession openSession(SessionOptions options) {
        return fake.openSession(options);
      }

      @Override
      public void close() {
        closed.add("driver");
      }
    };
    java.util.List<SessionOptions> asked = new java.util.ArrayList<>();

    io.browserflow.engine.spi.PageDriver keeping = DriverSessions.opening(base, o -> {
      asked.add(o);
      return base.openSession(o);
    }, false);
    keeping.openSession(SessionOptions.defaults()).close();
    keeping.close();
    DriverSessions.opening(base, base::openSession, true).close();

    assertThat(asked).hasSize(1);
    assertThat(keeping.name()).isEqualTo(base.name());
    assertThat(keeping.environment()).isEqualTo(base.environment());
    assertThat(closed).as("only the driver that was told to close it").containsExactly("driver");
  }
}
