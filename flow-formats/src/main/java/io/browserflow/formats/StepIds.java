package io.browserflow.formats;

import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The step ids one import has given: a source item's own id when it is a usable step id no step
 * has yet, otherwise {@code s1}, {@code s2}, ... (never one taken or kept for a source item).
 */
final class StepIds {
  private static final Pattern STEP_ID = Pattern.compile("[\\p{L}\\p{N}_.-]+");

  private final Set<String> taken = new HashSet<>();
  private final Set<String> reserved = new HashSet<>();
  private int generated;

  /** Keeps {@code id} for the source item that has it: a generated id never takes it. */
  void reserve(String id) {
    reserved.add(id);
  }

  /** Marks {@code id} as given to a step. */
  void take(String id) {
    taken.add(id);
  }

  /** {@code own} when it is a usable step id no step has yet (and now has); a generated one otherwise. */
  String own(String own) {
    if (own != null && STEP_ID.matcher(own).matches() && taken.add(own)) {
      return own;
    }
    return generated();
  }

  /** The next {@code s<n>} that is neither taken nor reserved, now taken. */
  String generated() {
    String id;
    do {
      id = "s" + (++generated);
    } while (reserved.contains(id) || !taken.add(id));
    return id;
  }
}
