package io.browserflow.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --shard I/N}: which part of a suite this machine runs. The flows are grouped into the units
 * workers take (a file, or the tests of a Selenium IDE suite that must stay together), the units
 * sorted by name (file name, suite, test: not the path, so machines may check out the files
 * anywhere and list them in any order), and unit k of that order belongs to shard {@code k mod N + 1}.
 */
record Shard(int index, int count) {
  /** Parses {@code I/N}; an {@link IllegalArgumentException} says what is wrong in the flag's words. */
  static Shard parse(String spec) {
    String[] parts = spec.split("/");
    try {
      if (parts.length == 2) {
        int i = Integer.parseInt(parts[0].trim());
        int n = Integer.parseInt(parts[1].trim());
        if (n >= 1 && n <= 1000 && i >= 1 && i <= n) {
          return new Shard(i, n);
        }
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new IllegalArgumentException("--shard takes I/N with 1 <= I <= N <= 1000 (this machine's part of N), was '"
        + spec + "'");
  }

  /** The loaded flows of this shard, in their original order. */
  List<FlowFiles.Loaded> select(List<FlowFiles.Loaded> all) {
    Map<String, List<Integer>> units = new LinkedHashMap<>();
    for (int i = 0; i < all.size(); i++) {
      units.computeIfAbsent(unitName(all.get(i), i), k -> new ArrayList<>()).add(i);
    }
    List<String> names = new ArrayList<>(units.keySet());
    names.sort(null);
    boolean[] mine = new boolean[all.size()];
    for (int k = 0; k < names.size(); k++) {
      if (k % count == index - 1) {
        units.get(names.get(k)).forEach(i -> mine[i] = true);
      }
    }
    List<FlowFiles.Loaded> out = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      if (mine[i]) {
        out.add(all.get(i));
      }
    }
    return out;
  }

  /** How many units there are in all (for messages). */
  static int units(List<FlowFiles.Loaded> all) {
    java.util.Set<String> names = new java.util.HashSet<>();
    for (int i = 0; i < all.size(); i++) {
      names.add(unitName(all.get(i), i));
    }
    return names.size();
  }

  private static String unitName(FlowFiles.Loaded l, int position) {
    String file = l.file().getFileName().toString();
    if (l.suite() != null && (!l.suite().parallel() || l.sharedSession() != null)) {
      return file + " › " + l.suite().name();
    }
    String rest = l.label().startsWith(l.file().toString()) ? l.label().substring(l.file().toString().length()) : "";
    return file + rest + (l.flow() == null ? "#" + position : "");
  }

  @Override
  public String toString() {
    return index + "/" + count;
  }
}
