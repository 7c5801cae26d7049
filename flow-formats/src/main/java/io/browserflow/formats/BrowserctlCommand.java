package io.browserflow.formats;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One browserctl command's words, parsed as the {@code .browserctl} reader parses them: the command
 * name (after an optional leading {@code browserctl}), its positional arguments and its
 * {@code --options} (which of them take a value decides how the words split). For tools that run
 * browserctl commands themselves, such as a live session.
 *
 * <pre>{@code
 * BrowserctlCommand c = BrowserctlCommand.parse(List.of("wait", "--text", "Welcome", "--timeout", "5000"));
 * c.name();                 // "wait"
 * c.option("text");         // Optional[Welcome]
 * BrowserctlCommand.parseLine("fill @e2 'Ada Lovelace'").positional();   // [@e2, Ada Lovelace]
 * }</pre>
 */
public final class BrowserctlCommand {
  private final BrowserctlArgs args;

  private BrowserctlCommand(BrowserctlArgs args) {
    this.args = args;
  }

  /** Parses a command's words; {@code argv} holds at least one. */
  public static BrowserctlCommand parse(List<String> argv) {
    if (argv == null || argv.isEmpty()) {
      throw new IllegalArgumentException("a browserctl command has at least one word");
    }
    return new BrowserctlCommand(BrowserctlArgs.parse(argv));
  }

  /** Splits one line as a shell would ({@code '...'}, {@code "..."}, backslashes) and parses it. */
  public static BrowserctlCommand parseLine(String line) {
    try {
      return parse(ShellWords.split(line));
    } catch (ShellWords.SyntaxException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** The command's name; empty when the words were only {@code browserctl}. */
  public Optional<String> name() {
    return Optional.ofNullable(args.name);
  }

  public List<String> positional() {
    return Collections.unmodifiableList(args.positional);
  }

  /** The {@code --options} in order; a flag without a value maps to null. */
  public Map<String, String> options() {
    return Collections.unmodifiableMap(args.flags);
  }

  /** Whether {@code --name} was given, with or without a value. */
  public boolean has(String option) {
    return args.has(option);
  }

  /** The value of {@code --name}, when given with one. */
  public Optional<String> option(String option) {
    return Optional.ofNullable(args.flag(option));
  }

  /** The {@code i}-th positional argument, when there is one. */
  public Optional<String> at(int i) {
    return Optional.ofNullable(args.at(i));
  }
}
