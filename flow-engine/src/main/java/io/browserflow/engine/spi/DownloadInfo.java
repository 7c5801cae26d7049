package io.browserflow.engine.spi;

import java.nio.file.Path;
import org.immutables.value.Value;

/** A download that completed in a session. */
@Value.Immutable
public interface DownloadInfo {
  @Value.Parameter
  String suggestedName();

  @Value.Parameter
  Path path();

  static DownloadInfo of(String suggestedName, Path path) {
    return ImmutableDownloadInfo.of(suggestedName, path);
  }
}
