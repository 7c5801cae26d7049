package io.browserflow.junit;

import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.json.FlowJson;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/** Reads flow files for the extension; misuse becomes {@link ExtensionConfigurationException} naming who asked. */
final class FlowFiles {
  static final String SUFFIX = ".flow.json";

  private FlowFiles() {}

  /**
   * @param who the annotation or call to name in messages, e.g. {@code @FlowSource("classpath:x") on T.m}
   */
  static Flow read(Location location, String who) {
    String text;
    try {
      text = location.read().orElse(null);
    } catch (RuntimeException e) {
      throw new ExtensionConfigurationException(who + ": cannot read " + location.describe() + ": " + e.getMessage(), e);
    }
    if (text == null) {
      throw new ExtensionConfigurationException(who + ": no flow file at " + location.describe()
          + (location.onClasspath() ? " (is it under src/test/resources or src/main/resources?)" : ""));
    }
    try {
      return FlowJson.read(text);
    } catch (FlowException e) {
      throw new ExtensionConfigurationException(who + ": the flow " + location + " is invalid: " + e.getMessage(), e);
    }
  }
}
