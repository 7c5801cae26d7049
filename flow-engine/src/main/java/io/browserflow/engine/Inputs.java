package io.browserflow.engine;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Values for a run: business inputs ({@code ${KEY}}) and credentials ({@code ${credential.KEY}}).
 * Credential values stay in memory; {@link #toString()} never shows them.
 *
 * <pre>{@code
 * Inputs inputs = Inputs.builder()
 *     .input("DEVICE_ID", "1000000150601081283")
 *     .credential("PASSWORD", System.getenv("APP_PASSWORD"))
 *     .build();
 * }</pre>
 */
public final class Inputs {
  private static final Inputs EMPTY = new Inputs(Map.of(), Map.of());

  private final Map<String, String> inputs;
  private final Map<String, String> credentials;

  private Inputs(Map<String, String> inputs, Map<String, String> credentials) {
    this.inputs = Map.copyOf(inputs);
    this.credentials = Map.copyOf(credentials);
  }

  public static Inputs empty() {
    return EMPTY;
  }

  /** Business inputs only. */
  public static Inputs of(Map<String, String> inputs) {
    return new Inputs(inputs, Map.of());
  }

  public static Builder builder() {
    return new Builder();
  }

  public Map<String, String> inputs() {
    return inputs;
  }

  public Map<String, String> credentials() {
    return credentials;
  }

  /** A builder starting from these values. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.inputs.putAll(inputs);
    b.credentials.putAll(credentials);
    return b;
  }

  /** Shows input keys and values, credential keys only. */
  @Override
  public String toString() {
    return "Inputs{inputs=" + inputs + ", credentials=" + credentials.keySet() + "}";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Inputs && ((Inputs) o).inputs.equals(inputs) && ((Inputs) o).credentials.equals(credentials);
  }

  @Override
  public int hashCode() {
    return Objects.hash(inputs, credentials);
  }

  /** Builder of {@link Inputs}; a key set twice keeps the last value. */
  public static final class Builder {
    private final Map<String, String> inputs = new LinkedHashMap<>();
    private final Map<String, String> credentials = new LinkedHashMap<>();

    private Builder() {}

    public Builder input(String key, String value) {
      inputs.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value of input " + key));
      return this;
    }

    public Builder inputs(Map<String, String> values) {
      values.forEach(this::input);
      return this;
    }

    public Builder credential(String key, String value) {
      credentials.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value of credential " + key));
      return this;
    }

    public Builder credentials(Map<String, String> values) {
      values.forEach(this::credential);
      return this;
    }

    public Inputs build() {
      return new Inputs(inputs, credentials);
    }
  }
}
