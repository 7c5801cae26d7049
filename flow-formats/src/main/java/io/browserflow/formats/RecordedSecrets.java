package io.browserflow.formats;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The secret values a foreign recording held (passwords typed into password fields, and the user
 * names and secrets a recording-plugin import turns into credentials), by the credential key that
 * replaced each in the imported flow. Distinct values have distinct keys.
 * Kept in memory only, for {@code browserflow run --use-recorded-secrets}: no writer, report or
 * {@link #toString()} shows a value, and exports never carry them.
 */
public final class RecordedSecrets {
  private static final RecordedSecrets NONE = new RecordedSecrets(Map.of());
  private final Map<String, String> values;

  private RecordedSecrets(Map<String, String> values) {
    this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  static RecordedSecrets of(Map<String, String> values) {
    return values.isEmpty() ? NONE : new RecordedSecrets(values);
  }

  /** No recorded secrets. */
  public static RecordedSecrets none() {
    return NONE;
  }

  /** The credential keys, in the order the recording first typed their values. */
  public Set<String> keys() {
    return values.keySet();
  }

  /** The value the recording typed for credential {@code key}. */
  public Optional<String> value(String key) {
    return Optional.ofNullable(values.get(key));
  }

  public boolean isEmpty() {
    return values.isEmpty();
  }

  /** The keys only: a secret value never reaches a log through this object. */
  @Override
  public String toString() {
    return "RecordedSecrets" + values.keySet();
  }
}
