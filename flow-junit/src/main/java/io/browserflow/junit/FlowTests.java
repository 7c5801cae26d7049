package io.browserflow.junit;

import io.browserflow.api.Flow;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunResult;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.function.Executable;
import org.opentest4j.AssertionFailedError;

/**
 * A folder of flow files as a test suite: one dynamic test per {@code *.flow.json}, each running
 * its flow in a fresh browser context with the class's inputs and failing, with the step, error
 * code, candidates, URL and screenshot, when the run fails.
 *
 * <pre>{@code
 * @FlowTest(serve = "classpath:demo-app")
 * class RecordedFlowsTest {
 *   @TestFactory
 *   Stream<DynamicTest> recorded_flows() {
 *     return FlowTests.from("classpath:flows/");                     // every *.flow.json in the folder
 *   }
 *
 *   @TestFactory
 *   Stream<DynamicTest> smoke() {
 *     return FlowTests.from("classpath:flows/", "login*", "device-*");   // only these file names
 *   }
 * }
 * }</pre>
 *
 * <p>Tests are named after the flow and its file ({@code Sign in and out [login.flow.json]}),
 * sorted by file name, and point at the file as their source. A file that cannot be read or is not
 * a valid flow still becomes a test, which fails with an
 * {@link org.junit.jupiter.api.extension.ExtensionConfigurationException} listing the problems,
 * while the others run. Retries ({@link FlowTest#retries()}, {@link FlowRetries} on the factory
 * method) apply to each dynamic test.
 *
 * <p>Limits: the tests run only in a {@link FlowTest} class (elsewhere each fails saying so); they
 * get the class's inputs only, so a flow needing other inputs fails with {@code INPUT_MISSING}
 * and a hint where to give them.
 */
public final class FlowTests {
  private FlowTests() {}

  /**
   * One dynamic test per flow file in {@code folder} ({@code classpath:flows/} or a directory), or
   * for the one file when {@code folder} names a {@code .flow.json} file.
   *
   * @param fileGlobs file-name globs ({@code "login*"}, {@code "*-search.flow.json"}) selecting
   *     which files to run; none: every {@code *.flow.json}
   * @throws ExtensionConfigurationException when the folder does not exist or holds no matching flow file
   */
  public static Stream<DynamicTest> from(String folder, String... fileGlobs) {
    String who = "FlowTests.from(\"" + folder + "\"" + (fileGlobs.length == 0 ? ""
        : ", " + Stream.of(fileGlobs).map(g -> "\"" + g + "\"").collect(Collectors.joining(", "))) + ")";
    Location location = Location.of(folder);
    List<Location> files = new ArrayList<>();
    if (location.fileName().endsWith(FlowFiles.SUFFIX) && location.isFile()) {
      files.add(location);
    } else {
      if (!location.isFolder()) {
        throw new ExtensionConfigurationException(who + ": no folder at " + location.describe());
      }
      List<PathMatcher> globs = Stream.of(fileGlobs).map(g -> FileSystems.getDefault().getPathMatcher("glob:" + g))
          .collect(Collectors.toList());
      for (String name : location.list()) {
        boolean selected = globs.isEmpty() ? name.endsWith(FlowFiles.SUFFIX)
            : globs.stream().anyMatch(m -> m.matches(Path.of(name)));
        if (selected) {
          files.add(location.child(name));
        }
      }
    }
    if (files.isEmpty()) {
      throw new ExtensionConfigurationException(who + ": no " + (fileGlobs.length == 0 ? "*" + FlowFiles.SUFFIX : "matching")
          + " file in " + location.describe());
    }
    return files.stream().map(file -> {
      FlowFileTest test = new FlowFileTest(file, "FlowTests.from(\"" + folder + "\") for " + file.fileName());
      return DynamicTest.dynamicTest(test.displayName(), file.uri(), test);
    });
  }

  /** One flow file as a test; run by the extension in the dynamic test's own browser context. */
  static final class FlowFileTest implements Executable {
    private final Location file;
    private final String who;
    private final Flow flow;
    private final ExtensionConfigurationException problem;

    FlowFileTest(Location file, String who) {
      this.file = file;
      this.who = who;
      Flow f = null;
      ExtensionConfigurationException p = null;
      try {
        f = FlowFiles.read(file, who);
      } catch (ExtensionConfigurationException e) {
        p = e;
      }
      this.flow = f;
      this.problem = p;
    }

    String displayName() {
      return flow == null ? file.fileName() : flow.name() + " [" + file.fileName() + "]";
    }

    /** Called by the extension for each attempt. */
    void run(TestScope scope) {
      if (problem != null) {
        throw problem;
      }
      RunResult result = new DefaultFlowRunner(scope).run(flow, Inputs.empty());
      if (!result.succeeded()) {
        throw new AssertionFailedError(FailureReport.describe(result));
      }
    }

    /** Only reached when no {@link FlowTest} extension intercepts the test. */
    @Override
    public void execute() {
      throw new ExtensionConfigurationException(who + ": the test class must be annotated with @FlowTest, "
          + "which runs each flow in its own browser context");
    }
  }
}
