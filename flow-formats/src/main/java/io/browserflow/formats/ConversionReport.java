package io.browserflow.formats;

import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.Input;
import io.browserflow.api.lint.Quality;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * The conversion report a person reads before using an imported flow, as Markdown: the
 * {@code <name>.conversion.md} that {@code browserflow convert} writes next to the output of a
 * recording-plugin import (seed 002's "转换报告"). It holds the quality, where each source step went
 * (a step mapping table), the credentials and inputs the recorded values became, every warning and
 * blocking issue of the import (and of the export, when given), and a checklist of what to confirm.
 *
 * <pre>{@code
 * Conversion<Flow> in = FlowFormats.read(text, Format.RECORDING_PLUGIN, "meter-rebind.json", ImportOptions.defaults());
 * Conversion<String> out = FlowFormats.write(in, Format.BROWSERCTL);
 * Files.writeString(Path.of("meter-rebind.conversion.md"),
 *     ConversionReport.markdown(in, out, "meter-rebind.browserctl-flow.json"));
 * }</pre>
 *
 * <p>Never a secret value: credentials are listed by key, type and how to give them; the values a
 * recording typed into them stay in {@link Conversion#recordedSecrets()}. Input defaults (the
 * business values the recording typed) are shown, as the flow file holds them too. Conversions of
 * formats that record no per-step mapping get a table saying so.
 */
public final class ConversionReport {
  private ConversionReport() {}

  /** The report of an import alone. */
  public static String markdown(Conversion<Flow> imported) {
    return markdown(imported, null, null);
  }

  /**
   * The report of an import and the export of its flow written as {@code output} (a file name);
   * {@code exported} and {@code output} may be null.
   */
  public static String markdown(Conversion<Flow> imported, Conversion<String> exported, String output) {
    Objects.requireNonNull(imported, "imported");
    Flow flow = imported.value();
    List<ConversionIssue> issues = new ArrayList<>(imported.issues());
    if (exported != null) {
      issues.addAll(exported.issues());
    }
    Quality quality = exported == null || imported.quality().compareTo(exported.quality()) >= 0 ? imported.quality()
        : exported.quality();
    StringBuilder md = new StringBuilder();
    md.append("# Conversion report: ").append(flow.name()).append("\n\n");
    md.append("- Source: ").append(imported.from().id()).append(" → flow `").append(flow.id()).append('`');
    if (exported != null) {
      md.append(" → ").append(exported.to().id());
    }
    md.append('\n');
    if (output != null) {
      md.append("- Output: `").append(output).append("`\n");
    }
    md.append("- Steps: ").append(imported.stepsMapped()).append(" of ").append(imported.stepsRead())
        .append(" source steps mapped, ").append(flow.steps().size()).append(" flow steps\n");
    long blocking = issues.stream().filter(i -> i.severity() == ConversionIssue.Severity.BLOCKING).count();
    long warnings = issues.stream().filter(i -> i.severity() == ConversionIssue.Severity.WARNING).count();
    md.append("- Quality: **").append(quality.jsonName()).append("** (").append(blocking)
        .append(blocking == 1 ? " blocking issue, " : " blocking issues, ").append(warnings)
        .append(warnings == 1 ? " warning): " : " warnings): ").append(meaning(quality)).append("\n\n");

    mappingTable(md, imported);
    credentials(md, flow, imported);
    inputs(md, flow);
    issueList(md, "Warnings", issues, ConversionIssue.Severity.WARNING, imported);
    issueList(md, "Blocking issues", issues, ConversionIssue.Severity.BLOCKING, imported);
    confirmations(md, flow, imported, issues);
    return md.toString();
  }

  private static String meaning(Quality q) {
    switch (q) {
      case READY:
        return "no warning and no blocking issue; the flow can be used as it is";
      case NEEDS_REVIEW:
        return "no blocking issue, but a person confirms the warnings before the flow runs unattended";
      default:
        return "do not use the flow as it is: `browserflow run` refuses it (REVIEW_REQUIRED) until the blocking "
            + "issues are resolved, unless forced";
    }
  }

  private static void mappingTable(StringBuilder md, Conversion<Flow> c) {
    md.append("## Step mapping\n\n");
    if (c.mappings().isEmpty()) {
      md.append("The ").append(c.from().id()).append(" import records no per-step mapping; its issues are listed below.\n\n");
      return;
    }
    md.append("| source | type | outcome | result | issues |\n|---|---|---|---|---|\n");
    for (StepMapping m : c.mappings()) {
      Set<String> codes = new LinkedHashSet<>();
      for (ConversionIssue i : c.issues()) {
        if (i.path().equals(m.sourcePath()) || i.path().startsWith(m.sourcePath() + ".")) {
          codes.add("`" + i.code().name() + "`");
        }
      }
      String result = m.results().isEmpty() ? "—" : "`" + String.join("`, `", m.results()) + "`";
      if (!m.note().isEmpty()) {
        result = result.equals("—") ? m.note() : result + " (" + m.note() + ")";
      }
      md.append("| `").append(m.sourcePath()).append("` | ").append(cell(m.sourceType())).append(" | ")
          .append(m.outcome().label()).append(" | ").append(cell(result)).append(" | ")
          .append(codes.isEmpty() ? "" : String.join(" ", codes)).append(" |\n");
    }
    md.append('\n');
  }

  private static void credentials(StringBuilder md, Flow flow, Conversion<Flow> c) {
    table(md, "Credentials", flow.credentials(), "Given at run time (`--credential KEY=VALUE`); never written into the flow, "
        + "its exports or this report.", "| key | type | secret | label | recorded value |\n|---|---|---|---|---|\n",
        k -> "| `" + k.key() + "` | " + k.type().name().toLowerCase(Locale.ROOT) + " | " + (k.secret() ? "yes" : "no") + " | "
            + cell(k.label().orElse("")) + " | "
            + (c.recordedSecrets().value(k.key()).isPresent() ? "kept in memory only (`--use-recorded-secrets`)" : "—"));
  }

  private static void inputs(StringBuilder md, Flow flow) {
    table(md, "Inputs", flow.inputs(), "Business values the recording typed; each run may give others (`--input KEY=VALUE`).",
        "| key | label | default |\n|---|---|---|\n", in -> "| `" + in.key() + "` | " + cell(in.label().orElse("")) + " | "
            + in.defaultValue().map(v -> "`" + cell(v) + "`").orElse("(required)"));
  }

  /** A section with a table of {@code rows} (each one's cells by {@code row}) after {@code intro}; "None." when there are none. */
  private static <T> void table(StringBuilder md, String title, List<T> rows, String intro, String header,
      Function<T, String> row) {
    md.append("## ").append(title).append("\n\n");
    if (rows.isEmpty()) {
      md.append("None.\n\n");
      return;
    }
    md.append(intro).append("\n\n").append(header);
    rows.forEach(r -> md.append(row.apply(r)).append(" |\n"));
    md.append('\n');
  }

  private static void issueList(StringBuilder md, String title, List<ConversionIssue> issues,
      ConversionIssue.Severity severity, Conversion<Flow> imported) {
    md.append("## ").append(title).append("\n\n");
    boolean any = false;
    for (ConversionIssue i : issues) {
      if (i.severity() == severity) {
        md.append("- `").append(i.code().name()).append('`').append(where(i, imported)).append(": ")
            .append(oneLine(i.message())).append('\n');
        any = true;
      }
    }
    md.append(any ? "\n" : "None.\n\n");
  }

  private static String where(ConversionIssue i, Conversion<Flow> imported) {
    if (i.path().isEmpty()) {
      return "";
    }
    boolean ofImport = imported.issues().contains(i);
    return " at `" + i.path() + "`" + (ofImport ? "" : " (flow)");
  }

  private static void confirmations(StringBuilder md, Flow flow, Conversion<Flow> imported, List<ConversionIssue> issues) {
    md.append("## Manual confirmations\n\n");
    List<String> items = new ArrayList<>();
    for (ConversionIssue i : issues) {
      if (i.severity() == ConversionIssue.Severity.BLOCKING) {
        items.add("Resolve `" + i.code().name() + "`" + where(i, imported) + " before the flow is used");
      }
    }
    for (Credential k : flow.credentials()) {
      items.add("Give credential `" + k.key() + "` (" + k.type().name().toLowerCase(Locale.ROOT)
          + (k.secret() ? ", secret" : "") + ") where the flow runs");
    }
    for (Input in : flow.inputs()) {
      if (in.defaultValue().isPresent()) {
        items.add("Confirm that input `" + in.key() + "` keeps the recorded default, or give another per run");
      }
    }
    for (ConversionIssue i : issues) {
      if (i.severity() == ConversionIssue.Severity.WARNING) {
        items.add("Check `" + i.code().name() + "`" + where(i, imported));
      }
    }
    if (items.isEmpty()) {
      md.append("Nothing to confirm.\n");
    }
    items.forEach(item -> md.append("- [ ] ").append(item).append('\n'));
  }

  private static String cell(String s) {
    return oneLine(s).replace("|", "\\|");
  }

  private static String oneLine(String s) {
    return s.replace("\r", " ").replace("\n", " ");
  }
}
