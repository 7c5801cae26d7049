package io.browserflow.formats;

import io.browserflow.api.Flow;
import io.browserflow.api.OnError;
import io.browserflow.api.Step;
import io.browserflow.api.lint.FlowLint;
import io.browserflow.api.lint.LintCode;
import io.browserflow.api.lint.LintWarning;
import io.browserflow.formats.BrowserctlDocument.Command;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Maps a flow to a browserctl document following the recorder rules of the browserctl format: a
 * navigation a click causes is {@code click} + {@code wait --url} (the step's expect), frames are
 * {@code frame <owner>} / {@code frame main}, tabs are {@code tab new} / {@code tab <ref>} /
 * {@code tab close} bound through {@code capture.tabId} (JSON) or {@code --label} (text), and
 * {@code ${input.X}} / {@code ${credential.X}} become {@code ${X}}. Steps without an equivalent are
 * issues at {@code steps[i]}; literal secrets are never written.
 *
 * <p>This class assembles the document: the header ({@link BrowserctlExportHeader}), then per step
 * the commands {@link BrowserctlStepCommands} writes for it, the waits of its expect, its ids and
 * what browserctl cannot carry of it (retry, onError, a timeout no command takes). The writers
 * share one {@link BrowserctlExportState}.
 *
 * <p>Works on drafts too (nothing here requires a valid flow).
 */
final class BrowserctlExport {
  enum Style { JSON, TEXT }

  /** The document to render, the issues, and the step counts. */
  record Result(BrowserctlDocument doc, Issues issues, int read, int mapped) {
  }

  private final BrowserctlExportState st;
  private final BrowserctlExportValues values;
  private final BrowserctlWaitArgs waits;
  private final BrowserctlExportHeader header;
  private final BrowserctlStepCommands commands;

  private BrowserctlExport(Flow flow, Style style) {
    this.st = new BrowserctlExportState(flow, style);
    this.values = new BrowserctlExportValues(st);
    BrowserctlTargets targets = new BrowserctlTargets(st, values);
    this.waits = new BrowserctlWaitArgs(st, values, targets);
    this.header = new BrowserctlExportHeader(st);
    this.commands = new BrowserctlStepCommands(st, values, targets, waits,
        new BrowserctlActionCommands(st, values, targets));
  }

  static Result run(Flow flow, Style style) {
    return new BrowserctlExport(flow, style).run();
  }

  private Result run() {
    List<LintWarning> lint = FlowLint.lint(st.flow).warnings();
    for (LintWarning w : lint) {
      if (w.code() == LintCode.SENSITIVE_VALUE && w.blocking()) {
        st.secretPaths.add(w.path());
      }
    }
    st.flow.credentials().forEach(c -> st.keys.add(c.key()));
    st.flow.inputs().forEach(i -> st.keys.add(i.key()));
    header.header();
    header.mainTab();
    for (int i = 0; i < st.flow.steps().size(); i++) {
      step(st.flow.steps().get(i), i);
    }
    // lint findings that concern the exported commands (the codes that mirror a lint code); the
    // others are about the flow's own review
    for (LintWarning w : lint) {
      if (!(w.code() == LintCode.SENSITIVE_VALUE && w.blocking())) {
        ConversionCode.of(w.code()).ifPresent(code -> st.issues.add(code, severity(w.severity()), w.path(), w.message()));
      }
    }
    st.doc.issues.addAll(st.issues);
    st.doc.quality = quality(st.issues.list());
    return new Result(st.doc, st.issues, NativeCodec.count(st.flow.steps()), st.exported);
  }

  static String quality(List<ConversionIssue> issues) {
    boolean warned = false;
    for (ConversionIssue i : issues) {
      if (i.severity() == ConversionIssue.Severity.BLOCKING) {
        return "blocked";
      }
      warned |= i.severity() == ConversionIssue.Severity.WARNING;
    }
    return warned ? "needs_review" : "ready";
  }

  private static ConversionIssue.Severity severity(LintWarning.Severity s) {
    return switch (s) {
      case INFO -> ConversionIssue.Severity.INFO;
      case WARNING -> ConversionIssue.Severity.WARNING;
      case ERROR -> ConversionIssue.Severity.BLOCKING;
    };
  }

  // ------------------------------------------------------------------ steps

  private void step(Step s, int i) {
    String p = "steps[" + i + "]";
    if (s.disabled()) {
      st.issues.info(ConversionCode.STEP_DISABLED, p, "the disabled step " + s.id() + " was left out");
      return;
    }
    boolean titleSecret = st.secretAt(p + ".title");
    if (titleSecret) {
      st.issues.warning(ConversionCode.SENSITIVE_VALUE, p + ".title", "the step title holds a literal secret and was left out");
    }
    List<String> leftover = new ArrayList<>();
    Set<String> replaceable = values.replaceableSecrets(s, p);
    for (String sp : st.secretPaths) {
      if ((sp.startsWith(p + ".") || sp.startsWith(p + "[")) && !replaceable.contains(sp)) {
        leftover.add(sp);
      }
    }
    if (!leftover.isEmpty()) {
      st.secretPaths.removeAll(leftover);
      st.issues.blocking(ConversionCode.SECRET_POLICY_VIOLATION, p, "step " + s.id() + " holds a literal secret at "
          + String.join(", ", leftover) + " that browserctl cannot take from a credential; the step was left out");
      return;
    }
    BrowserctlCommandsOfStep out = new BrowserctlCommandsOfStep();
    if (!commands.write(s, p, out)) {
      return;
    }
    if (out.main < 0) {
      out.main = 0;
    }
    int insertAt = insertExpectAt(out);
    List<Command> checks = new ArrayList<>();
    for (int k = 0; k < s.expect().size(); k++) {
      String ep = p + ".expect[" + k + "]";
      List<String> argv = waits.waitArgv(s.expect().get(k), ep);
      if (argv == null) {
        st.issues.warning(ConversionCode.UNSUPPORTED_CONDITION, ep, "this expect condition has no browserctl wait; it was left out");
        continue;
      }
      if (s.timeoutMs().isPresent()) {
        argv.add("--timeout");
        argv.add(String.valueOf(s.timeoutMs().getAsInt()));
        out.timeoutUsed = true;
      }
      if (st.style == Style.TEXT && !BrowserctlUrlWaits.isUrl(s.expect().get(k))) {
        st.issues.info(ConversionCode.EXPECT_AS_WAIT, ep, "written as a wait command; read back it becomes a wait step");
      }
      checks.add(new Command(argv));
    }
    out.commands.addAll(insertAt, checks);
    if (s.timeoutMs().isPresent() && !out.timeoutUsed) {
      st.issues.info(ConversionCode.UNSUPPORTED_OPTION, p + ".timeoutMs", "browserctl " + out.commands.get(out.main).argv.get(0)
          + " takes no timeout; the step's timeoutMs was left out");
    }
    s.retry().ifPresent(r -> st.issues.info(ConversionCode.UNSUPPORTED_OPTION, p + ".retry", "browserctl commands do not retry; the retry "
        + "policy was left out"));
    if (s.onError().kind() != OnError.Kind.STOP) {
      st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".onError", "browserctl stops at a failed command; onError "
          + s.onError().kind().name().toLowerCase(Locale.ROOT) + " was left out");
    }
    if (!s.dialogs().isEmpty()) {
      st.issues.blocking(ConversionCode.UNSUPPORTED_OPTION, p + ".dialogs", "browserctl has no command that answers a native "
          + "dialog; " + s.describe() + " opens " + ChromeRecorderExport.describe(s.dialogs()) + ", which the replay would not "
          + "answer as declared");
    }
    Command main = out.commands.get(out.main);
    main.id = st.uniqueId(s.id());
    if (!titleSecret) {
      main.description = s.title().orElse(null);
    }
    int n = 2;
    for (Command c : out.commands) {
      if (c != main) {
        c.id = st.uniqueId(s.id() + "-" + n++);
      }
      c.sourceStepId = s.id();
    }
    st.doc.commandOfStep.put(i, out.commands.get(0).id);
    st.doc.commands.addAll(out.commands);
    st.lastExported = s;
    st.exported++;
  }

  /** Expect checks go after the main command and after a closing {@code frame main} of a framed target. */
  private static int insertExpectAt(BrowserctlCommandsOfStep out) {
    int at = out.main + 1;
    if (at < out.commands.size() && out.commands.get(at).argv.equals(List.of("frame", "main"))) {
      at++;
    }
    return at;
  }
}
