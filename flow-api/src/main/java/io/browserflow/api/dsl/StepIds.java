package io.browserflow.api.dsl;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/** Allocates readable step ids ({@code click-1}, {@code fill-2}) unique within one flow. */
final class StepIds {
  private final Map<String, Integer> counters = new HashMap<>();
  private final Set<String> used = new HashSet<>();

  String next(String op) {
    String id;
    do {
      id = op + "-" + counters.merge(op, 1, Integer::sum);
    } while (used.contains(id));
    used.add(id);
    return id;
  }

  void claim(String id) {
    used.add(id);
  }
}
