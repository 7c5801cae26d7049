package io.browserflow.engine.spi;

import java.util.List;
import org.immutables.value.Value;

/** Where a session is: current tab alias, its URL and title, the frame path entered, the open tab aliases. */
@Value.Immutable
public interface PageState {
  String tab();

  String url();

  String title();

  /** Frame locators entered from the main frame; empty in the main frame. */
  List<String> framePath();

  List<String> tabs();

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link PageState}. */
  final class Builder extends ImmutablePageState.Builder {}
}
