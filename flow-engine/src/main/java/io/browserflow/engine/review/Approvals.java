package io.browserflow.engine.review;

import io.browserflow.api.Flow;
import io.browserflow.api.json.FlowJson;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Approved flow digests, per flow id. An engine built with
 * {@link io.browserflow.engine.FlowEngine.Builder#requireApproval(Approvals)} refuses
 * ({@code REVIEW_REQUIRED}) a flow never approved and a flow changed since its approval. Thread-safe.
 */
public final class Approvals {
  private final Map<String, String> approved = new ConcurrentHashMap<>();

  private Approvals() {}

  public static Approvals create() {
    return new Approvals();
  }

  /** Approves the reviewed digest for its flow id (replacing an earlier approval). */
  public Approvals approve(FlowReview review) {
    approved.put(review.flowId(), review.digest());
    return this;
  }

  public Approvals approve(String flowId, String digest) {
    approved.put(flowId, digest);
    return this;
  }

  public Approvals revoke(String flowId) {
    approved.remove(flowId);
    return this;
  }

  /** The approved digest of a flow id. */
  public Optional<String> approvedDigest(String flowId) {
    return Optional.ofNullable(approved.get(flowId));
  }

  /** Whether exactly this flow (by digest) is approved. */
  public boolean isApproved(Flow flow) {
    return FlowJson.digest(flow).equals(approved.get(flow.id()));
  }
}
