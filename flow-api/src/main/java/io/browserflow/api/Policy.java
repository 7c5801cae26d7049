package io.browserflow.api;

import java.util.List;
import java.util.Set;
import org.immutables.value.Value;

/**
 * What a flow is allowed to reach and do: origins besides its own literal ones (e.g.
 * {@code https://sso.example.com}) and gated capabilities ({@code script.eval},
 * {@code file.upload}, ...).
 */
@Value.Immutable
public interface Policy {
  List<String> allowedOrigins();

  Set<Capability> capabilities();

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link Policy}. */
  final class Builder extends ImmutablePolicy.Builder {}
}
