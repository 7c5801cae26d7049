package io.browserflow.junit;

import static io.browserflow.junit.FlowAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Page;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** When the class is done, JUnit closes its browser and served folder: no process or port is left behind. */
@Tag("browser")
class CleanupTest {
  private static Set<Long> descendants() {
    return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).map(ProcessHandle::pid)
        .collect(Collectors.toSet());
  }

  @Test
  void should_leave_no_browser_process_and_no_server_after_the_class() throws Exception {
    Set<Long> before = descendants();
    EngineExecutionResults results = Kit.run(BrowserCase.class);
    assertThat(results.testEvents().succeeded().count()).isEqualTo(1);
    assertThat(BrowserCase.browserProcesses).as("browser processes while the class ran").hasPositiveValue();

    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    Set<Long> left = descendants();
    left.removeAll(before);
    while (!left.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(100); // process exit is reported asynchronously; poll until it is
      left = descendants();
      left.removeAll(before);
    }
    assertThat(left).as("processes started by the class and still alive").isEmpty();

    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    HttpRequest request = HttpRequest.newBuilder(URI.create(BrowserCase.served.get() + "/form.html")).build();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> http.send(request, HttpResponse.BodyHandlers.discarding()))
        .isInstanceOf(IOException.class);
  }

  @FlowTest(serve = "classpath:site")
  static class BrowserCase {
    static final AtomicLong browserProcesses = new AtomicLong();
    static final AtomicReference<String> served = new AtomicReference<>();

    @Test
    void uses_the_browser(FlowRunner flows, Page page) {
      assertThat(flows.run("classpath:flows/save-name.flow.json")).succeeded();
      served.set(flows.defaultOptions().allowOrigins().get(0));
      browserProcesses.set(ProcessHandle.current().descendants()
          .filter(p -> p.info().command().map(c -> c.contains("chrom")).orElse(false)).count());
    }
  }
}
