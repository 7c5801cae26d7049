package io.browserflow.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.ErrorCode;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import io.browserflow.api.Candidate;
import io.browserflow.api.OnError;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A directory store that cannot write stops the run with {@code STORE_FAILED} before the action the
 * unwritten entry would have announced: every step the driver performed has its {@code DISPATCHING}
 * entry in the journal, on a real full file system, a real read-only one and a removed folder.
 *
 * <p>The full and read-only file systems are real kernel file systems: a child JVM runs in its own
 * mount namespace ({@code unshare}, from util-linux) where the store folder is a small tmpfs, so no
 * privilege is needed beyond user namespaces and nothing outside the test sees the mount.
 */
class StoreFailureTest {
  @TempDir
  Path dir;

  @Test
  void should_stop_before_the_next_dispatch_when_the_disk_is_full() throws Exception {
    Properties out = child("full", "mount -t tmpfs -o size=256k tmpfs \"$0\"");

    assertThat(out.getProperty("status")).as("child: %s", out).isEqualTo("FAILED");
    assertThat(out.getProperty("code")).isEqualTo(ErrorCode.STORE_FAILED.name());
    assertThat(out.getProperty("message")).contains("No space left on device", "nothing was dispatched after the last entry");
    assertThat(out.getProperty("path")).as("the step whose entry could not be written").matches("steps\\[\\d+]");
    List<String> performed = list(out, "performed");
    assertThat(performed).as("the disk filled at s3; the run went on only while entries still fit").contains("s3")
        .doesNotContain("s60");
    assertEveryDispatchJournaled(out);
  }

  @Test
  void should_dispatch_nothing_on_a_read_only_store() throws Exception {
    Properties out = child("readonly", "mount -t tmpfs -o size=256k tmpfs \"$0\" && mount -o remount,ro \"$0\"");

    assertThat(out.getProperty("status")).as("child: %s", out).isEqualTo("FAILED");
    assertThat(out.getProperty("code")).isEqualTo(ErrorCode.STORE_FAILED.name());
    assertThat(out.getProperty("message")).contains("Read-only file system");
    assertThat(list(out, "performed")).as("not even the open").isEmpty();
  }

  /** Whatever the step's onError says: a retry, a continue or a fallback would act without a journal. */
  @ParameterizedTest(name = "onError {0}")
  @ValueSource(strings = {"stop", "continue", "retry", "fallback"})
  void should_stop_when_the_store_folder_is_removed_during_the_run(String mode) {
    java.util.function.IntFunction<OnError> onError = i -> switch (mode) {
      case "continue" -> OnError.continueRun();
      case "retry" -> OnError.retry();
      case "fallback" -> OnError.fallback(List.of(InteractionStep.Click.builder().id("undo" + i)
          .target(Target.of(Candidate.testId("undo"))).build()));
      default -> OnError.stop();
    };
    Path store = dir.resolve("runs");
    FakeDriver driver = new FakeDriver();
    driver.beforePerform = s -> {
      if (s.id().equals("s3")) {
        deleteTree(store);
      }
    };
    RunResult result = FlowEngine.builder().driver(driver).storeDirectory(store).build()
        .run(StoreFailureChild.flow(onError), Inputs.empty());

    assertThat(result.status()).isEqualTo(RunStatus.FAILED);
    assertThat(result.errorCode()).hasValue(ErrorCode.STORE_FAILED);
    assertThat(result.errorPath()).hasValue("steps[3]");
    assertThat(result.errorMessage()).hasValueSatisfying(m -> assertThat(m).contains("was removed"));
    assertThat(driver.performed).as("s3 was dispatching when its folder went; no retry, fallback or step after it")
        .endsWith("s3").doesNotContain("s4", "undo3").containsOnlyOnce("s3");
    assertThat(result.steps()).filteredOn(s -> s.path().equals("steps[3]")).singleElement()
        .satisfies(s -> assertThat(s.errorCode()).hasValue(ErrorCode.STORE_FAILED));
  }

  /** Each step the driver performed had its DISPATCHING entry written first; the refused step was not performed. */
  private static void assertEveryDispatchJournaled(Properties out) {
    List<String> journaled = list(out, "journaled");
    List<String> performed = list(out, "performed").stream().filter(s -> !s.startsWith("open:")).collect(Collectors.toList());
    assertThat(journaled).as("journaled DISPATCHING entries").containsAll(performed);
    assertThat(journaled.size() - performed.size()).as("at most the announced step that was interrupted is missing")
        .isBetween(0, 1);
  }

  private static List<String> list(Properties p, String key) {
    String v = p.getProperty(key, "");
    return v.isEmpty() ? List.of() : Arrays.asList(v.split(","));
  }

  /** Runs {@link StoreFailureChild} in a new user + mount namespace after {@code mount} prepared its store folder. */
  private Properties child(String mode, String mount) throws IOException, InterruptedException {
    Path store = Files.createDirectories(dir.resolve("store"));
    Path out = dir.resolve("out.properties");
    Path log = dir.resolve("child.log");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = List.of("unshare", "--user", "--map-root-user", "--mount", "sh", "-c",
        mount + " && exec \"$@\"", store.toString(), java, "-cp", System.getProperty("java.class.path"),
        StoreFailureChild.class.getName(), mode, store.toString(), out.toString());
    Process p;
    try {
      p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    } catch (IOException e) {
      throw new AssertionError("this test needs unshare from util-linux (apt-get install util-linux): " + e.getMessage(), e);
    }
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("the child did not finish in 120 s; log: " + Files.readString(log));
    }
    assertThat(out).as("the child wrote its outcome (exit %s). If unshare failed, user namespaces are off "
        + "(sysctl kernel.unprivileged_userns_clone=1 or user.max_user_namespaces > 0). Log:%n%s", p.exitValue(),
        Files.readString(log)).exists();
    Properties props = new Properties();
    try (Reader r = Files.newBufferedReader(out, StandardCharsets.UTF_8)) {
      props.load(r);
    }
    return props;
  }

  private static void deleteTree(Path root) {
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
