package io.browserflow.engine;

import java.util.ArrayList;
import java.util.List;

/** Shared pieces of the engine tests: the app's base URL, listener and sleeper doubles. */
final class EngineFixtures {
  private EngineFixtures() {}

  static final String APP = "http://app.test";

  /** Records every listener event as text, to assert on progress and to scan for secrets. */
  static final class Events implements RunListener {
    final List<String> lines = java.util.Collections.synchronizedList(new ArrayList<>());

    @Override
    public void runStarted(String runId, io.browserflow.api.Flow flow) {
      lines.add("started " + runId + " " + flow.id());
    }

    @Override
    public void stepStarted(String runId, String path, String stepId, String iteration) {
      lines.add("step " + path + " " + stepId + " " + iteration);
    }

    @Override
    public void stepRetrying(String runId, String path, String stepId, int nextAttempt, long delayMs, String reason) {
      lines.add("retry " + stepId + " attempt " + nextAttempt + " after " + delayMs + " " + reason);
    }

    @Override
    public void stepFinished(String runId, StepResult result) {
      lines.add("finished " + result);
    }

    @Override
    public void runFinished(RunResult result) {
      lines.add("run " + result.toJson());
    }

    long count(String prefix) {
      return lines.stream().filter(l -> l.startsWith(prefix)).count();
    }
  }

  /** Sleeps nothing, remembers what was asked. */
  static final class NoSleep implements Sleeper {
    final List<Long> slept = java.util.Collections.synchronizedList(new ArrayList<>());

    @Override
    public void sleep(long millis) {
      slept.add(millis);
    }
  }
}
