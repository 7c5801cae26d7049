package io.browserflow.engine.review;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The key that signs approvals (HMAC-SHA256 over the flow id, its approved digest, the reviewer,
 * the time and the pinned environment's digest). An approval counts only when its signature
 * verifies with the key, so whoever can write a folder of flows and its approvals file, but not
 * the key, can neither forge an approval nor move one to another flow.
 *
 * <p>The key lives in a file its owner alone may read and write, outside the folder it approves
 * ({@code browserflow review --approve} creates one at {@code ~/.config/browserflow/approval.key}
 * unless given {@code --approval-key FILE}). A key file others may read or write, or one inside the
 * approved folder, is refused ({@link ErrorCode#APPROVAL_UNTRUSTED}). Someone who runs as the key's
 * owner with a shell can sign: the key protects against other users and against writers of the
 * flows folder, not against its owner.
 *
 * <pre>{@code
 * ApprovalKey key = ApprovalKey.readOrCreate(Path.of(System.getProperty("user.home"), ".config/browserflow/approval.key"));
 * Approvals.record(flowsDir.resolve(Approvals.FILE_NAME), key, FlowReview.of(flow), "alice", Instant.now(), null);
 * Approvals approvals = Approvals.read(flowsDir.resolve(Approvals.FILE_NAME), key);
 * }</pre>
 */
public final class ApprovalKey {
  private static final int BYTES = 32;
  private static final String ALGORITHM = "HmacSHA256";

  private final byte[] secret;

  private ApprovalKey(byte[] secret) {
    this.secret = secret.clone();
  }

  /** A key of these bytes (at least 32), for an embedder that keeps its key elsewhere (a vault, a KMS). */
  public static ApprovalKey of(byte[] secret) {
    if (secret == null || secret.length < BYTES) {
      throw new IllegalArgumentException("an approval key has at least " + BYTES + " bytes");
    }
    return new ApprovalKey(secret);
  }

  /** A new random key, in memory. */
  public static ApprovalKey random() {
    byte[] bytes = new byte[BYTES];
    new SecureRandom().nextBytes(bytes);
    return new ApprovalKey(bytes);
  }

  /**
   * The key in {@code file} (base64, as {@link #readOrCreate(Path)} writes it).
   *
   * @throws FlowRunException {@code APPROVAL_UNTRUSTED} when the file is missing, others may read
   *     or write it, it belongs to another user, or it does not hold a key
   */
  public static ApprovalKey read(Path file) {
    try {
      requireOwnerOnly(file);
      requireUnwritableByOthers(file.toAbsolutePath().getParent()); // else another user could swap the key
      byte[] bytes = Base64.getDecoder().decode(Files.readString(file, StandardCharsets.US_ASCII).strip());
      if (bytes.length < BYTES) {
        throw untrusted(file, "it holds " + bytes.length + " bytes, not a key of " + BYTES);
      }
      return new ApprovalKey(bytes);
    } catch (NoSuchFileException e) {
      throw untrusted(file, "there is no approval key there; `browserflow review FLOW --approve` creates one, or give "
          + "the key approvals were signed with (--approval-key FILE, BROWSERFLOW_APPROVAL_KEY)");
    } catch (IOException | IllegalArgumentException e) {
      throw untrusted(file, e.getMessage());
    }
  }

  /** The key in {@code file}; a new random key written there, owner-only, when the file does not exist. */
  public static ApprovalKey readOrCreate(Path file) {
    if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
      ApprovalKey key = random();
      List<String> text = List.of(Base64.getEncoder().encodeToString(key.secret));
      try {
        Path dir = file.toAbsolutePath().getParent();
        boolean posix = dir.getFileSystem().supportedFileAttributeViews().contains("posix");
        if (!Files.isDirectory(dir)) {
          if (posix) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
          } else {
            Files.createDirectories(dir);
          }
        }
        if (posix) {
          // owner-only from its creation: no moment when the umask lets others read the key
          Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
          Files.write(file, text, StandardCharsets.US_ASCII, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
        } else {
          Files.write(file, text, StandardCharsets.US_ASCII, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        }
        return key;
      } catch (FileAlreadyExistsException e) {
        return read(file); // written by another reviewer at the same moment
      } catch (IOException e) {
        throw untrusted(file, "cannot create the approval key: " + e.getMessage());
      }
    }
    return read(file);
  }

  /**
   * Refuses {@code file} unless its owner alone may read and write it: not readable or writable by
   * group or others, owned by the user this process runs as. Nothing to check where the file system
   * has no POSIX permissions.
   *
   * @throws IOException saying what is wrong and the {@code chmod}/{@code chown} that mends it
   */
  public static void requireOwnerOnly(Path file) throws IOException {
    Set<PosixFilePermission> perms;
    try {
      perms = Files.getPosixFilePermissions(file);
    } catch (UnsupportedOperationException e) {
      return;
    }
    if (perms.contains(PosixFilePermission.GROUP_READ) || perms.contains(PosixFilePermission.OTHERS_READ)) {
      throw new IOException("it is readable by other users; make it the owner's only (chmod 600 " + file + ")");
    }
    requireOwned(file, perms);
  }

  /**
   * Refuses a file or folder that others may write, or that another user owns: whoever can write an
   * approvals file or its folder can replace it.
   *
   * @throws IOException saying what is wrong and the {@code chmod}/{@code chown} that mends it
   */
  public static void requireUnwritableByOthers(Path path) throws IOException {
    try {
      requireOwned(path, Files.getPosixFilePermissions(path));
    } catch (UnsupportedOperationException e) {
      // no POSIX permissions here: nothing to check
    }
  }

  private static void requireOwned(Path path, Set<PosixFilePermission> perms) throws IOException {
    if (perms.contains(PosixFilePermission.GROUP_WRITE) || perms.contains(PosixFilePermission.OTHERS_WRITE)) {
      throw new IOException("it is writable by other users; make it the owner's only (chmod go-w " + path + ")");
    }
    String owner = Files.getOwner(path).getName();
    String me = System.getProperty("user.name");
    if (me != null && !owner.equals(me)) {
      throw new IOException("it belongs to " + owner + ", not to " + me + ", who runs BrowserFlow (chown " + me + " " + path + ")");
    }
  }

  /** The signature of an approval: base64url HMAC-SHA256 of its fields. */
  public String sign(Approvals.Approval approval) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(new SecretKeySpec(secret, ALGORITHM));
      byte[] tag = mac.doFinal(signed(approval).getBytes(StandardCharsets.UTF_8));
      return Base64.getUrlEncoder().withoutPadding().encodeToString(tag);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
    }
  }

  /** Whether {@code signature} is this key's signature of the approval (compared in constant time). */
  public boolean verifies(Approvals.Approval approval, String signature) {
    return signature != null && MessageDigest.isEqual(sign(approval).getBytes(StandardCharsets.US_ASCII),
        signature.getBytes(StandardCharsets.US_ASCII));
  }

  /** What a signature covers, one field per line; a field cannot hold a line break (the ids and digests cannot). */
  private static String signed(Approvals.Approval a) {
    return String.join("\n", "browserflow-approval/2", a.flowId(), a.digest(), a.reviewer().replace('\n', ' '),
        a.approvedAt().toString(), a.environment().map(Environment::digest).orElse(""));
  }

  static FlowRunException untrusted(Path file, String why) {
    return new FlowRunException(ErrorCode.APPROVAL_UNTRUSTED, "the approval key " + file + " cannot be used: " + why);
  }

  @Override
  public String toString() {
    return "ApprovalKey[…]"; // never the secret
  }

}
