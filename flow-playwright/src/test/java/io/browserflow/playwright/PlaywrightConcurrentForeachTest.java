package io.browserflow.playwright;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.browserflow.api.Capability;
import io.browserflow.api.Flow;
import io.browserflow.api.ForeachSource;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunOptions;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A foreach with {@code concurrency} runs its iterations really at once: each in a browser context
 * of its own, on a driver thread of its own, starting with the parent's cookies and local storage.
 * Each iteration asks the test's server {@code /meet} with a synchronous request from the page
 * (the page, and the driver call evaluating it, wait for the answer); the server answers "together"
 * only when all three iterations' requests are in flight at the same moment, which cannot happen
 * when the iterations' browser calls take turns on one thread.
 */
@Tag("browser")
class PlaywrightConcurrentForeachTest extends ChromiumTest {
  private HttpServer site;
  private volatile CountDownLatch meeting;

  @BeforeEach
  void serve() throws IOException {
    site = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    site.setExecutor(Executors.newCachedThreadPool());
    site.createContext("/", x -> {
      arrivals.add(System.nanoTime());
      x.sendResponseHeaders(404, -1);
      x.close();
    });
    site.createContext("/start", x -> arrive(x).page(x, "<p id=\"p\">start</p><script>localStorage.setItem('token', 'tok-ada-1234');"
        + "document.cookie = 'who=ada-signed-in; path=/';</script>"));
    site.createContext("/meet", x -> {
      meeting.countDown();
      boolean met;
      try {
        met = meeting.await(4, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        met = false;
      }
      byte[] b = (met ? "together" : "alone").getBytes(StandardCharsets.UTF_8);
      x.sendResponseHeaders(200, b.length);
      x.getResponseBody().write(b);
      x.close();
    });
    site.createContext("/hold", x -> {
      int now = inFlight.incrementAndGet();
      maxInFlight.accumulateAndGet(now, Math::max);
      try {
        Thread.sleep(1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      inFlight.decrementAndGet();
      byte[] b = "held".getBytes(StandardCharsets.UTF_8);
      x.sendResponseHeaders(200, b.length);
      x.getResponseBody().write(b);
      x.close();
    });
    site.start();
  }

  private final java.util.concurrent.atomic.AtomicInteger inFlight = new java.util.concurrent.atomic.AtomicInteger();
  private final java.util.concurrent.atomic.AtomicInteger maxInFlight = new java.util.concurrent.atomic.AtomicInteger();
  private final List<Long> arrivals = new java.util.concurrent.CopyOnWriteArrayList<>();

  @AfterEach
  void stopSite() {
    site.stop(0);
  }

  private PlaywrightConcurrentForeachTest arrive(HttpExchange x) {
    arrivals.add(System.nanoTime());
    return this;
  }

  private void page(HttpExchange x, String body) throws IOException {
    byte[] b = ("<!doctype html><meta charset=\"utf-8\"><title>Start</title>" + body).getBytes(StandardCharsets.UTF_8);
    x.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
    x.sendResponseHeaders(200, b.length);
    x.getResponseBody().write(b);
    x.close();
  }

  private Flow flow(int concurrency) {
    String base = "http://127.0.0.1:" + site.getAddress().getPort();
    return Flow.named("meet").capabilities(Capability.SCRIPT_EVAL)
        .open(base + "/start")
        .foreach(ForeachSource.literal(List.of("1", "2", "3")), concurrency, body -> body
            .eval("var x = new XMLHttpRequest(); x.open('GET', '/meet', false); x.send();"
                + "if (x.responseText !== 'together') throw new Error('met ' + x.responseText);"
                + "if (localStorage.getItem('token') !== 'tok-ada-1234') throw new Error('no local storage');"
                + "if (document.cookie.indexOf('who=ada-signed-in') < 0) throw new Error('no cookie');"
                + "localStorage.setItem('mine', String(Math.random())); 'ok'"))
        .build();
  }

  private RunResult run(Flow flow) {
    return run(flow, FlowEngine.builder().driver(driver));
  }

  private RunResult run(Flow flow, FlowEngine.Builder builder) {
    try (FlowEngine engine = builder.build()) {
      return engine.run(flow, Inputs.empty(), RunOptions.builder().addAllowed(Capability.SCRIPT_EVAL).build());
    }
  }

  @Test
  void should_run_iterations_at_once_each_with_the_parents_cookies_and_storage() {
    meeting = new CountDownLatch(3);

    RunResult r = run(flow(3));

    assertThat(r.status()).as("%s %s", r.errorPath(), r.errorMessage()).isEqualTo(RunStatus.SUCCEEDED);
  }

  private Flow calling(String path, int items, int concurrency) {
    String base = "http://127.0.0.1:" + site.getAddress().getPort();
    List<String> values = new java.util.ArrayList<>();
    for (int i = 1; i <= items; i++) {
      values.add(String.valueOf(i));
    }
    return Flow.named("calls").capabilities(Capability.SCRIPT_EVAL)
        .open(base + "/start")
        .foreach(ForeachSource.literal(values), concurrency, body -> body
            .eval("var x = new XMLHttpRequest(); x.open('GET', '" + path + "', false); x.send(); x.status"))
        .build();
  }

  @Test
  void should_run_no_more_iterations_at_once_than_the_engine_allows() {
    RunResult r = run(calling("/hold", 4, 3), FlowEngine.builder().driver(driver).maxConcurrentIterations(2));

    assertThat(r.status()).as("%s", r.errorMessage()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(maxInFlight.get()).as("two iterations at once, never three").isEqualTo(2);
  }

  @Test
  void should_space_the_iterations_requests_to_one_origin() {
    RunResult r = run(calling("/ping", 3, 3), FlowEngine.builder().driver(driver).originRequestInterval(java.time.Duration.ofMillis(400)));

    assertThat(r.status()).as("%s", r.errorMessage()).isEqualTo(RunStatus.SUCCEEDED);
    List<Long> times = new java.util.ArrayList<>(arrivals);
    java.util.Collections.sort(times);
    List<Long> paced = times.subList(1, times.size()); // the first is the flow's own open, before the loop
    assertThat(paced).as("each iteration's page and its request").hasSizeGreaterThanOrEqualTo(6);
    // The pacer lets requests leave the browser 400 ms apart; the server sees each after a delivery
    // delay that varies per request (up to a few hundred ms on a loaded machine), so single gaps
    // shrink or grow while the whole span keeps the sum of the intervals but for two delays. Unpaced,
    // the three iterations' requests all arrive within a few tens of ms.
    for (int i = 1; i < paced.size(); i++) {
      assertThat((paced.get(i) - paced.get(i - 1)) / 1_000_000).as("ms between requests %d and %d", i - 1, i)
          .isGreaterThanOrEqualTo(100);
    }
    assertThat((paced.get(paced.size() - 1) - paced.get(0)) / 1_000_000).as("ms from the first paced request to the last")
        .isGreaterThanOrEqualTo((paced.size() - 1) * 400L - 250);
  }

  @Test
  void should_run_one_iteration_at_a_time_by_default() {
    meeting = new CountDownLatch(3);

    RunResult r = run(flow(1));

    assertThat(r.status()).isEqualTo(RunStatus.FAILED);
    assertThat(r.errorMessage().orElse("")).contains("met alone");
  }
}
