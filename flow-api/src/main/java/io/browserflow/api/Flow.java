package io.browserflow.api;

import io.browserflow.api.dsl.FlowBuilder;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * An immutable browser flow: metadata, inputs, credentials, tab aliases, an optional data table,
 * policy and schedule, the ordered steps, the outputs it hands back and the subflows its
 * {@code call} steps run.
 *
 * <p>Build one with the DSL and read or write JSON with {@link io.browserflow.api.json.FlowJson}:
 * <pre>{@code
 * Flow login = Flow.named("login")
 *     .input("USER").credential("PASSWORD", secret())
 *     .open("${BASE_URL}/login")
 *     .fill(testId("user"), "${USER}")
 *     .fill(label("Password"), "${credential.PASSWORD}")
 *     .click(role("button", "Sign in")).expect(urlMatches("**&#47;home"))
 *     .build();
 * }</pre>
 * Both ways validate against {@code FlowLimits} and throw {@link FlowValidationException} listing
 * every problem.
 */
@Value.Immutable
public interface Flow {
  /**
   * The current format version. Documents of the earlier {@link #SCHEMA_V1} are read and migrated
   * to it (browserflow/1 is a subset of browserflow/2; see {@code docs/flow-format.md}).
   */
  String SCHEMA = "browserflow/2";

  /** The first format version, still read: {@code FlowJson} migrates such documents to {@link #SCHEMA}. */
  String SCHEMA_V1 = "browserflow/1";

  /** Starts the DSL for a flow with this name. */
  static FlowBuilder named(String name) {
    return FlowBuilder.named(name);
  }

  /** A builder of the raw value, without DSL conveniences and without validation. */
  static Builder builder() {
    return new Builder();
  }

  @Value.Default
  default String schema() {
    return SCHEMA;
  }

  /** Stable id; by default the name in lower case with non-alphanumerics turned into dashes. */
  @Value.Default
  default String id() {
    return slug(name());
  }

  String name();

  /**
   * The flow's own revision, counted from 1: tools that rewrite a flow (repair suggestions, an
   * import that overwrites a flow of the same id) hand it back one higher. It is part of the flow's
   * digest, so an approval names one revision. Subflows share their flow's revision and keep 1.
   */
  @Value.Default
  default int version() {
    return 1;
  }

  /** This flow as its next revision ({@link #version()} one higher), otherwise unchanged. */
  default Flow nextRevision() {
    return builder().from(this).version(version() + 1).build();
  }

  Optional<String> description();

  List<String> tags();

  Optional<FlowMeta> meta();

  List<Input> inputs();

  List<Credential> credentials();

  List<TabAlias> tabs();

  Optional<DataTable> table();

  Optional<Policy> policy();

  Optional<Schedule> schedule();

  List<Step> steps();

  /**
   * What the flow hands back when it ends: output name to a value (placeholders resolved after the
   * last step). A {@code call} step that names an output gets it as {@code ${steps.<callId>.<name>}};
   * a run puts it in its result as {@code outputs.<name>}.
   */
  java.util.Map<String, String> outputs();

  /**
   * Flows that {@code call} steps of this flow and of its other subflows may run, by id. Only the
   * top-level flow holds subflows; a subflow has no schema, schedule or subflows of its own.
   */
  List<Flow> subflows();

  /** The subflow with this id, if this flow holds one. */
  default Optional<Flow> subflow(String id) {
    return subflows().stream().filter(f -> f.id().equals(id)).findFirst();
  }

  /** The input with this key, if declared. */
  default Optional<Input> input(String key) {
    return inputs().stream().filter(i -> i.key().equals(key)).findFirst();
  }

  /** The credential with this key, if declared. */
  default Optional<Credential> credential(String key) {
    return credentials().stream().filter(c -> c.key().equals(key)).findFirst();
  }

  /** The slug used for default ids: lower case, runs of other characters turned into one dash. */
  static String slug(String name) {
    String s = name.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", "-").replaceAll("(^-+|-+$)", "");
    return s.isEmpty() ? "flow" : s;
  }

  /** Builder of the raw {@link Flow} value. */
  final class Builder extends ImmutableFlow.Builder {}
}
