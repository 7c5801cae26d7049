package io.browserflow.engine;

import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.api.dsl.Dsl.textPresent;

import io.browserflow.api.Flow;
import java.nio.file.Path;

/** Child JVM of the crash test: runs {@link #flow()} with a directory store until it is killed. */
public final class CrashChild {
  private CrashChild() {}

  static Flow flow() {
    return Flow.named("crash")
        .open("http://127.0.0.1:1/start")
        .fill(testId("name"), "Ann").id("name")
        .read(testId("total")).id("total")
        .click(testId("slow")).id("save").expect(textPresent("Saved"))
        .click(testId("after")).id("after")
        .build();
  }

  public static void main(String[] args) {
    Path store = Path.of(args[0]);
    Path marker = Path.of(args[1]);
    try (FlowEngine engine = FlowEngine.builder().driver(new FakeDriver(marker)).storeDirectory(store).build()) {
      engine.run(flow(), Inputs.empty());
    }
  }
}
