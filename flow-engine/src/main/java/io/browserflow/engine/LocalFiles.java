package io.browserflow.engine;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where a run's local files may be, decided on real paths (symbolic links followed), not on the
 * text of a path: CSV and dataset files inside the work folder, uploads inside an upload root,
 * artifacts under plain file names in the run's artifacts folder. A flow's path, bound from inputs
 * or page data, never reaches a file elsewhere.
 */
final class LocalFiles {
  private LocalFiles() {}

  /**
   * The file {@code path} names inside {@code root}: a relative path that stays inside the root once
   * resolved, also after following every symbolic link on the way to it (for a file not yet written,
   * on the way to its nearest existing folder).
   *
   * @throws FlowRunException {@code INVALID_FLOW} naming {@code what}, the path and the root
   */
  static Path inside(Path root, String path, String what) {
    Path realRoot = real(root.toAbsolutePath().normalize());
    Path given = Path.of(path);
    Path file = realRoot.resolve(given).normalize();
    if (given.isAbsolute() || !file.startsWith(realRoot) || !real(file).startsWith(realRoot)) {
      throw new FlowRunException(ErrorCode.INVALID_FLOW, what + " '" + path + "' leaves the work directory " + realRoot
          + ": give a relative path inside it (symbolic links included)", Map.of(FlowException.Details.FILE, path));
    }
    return file;
  }

  /** Whether {@code file} (which must exist, as an upload's does) is inside one of {@code roots}, links followed. */
  static boolean within(Path file, java.util.List<Path> roots) {
    Path realFile = real(file.toAbsolutePath().normalize());
    return roots.stream().map(r -> real(r.toAbsolutePath().normalize())).anyMatch(realFile::startsWith);
  }

  /**
   * {@code name} as a plain file name for the artifacts folder: any character but letters, digits,
   * {@code . _ -} becomes {@code _}, and a leading dot too, so a name from a flow or from page data
   * (a loop key) can neither leave the folder nor hide in it.
   */
  static String fileName(String name) {
    String plain = name.replaceAll("[^A-Za-z0-9._-]", "_").replaceFirst("^\\.", "_");
    return plain.isEmpty() ? "_" : plain;
  }

  /**
   * The real path of {@code path}: of the path itself when it exists, else of its nearest existing
   * folder with the rest appended (nothing there yet can be a link).
   */
  static Path real(Path path) {
    Path existing = path;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return path;
    }
    try {
      Path realExisting = existing.toRealPath();
      return Optional.of(existing.relativize(path)).filter(rest -> !rest.toString().isEmpty())
          .map(realExisting::resolve).orElse(realExisting).normalize();
    } catch (IOException e) {
      return path;
    }
  }
}
