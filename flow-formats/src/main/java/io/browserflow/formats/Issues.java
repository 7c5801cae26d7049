package io.browserflow.formats;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The issues one conversion collects, in the order met: every codec adds its issues here, each
 * with a code and a path, and hands {@link #list()} (or the collector) to {@link Conversion}.
 */
final class Issues {
  private final List<ConversionIssue> all = new ArrayList<>();
  /** Code, path and message of each issue held; null when duplicates are kept. */
  private final Set<String> seen;

  Issues() {
    this(false);
  }

  private Issues(boolean distinct) {
    this.seen = distinct ? new HashSet<>() : null;
  }

  /**
   * A collector that ignores an issue with the code, path and message of one it holds already:
   * for exporters that look at a target or a condition more than once.
   */
  static Issues distinct() {
    return new Issues(true);
  }

  void info(ConversionCode code, String path, String message) {
    add(code, ConversionIssue.Severity.INFO, path, message);
  }

  void warning(ConversionCode code, String path, String message) {
    add(code, ConversionIssue.Severity.WARNING, path, message);
  }

  void blocking(ConversionCode code, String path, String message) {
    add(code, ConversionIssue.Severity.BLOCKING, path, message);
  }

  void add(ConversionCode code, ConversionIssue.Severity severity, String path, String message) {
    add(ConversionIssue.of(code, severity, path, message));
  }

  /** {@code v} within {@code min..max}: the nearest bound, with a warning at {@code path}, when it is outside. */
  int clamped(int v, int min, int max, String path, String what) {
    if (v < min || v > max) {
      int c = Math.max(min, Math.min(max, v));
      warning(ConversionCode.VALUE_CLAMPED, path, what + " " + v + " is outside " + min + ".." + max + "; " + c + " is used");
      return c;
    }
    return v;
  }

  /**
   * An issue the source file lists itself under {@code fileCode}, its own spelling: a conversion
   * code (or a former name of one) becomes that code, any other code {@link
   * ConversionCode#SOURCE_ISSUE} with the file's code in front of the message.
   */
  void listed(String fileCode, ConversionIssue.Severity severity, String path, String message) {
    String code = fileCode == null ? "" : fileCode.strip();
    Optional<ConversionCode> known = code.isEmpty() ? Optional.empty() : ConversionCode.named(code);
    if (known.isPresent()) {
      add(known.get(), severity, path, message);
    } else {
      add(ConversionCode.SOURCE_ISSUE, severity, path, code.isEmpty() ? message : code + ": " + message);
    }
  }

  /** Adds issues collected elsewhere (a parsed file's own), in their order. */
  void addAll(Issues other) {
    other.all.forEach(this::add);
  }

  private void add(ConversionIssue issue) {
    if (seen == null || seen.add(issue.code() + "@" + issue.path() + "@" + issue.message())) {
      all.add(issue);
    }
  }

  /** How many issues are held: the index the next one gets. */
  int size() {
    return all.size();
  }

  /** The issue at {@code index}, in the order added. */
  ConversionIssue get(int index) {
    return all.get(index);
  }

  /**
   * Replaces the issue at {@code index}: for an exporter that learns only later what an issue
   * means (a step left out turns out to be one that later steps need).
   */
  void replace(int index, ConversionIssue issue) {
    all.set(index, issue);
  }

  boolean any(Predicate<ConversionIssue> test) {
    return all.stream().anyMatch(test);
  }

  List<ConversionIssue> list() {
    return List.copyOf(all);
  }
}
