package io.browserflow.api;

import java.util.Optional;
import org.immutables.value.Value;

/**
 * A tab alias a flow uses ({@code main}, {@code detail}, ...): never a runtime tab id. {@code opener}
 * names the alias of the tab that opens it; {@code url} is the URL it is expected to show.
 */
@Value.Immutable
public interface TabAlias {
  String alias();

  Optional<String> url();

  Optional<String> opener();

  static TabAlias of(String alias) {
    return builder().alias(alias).build();
  }

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link TabAlias}. */
  final class Builder extends ImmutableTabAlias.Builder {}
}
