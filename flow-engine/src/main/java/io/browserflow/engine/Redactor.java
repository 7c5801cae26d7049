package io.browserflow.engine;

import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** Replaces secret values by {@code ***} in every text the engine writes or reports. */
final class Redactor {
  static final String MASK = "***";
  private final List<String> secrets;

  Redactor(Set<String> secrets) {
    // longest first, so a secret containing another is masked whole
    this.secrets = secrets.stream().filter(s -> s != null && !s.isEmpty())
        .sorted(Comparator.comparingInt(String::length).reversed()).collect(Collectors.toList());
  }

  String redact(String text) {
    if (text == null || secrets.isEmpty()) {
      return text;
    }
    String out = text;
    for (String secret : secrets) {
      if (out.contains(secret)) {
        out = out.replace(secret, MASK);
      }
    }
    return out;
  }

  boolean containsSecret(String text) {
    if (text == null) {
      return false;
    }
    for (String secret : secrets) {
      if (text.contains(secret)) {
        return true;
      }
    }
    return false;
  }
}
