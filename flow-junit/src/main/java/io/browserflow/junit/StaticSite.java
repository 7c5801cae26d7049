package io.browserflow.junit;

import io.browserflow.playwright.LocalSite;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Serves a folder (a directory or a class-path folder) on 127.0.0.1, an ephemeral port, for one test class. */
final class StaticSite {
  private StaticSite() {}

  static LocalSite serve(Location folder) {
    return LocalSite.of(relative -> open(folder, relative), 0);
  }

  private static InputStream open(Location folder, String relative) throws IOException {
    if (!folder.onClasspath()) {
      Path base = folder.path().toAbsolutePath().normalize();
      Path file = base.resolve(relative).normalize();
      return file.startsWith(base) && Files.isRegularFile(file) ? Files.newInputStream(file) : null;
    }
    return folder.child(relative).open();
  }
}
