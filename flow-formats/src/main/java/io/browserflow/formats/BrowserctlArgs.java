package io.browserflow.formats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The words of one browserctl command, parsed: its name (after an optional leading {@code
 * browserctl}), its positional arguments and its {@code --options}, in order. Which options take a
 * value decides how the words split, so {@code find} has a list of its own.
 */
final class BrowserctlArgs {
  /** Value-taking options of every command. */
  private static final Set<String> VALUE_FLAGS = Set.of("timeout", "label", "load", "url", "selector", "state",
      "text", "ms", "fn", "to", "by", "name", "confirm", "file", "text-file", "max-nodes", "depth", "scope");
  private static final Set<String> FIND_VALUE_FLAGS = Set.of("role", "testid", "label", "placeholder", "text", "alt",
      "title", "name", "timeout");

  /** The command's name; null when the words are only {@code browserctl}. */
  final String name;
  final List<String> positional = new ArrayList<>();
  final Map<String, String> flags = new LinkedHashMap<>();

  private BrowserctlArgs(String name) {
    this.name = name;
  }

  /** Parses a command's {@code argv}, which has at least one word. */
  static BrowserctlArgs parse(List<String> argv) {
    List<String> command = argv;
    if ("browserctl".equals(command.get(0))) {
      command = command.subList(1, command.size());
      if (command.isEmpty()) {
        return new BrowserctlArgs(null);
      }
    }
    BrowserctlArgs a = new BrowserctlArgs(command.get(0));
    List<String> words = command.subList(1, command.size());
    Set<String> valueFlags = "find".equals(a.name) ? FIND_VALUE_FLAGS : VALUE_FLAGS;
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      if (w.startsWith("--") && w.length() > 2) {
        String name = w.substring(2);
        int eq = name.indexOf('=');
        if (eq > 0) {
          a.flags.put(name.substring(0, eq), name.substring(eq + 1));
        } else if (valueFlags.contains(name) && i + 1 < words.size()) {
          a.flags.put(name, words.get(++i));
        } else {
          a.flags.put(name, null);
        }
      } else {
        a.positional.add(w);
      }
    }
    return a;
  }

  boolean has(String flag) {
    return flags.containsKey(flag);
  }

  String flag(String name) {
    return flags.get(name);
  }

  String at(int i) {
    return i < positional.size() ? positional.get(i) : null;
  }
}
