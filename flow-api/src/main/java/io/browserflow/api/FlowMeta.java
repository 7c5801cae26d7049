package io.browserflow.api;

import java.util.Optional;
import org.immutables.value.Value;

/** Where a flow came from: creation time (ISO-8601), source (recorder, import, hand-written), recorder version. */
@Value.Immutable
public interface FlowMeta {
  Optional<String> createdAt();

  Optional<String> source();

  Optional<String> recorderVersion();

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link FlowMeta}. */
  final class Builder extends ImmutableFlowMeta.Builder {}
}
