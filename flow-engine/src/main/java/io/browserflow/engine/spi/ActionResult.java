package io.browserflow.engine.spi;

import java.util.Optional;
import org.immutables.value.Value;

/**
 * What a driver reports after an interaction: how its target resolved (absent for target-less
 * steps such as {@code press} on the focused element) and the alias a popup was bound to.
 * The engine never treats this acknowledgement as proof of success: the step's checks decide.
 */
@Value.Immutable
public interface ActionResult {
  Optional<Resolution> resolution();

  Optional<String> openedTab();

  static ActionResult of(Resolution resolution) {
    return builder().resolution(resolution).build();
  }

  static ActionResult none() {
    return builder().build();
  }

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link ActionResult}. */
  final class Builder extends ImmutableActionResult.Builder {}
}
