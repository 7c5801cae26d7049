package io.browserflow.api;

import java.util.List;
import java.util.stream.Collectors;
import org.immutables.value.Value;

/**
 * Where a step acts: ordered candidate locators, plus the frame path (frame locators from the
 * current frame context down to the element's frame) and the shadow path (css selectors of shadow
 * hosts, outermost first).
 *
 * <p>Replay is strict: candidates are tried in order, the first that matches exactly one element
 * wins, a candidate matching zero or several elements is skipped, and when none wins the step fails
 * with {@code TARGET_NOT_FOUND} or {@code TARGET_AMBIGUOUS}. Never "the first of several".
 *
 * <pre>{@code
 * Target save = Target.of(Candidate.testId("save"), Candidate.role("button", "Save"))
 *     .inFrame("iframe#editor");
 * }</pre>
 */
@Value.Immutable
public interface Target {
  /** Candidates in the order they are tried. Validation requires at least one. */
  List<Candidate> candidates();

  /**
   * Frame locators entered before matching, relative to the current frame context: an owner css
   * ({@code iframe#pay} or {@code selector:iframe#pay}), {@code url:<glob>} or {@code name:<name>}.
   */
  List<String> framePath();

  /** Css selectors of open shadow hosts to enter before matching, outermost first. */
  List<String> shadowPath();

  static Target of(Candidate... candidates) {
    return builder().addCandidates(candidates).build();
  }

  static Target of(List<Candidate> candidates) {
    return builder().addAllCandidates(candidates).build();
  }

  /** This target with the other target's candidates appended (tried after this one's). */
  default Target or(Target other) {
    return builder().from(this).addAllCandidates(other.candidates()).build();
  }

  /** This target inside the frame(s) located by {@code frameLocators}, outermost first. */
  default Target inFrame(String... frameLocators) {
    return builder().from(this).addFramePath(frameLocators).build();
  }

  /** This target inside the open shadow root(s) of the given hosts, outermost first. */
  default Target inShadow(String... hostSelectors) {
    return builder().from(this).addShadowPath(hostSelectors).build();
  }

  /** Human-readable form listing the candidates in order. */
  default String describe() {
    String c = candidates().stream().map(Candidate::describe).collect(Collectors.joining(" | "));
    String f = framePath().isEmpty() ? "" : " in frame " + String.join(" > ", framePath());
    String s = shadowPath().isEmpty() ? "" : " in shadow " + String.join(" > ", shadowPath());
    return c + f + s;
  }

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link Target}. */
  final class Builder extends ImmutableTarget.Builder {}
}
