package io.browserflow.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.browserflow.api.Flow;
import io.browserflow.playwright.LocalSite;
import io.browserflow.samples.SampleFlows;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/** A generated test class, compiled and run by the JUnit Platform against the demo app. */
@Tag("browser")
class JavaGeneratedRunTest {
  @TempDir
  Path dir;

  @Test
  void should_pass_when_the_generated_class_runs_against_the_demo_app() throws Exception {
    Flow login = SampleFlows.login();
    String name = "gen.run." + JavaCodec.className(login);
    ClassLoader loader = JavaSources.compile(dir, Map.of(name, new JavaCodec().inPackage("gen.run").write(login).value()));
    Class<?> generated = loader.loadClass(name);

    TestExecutionSummary summary;
    try (LocalSite site = LocalSite.classpath("demo-app", SampleFlows.class.getClassLoader(), 0)) {
      // the demo app's built-in account, as the samples configure it (not a secret)
      LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
          .selectors(selectClass(generated))
          .configurationParameter("browserflow.input.BASE_URL", site.url())
          .configurationParameter("browserflow.credential.USERNAME", "demo")
          .configurationParameter("browserflow.credential.PASSWORD", "demo-pass")
          .configurationParameter("browserflow.reportDir", dir.resolve("report").toString())
          .build();
      SummaryGeneratingListener listener = new SummaryGeneratingListener();
      LauncherFactory.create().execute(request, listener);
      summary = listener.getSummary();
    }

    StringWriter failures = new StringWriter();
    summary.printFailuresTo(new PrintWriter(failures), 30);
    assertThat(summary.getTestsFoundCount()).isEqualTo(1);
    assertThat(summary.getTestsSucceededCount()).as(failures.toString()).isEqualTo(1);
    assertThat(summary.getTestsFailedCount() + summary.getContainersFailedCount()).as(failures.toString()).isZero();
  }
}
