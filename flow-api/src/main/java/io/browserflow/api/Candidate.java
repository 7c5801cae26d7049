package io.browserflow.api;

import java.util.Arrays;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * One way to locate an element: a test id, an id, an ARIA role with accessible name, a label, a
 * placeholder, visible text, a css selector, an xpath, an accessible name of any role
 * ({@link Kind#ARIA}) or contained text ({@link Kind#TEXT_CONTAINS}). A {@link Target} lists candidates in the
 * order they are tried; a candidate counts only when it matches exactly one element.
 *
 * <pre>{@code
 * Candidate.testId("save");          // [data-testid="save"]
 * Candidate.role("button", "Save");  // role=button with accessible name "Save"
 * Candidate.css("form .primary");
 * Candidate.aria("Save");            // any role, accessible name "Save"
 * Candidate.textContains("Total:");  // the deepest element containing "Total:"
 * }</pre>
 */
@Value.Immutable
public interface Candidate {
  /** The kinds of locator, with their JSON field names. */
  enum Kind {
    TEST_ID("testId"), ID("id"), ROLE("role"), LABEL("label"), PLACEHOLDER("placeholder"),
    TEXT("text"), CSS("css"), XPATH("xpath"),
    /**
     * An element of any ARIA role whose accessible name is exactly the value (Chrome Recorder's
     * {@code aria/Name}); hidden elements do not count, as for {@link #ROLE}.
     */
    ARIA("aria"),
    /**
     * The deepest elements whose text content contains the value (Chrome Recorder's
     * {@code text/...}): an element matches when its text contains the value and none of its
     * descendants does. Form controls count by their current value; {@code <script>},
     * {@code <style>} and {@code <head>} never match; open shadow roots are searched instead of the
     * light children of their host; visibility does not matter.
     */
    TEXT_CONTAINS("textContains");

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
      return Arrays.stream(values()).filter(k -> k.jsonName.equals(name)).findFirst();
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

  /** An element of any role whose accessible name is exactly {@code name}. */
  static Candidate aria(String name) {
    return of(Kind.ARIA, name);
  }

  /** The deepest element whose text content contains {@code text}. */
  static Candidate textContains(String text) {
    return of(Kind.TEXT_CONTAINS, text);
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
