package io.browserflow.api.dsl;

import io.browserflow.api.Candidate;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.Input;
import io.browserflow.api.Retry;
import io.browserflow.api.Target;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Static factories for the DSL: targets, conditions, loop sources and declaration options. Meant
 * for {@code import static io.browserflow.api.dsl.Dsl.*}.
 *
 * <pre>{@code
 * Flow.named("search")
 *     .input("QUERY", defaultValue("shoes"))
 *     .open("${BASE_URL}")
 *     .fill(testId("q").or(placeholder("Search")), "${QUERY}")
 *     .press("Enter").expect(urlMatches("**&#47;results*"))
 *     .build();
 * }</pre>
 */
public final class Dsl {
  private Dsl() {}

  // ---------------------------------------------------------------- targets

  /** {@code data-testid} (and its aliases {@code data-test}, {@code data-cy}, {@code data-qa} at replay). */
  public static Target testId(String testId) {
    return Target.of(Candidate.testId(testId));
  }

  /** The element id (without {@code #}). */
  public static Target elementId(String id) {
    return Target.of(Candidate.id(id));
  }

  public static Target role(String role) {
    return Target.of(Candidate.role(role));
  }

  /** ARIA role with accessible name, e.g. {@code role("button", "Save")}. */
  public static Target role(String role, String name) {
    return Target.of(Candidate.role(role, name));
  }

  /** The form control labelled by this text. */
  public static Target label(String label) {
    return Target.of(Candidate.label(label));
  }

  public static Target placeholder(String placeholder) {
    return Target.of(Candidate.placeholder(placeholder));
  }

  /** The element whose visible text is this text. */
  public static Target text(String text) {
    return Target.of(Candidate.text(text));
  }

  /** An element of any ARIA role whose accessible name is exactly this (Chrome Recorder's {@code aria/Name}). */
  public static Target aria(String name) {
    return Target.of(Candidate.aria(name));
  }

  /** The deepest element whose text content contains this text (Chrome Recorder's {@code text/...}). */
  public static Target textContains(String text) {
    return Target.of(Candidate.textContains(text));
  }

  public static Target css(String css) {
    return Target.of(Candidate.css(css));
  }

  public static Target xpath(String xpath) {
    return Target.of(Candidate.xpath(xpath));
  }

  /** A target trying these candidates in order. */
  public static Target target(Candidate... candidates) {
    return Target.of(candidates);
  }

  // ---------------------------------------------------------------- conditions

  public static Condition urlMatches(String glob) {
    return Condition.Url.of(glob);
  }

  public static Condition titleMatches(String glob) {
    return Condition.Title.of(glob);
  }

  public static Condition exists(Target target) {
    return Condition.Element.of(target, Condition.State.EXISTS);
  }

  public static Condition visible(Target target) {
    return Condition.Element.of(target, Condition.State.VISIBLE);
  }

  /** Holds when the element is hidden or absent. */
  public static Condition hidden(Target target) {
    return Condition.Element.of(target, Condition.State.HIDDEN);
  }

  public static Condition enabled(Target target) {
    return Condition.Element.of(target, Condition.State.ENABLED);
  }

  public static Condition checked(Target target) {
    return Condition.Element.of(target, Condition.State.CHECKED);
  }

  public static Condition unchecked(Target target) {
    return Condition.Element.of(target, Condition.State.UNCHECKED);
  }

  public static Condition count(Target target, int count) {
    return Condition.Count.of(target, Condition.Op.EQ, count);
  }

  public static Condition countAtLeast(Target target, int count) {
    return Condition.Count.of(target, Condition.Op.GTE, count);
  }

  /** Text present anywhere on the page. */
  public static Condition textPresent(String text) {
    return Condition.Text.present(text);
  }

  /** The element's text contains {@code text}. */
  public static Condition hasText(Target target, String text) {
    return Condition.Text.of(target, text, Condition.Match.CONTAINS);
  }

  /** The element's text equals {@code text} (whitespace-normalized). */
  public static Condition hasExactText(Target target, String text) {
    return Condition.Text.of(target, text, Condition.Match.EQUALS);
  }

  public static Condition hasValue(Target target, String value) {
    return Condition.Value.of(target, value);
  }

  public static Condition hasAttribute(Target target, String name) {
    return Condition.Attribute.of(target, name, Optional.empty());
  }

  public static Condition hasAttribute(Target target, String name, String value) {
    return Condition.Attribute.of(target, name, Optional.of(value));
  }

  /** A run value such as {@code ${steps.total.text}} equals {@code operand}. */
  public static Condition varEquals(String subject, String operand) {
    return Condition.Var.equalTo(subject, operand);
  }

  public static Condition varContains(String subject, String operand) {
    return Condition.Var.containing(subject, operand);
  }

  public static Condition truthy(String subject) {
    return Condition.Var.truthy(subject);
  }

  public static Condition falsy(String subject) {
    return Condition.Var.falsy(subject);
  }

  public static Condition downloaded(String fileGlob) {
    return Condition.Download.of(fileGlob);
  }

  public static Condition loaded(Condition.LoadState state) {
    return Condition.Load.of(state);
  }

  /** A page expression is truthy; needs the {@code script.eval} capability. */
  public static Condition expression(String script) {
    return Condition.Expression.of(script);
  }

  public static Condition not(Condition condition) {
    return Condition.Not.of(condition);
  }

  // ---------------------------------------------------------------- loops and retries

  /**
   * An ordered map from pairs: {@code row("name", "${loop.row.name}", "email", "${steps.mail.text}")},
   * for a dataset row or http headers.
   *
   * @throws IllegalArgumentException when the count is odd or a key repeats
   */
  public static Map<String, String> row(String... keysAndValues) {
    if (keysAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("row() takes pairs of key and value, got " + keysAndValues.length + " strings");
    }
    Map<String, String> row = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      if (row.put(keysAndValues[i], keysAndValues[i + 1]) != null) {
        throw new IllegalArgumentException("row() got the key '" + keysAndValues[i] + "' twice");
      }
    }
    return Collections.unmodifiableMap(row);
  }

  /** Iterate the flow's table rows: {@code ${loop.row.<column>}}. */
  public static ForeachSource tableRows() {
    return ForeachSource.table();
  }

  /** Iterate an earlier step's items, e.g. {@code items("${steps.list.items}")}. */
  public static ForeachSource items(String ref) {
    return ForeachSource.items(ref);
  }

  /** Iterate literal values: {@code ${loop.item}}. */
  public static ForeachSource values(String... values) {
    return ForeachSource.literal(Arrays.asList(values));
  }

  public static Retry retryEvery(int count, int intervalMs) {
    return Retry.of(count, intervalMs, Retry.Backoff.NONE);
  }

  public static Retry retryBackoff(int count, int initialIntervalMs) {
    return Retry.of(count, initialIntervalMs, Retry.Backoff.EXP);
  }

  // ---------------------------------------------------------------- declaration options

  /** The credential is secret: kept in memory only, masked everywhere. */
  public static CredentialOption secret() {
    return c -> c.secret(true);
  }

  public static CredentialOption credentialType(Credential.Type type) {
    return c -> c.type(type);
  }

  public static CredentialOption optionalCredential() {
    return c -> c.required(false);
  }

  public static InputOption defaultValue(String value) {
    return i -> i.defaultValue(value);
  }

  public static InputOption inputType(Input.Type type) {
    return i -> i.type(type);
  }

  public static InputOption pattern(String regex) {
    return i -> i.pattern(regex);
  }

  /** A select input with these allowed values. */
  public static InputOption options(String... options) {
    return i -> i.type(Input.Type.SELECT).addOptions(options);
  }

  public static InputOption optionalInput() {
    return i -> i.required(false);
  }

  public static InputOption described(String label) {
    return i -> i.label(label);
  }
}
