package io.browserflow.cli;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.engine.review.ApprovalKey;
import io.browserflow.engine.review.Approvals;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --approval-key FILE}: the key approvals are signed with (review --approve) and checked
 * against (run --require-approval, mcp). Default: {@code BROWSERFLOW_APPROVAL_KEY}, else
 * {@code $XDG_CONFIG_HOME/browserflow/approval.key}, else {@code ~/.config/browserflow/approval.key}.
 * The key must lie outside every folder it approves.
 */
final class ApprovalKeyOption {
  static final String VARIABLE = "BROWSERFLOW_APPROVAL_KEY";

  @Option(names = "--approval-key", paramLabel = "FILE", description = "The owner-only file with the key approvals are "
      + "signed with, outside the flows folder (default: " + VARIABLE + ", else ~/.config/browserflow/approval.key; "
      + "review --approve creates it).")
  Path file;

  Map<String, String> env = System.getenv();

  /** Where the key is: the flag, the variable, the user's configuration folder. */
  Path file() {
    if (file != null) {
      return file.toAbsolutePath();
    }
    String variable = env.get(VARIABLE);
    if (variable != null && !variable.isBlank()) {
      return Path.of(variable).toAbsolutePath();
    }
    String config = env.get("XDG_CONFIG_HOME");
    Path base = config != null && !config.isBlank() ? Path.of(config) : Path.of(System.getProperty("user.home"), ".config");
    return base.resolve("browserflow").resolve("approval.key").toAbsolutePath();
  }

  /** The key to sign approvals of the flows in {@code folder} with, created when missing. */
  ApprovalKey forApproving(Path folder) {
    outside(folder);
    return ApprovalKey.readOrCreate(file());
  }

  /**
   * The approvals of {@code folder}, checked with the key; none, and no key needed, when the folder
   * has no approvals file.
   */
  Approvals read(Path folder) {
    ApprovalKey key = forChecking(folder, Files.exists(folder.resolve(Approvals.FILE_NAME)));
    return key == null ? Approvals.create() : Approvals.read(folder.resolve(Approvals.FILE_NAME), key);
  }

  /**
   * The key to check approvals of the flows in {@code folder} with; null when the key file is missing
   * and not {@code needed} (no approvals file: nothing to check).
   */
  ApprovalKey forChecking(Path folder, boolean needed) {
    outside(folder);
    return needed || Files.exists(file()) ? ApprovalKey.read(file()) : null;
  }

  private void outside(Path folder) {
    Path key = real(file());
    Path dir = real(folder.toAbsolutePath());
    if (key.startsWith(dir)) {
      throw new FlowRunException(ErrorCode.APPROVAL_UNTRUSTED, "the approval key " + file() + " lies inside " + folder
          + ", the folder it approves: whoever may write the flows could sign their own approvals; keep the key elsewhere "
          + "(--approval-key FILE, " + VARIABLE + ")");
    }
  }

  private static Path real(Path path) {
    Path existing = path.normalize();
    Path rest = Path.of("");
    while (existing != null && !Files.exists(existing)) {
      rest = existing.getFileName().resolve(rest);
      existing = existing.getParent();
    }
    try {
      return existing == null ? path.normalize() : existing.toRealPath().resolve(rest).normalize();
    } catch (IOException e) {
      return path.normalize();
    }
  }
}
