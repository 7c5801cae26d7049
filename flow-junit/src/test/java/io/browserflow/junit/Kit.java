package io.browserflow.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

/**
 * Runs a test class through JUnit's engine test kit. The classes it runs are static nested
 * {@code *Case} classes: Surefire never selects nested classes ({@code **}{@code /*$*} is excluded)
 * and JUnit only discovers {@code @Nested} ones, so they run only from here.
 */
final class Kit {
  private Kit() {}

  /** Runs the class; {@code config} holds key/value pairs of configuration parameters. */
  static EngineExecutionResults run(Class<?> testClass, String... config) {
    return run(List.of(testClass), config);
  }

  static EngineExecutionResults run(List<Class<?>> testClasses, String... config) {
    Map<String, String> params = new LinkedHashMap<>();
    for (int i = 0; i + 1 < config.length; i += 2) {
      params.put(config[i], config[i + 1]);
    }
    return EngineTestKit.engine("junit-jupiter")
        .selectors(testClasses.stream().map(c -> selectClass(c)).toArray(DiscoverySelector[]::new))
        .configurationParameters(params).execute();
  }

  /** Values of the report entries with this key, in publishing order. */
  static List<String> entries(EngineExecutionResults results, String key) {
    return results.allEvents().reportingEntryPublished().stream()
        .map(e -> e.getRequiredPayload(ReportEntry.class).getKeyValuePairs().get(key))
        .filter(v -> v != null).collect(Collectors.toList());
  }

  /** The throwable a finished test or container failed with, found by display name. */
  static Throwable failure(Events events, String displayNameContains) {
    Optional<Event> event = events.finished().stream()
        .filter(e -> e.getTestDescriptor().getDisplayName().contains(displayNameContains))
        .filter(e -> e.getRequiredPayload(TestExecutionResult.class).getStatus() == TestExecutionResult.Status.FAILED)
        .findFirst();
    return event.orElseThrow(() -> new AssertionError("no failed test named like '" + displayNameContains + "' in "
            + events.finished().stream().map(e -> e.getTestDescriptor().getDisplayName() + "="
                + e.getRequiredPayload(TestExecutionResult.class).getStatus()).collect(Collectors.toList())))
        .getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow();
  }

  /** Display names of the tests that finished successfully. */
  static List<String> passed(EngineExecutionResults results) {
    return results.testEvents().succeeded().stream().map(e -> e.getTestDescriptor().getDisplayName())
        .collect(Collectors.toList());
  }
}
