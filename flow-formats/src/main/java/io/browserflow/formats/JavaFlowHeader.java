package io.browserflow.formats;

import static io.browserflow.formats.JavaLiterals.str;
import static io.browserflow.formats.JavaLiterals.strs;

import io.browserflow.api.Credential;
import io.browserflow.api.DataTable;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowMeta;
import io.browserflow.api.Input;
import io.browserflow.api.Policy;
import io.browserflow.api.Schedule;
import io.browserflow.api.TabAlias;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The flow-level declarations of the DSL chain: {@code Flow.named(...)}, id, description, tags,
 * meta, inputs and credentials (their DSL options, or their plain builder when the DSL cannot
 * say it), tabs, table, policy and schedule.
 */
final class JavaFlowHeader {
  private final JavaSource src;

  JavaFlowHeader(JavaSource src) {
    this.src = src;
  }

  void header() {
    src.lines.add(src.indent(8) + "Flow.named(" + str(src.flow.name()) + ")");
    if (!src.flow.id().equals(Flow.slug(src.flow.name()))) {
      src.chain(".flowId(" + str(src.flow.id()) + ")");
    }
    src.flow.description().ifPresent(d -> src.chain(".description(" + str(d) + ")"));
    if (!src.flow.tags().isEmpty()) {
      src.chain(".tags(" + strs(src.flow.tags()) + ")");
    }
    src.flow.meta().ifPresent(m -> {
      src.types.add("io.browserflow.api.FlowMeta");
      src.chain(".meta(" + meta(m) + ")");
    });
    for (int i = 0; i < src.flow.inputs().size(); i++) {
      src.chain(".input(" + input(src.flow.inputs().get(i), "inputs[" + i + "]") + ")");
    }
    for (int i = 0; i < src.flow.credentials().size(); i++) {
      src.chain(".credential(" + credential(src.flow.credentials().get(i), "credentials[" + i + "]") + ")");
    }
    for (TabAlias t : src.flow.tabs()) {
      src.chain(".tab(" + tab(t) + ")");
    }
    src.flow.table().ifPresent(t -> src.chain(".table(" + table(t) + ")"));
    src.flow.policy().ifPresent(this::policy);
    src.flow.schedule().ifPresent(s -> {
      src.types.add("io.browserflow.api.Schedule");
      src.chain(".schedule(" + schedule(s) + ")");
    });
    src.flow.outputs().forEach((name, value) -> src.chain(".output(" + str(name) + ", " + str(value) + ")"));
    for (int i = 0; i < src.flow.subflows().size(); i++) {
      src.issues.blocking(ConversionCode.UNSUPPORTED_STEP, "subflows[" + i + "]", "the subflow "
          + src.flow.subflows().get(i).id() + " is not written as Java: keep the flow as JSON, or build the subflow "
          + "with its own Flow.named(...) and add it with .subflow(...)");
    }
  }

  private String meta(FlowMeta m) {
    StringBuilder sb = new StringBuilder("FlowMeta.builder()");
    m.createdAt().ifPresent(v -> sb.append(".createdAt(").append(str(v)).append(')'));
    m.source().ifPresent(v -> sb.append(".source(").append(str(v)).append(')'));
    m.recorderVersion().ifPresent(v -> sb.append(".recorderVersion(").append(str(v)).append(')'));
    return sb.append(".build()").toString();
  }

  private String input(Input in, String path) {
    boolean derivedRequired = in.defaultValue().isEmpty();
    boolean selectOptions = in.type() == Input.Type.SELECT && !in.options().isEmpty();
    boolean plain = (in.required() && !derivedRequired) || (!in.options().isEmpty() && !selectOptions);
    if (plain) {
      src.types.add("io.browserflow.api.Input");
      src.issues.info(ConversionCode.PLAIN_BUILDER, path, "input " + in.key() + " is declared with Input.builder()");
      StringBuilder sb = new StringBuilder("Input.builder().key(").append(str(in.key())).append(')');
      in.label().ifPresent(l -> sb.append(".label(").append(str(l)).append(')'));
      if (in.type() != Input.Type.TEXT) {
        sb.append(".type(").append(src.constant(in.type())).append(')');
      }
      in.defaultValue().ifPresent(v -> sb.append(".defaultValue(").append(str(v)).append(')'));
      in.pattern().ifPresent(v -> sb.append(".pattern(").append(str(v)).append(')'));
      if (!in.options().isEmpty()) {
        sb.append(".addOptions(").append(strs(in.options())).append(')');
      }
      if (in.required() != derivedRequired) {
        sb.append(".required(").append(in.required()).append(')');
      }
      return sb.append(".build()").toString();
    }
    List<String> options = new ArrayList<>();
    in.label().ifPresent(l -> options.add(src.dsl("described") + "(" + str(l) + ")"));
    if (selectOptions) {
      options.add(src.dsl("options") + "(" + strs(in.options()) + ")");
    } else if (in.type() != Input.Type.TEXT) {
      src.types.add("io.browserflow.api.Input");
      options.add(src.dsl("inputType") + "(" + src.constant(in.type()) + ")");
    }
    in.defaultValue().ifPresent(v -> options.add(src.dsl("defaultValue") + "(" + str(v) + ")"));
    in.pattern().ifPresent(v -> options.add(src.dsl("pattern") + "(" + str(v) + ")"));
    if (!in.required() && derivedRequired) {
      options.add(src.dsl("optionalInput") + "()");
    }
    return str(in.key()) + (options.isEmpty() ? "" : ", " + String.join(", ", options));
  }

  private String credential(Credential c, String path) {
    boolean derivedSecret = c.type() == Credential.Type.PASSWORD || c.type() == Credential.Type.TOKEN
        || c.type() == Credential.Type.API_KEY;
    if (c.label().isPresent() || (!c.secret() && derivedSecret)) {
      src.types.add("io.browserflow.api.Credential");
      src.issues.info(ConversionCode.PLAIN_BUILDER, path, "credential " + c.key()
          + " is declared with Credential.builder()");
      StringBuilder sb = new StringBuilder("Credential.builder().key(").append(str(c.key())).append(')');
      c.label().ifPresent(l -> sb.append(".label(").append(str(l)).append(')'));
      if (c.type() != Credential.Type.TEXT) {
        sb.append(".type(").append(src.constant(c.type())).append(')');
      }
      if (!c.required()) {
        sb.append(".required(false)");
      }
      if (c.secret() != derivedSecret) {
        sb.append(".secret(").append(c.secret()).append(')');
      }
      return sb.append(".build()").toString();
    }
    List<String> options = new ArrayList<>();
    if (c.type() != Credential.Type.TEXT) {
      src.types.add("io.browserflow.api.Credential");
      options.add(src.dsl("credentialType") + "(" + src.constant(c.type()) + ")");
    }
    if (c.secret() && !derivedSecret) {
      options.add(src.dsl("secret") + "()");
    }
    if (!c.required()) {
      options.add(src.dsl("optionalCredential") + "()");
    }
    return str(c.key()) + (options.isEmpty() ? "" : ", " + String.join(", ", options));
  }

  private String tab(TabAlias t) {
    if (t.url().isPresent()) {
      src.types.add("io.browserflow.api.TabAlias");
      return "TabAlias.builder().alias(" + str(t.alias()) + ").url(" + str(t.url().get()) + ")"
          + t.opener().map(o -> ".opener(" + str(o) + ")").orElse("") + ".build()";
    }
    return str(t.alias()) + t.opener().map(o -> ", " + str(o)).orElse("");
  }

  private String table(DataTable t) {
    src.types.add("java.util.List");
    String rows = t.rows().stream().map(r -> "List.of(" + strs(r) + ")").collect(Collectors.joining(", "));
    return "List.of(" + strs(t.columns()) + "), List.of(" + rows + ")";
  }

  private void policy(Policy p) {
    if (!p.allowedOrigins().isEmpty() || p.capabilities().isEmpty()) {
      src.chain(".allowOrigins(" + strs(p.allowedOrigins()) + ")");
    }
    if (!p.capabilities().isEmpty()) {
      src.types.add("io.browserflow.api.Capability");
      src.chain(".capabilities(" + p.capabilities().stream().map(src::constant).collect(Collectors.joining(", "))
          + ")");
    }
  }

  private String schedule(Schedule s) {
    if (s.input().isEmpty() && s.everyMinutes().isPresent() != s.cron().isPresent()) {
      return s.cron().isPresent() ? "Schedule.cron(" + str(s.cron().get()) + ")"
          : "Schedule.everyMinutes(" + s.everyMinutes().getAsInt() + ")";
    }
    StringBuilder sb = new StringBuilder("Schedule.builder()");
    s.everyMinutes().ifPresent(m -> sb.append(".everyMinutes(").append(m).append(')'));
    s.cron().ifPresent(c -> sb.append(".cron(").append(str(c)).append(')'));
    for (Map.Entry<String, String> e : s.input().entrySet()) {
      sb.append(".putInput(").append(str(e.getKey())).append(", ").append(str(e.getValue())).append(')');
    }
    return sb.append(".build()").toString();
  }
}
