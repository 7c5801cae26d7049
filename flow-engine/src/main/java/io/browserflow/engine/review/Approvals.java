package io.browserflow.engine.review;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.Problem;
import io.browserflow.api.json.FlowJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Approved flow digests, per flow id. An engine built with
 * {@link io.browserflow.engine.FlowEngine.Builder#requireApproval(Approvals)} refuses
 * ({@code REVIEW_REQUIRED}) a flow never approved and a flow changed since its approval. Thread-safe.
 *
 * <p>Approvals persist in a file next to the flows, {@value #FILE_NAME} (what {@code browserflow
 * review --approve} writes and {@code browserflow run --require-approval} and {@code browserflow
 * mcp} read): per flow id the approved digest, who approved it and when, the environment it was
 * approved for, and a signature made with an {@link ApprovalKey} kept outside the folder. Reading
 * checks each signature: an entry whose signature does not verify (forged, edited, copied from
 * another flow, or from a file written before approvals were signed) approves nothing and
 * {@link #refusal(String)} says why; an approvals file or folder other users may write is refused.
 *
 * <pre>{@code
 * Path file = flowsDir.resolve(Approvals.FILE_NAME);
 * Approvals.record(file, key, FlowReview.of(flow), "alice", Instant.now(), null);
 * Approvals approvals = Approvals.read(file, key);
 * approvals.isApproved(flow);             // true until the flow changes
 * }</pre>
 */
public final class Approvals {
  /** The approvals file of a folder of flows. */
  public static final String FILE_NAME = "browserflow-approvals.json";

  /** The {@code format} line of an approvals file. */
  public static final String FORMAT = "browserflow-approvals/2";

  /** The format of approvals files written before approvals were signed: read, and every entry refused. */
  private static final String UNSIGNED_FORMAT = "browserflow-approvals/1";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Map<String, Approval> approved = new ConcurrentHashMap<>();
  /** Entries read that approve nothing: why, and the entry as it was (written back unchanged). */
  private final Map<String, String> refused = new ConcurrentHashMap<>();
  private final Map<String, JsonNode> refusedEntries = new ConcurrentHashMap<>();

  /**
   * One approval: the digest a reviewer approved for a flow id, when, and the environment it was
   * approved for (empty for approvals that pin none).
   */
  public record Approval(String flowId, String digest, String reviewer, Instant approvedAt, Optional<Environment> environment) {
    public Approval {
      Objects.requireNonNull(flowId, "flowId");
      Objects.requireNonNull(digest, "digest");
      Objects.requireNonNull(reviewer, "reviewer");
      Objects.requireNonNull(approvedAt, "approvedAt");
      Objects.requireNonNull(environment, "environment");
    }
  }

  private Approvals() {}

  public static Approvals create() {
    return new Approvals();
  }

  /**
   * The approvals an approvals file holds whose signatures {@code key} verifies; none when the file
   * does not exist.
   *
   * @throws FlowFormatException {@code FILE_UNREADABLE} when it cannot be read, {@code FIELD_INVALID}
   *     when it is not an approvals file (naming the file and the entry)
   * @throws io.browserflow.api.FlowRunException {@code APPROVAL_UNTRUSTED} when other users may write the
   *     file or its folder
   */
  public static Approvals read(Path file, ApprovalKey key) {
    Objects.requireNonNull(key, "key");
    Approvals approvals = new Approvals();
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
      ApprovalKey.requireUnwritableByOthers(file);
      ApprovalKey.requireUnwritableByOthers(file.toAbsolutePath().getParent());
    } catch (NoSuchFileException e) {
      return approvals;
    } catch (IOException e) {
      if (Files.isReadable(file)) {
        throw new io.browserflow.api.FlowRunException(ErrorCode.APPROVAL_UNTRUSTED,
            "the approvals file " + file + " cannot be trusted: " + e.getMessage());
      }
      throw new FlowFormatException(List.of(Problem.of(ErrorCode.FILE_UNREADABLE, "",
          "cannot read the approvals file " + file + ": " + e.getMessage())));
    }
    JsonNode root;
    try {
      root = JSON.readTree(text);
    } catch (IOException e) {
      throw invalid(file, "", "it is not JSON (" + e.getMessage().lines().findFirst().orElse("") + ")");
    }
    String format = root == null ? "" : root.path("format").asText();
    if (!root.isObject() || !(FORMAT.equals(format) || UNSIGNED_FORMAT.equals(format))) {
      throw invalid(file, "format", "it is not an approvals file (\"format\": \"" + FORMAT + "\")");
    }
    JsonNode list = root.path("approvals");
    if (!list.isMissingNode() && !list.isArray()) {
      throw invalid(file, "approvals", "approvals is not a list");
    }
    for (int i = 0; i < list.size(); i++) {
      JsonNode entry = list.get(i);
      Approval a = approval(file, "approvals[" + i + "]", entry);
      if (UNSIGNED_FORMAT.equals(format)) {
        approvals.refuse(a.flowId(), entry, "it was recorded before approvals were signed; approve the flow again");
      } else if (!key.verifies(a, entry.path("signature").asText(null))) {
        approvals.refuse(a.flowId(), entry, "its signature does not verify with the approval key (forged, edited, copied "
            + "from another flow, or signed with another key); approve the flow again");
      } else {
        approvals.add(a);
      }
    }
    return approvals;
  }

  private static Approval approval(Path file, String path, JsonNode a) {
    if (!a.isObject() || !a.path("flowId").isTextual() || !a.path("digest").isTextual() || !a.path("reviewer").isTextual()
        || !a.path("approvedAt").isTextual()) {
      throw invalid(file, path, "an approval needs flowId, digest, reviewer and approvedAt (strings)");
    }
    Optional<Environment> environment = Optional.empty();
    if (a.has("environment")) {
      if (!a.get("environment").isObject()) {
        throw invalid(file, path + ".environment", "environment is not an object");
      }
      environment = Optional.of(Environment.fromFields(JSON.convertValue(a.get("environment"), Map.class)));
    }
    try {
      return new Approval(a.get("flowId").asText(), a.get("digest").asText(), a.get("reviewer").asText(),
          Instant.parse(a.get("approvedAt").asText()), environment);
    } catch (DateTimeParseException e) {
      throw invalid(file, path + ".approvedAt", "approvedAt is not an ISO-8601 instant");
    }
  }

  /**
   * Records in the approvals file (created when missing) that {@code reviewer} approved the reviewed
   * digest of its flow at {@code at}, signed with {@code key}, replacing the flow id's earlier
   * approval; written atomically. With an {@code environment}, the approval is pinned to it: an
   * engine requiring approval refuses a run elsewhere with {@code ENVIRONMENT_DRIFT}. Entries the key
   * does not verify are kept as they are. Returns the approvals the file now holds.
   */
  public static Approvals record(Path file, ApprovalKey key, FlowReview review, String reviewer, Instant at,
      Environment environment) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(review, "review");
    if (reviewer == null || reviewer.isBlank()) {
      throw new IllegalArgumentException("an approval names its reviewer");
    }
    Path dir = file.toAbsolutePath().getParent();
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + dir + ": " + e.getMessage(), e);
    }
    // one writer at a time (two reviewers approving at once both keep their approval)
    try (java.nio.channels.FileChannel lock = java.nio.channels.FileChannel.open(dir.resolve("." + FILE_NAME + ".lock"),
        java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
         java.nio.channels.FileLock held = lock.lock()) {
      return recordLocked(file, dir, key, new Approval(review.flowId(), review.digest(), reviewer.strip(), at,
          Optional.ofNullable(environment)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot lock the approvals file " + file + ": " + e.getMessage(), e);
    }
  }

  private static Approvals recordLocked(Path file, Path dir, ApprovalKey key, Approval approval) {
    Approvals approvals = read(file, key);
    approvals.add(approval);
    ObjectNode root = JSON.createObjectNode().put("format", FORMAT);
    ArrayNode list = root.putArray("approvals");
    List<Approval> all = new ArrayList<>(approvals.approved.values());
    all.sort(Comparator.comparing(Approval::flowId));
    for (Approval a : all) {
      ObjectNode entry = list.addObject().put("flowId", a.flowId()).put("digest", a.digest()).put("reviewer", a.reviewer())
          .put("approvedAt", a.approvedAt().toString());
      a.environment().ifPresent(env -> {
        entry.set("environment", JSON.valueToTree(env.fields()));
        entry.put("environmentDigest", env.digest());
      });
      entry.put("signature", key.sign(a));
    }
    approvals.refusedEntries.values().forEach(list::add);
    Path tmp = null;
    try {
      tmp = Files.createTempFile(dir, ".approvals-", ".tmp");
      Files.writeString(tmp, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n", StandardCharsets.UTF_8);
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      deleteQuietly(tmp);
      throw new UncheckedIOException("cannot write the approvals file " + file + ": " + e.getMessage(), e);
    }
    return approvals;
  }

  private static void deleteQuietly(Path tmp) {
    if (tmp != null) {
      try {
        Files.deleteIfExists(tmp);
      } catch (IOException ignored) {
        // the write failed already; that is what the caller hears about
      }
    }
  }

  private static FlowFormatException invalid(Path file, String path, String why) {
    return new FlowFormatException(List.of(Problem.of(ErrorCode.FIELD_INVALID, path,
        "the approvals file " + file + " cannot be used: " + why + "; fix it or approve the flows again with "
            + "`browserflow review FLOW --approve`")));
  }

  private void add(Approval a) {
    approved.put(a.flowId(), a);
    refused.remove(a.flowId());
    refusedEntries.remove(a.flowId());
  }

  private void refuse(String flowId, JsonNode entry, String why) {
    if (!approved.containsKey(flowId)) {
      refused.put(flowId, why);
      refusedEntries.put(flowId, entry);
    }
  }

  /**
   * Why the approvals file's entry for a flow id approves nothing (its signature does not verify, or
   * it predates signing); empty when there is no such entry.
   */
  public Optional<String> refusal(String flowId) {
    return Optional.ofNullable(refused.get(flowId));
  }

  /** Approves the reviewed digest for its flow id (replacing an earlier approval), in memory. */
  public Approvals approve(FlowReview review) {
    return approve(review.flowId(), review.digest());
  }

  public Approvals approve(String flowId, String digest) {
    add(new Approval(flowId, digest, "", Instant.EPOCH, Optional.empty()));
    return this;
  }

  /** Approves a flow's digest for one environment, in memory: other environments are {@code ENVIRONMENT_DRIFT}. */
  public Approvals approve(FlowReview review, Environment environment) {
    add(new Approval(review.flowId(), review.digest(), "", Instant.EPOCH, Optional.of(environment)));
    return this;
  }

  /** Keeps an approval as it is (its reviewer, time and environment). */
  public Approvals approve(Approval approval) {
    add(approval);
    return this;
  }

  /** These approvals and {@code other}'s; for a flow id both hold, {@code other}'s. */
  public Approvals with(Approvals other) {
    Approvals all = new Approvals();
    all.approved.putAll(approved);
    all.refused.putAll(refused);
    all.refusedEntries.putAll(refusedEntries);
    other.refused.forEach((id, why) -> all.refuse(id, other.refusedEntries.get(id), why));
    other.approved.values().forEach(all::add);
    return all;
  }

  /** The approval or the refused entry of one flow id alone, as these approvals hold it. */
  public Approvals only(String flowId) {
    Approvals one = new Approvals();
    approval(flowId).ifPresent(one::add);
    refusal(flowId).ifPresent(why -> one.refuse(flowId, refusedEntries.get(flowId), why));
    return one;
  }

  public Approvals revoke(String flowId) {
    approved.remove(flowId);
    refused.remove(flowId);
    refusedEntries.remove(flowId);
    return this;
  }

  /** The approved digest of a flow id. */
  public Optional<String> approvedDigest(String flowId) {
    return approval(flowId).map(Approval::digest);
  }

  /** The approval of a flow id: digest, reviewer, time. */
  public Optional<Approval> approval(String flowId) {
    return Optional.ofNullable(approved.get(flowId));
  }

  /** Whether exactly this flow (by digest) is approved. */
  public boolean isApproved(Flow flow) {
    return approvedDigest(flow.id()).filter(FlowJson.digest(flow)::equals).isPresent();
  }
}
