package io.browserflow.api;

import java.util.Optional;
import org.immutables.value.Value;

/**
 * One way to locate an element: a test id, an id, an ARIA role with accessible name, a label, a
 * placeholder, visible text, a css selector or an xpath. A {@link Target} lists candidates in the
 * order they are tried; a candidate counts only when it matches exactly one element.
 *
 * <pre>{@code
 * Candidate.testId("save");          // [data-testid="save"]
 * Candidate.role("button", "Save");  // role=button with accessible name "Save"
 * Candidate.css("form .primary");
 * }</pre>
 */
@Value.Immutable
public interface Candidate {
  /** The kinds of locator, with their JSON field names. */
  enum Kind {
    TEST_ID("testId"), ID("id"), ROLE("role"), LABEL("label"), PLACEHOLDER("placeholder"),
    TEXT("text"), CSS("css"), XPATH("xpath");

    private final String jsonName;

    Kind(String jsonName) {
      this.jsonName = jsonName;
    }

    /** The field name in a JSON candidate, e.g. {@code testId}. */
    public String jsonName() {
      return jsonName;
    }

    /** The kind for a JSON field name, if any. */
    public static Optional<Kind> fromJson(String name) {
      for (Kind k : values()) {
        if (k.jsonName.equals(name)) {
          return Optional.of(k);
        }
      }
      return Optional.empty();
    }
  }

  @Value.Parameter
  Kind kind();

  /** The locator value: the test id, the role, the css, ... */
  @Value.Parameter
  String value();

  /** Accessible name; only for {@link Kind#ROLE}. */
  Optional<String> name();

  @Value.Check
  default void check() {
    if (name().isPresent() && kind() != Kind.ROLE) {
      throw new IllegalStateException("only a role candidate has an accessible name, not " + kind().jsonName());
    }
  }

  static Candidate of(Kind kind, String value) {
    return ImmutableCandidate.of(kind, value);
  }

  static Candidate testId(String testId) {
    return of(Kind.TEST_ID, testId);
  }

  static Candidate id(String id) {
    return of(Kind.ID, id);
  }

  static Candidate role(String role) {
    return of(Kind.ROLE, role);
  }

  static Candidate role(String role, String name) {
    return builder().kind(Kind.ROLE).value(role).name(name).build();
  }

  static Candidate label(String label) {
    return of(Kind.LABEL, label);
  }

  static Candidate placeholder(String placeholder) {
    return of(Kind.PLACEHOLDER, placeholder);
  }

  static Candidate text(String text) {
    return of(Kind.TEXT, text);
  }

  static Candidate css(String css) {
    return of(Kind.CSS, css);
  }

  static Candidate xpath(String xpath) {
    return of(Kind.XPATH, xpath);
  }

  static Builder builder() {
    return new Builder();
  }

  /** Builder of {@link Candidate}. */
  final class Builder extends ImmutableCandidate.Builder {}

  /** Human-readable form, e.g. {@code role button "Save"} or {@code css ".btn"}. */
  default String describe() {
    return kind().jsonName() + " \"" + value() + "\"" + name().map(n -> " name \"" + n + "\"").orElse("");
  }
}
