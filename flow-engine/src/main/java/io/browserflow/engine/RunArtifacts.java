package io.browserflow.engine;

import io.browserflow.api.Step;
import io.browserflow.api.DataStep;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.ScreenshotRequest;
import io.browserflow.engine.spi.SecretMask;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * Screenshots of one run in its artifacts directory: the screenshot steps' and the failure
 * screenshots. Each masks every target a secret has been filled or typed into so far in the run.
 */
final class RunArtifacts {
  private final Path dir;
  private final SecretMask redactor;
  private final List<Target> masks = Collections.synchronizedList(new ArrayList<>());

  RunArtifacts(Path dir, SecretMask redactor) {
    this.dir = dir;
    this.redactor = redactor;
  }

  /** Masks the target in later screenshots when the value put into it contains a secret. */
  void maskIfSecret(Target target, String value) {
    if (redactor.containsSecret(value)) {
      masks.add(target);
    }
  }

  /** A screenshot step's file: its own name, or the step id and iteration. */
  Path screenshot(DriverSession page, DataStep.Screenshot shot, Optional<String> iteration) {
    // a plain file name: the flow's name (bound values included) cannot leave the artifacts folder
    String name = LocalFiles.fileName(shot.name().orElse(shot.id() + suffix(iteration) + ".png"));
    return page.screenshot(ScreenshotRequest.builder().file(dir.resolve(name)).target(shot.target())
        .fullPage(shot.fullPage()).mask(new ArrayList<>(masks)).build());
  }

  /** The page as a failed step left it; none when the page cannot be captured, which must not hide the failure. */
  List<String> failure(DriverSession page, Step step, Optional<String> iteration) {
    if (dir == null) {
      return List.of();
    }
    try {
      String name = step.id() + suffix(iteration) + "-failure.png";
      Path file = page.screenshot(ScreenshotRequest.builder().file(dir.resolve(name))
          .fullPage(true).mask(new ArrayList<>(masks)).build());
      return List.of(file.toString());
    } catch (RuntimeException e) {
      return List.of();
    }
  }

  /** The page after a verified step ({@code RunOptions.screenshotEachStep}); none when it cannot be captured. */
  List<String> after(DriverSession page, Step step, Optional<String> iteration) {
    if (dir == null) {
      return List.of();
    }
    try {
      Path file = page.screenshot(ScreenshotRequest.builder().file(dir.resolve(step.id() + suffix(iteration) + "-after.png"))
          .mask(new ArrayList<>(masks)).build());
      return List.of(file.toString());
    } catch (RuntimeException e) {
      return List.of();
    }
  }

  private static String suffix(Optional<String> iteration) {
    return iteration.map(i -> "-" + i.replace('/', '_')).orElse("");
  }
}
