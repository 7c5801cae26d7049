package io.browserflow.formats;

import java.util.Arrays;
import java.util.Optional;

/**
 * The four modifier keys, in the order the model lists a step's modifiers: each one's name in the
 * model ({@code Control}) and its short name, which formats spell flags with (browserctl's
 * {@code --ctrl}, a DOM event's {@code ctrlKey}).
 */
enum ModifierKey {
  CONTROL("Control", "ctrl"),
  SHIFT("Shift", "shift"),
  ALT("Alt", "alt"),
  META("Meta", "meta");

  final String key;
  final String shortName;

  ModifierKey(String key, String shortName) {
    this.key = key;
    this.shortName = shortName;
  }

  /** The modifier the model names {@code key}; empty for any other key. */
  static Optional<ModifierKey> of(String key) {
    return Arrays.stream(values()).filter(m -> m.key.equals(key)).findFirst();
  }
}
