package io.browserflow.api.validate;

import io.browserflow.api.Credential;
import io.browserflow.api.DataTable;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.Input;
import io.browserflow.api.Policy;
import io.browserflow.api.Problem;
import io.browserflow.api.Schedule;
import io.browserflow.api.json.FlowJson;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The flow's declarations before its steps: schema, id, name and description; inputs (keys,
 * defaults against type, options and pattern); credentials; the data table; the policy's allowed
 * origins; the schedule. Inputs, credentials and table columns enter the binding scope here.
 */
final class DeclarationRules {
  private static final Pattern ORIGIN = Pattern.compile(
      "[A-Za-z][A-Za-z0-9+.-]*://(?:\\[[0-9A-Fa-f:.]+\\]|[^/?#\\s:@\\[\\]]+)(?::([0-9]{1,5}|\\*))?");
  private static final Pattern CRON_FIELD = Pattern.compile("[0-9A-Za-z*,/?#-]+");
  private static final Pattern BLANKS = Pattern.compile("\\s+");

  private final ValidationContext ctx;
  private final FlowLimits limits;
  private final PlaceholderRules placeholders;

  DeclarationRules(ValidationContext ctx, PlaceholderRules placeholders) {
    this.ctx = ctx;
    this.limits = ctx.limits();
    this.placeholders = placeholders;
  }

  void header() {
    if (!Flow.SCHEMA.equals(ctx.flow().schema())) {
      ctx.invalid("schema", "schema is \"" + ctx.flow().schema() + "\" but this version validates \"" + Flow.SCHEMA
          + "\" only: read older documents with FlowJson, which migrates them");
    }
    if (ctx.flow().version() < 1) {
      ctx.invalid("version", "version is " + ctx.flow().version() + ": a flow's revisions are counted from 1");
    }
    if (ctx.flow().id().isBlank()) {
      ctx.invalid("id", "the flow id is blank: give a stable id (letters, digits, dashes)");
    }
    if (ctx.flow().name().isBlank()) {
      ctx.invalid("name", "the flow name is blank: give the flow a name");
    } else if (ctx.flow().name().length() > limits.maxNameChars()) {
      ctx.overLimit("name", "the flow name has " + ctx.flow().name().length() + " characters, more than the limit of "
          + limits.maxNameChars() + ": shorten it and put details in the description",
          ctx.flow().name().length(), limits.maxNameChars());
    }
    ctx.flow().description().ifPresent(d -> {
      if (d.length() > limits.maxDescriptionChars()) {
        ctx.overLimit("description", "the description has " + d.length() + " characters, more than the limit of "
            + limits.maxDescriptionChars(), d.length(), limits.maxDescriptionChars());
      }
    });
  }

  void inputs() {
    Map<String, Integer> seen = new HashMap<>();
    List<Input> inputs = ctx.flow().inputs();
    for (int i = 0; i < inputs.size(); i++) {
      Input in = inputs.get(i);
      String p = "inputs[" + i + "]";
      if (placeholders.key(in.key(), p + ".key", "the input key")) {
        Integer first = seen.putIfAbsent(in.key(), i);
        if (first != null) {
          ctx.report(Problem.of(ErrorCode.DUPLICATE_ID, p + ".key", "input " + in.key()
              + " is declared twice (first at inputs[" + first + "]): remove or rename one"));
        }
        ctx.scope().declareInput(in.key());
      }
      Pattern pattern = null;
      String patternError = null;
      if (in.pattern().isPresent()) {
        try {
          pattern = Pattern.compile(in.pattern().get());
        } catch (PatternSyntaxException e) {
          patternError = e.getDescription();
        }
      }
      if (in.defaultValue().isPresent()) {
        inputDefault(in, in.defaultValue().get(), pattern, p + ".default");
      }
      if (patternError != null) {
        ctx.invalid(p + ".pattern", "the pattern of input " + in.key() + " is not a valid regular expression ("
            + patternError + "): fix it or remove it");
      }
      if (in.type() == Input.Type.SELECT && in.options().isEmpty()) {
        ctx.invalid(p + ".options", "select input " + in.key() + " has no options: list the values it may take");
      }
    }
  }

  private void inputDefault(Input in, String dflt, Pattern pattern, String path) {
    if (in.type() == Input.Type.NUMBER) {
      try {
        new BigDecimal(dflt);
      } catch (NumberFormatException e) {
        ctx.invalid(path, "the default of number input " + in.key()
            + " is not a number: give a number such as 42 or 1.5");
      }
    }
    if (in.type() == Input.Type.SELECT && !in.options().isEmpty() && !in.options().contains(dflt)) {
      ctx.invalid(path, "the default of select input " + in.key() + " is not one of its options " + in.options()
          + ": pick one of them");
    }
    if (pattern != null && !pattern.matcher(dflt).matches()) {
      ctx.invalid(path, "the default of input " + in.key() + " does not match its pattern " + in.pattern().get()
          + ": change the default or the pattern");
    }
  }

  void credentials() {
    Map<String, Integer> seen = new HashMap<>();
    List<Credential> credentials = ctx.flow().credentials();
    for (int i = 0; i < credentials.size(); i++) {
      Credential c = credentials.get(i);
      String p = "credentials[" + i + "].key";
      if (!placeholders.key(c.key(), p, "the credential key")) {
        continue;
      }
      Integer first = seen.putIfAbsent(c.key(), i);
      if (first != null) {
        ctx.report(Problem.of(ErrorCode.DUPLICATE_ID, p, "credential " + c.key()
            + " is declared twice (first at credentials[" + first + "]): remove or rename one"));
      } else if (ctx.scope().hasInput(c.key())) {
        ctx.report(Problem.of(ErrorCode.DUPLICATE_ID, p, "credential " + c.key()
            + " has the key of a declared input, so ${" + c.key() + "} is ambiguous: rename one of them"));
      }
      ctx.scope().declareCredential(c.key());
    }
  }

  void table(DataTable table) {
    Map<String, Integer> seen = new HashMap<>();
    for (int c = 0; c < table.columns().size(); c++) {
      String col = table.columns().get(c);
      String p = "table.columns[" + c + "]";
      if (col.isBlank()) {
        ctx.invalid(p, "the table column name is blank: name every column");
        continue;
      }
      Integer first = seen.putIfAbsent(col, c);
      if (first != null) {
        ctx.report(Problem.of(ErrorCode.DUPLICATE_ID, p, "table column " + col
            + " appears twice (first at table.columns[" + first + "]): rename one"));
      }
      ctx.scope().declareColumn(col);
    }
    List<List<String>> rows = table.rows();
    if (rows.size() > limits.maxTableRows()) {
      ctx.overLimit("table.rows", "the table has " + rows.size() + " rows, more than the limit of "
          + limits.maxTableRows() + ": read large data with csvImport instead", rows.size(), limits.maxTableRows());
    }
    int width = table.columns().size();
    int maxCell = limits.maxTableCellChars();
    for (int r = 0; r < rows.size(); r++) {
      List<String> row = rows.get(r);
      if (row.size() != width) {
        ctx.invalid("table.rows[" + r + "]", "row " + r + " has " + row.size() + " cells but the table has " + width
            + " columns: give exactly one cell per column");
      }
      for (int c = 0; c < row.size(); c++) {
        int len = row.get(c).length();
        if (len > maxCell) {
          ctx.overLimit("table.rows[" + r + "][" + c + "]", "the cell has " + len
              + " characters, more than the limit of " + maxCell, len, maxCell);
        }
      }
    }
  }

  void policy(Policy policy) {
    List<String> origins = policy.allowedOrigins();
    for (int i = 0; i < origins.size(); i++) {
      String o = origins.get(i);
      Matcher m = ORIGIN.matcher(o);
      boolean ok = m.matches() && (m.group(1) == null || m.group(1).equals("*") || Integer.parseInt(m.group(1)) <= 65_535);
      if (!ok) {
        ctx.invalid("policy.allowedOrigins[" + i + "]", "\"" + o + "\" is not an origin: write scheme://host[:port] "
            + "without a path, query or trailing slash, e.g. https://sso.example.com or http://127.0.0.1:* (any port)");
      }
    }
  }

  void schedule(Schedule s) {
    int given = (s.everyMinutes().isPresent() ? 1 : 0) + (s.cron().isPresent() ? 1 : 0) + (s.at().isPresent() ? 1 : 0);
    if (given != 1) {
      ctx.invalid("schedule", "a schedule needs exactly one of everyMinutes, cron and at, "
          + (given == 0 ? "but has none" : "not " + given));
    }
    s.at().ifPresent(at -> {
      try {
        java.time.Instant.parse(at);
      } catch (java.time.format.DateTimeParseException e) {
        ctx.invalid("schedule.at", "at \"" + at + "\" is not an ISO-8601 instant such as 2026-12-24T08:00:00Z");
      }
    });
    s.everyMinutes().ifPresent(m -> {
      if (m < 1) {
        ctx.outOfRange("schedule.everyMinutes", "everyMinutes is " + m + ": give 1 or more", m, ">= 1");
      }
    });
    s.cron().ifPresent(this::cron);
    for (String k : s.input().keySet()) {
      if (!ctx.scope().hasInput(k)) {
        ctx.invalid("schedule.input." + k, "the schedule sets input " + k + " which the flow does not declare: "
            + "declare it or remove it from the schedule");
      }
    }
  }

  private void cron(String cron) {
    String trimmed = cron.trim();
    String[] fields = trimmed.isEmpty() ? new String[0] : BLANKS.split(trimmed);
    boolean ok = fields.length == 5;
    for (int i = 0; ok && i < fields.length; i++) {
      ok = CRON_FIELD.matcher(fields[i]).matches();
    }
    if (!ok) {
      ctx.invalid("schedule.cron", "cron \"" + cron + "\" is not a 5-field expression (minute hour day-of-month month "
          + "day-of-week), e.g. \"0 6 * * MON-FRI\"");
    }
  }
}
