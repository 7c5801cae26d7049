package io.browserflow.engine.store;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;

/**
 * The folders of run stores and artifacts, created for their owner only ({@code rwx------}) whatever
 * the process's umask: journals, results, screenshots and traces show what a run saw, and other
 * local users have no business reading them. Folders that exist already are left as they are.
 */
final class OwnerOnlyDirs {
  private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY =
      PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));

  private OwnerOnlyDirs() {}

  /** The {@code artifacts} folder of a run's folder, created owner-only; {@code STORE_FAILED} when it cannot be. */
  static Path artifactsOf(Path runDir) {
    Path dir = runDir.resolve("artifacts");
    try {
      return create(dir);
    } catch (IOException e) {
      throw new RunStoreException(ErrorCode.STORE_FAILED, "cannot create " + dir + ": " + e.getMessage(),
          Map.of(FlowException.Details.PATH, dir.toString()), e);
    }
  }

  /** {@code dir} and each missing folder above it, the missing ones created owner-only. */
  static Path create(Path dir) throws IOException {
    if (Files.isDirectory(dir)) {
      return dir;
    }
    Path parent = dir.toAbsolutePath().getParent();
    if (parent != null) {
      create(parent);
    }
    try {
      Files.createDirectory(dir, OWNER_ONLY);
    } catch (UnsupportedOperationException e) {
      Files.createDirectory(dir); // no POSIX permissions on this file system
    } catch (FileAlreadyExistsException e) {
      if (!Files.isDirectory(dir)) {
        throw e;
      }
    }
    return dir;
  }
}
