package io.browserflow.formats;

import static io.browserflow.formats.JavaLiterals.lineComment;
import static io.browserflow.formats.JavaLiterals.str;

import io.browserflow.api.OnError;
import io.browserflow.api.Retry;
import io.browserflow.api.Step;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The steps of the DSL chain, one call per line with the step's title as a comment above it, its
 * common modifiers (id, title, timeout, retry, expect, onError, disabled) after it, and nested
 * step lists as lambdas.
 */
final class JavaStepWriter {
  private final JavaSource src;
  private final JavaTargetCode targets;
  private final JavaStepCode stepCode;

  JavaStepWriter(JavaSource src, JavaTargetCode targets) {
    this.src = src;
    this.targets = targets;
    this.stepCode = new JavaStepCode(src, targets, this);
  }

  void steps(List<Step> steps, String path, int indent) {
    for (int i = 0; i < steps.size(); i++) {
      step(steps.get(i), path + "[" + i + "]", indent);
    }
  }

  private void step(Step s, String path, int indent) {
    s.title().ifPresent(t -> src.lines.add(src.indent(indent) + "// " + lineComment(t)));
    src.plainStep = false;
    JavaStepCode.Code code = stepCode.write(s, path, indent);
    modifiers(s, code, path, indent);
  }

  /** A nested step list as a lambda: {@code prefix name -> name} then the steps, then {@code close}. */
  void body(String prefix, String base, List<Step> steps, String path, int indent, String close) {
    String name = base;
    for (int n = 2; src.lambdas.contains(name); n++) {
      name = base + n;
    }
    if (steps.isEmpty()) {
      src.lines.add(prefix + name + " -> { }" + close);
      return;
    }
    src.lines.add(prefix + name + " -> " + name);
    src.lambdas.push(name);
    steps(steps, path, indent + 4);
    src.lambdas.pop();
    int last = src.lines.size() - 1;
    src.lines.set(last, src.lines.get(last) + close);
  }

  private void modifiers(Step s, JavaStepCode.Code code, String path, int indent) {
    List<String> first = new ArrayList<>();
    if (!src.plainStep) {
      first.add(".id(" + str(s.id()) + ")");
    }
    s.title().ifPresent(t -> first.add(".title(" + str(t) + ")"));
    first.add(code.own());
    String joined = String.join("", first);
    int last = src.lines.size() - 1;
    if (code.body() && !joined.isEmpty()) {
      src.lines.add(src.indent(indent) + joined);
    } else {
      src.lines.set(last, src.lines.get(last) + joined);
    }
    List<String> more = new ArrayList<>();
    s.timeoutMs().ifPresent(t -> more.add(".timeoutMs(" + t + ")"));
    s.retry().ifPresent(r -> more.add(".retry(" + retry(r) + ")"));
    if (!s.expect().isEmpty()) {
      more.add(".expect(" + s.expect().stream().map(targets::condition).collect(Collectors.joining(", ")) + ")");
    }
    if (!s.dialogs().isEmpty()) {
      src.types.add("io.browserflow.api.Dialog");
      more.add(".dialog(" + s.dialogs().stream().map(JavaStepWriter::dialog).collect(Collectors.joining(", ")) + ")");
    }
    String onError = switch (s.onError().kind()) {
      case STOP -> "";
      case CONTINUE -> ".continueOnError()";
      case RETRY -> {
        src.types.add("io.browserflow.api.OnError");
        yield ".onError(OnError.retry())";
      }
      case FALLBACK -> ""; // its steps follow as a lambda, below
    };
    if (!onError.isEmpty()) {
      more.add(onError);
    }
    if (s.disabled()) {
      more.add(".disabled()");
    }
    if (!more.isEmpty()) {
      src.lines.add(src.indent(indent + 4) + String.join("", more));
    }
    if (s.onError().kind() == OnError.Kind.FALLBACK) {
      body(src.indent(indent + 4) + ".fallback(", "fallback", s.onError().fallback(), path + ".onError.fallback",
          indent + 4, ")");
    }
  }

  /** {@code Dialog.confirm("Delete?").dismiss()}, {@code Dialog.prompt("Name").answer("Ada")}, ... */
  static String dialog(io.browserflow.api.Dialog d) {
    String make;
    switch (d.type()) {
      case BEFOREUNLOAD:
        make = "Dialog.beforeUnload()";
        break;
      case ALERT:
      case CONFIRM:
      case PROMPT:
        make = d.message().isPresent() ? "Dialog." + d.type().jsonName() + "(" + str(d.message().get()) + ")"
            : "Dialog.of(Dialog.Type." + d.type().name() + ")";
        break;
      default:
        throw new IllegalStateException(d.type().name());
    }
    if (d.answer() == io.browserflow.api.Dialog.Answer.DISMISS) {
      return make + ".dismiss()";
    }
    return make + d.text().map(t -> ".answer(" + str(t) + ")").orElse("");
  }

  private String retry(Retry r) {
    if (r.backoff() == Retry.Backoff.EXP) {
      return src.dsl("retryBackoff") + "(" + r.count() + ", " + r.intervalMs() + ")";
    }
    return r.intervalMs() == 500 ? String.valueOf(r.count())
        : src.dsl("retryEvery") + "(" + r.count() + ", " + r.intervalMs() + ")";
  }
}
