package io.browserflow.api.dsl;

import io.browserflow.api.Capability;
import io.browserflow.api.Credential;
import io.browserflow.api.DataTable;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowMeta;
import io.browserflow.api.Input;
import io.browserflow.api.Policy;
import io.browserflow.api.Schedule;
import io.browserflow.api.TabAlias;
import io.browserflow.api.validate.FlowLimits;
import io.browserflow.api.validate.FlowValidator;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The DSL for a whole flow, started by {@link Flow#named(String)}: flow-level declarations (inputs,
 * credentials, tabs, table, policy, schedule) plus every step method of {@link StepSequence}.
 * {@link #build()} validates with default {@link FlowLimits} and throws
 * {@link io.browserflow.api.FlowValidationException} listing every problem.
 */
public final class FlowBuilder extends StepSequence<FlowBuilder> {
  private final Flow.Builder flow = Flow.builder();
  private final Policy.Builder policy = Policy.builder();
  private boolean hasPolicy;

  private FlowBuilder(String name) {
    super(new StepIds());
    flow.name(Objects.requireNonNull(name, "name"));
  }

  /** Same as {@link Flow#named(String)}. */
  public static FlowBuilder named(String name) {
    return new FlowBuilder(name);
  }

  @Override
  FlowBuilder self() {
    return this;
  }

  /** Sets the flow id (default: a slug of the name). */
  public FlowBuilder flowId(String id) {
    flow.id(id);
    return this;
  }

  /** The flow's revision (JSON {@code version}), 1 unless set; tools that rewrite a flow count it up. */
  public FlowBuilder version(int version) {
    flow.version(version);
    return this;
  }

  public FlowBuilder description(String description) {
    flow.description(description);
    return this;
  }

  public FlowBuilder tags(String... tags) {
    flow.addTags(tags);
    return this;
  }

  public FlowBuilder meta(FlowMeta meta) {
    flow.meta(meta);
    return this;
  }

  /** Declares a text input, required unless an option gives it a default. */
  public FlowBuilder input(String key, InputOption... options) {
    Input.Builder input = Input.builder().key(key);
    for (InputOption option : options) {
      option.apply(input);
    }
    flow.addInputs(input.build());
    return this;
  }

  public FlowBuilder input(Input input) {
    flow.addInputs(input);
    return this;
  }

  /** Declares a credential of type text; options set its type, secrecy, label. */
  public FlowBuilder credential(String key, CredentialOption... options) {
    Credential.Builder credential = Credential.builder().key(key);
    for (CredentialOption option : options) {
      option.apply(credential);
    }
    flow.addCredentials(credential.build());
    return this;
  }

  public FlowBuilder credential(Credential credential) {
    flow.addCredentials(credential);
    return this;
  }

  /** Declares a tab alias. */
  public FlowBuilder tab(String alias) {
    flow.addTabs(TabAlias.of(alias));
    return this;
  }

  /** Declares a tab alias opened from another alias. */
  public FlowBuilder tab(String alias, String opener) {
    flow.addTabs(TabAlias.builder().alias(alias).opener(opener).build());
    return this;
  }

  public FlowBuilder tab(TabAlias tab) {
    flow.addTabs(tab);
    return this;
  }

  /** Sets the data table: column names, then rows of cells. */
  public FlowBuilder table(List<String> columns, List<List<String>> rows) {
    flow.table(DataTable.of(columns, rows));
    return this;
  }

  public FlowBuilder table(DataTable table) {
    flow.table(table);
    return this;
  }

  /** Allows origins besides the flow's own literal ones. */
  public FlowBuilder allowOrigins(String... origins) {
    policy.addAllowedOrigins(origins);
    hasPolicy = true;
    return this;
  }

  /** Declares gated capabilities the flow needs ({@code script.eval}, {@code file.upload}, ...). */
  public FlowBuilder capabilities(Capability... capabilities) {
    policy.addAllCapabilities(Arrays.asList(capabilities));
    hasPolicy = true;
    return this;
  }

  public FlowBuilder schedule(Schedule schedule) {
    flow.schedule(schedule);
    return this;
  }

  /** Declares an output the flow hands back when it ends: {@code output("total", "${steps.total.text}")}. */
  public FlowBuilder output(String name, String value) {
    flow.putOutputs(name, value);
    return this;
  }

  /** Adds a flow that {@code call} steps may run by its id. */
  public FlowBuilder subflow(Flow subflow) {
    flow.addSubflows(subflow);
    return this;
  }

  /** Builds and validates with default limits. */
  public Flow build() {
    return build(FlowLimits.defaults());
  }

  /** Builds and validates with the given limits. */
  public Flow build(FlowLimits limits) {
    return FlowValidator.of(limits).check(buildUnvalidated());
  }

  /** Builds without validating; for tools that report problems themselves. */
  public Flow buildUnvalidated() {
    if (hasPolicy) {
      flow.policy(policy.build());
    }
    return flow.steps(steps()).build();
  }
}
