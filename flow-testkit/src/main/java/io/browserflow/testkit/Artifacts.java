package io.browserflow.testkit;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.DownloadInfo;
import io.browserflow.engine.spi.ScreenshotRequest;
import io.browserflow.testkit.TargetResolver.Need;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a session leaves behind: screenshots (placeholder PNGs describing the page, the target and the
 * masks), downloads saved under the artifacts directory, and the requests network deny mode blocked.
 */
final class Artifacts {
  static final long SCREENSHOT_TIMEOUT_MS = 10_000;

  private final SessionState state;
  private final TargetResolver resolver;

  Artifacts(SessionState state, TargetResolver resolver) {
    this.state = state;
    this.resolver = resolver;
  }

  Path screenshot(ScreenshotRequest request) {
    state.requireOpen();
    Deadline d = state.deadline(Duration.ofMillis(SCREENSHOT_TIMEOUT_MS));
    StringBuilder description = new StringBuilder("browserflow in-memory screenshot");
    Tab tab = state.requireTab();
    description.append("; url=").append(tab.document.url).append("; title=").append(tab.document.title());
    description.append("; viewport=").append(state.viewportWidth).append('x').append(state.viewportHeight);
    description.append("; fullPage=").append(request.fullPage());
    if (request.target().isPresent()) {
      resolver.locate(request.target().get(), d, Need.VISIBLE);
      description.append("; target=").append(request.target().get().describe());
    }
    if (!request.mask().isEmpty()) {
      description.append("; masked=").append(request.mask().stream().map(Target::describe)
          .collect(Collectors.joining(" ; ", "[", "]")));
    }
    try {
      Path file = request.file();
      if (file.getParent() != null) {
        Files.createDirectories(file.getParent());
      }
      Files.write(file, PlaceholderPng.render(description.toString()));
      return file;
    } catch (IOException e) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "could not write the screenshot " + request.file()
          + ": " + e.getMessage(), Map.of(FlowException.Details.FILE, String.valueOf(request.file())), e);
    }
  }

  List<DownloadInfo> downloads() {
    return List.copyOf(state.downloads);
  }

  List<String> blockedRequests() {
    return List.copyOf(state.blocked);
  }

  /** Saves a download under the artifacts directory's {@code downloads} folder. */
  void download(String suggestedName, byte[] content) {
    String safe = suggestedName.replaceAll("[\\\\/:*?\"<>|\\x00-\\x1f]", "_");
    if (safe.isBlank() || safe.equals(".") || safe.equals("..")) {
      safe = "download";
    }
    try {
      Path dir = artifacts().resolve("downloads");
      Files.createDirectories(dir);
      Path file = dir.resolve(safe);
      for (int i = 2; Files.exists(file); i++) {
        file = dir.resolve(i + "-" + safe);
      }
      Files.write(file, content);
      state.downloads.add(DownloadInfo.of(suggestedName, file));
    } catch (IOException e) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, "could not save the download " + safe + ": " + e.getMessage(),
          Map.of(FlowException.Details.FILE, safe), e);
    }
  }

  private Path artifacts() throws IOException {
    if (state.artifacts == null) {
      state.artifacts = state.options.artifactsDir().isPresent() ? state.options.artifactsDir().get()
          : Files.createTempDirectory("browserflow-in-memory-");
    }
    return state.artifacts;
  }
}
