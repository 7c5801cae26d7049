package io.browserflow.formats;

import io.browserflow.api.lint.Quality;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The result of a conversion: the converted value (a {@link io.browserflow.api.Flow} for imports,
 * the text of the target format for exports), how many steps were read and mapped, and every
 * issue met on the way.
 *
 * <p>{@link #quality()} is {@code blocked} when an issue is blocking, {@code needs_review} when an
 * issue is a warning, else {@code ready}. A blocked import is still returned (so a person can look
 * at it and fix it); {@code browserflow run} refuses it with {@code REVIEW_REQUIRED} unless forced.
 *
 * <pre>{@code
 * Conversion<Flow> c = FlowFormats.read(Path.of("checkout.recording.json"));
 * c.issues().forEach(i -> System.out.println(i.describe()));
 * if (c.quality() != Quality.BLOCKED) engine.run(c.value(), inputs);
 * }</pre>
 *
 * @param <T> the converted value's type
 */
public final class Conversion<T> {
  private final Format from;
  private final Format to;
  private final T value;
  private final int stepsRead;
  private final int stepsMapped;
  private final List<ConversionIssue> issues;
  private final RecordedSecrets recordedSecrets;
  private final List<StepMapping> mappings;

  private Conversion(Format from, Format to, T value, int stepsRead, int stepsMapped, List<ConversionIssue> issues,
      RecordedSecrets recordedSecrets, List<StepMapping> mappings) {
    this.from = Objects.requireNonNull(from, "from");
    this.to = Objects.requireNonNull(to, "to");
    this.value = Objects.requireNonNull(value, "value");
    this.stepsRead = stepsRead;
    this.stepsMapped = stepsMapped;
    this.issues = List.copyOf(issues);
    this.recordedSecrets = recordedSecrets;
    this.mappings = List.copyOf(mappings);
  }

  /**
   * A conversion result. {@code stepsRead} counts the source's steps or commands (nested ones
   * included); {@code stepsMapped} those that became a step of the target (possibly merged).
   */
  public static <T> Conversion<T> of(Format from, Format to, T value, int stepsRead, int stepsMapped,
      List<ConversionIssue> issues) {
    return new Conversion<>(from, to, value, stepsRead, stepsMapped, issues, RecordedSecrets.none(), List.of());
  }

  /** A conversion result with the issues a codec collected. */
  static <T> Conversion<T> of(Format from, Format to, T value, int stepsRead, int stepsMapped, Issues issues) {
    return of(from, to, value, stepsRead, stepsMapped, issues.list());
  }

  /** This conversion with {@code more} issues appended. */
  public Conversion<T> withIssues(List<ConversionIssue> more) {
    List<ConversionIssue> all = new ArrayList<>(issues);
    all.addAll(more);
    return new Conversion<>(from, to, value, stepsRead, stepsMapped, all, recordedSecrets, mappings);
  }

  /**
   * The same counts and issues around another value (a flow written as text, for example); the
   * recorded secrets stay behind.
   */
  public <U> Conversion<U> withValue(Format newTo, U newValue) {
    return new Conversion<>(from, newTo, newValue, stepsRead, stepsMapped, issues, RecordedSecrets.none(), mappings);
  }

  /** This import with the secret values its source recorded. */
  Conversion<T> withRecordedSecrets(RecordedSecrets secrets) {
    return new Conversion<>(from, to, value, stepsRead, stepsMapped, issues, secrets, mappings);
  }

  /** This import with what became of each source step (for {@link ConversionReport}). */
  Conversion<T> withMappings(List<StepMapping> stepMappings) {
    return new Conversion<>(from, to, value, stepsRead, stepsMapped, issues, recordedSecrets, stepMappings);
  }

  /** What became of each source step, in source order; empty for formats that do not record it. */
  List<StepMapping> mappings() {
    return mappings;
  }

  /**
   * The secret values the source recording typed, by the credential key that replaced each (an
   * import's only; empty otherwise). For a replay as recorded ({@code --use-recorded-secrets}); never
   * written by any writer.
   */
  public RecordedSecrets recordedSecrets() {
    return recordedSecrets;
  }

  public Format from() {
    return from;
  }

  public Format to() {
    return to;
  }

  public T value() {
    return value;
  }

  public int stepsRead() {
    return stepsRead;
  }

  public int stepsMapped() {
    return stepsMapped;
  }

  public List<ConversionIssue> issues() {
    return issues;
  }

  /** Issues of severity {@code blocking}. */
  public List<ConversionIssue> blockingIssues() {
    return issues.stream().filter(i -> i.severity() == ConversionIssue.Severity.BLOCKING).collect(Collectors.toList());
  }

  /** Whether an issue has {@code code}. */
  public boolean has(ConversionCode code) {
    return issues.stream().anyMatch(i -> i.code() == code);
  }

  public Quality quality() {
    boolean warned = false;
    for (ConversionIssue i : issues) {
      if (i.severity() == ConversionIssue.Severity.BLOCKING) {
        return Quality.BLOCKED;
      }
      warned |= i.severity() == ConversionIssue.Severity.WARNING;
    }
    return warned ? Quality.NEEDS_REVIEW : Quality.READY;
  }

  /** The report {@code browserflow convert} prints: counts, quality, then one line per issue. */
  public String report() {
    StringBuilder sb = new StringBuilder();
    sb.append(from.id()).append(" -> ").append(to.id()).append(": ").append(stepsMapped).append(" of ")
        .append(stepsRead).append(" steps mapped, ").append(blockingIssues().size()).append(" blocking, ")
        .append(issues.stream().filter(i -> i.severity() == ConversionIssue.Severity.WARNING).count())
        .append(" warnings; quality ").append(quality().jsonName()).append('\n');
    for (ConversionIssue i : issues) {
      sb.append("  ").append(i.describe()).append('\n');
    }
    return sb.toString();
  }

  @Override
  public String toString() {
    return report();
  }
}
