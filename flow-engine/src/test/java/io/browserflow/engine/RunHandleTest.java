package io.browserflow.engine;

import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.engine.EngineFixtures.APP;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Flow;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Background runs: pause stops progress before the next step, resume continues, cancel is terminal. */
class RunHandleTest {
  private final Flow flow = Flow.named("handle").open(APP + "/home")
      .click(testId("one")).id("one").click(testId("two")).id("two").click(testId("three")).id("three").build();

  @Test
  void should_pause_before_the_next_step_and_resume() throws Exception {
    PausedInOne paused = pausedInStepOne();
    paused.release().countDown();

    assertThat(paused.run().await(Duration.ofMillis(300))).isEmpty();
    assertThat(paused.driver().performed).containsExactly("open:" + APP + "/home", "one");
    assertThat(paused.run().isPaused()).isTrue();
    paused.run().resume();
    RunResult result = paused.run().await();
    assertThat(result.status()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(paused.driver().performed).endsWith("two", "three");
    assertThat(paused.run().isDone()).isTrue();
  }

  @Test
  void should_cancel_a_paused_run_for_good() throws Exception {
    PausedInOne paused = pausedInStepOne();
    paused.run().cancel();
    paused.release().countDown();
    RunResult result = paused.run().await();

    assertThat(result.status()).isEqualTo(RunStatus.CANCELLED);
    assertThat(paused.driver().performed).doesNotContain("two", "three");
    paused.run().resume();
    assertThat(paused.run().await().status()).isEqualTo(RunStatus.CANCELLED);
  }

  /** A run started in the background and paused while its step "one" is held until {@code release}. */
  private record PausedInOne(FakeDriver driver, RunHandle run, CountDownLatch release) {}

  private PausedInOne pausedInStepOne() throws InterruptedException {
    FakeDriver driver = new FakeDriver();
    CountDownLatch inOne = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    driver.beforePerform = step -> {
      if (step.id().equals("one")) {
        inOne.countDown();
        await(release);
      }
    };
    FlowEngine engine = FlowEngine.builder().driver(driver).build();

    RunHandle run = engine.start(flow, Inputs.empty(), RunOptions.defaults());
    assertThat(inOne.await(10, TimeUnit.SECONDS)).isTrue();
    run.pause();
    return new PausedInOne(driver, run, release);
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
