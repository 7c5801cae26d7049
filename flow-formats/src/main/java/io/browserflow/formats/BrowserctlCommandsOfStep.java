package io.browserflow.formats;

import io.browserflow.api.Step;
import io.browserflow.formats.BrowserctlDocument.Command;
import java.util.ArrayList;
import java.util.List;

/**
 * The commands one step is written as: the one that acts is {@link #main}, the others prepare
 * (a tab switch, entering a frame) or check (the waits of its expect).
 */
final class BrowserctlCommandsOfStep {
  final List<Command> commands = new ArrayList<>();
  int main = -1;
  boolean timeoutUsed;

  Command add(List<String> argv) {
    Command c = new Command(argv);
    commands.add(c);
    return c;
  }

  Command act(List<String> argv) {
    main = commands.size();
    return add(argv);
  }

  /** A mutable argv of {@code words}. */
  static List<String> list(String... words) {
    return new ArrayList<>(List.of(words));
  }

  /** Adds the step's timeout to {@code argv}, a command that takes {@code --timeout}. */
  void timeout(Step s, List<String> argv) {
    if (s.timeoutMs().isPresent()) {
      argv.add("--timeout");
      argv.add(String.valueOf(s.timeoutMs().getAsInt()));
      timeoutUsed = true;
    }
  }
}
