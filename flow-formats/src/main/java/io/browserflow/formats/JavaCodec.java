package io.browserflow.formats;

import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.DataTable;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowMeta;
import io.browserflow.api.ForeachSource;
import io.browserflow.api.Input;
import io.browserflow.api.OnError;
import io.browserflow.api.Point;
import io.browserflow.api.Policy;
import io.browserflow.api.Retry;
import io.browserflow.api.Schedule;
import io.browserflow.api.Step;
import io.browserflow.api.TabAlias;
import io.browserflow.api.Target;
import io.browserflow.api.validate.FlowValidator;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Java source (export only): a JUnit 5 test class that builds the flow with the DSL ({@code
 * Flow.named(...)} and the static factories of {@code Dsl}) and runs it with {@code @FlowTest} — the
 * code a QA engineer edits after recording. One step per line, its title as a comment above it;
 * what the DSL cannot say (a double-click offset, a scrape limit, ...) is written with the step's
 * plain builder inside {@code .step(...)}, never dropped.
 *
 * <p>The class is named after the flow ({@code "Sign in and out"} gives {@code
 * SignInAndOutFlowTest}); its static {@code flow()} method returns the flow, equal to the exported
 * one. {@link #inPackage(String)} puts it in a package (default: none).
 */
final class JavaCodec implements FormatCodec {
  /** A step (or declaration) written with its plain builder because the DSL has no form for it. */
  static final String PLAIN_BUILDER = "PLAIN_BUILDER";
  /** The flow does not validate: the code builds it without validation. */
  static final String INVALID_FLOW = "INVALID_FLOW";
  /** The flow's schema is not the current one, which the DSL always writes. */
  static final String SCHEMA_VERSION = "SCHEMA_VERSION";

  private static final String DSL = "io.browserflow.api.dsl.Dsl";
  private static final Set<String> KEYWORDS = Set.of("abstract", "assert", "boolean", "break", "byte", "case",
      "catch", "char", "class", "const", "continue", "default", "do", "double", "else", "enum", "extends", "final",
      "finally", "float", "for", "goto", "if", "implements", "import", "instanceof", "int", "interface", "long",
      "native", "new", "package", "private", "protected", "public", "return", "short", "static", "strictfp",
      "super", "switch", "synchronized", "this", "throw", "throws", "transient", "try", "void", "volatile",
      "while", "true", "false", "null", "var", "yield", "record", "sealed", "permits", "_");

  private final String packageName;

  JavaCodec() {
    this("");
  }

  private JavaCodec(String packageName) {
    this.packageName = packageName;
  }

  /** The same codec writing classes into {@code packageName} ({@code ""} for none). */
  JavaCodec inPackage(String packageName) {
    if (!packageName.isEmpty()) {
      for (String part : packageName.split("\\.", -1)) {
        if (!isIdentifier(part)) {
          throw new IllegalArgumentException("not a Java package name: " + packageName);
        }
      }
    }
    return new JavaCodec(packageName);
  }

  @Override
  public Format format() {
    return Format.JAVA;
  }

  @Override
  public boolean detects(String content) {
    return false;
  }

  @Override
  public Conversion<String> write(Flow flow) {
    Writer w = new Writer(flow);
    String source = w.source();
    int n = NativeCodec.count(flow.steps());
    return Conversion.of(Format.FLOW, Format.JAVA, source, n, n, w.issues);
  }

  /** The generated class's simple name: the flow name in PascalCase plus {@code FlowTest}. */
  static String className(Flow flow) {
    StringBuilder sb = new StringBuilder();
    boolean upper = true;
    for (int i = 0; i < flow.name().length(); ) {
      int cp = flow.name().codePointAt(i);
      i += Character.charCount(cp);
      if (Character.isLetterOrDigit(cp) && Character.isJavaIdentifierPart(cp)) {
        sb.appendCodePoint(upper ? Character.toUpperCase(cp) : cp);
        upper = false;
      } else {
        upper = true;
      }
    }
    String base = sb.length() == 0 || !Character.isJavaIdentifierStart(sb.codePointAt(0)) ? "Flow" + sb : sb.toString();
    String name = base.endsWith("FlowTest") ? base : base.endsWith("Flow") ? base + "Test" : base + "FlowTest";
    // the annotation's own name is imported
    return name.equals("FlowTest") ? "GeneratedFlowTest" : name;
  }

  private static boolean isIdentifier(String s) {
    if (s.isEmpty() || KEYWORDS.contains(s) || !Character.isJavaIdentifierStart(s.codePointAt(0))) {
      return false;
    }
    return s.codePoints().allMatch(Character::isJavaIdentifierPart);
  }

  // ------------------------------------------------------------------ literals

  /** A Java string literal: quotes, backslashes, line breaks, controls and invisible characters escaped. */
  static String str(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"':
          sb.append("\\\"");
          break;
        case '\\':
          sb.append("\\\\");
          break;
        case '\n':
          sb.append("\\n");
          break;
        case '\r':
          sb.append("\\r");
          break;
        case '\t':
          sb.append("\\t");
          break;
        case '\b':
          sb.append("\\b");
          break;
        case '\f':
          sb.append("\\f");
          break;
        default:
          if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))
              && visible(Character.toCodePoint(c, s.charAt(i + 1)))) {
            sb.append(c).append(s.charAt(++i));
          } else if (!Character.isSurrogate(c) && visible(c)) {
            sb.append(c);
          } else {
            // never a line terminator, quote or backslash here: those have their own escapes above
            sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          }
      }
    }
    return sb.append('"').toString();
  }

  private static boolean visible(int c) {
    if (c < 0x20 || c == 0x7f) {
      return false;
    }
    if (c < 0x80) {
      return true;
    }
    int type = Character.getType(c);
    return !Character.isISOControl(c) && type != Character.FORMAT && type != Character.UNASSIGNED
        && type != Character.LINE_SEPARATOR && type != Character.PARAGRAPH_SEPARATOR
        && type != Character.SPACE_SEPARATOR && type != Character.PRIVATE_USE && type != Character.SURROGATE;
  }

  private static String strs(List<String> values) {
    return values.stream().map(JavaCodec::str).collect(Collectors.joining(", "));
  }

  /** Text safe in a line comment: one line, no unicode escape (backslashes doubled). */
  static String lineComment(String s) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\') {
        sb.append("\\\\");
      } else if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
        sb.append(' ');
      } else {
        sb.append(c);
      }
    }
    return sb.toString().strip();
  }

  /** Text safe inside javadoc: one line, no comment end, no unicode escape, HTML and tags escaped. */
  static String commentText(String s) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\') {
        sb.append("\\\\");
      } else if (c == '\n' || c == '\r' || c == '\u2028' || c == '\u2029' || c == '\u0085') {
        sb.append(' ');
      } else if (c == '*' && i + 1 < s.length() && s.charAt(i + 1) == '/') {
        sb.append("*&#47;");
        i++;
      } else if (c == '<') {
        sb.append("&lt;");
      } else if (c == '>') {
        sb.append("&gt;");
      } else if (c == '&') {
        sb.append("&amp;");
      } else if (c == '@') {
        sb.append("&#64;");
      } else if (Character.isISOControl(c)) {
        sb.append(' ');
      } else {
        sb.append(c);
      }
    }
    return sb.toString().strip();
  }

  private static String number(double d) {
    if (Double.isNaN(d)) {
      return "Double.NaN";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
    }
    return Double.toString(d);
  }

  /** {@code Input.Type.URL}, {@code Capability.SCRIPT_EVAL}: the enum constant as code. */
  private static String constant(Enum<?> e) {
    Class<?> type = e.getDeclaringClass();
    Class<?> outer = type.getEnclosingClass();
    return (outer == null ? "" : outer.getSimpleName() + ".") + type.getSimpleName() + "." + e.name();
  }

  /** Writes one class; not reusable. */
  private final class Writer {
    private final Flow flow;
    private final List<ConversionIssue> issues = new ArrayList<>();
    private final Set<String> statics = new TreeSet<>();
    private final Set<String> types = new TreeSet<>();
    private final List<String> lines = new ArrayList<>();
    private final Deque<String> lambdas = new ArrayDeque<>();
    /** Whether the step written last went through its plain builder (which already carries the id). */
    private boolean plainStep;

    Writer(Flow flow) {
      this.flow = flow;
    }

    String source() {
      types.add("io.browserflow.api.Flow");
      types.add("io.browserflow.junit.FlowRunner");
      types.add("io.browserflow.junit.FlowTest");
      types.add("org.junit.jupiter.api.Test");
      if (!flow.schema().equals(Flow.SCHEMA)) {
        issues.add(ConversionIssue.warning(SCHEMA_VERSION, "schema", "the flow has schema " + flow.schema()
            + "; the DSL builds " + Flow.SCHEMA));
      }
      boolean valid = FlowValidator.defaults().validate(flow).isEmpty();
      if (!valid) {
        issues.add(ConversionIssue.warning(INVALID_FLOW, "", "the flow does not validate: the code builds it with "
            + "buildUnvalidated(); fix it and use build()"));
      }
      header();
      steps(flow.steps(), "steps", 8);
      lines.add(indent(8) + (valid ? ".build();" : ".buildUnvalidated();"));

      String name = className(flow);
      StringBuilder sb = new StringBuilder();
      if (!packageName.isEmpty()) {
        sb.append("package ").append(packageName).append(";\n\n");
      }
      for (String s : statics) {
        sb.append("import static ").append(DSL).append('.').append(s).append(";\n");
      }
      sb.append("import static io.browserflow.junit.FlowAssertions.assertThat;\n\n");
      for (String t : types) {
        sb.append("import ").append(t).append(";\n");
      }
      sb.append('\n');
      sb.append("/**\n");
      sb.append(wrap("Flow \"" + commentText(flow.name()) + "\" ({@code " + commentText(flow.id()) + "})."));
      flow.description().ifPresent(d -> sb.append(" *\n").append(wrap("<p>" + commentText(d))));
      StringBuilder about = new StringBuilder("<p>Generated by BrowserFlow from the flow; edit it freely.");
      if (!flow.inputs().isEmpty()) {
        about.append(" Inputs: ").append(flow.inputs().stream().map(i -> commentText(i.key())).collect(Collectors.joining(", ")))
            .append(" (configuration parameter browserflow.input.KEY, environment variable BROWSERFLOW_INPUT_KEY;"
                + " BASE_URL and SERVER_URL also from &#64;FlowTest(serve = ...)).");
      }
      if (!flow.credentials().isEmpty()) {
        about.append(" Credentials: ").append(flow.credentials().stream().map(c -> commentText(c.key()))
            .collect(Collectors.joining(", "))).append(" (browserflow.credential.KEY or BROWSERFLOW_CREDENTIAL_KEY;"
                + " never in code).");
      }
      sb.append(" *\n").append(wrap(about.toString()));
      sb.append(" */\n");
      sb.append(flowTestAnnotation()).append('\n');
      sb.append("class ").append(name).append(" {\n\n");
      sb.append("  /** The flow, built with the BrowserFlow DSL. */\n");
      sb.append("  static Flow flow() {\n");
      sb.append("    return ").append(lines.get(0).strip()).append('\n');
      for (int i = 1; i < lines.size(); i++) {
        sb.append(lines.get(i)).append('\n');
      }
      sb.append("  }\n\n");
      sb.append("  @Test\n");
      sb.append("  void runs_the_flow(FlowRunner flows) {\n");
      sb.append("    assertThat(flows.run(flow())).succeeded();\n");
      sb.append("  }\n");
      sb.append("}\n");
      return sb.toString();
    }

    /** Javadoc lines of at most about 100 characters. */
    private String wrap(String text) {
      StringBuilder out = new StringBuilder();
      StringBuilder line = new StringBuilder();
      for (String word : text.split(" ")) {
        if (line.length() > 0 && line.length() + 1 + word.length() > 96) {
          out.append(" * ").append(line).append('\n');
          line.setLength(0);
        }
        line.append(line.length() > 0 ? " " : "").append(word);
      }
      if (line.length() > 0) {
        out.append(" * ").append(line).append('\n');
      }
      return out.toString();
    }

    private String flowTestAnnotation() {
      List<String> allow = new ArrayList<>();
      flow.policy().ifPresent(p -> {
        for (Capability c : List.of(Capability.SCRIPT_EVAL, Capability.FILE_UPLOAD)) {
          if (p.capabilities().contains(c)) {
            allow.add(str(c.id()));
          }
        }
      });
      if (allow.isEmpty()) {
        return "@FlowTest";
      }
      String a = allow.size() == 1 ? allow.get(0) : "{" + String.join(", ", allow) + "}";
      String note = allow.contains(str(Capability.FILE_UPLOAD.id()))
          ? "  // uploads also need uploadRoots = \"<folder of the files>\"" : "";
      return "@FlowTest(allow = " + a + ")" + note;
    }

    // ---------------------------------------------------------------- flow-level declarations

    private void header() {
      lines.add(indent(8) + "Flow.named(" + str(flow.name()) + ")");
      if (!flow.id().equals(Flow.slug(flow.name()))) {
        chain(".flowId(" + str(flow.id()) + ")");
      }
      flow.description().ifPresent(d -> chain(".description(" + str(d) + ")"));
      if (!flow.tags().isEmpty()) {
        chain(".tags(" + strs(flow.tags()) + ")");
      }
      flow.meta().ifPresent(m -> {
        types.add("io.browserflow.api.FlowMeta");
        chain(".meta(" + meta(m) + ")");
      });
      for (int i = 0; i < flow.inputs().size(); i++) {
        chain(".input(" + input(flow.inputs().get(i), "inputs[" + i + "]") + ")");
      }
      for (int i = 0; i < flow.credentials().size(); i++) {
        chain(".credential(" + credential(flow.credentials().get(i), "credentials[" + i + "]") + ")");
      }
      for (TabAlias t : flow.tabs()) {
        chain(".tab(" + tab(t) + ")");
      }
      flow.table().ifPresent(t -> chain(".table(" + table(t) + ")"));
      flow.policy().ifPresent(this::policy);
      flow.schedule().ifPresent(s -> {
        types.add("io.browserflow.api.Schedule");
        chain(".schedule(" + schedule(s) + ")");
      });
    }

    private void chain(String call) {
      lines.add(indent(8) + call);
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
        types.add("io.browserflow.api.Input");
        issues.add(ConversionIssue.info(PLAIN_BUILDER, path, "input " + in.key() + " is declared with Input.builder()"));
        StringBuilder sb = new StringBuilder("Input.builder().key(").append(str(in.key())).append(')');
        in.label().ifPresent(l -> sb.append(".label(").append(str(l)).append(')'));
        if (in.type() != Input.Type.TEXT) {
          sb.append(".type(").append(constant(in.type())).append(')');
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
      in.label().ifPresent(l -> options.add(dsl("described") + "(" + str(l) + ")"));
      if (selectOptions) {
        options.add(dsl("options") + "(" + strs(in.options()) + ")");
      } else if (in.type() != Input.Type.TEXT) {
        types.add("io.browserflow.api.Input");
        options.add(dsl("inputType") + "(" + constant(in.type()) + ")");
      }
      in.defaultValue().ifPresent(v -> options.add(dsl("defaultValue") + "(" + str(v) + ")"));
      in.pattern().ifPresent(v -> options.add(dsl("pattern") + "(" + str(v) + ")"));
      if (!in.required() && derivedRequired) {
        options.add(dsl("optionalInput") + "()");
      }
      return str(in.key()) + (options.isEmpty() ? "" : ", " + String.join(", ", options));
    }

    private String credential(Credential c, String path) {
      boolean derivedSecret = c.type() == Credential.Type.PASSWORD || c.type() == Credential.Type.TOKEN
          || c.type() == Credential.Type.API_KEY;
      if (c.label().isPresent() || (!c.secret() && derivedSecret)) {
        types.add("io.browserflow.api.Credential");
        issues.add(ConversionIssue.info(PLAIN_BUILDER, path, "credential " + c.key()
            + " is declared with Credential.builder()"));
        StringBuilder sb = new StringBuilder("Credential.builder().key(").append(str(c.key())).append(')');
        c.label().ifPresent(l -> sb.append(".label(").append(str(l)).append(')'));
        if (c.type() != Credential.Type.TEXT) {
          sb.append(".type(").append(constant(c.type())).append(')');
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
        types.add("io.browserflow.api.Credential");
        options.add(dsl("credentialType") + "(" + constant(c.type()) + ")");
      }
      if (c.secret() && !derivedSecret) {
        options.add(dsl("secret") + "()");
      }
      if (!c.required()) {
        options.add(dsl("optionalCredential") + "()");
      }
      return str(c.key()) + (options.isEmpty() ? "" : ", " + String.join(", ", options));
    }

    private String tab(TabAlias t) {
      if (t.url().isPresent()) {
        types.add("io.browserflow.api.TabAlias");
        return "TabAlias.builder().alias(" + str(t.alias()) + ").url(" + str(t.url().get()) + ")"
            + t.opener().map(o -> ".opener(" + str(o) + ")").orElse("") + ".build()";
      }
      return str(t.alias()) + t.opener().map(o -> ", " + str(o)).orElse("");
    }

    private String table(DataTable t) {
      types.add("java.util.List");
      String rows = t.rows().stream().map(r -> "List.of(" + strs(r) + ")").collect(Collectors.joining(", "));
      return "List.of(" + strs(t.columns()) + "), List.of(" + rows + ")";
    }

    private void policy(Policy p) {
      if (!p.allowedOrigins().isEmpty() || p.capabilities().isEmpty()) {
        chain(".allowOrigins(" + strs(p.allowedOrigins()) + ")");
      }
      if (!p.capabilities().isEmpty()) {
        types.add("io.browserflow.api.Capability");
        chain(".capabilities(" + p.capabilities().stream().map(this::constant).collect(Collectors.joining(", "))
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

    // ---------------------------------------------------------------- steps

    private void steps(List<Step> steps, String path, int indent) {
      for (int i = 0; i < steps.size(); i++) {
        step(steps.get(i), path + "[" + i + "]", indent);
      }
    }

    private void step(Step s, String path, int indent) {
      s.title().ifPresent(t -> lines.add(indent(indent) + "// " + lineComment(t)));
      String start = indent(indent);
      plainStep = false;
      switch (s.kind()) {
        case FOREACH: {
          Step.Foreach f = (Step.Foreach) s;
          String src = source(f.source());
          body(start + ".foreach(" + src + (f.concurrency() == 1 ? "" : ", " + f.concurrency()) + ", ", "row",
              f.body(), path + ".body", indent, ")");
          break;
        }
        case REPEAT: {
          Step.Repeat r = (Step.Repeat) s;
          body(start + ".repeat(" + r.times() + ", ", "again", r.body(), path + ".body", indent, ")");
          break;
        }
        case WHILE: {
          Step.While w = (Step.While) s;
          body(start + ".repeatWhile(" + condition(w.condition()) + ", " + w.max() + ", ", "loop", w.body(),
              path + ".body", indent, ")");
          break;
        }
        case PAGINATE: {
          Step.Paginate p = (Step.Paginate) s;
          String method = p.mode() == Step.PaginateMode.NEXT ? ".paginate(" : ".loadMore(";
          body(start + method + target(p.target()) + ", " + p.maxPages() + ", ", "page", p.body(), path + ".body",
              indent, ")");
          break;
        }
        case IF: {
          Step.If f = (Step.If) s;
          if (f.otherwise().isEmpty()) {
            body(start + ".ifThen(" + condition(f.condition()) + ", ", "then", f.then(), path + ".then", indent, ")");
          } else {
            lines.add(start + ".ifThenElse(" + condition(f.condition()) + ",");
            body(indent(indent + 4), "then", f.then(), path + ".then", indent + 4, ",");
            body(indent(indent + 4), "otherwise", f.otherwise(), path + ".else", indent + 4, ")");
          }
          break;
        }
        default:
          lines.add(start + call(s, path));
      }
      modifiers(s, path, indent);
    }

    /** A nested step list as a lambda: {@code prefix name -> name} then the steps, then {@code close}. */
    private void body(String prefix, String base, List<Step> steps, String path, int indent, String close) {
      String name = base;
      for (int n = 2; lambdas.contains(name); n++) {
        name = base + n;
      }
      if (steps.isEmpty()) {
        lines.add(prefix + name + " -> { }" + close);
        return;
      }
      lines.add(prefix + name + " -> " + name);
      lambdas.push(name);
      steps(steps, path, indent + 4);
      lambdas.pop();
      int last = lines.size() - 1;
      lines.set(last, lines.get(last) + close);
    }

    private void modifiers(Step s, String path, int indent) {
      List<String> first = new ArrayList<>();
      if (!plainStep) {
        first.add(".id(" + str(s.id()) + ")");
      }
      s.title().ifPresent(t -> first.add(".title(" + str(t) + ")"));
      if (s instanceof Step.Click) {
        Step.Click c = (Step.Click) s;
        c.newTab().ifPresent(a -> first.add(".newTab(" + str(a) + ")"));
        if (c.button() != Step.MouseButton.LEFT) {
          types.add("io.browserflow.api.Step");
          first.add(".button(" + constant(c.button()) + ")");
        }
        c.offset().ifPresent(p -> first.add(".at(" + number(p.x()) + ", " + number(p.y()) + ")"));
        if (!c.modifiers().isEmpty()) {
          first.add(".holding(" + strs(c.modifiers()) + ")");
        }
      }
      String joined = String.join("", first);
      int last = lines.size() - 1;
      boolean body = s instanceof Step.Foreach || s instanceof Step.Repeat || s instanceof Step.While
          || s instanceof Step.Paginate || s instanceof Step.If;
      if (body && !joined.isEmpty()) {
        lines.add(indent(indent) + joined);
      } else {
        lines.set(last, lines.get(last) + joined);
      }
      List<String> more = new ArrayList<>();
      s.timeoutMs().ifPresent(t -> more.add(".timeoutMs(" + t + ")"));
      s.retry().ifPresent(r -> more.add(".retry(" + retry(r) + ")"));
      if (!s.expect().isEmpty()) {
        more.add(".expect(" + s.expect().stream().map(this::condition).collect(Collectors.joining(", ")) + ")");
      }
      switch (s.onError().kind()) {
        case CONTINUE:
          more.add(".continueOnError()");
          break;
        case RETRY:
          types.add("io.browserflow.api.OnError");
          more.add(".onError(OnError.retry())");
          break;
        default:
          break;
      }
      if (s.disabled()) {
        more.add(".disabled()");
      }
      if (!more.isEmpty()) {
        lines.add(indent(indent + 4) + String.join("", more));
      }
      if (s.onError().kind() == OnError.Kind.FALLBACK) {
        body(indent(indent + 4) + ".fallback(", "fallback", s.onError().fallback(), path + ".onError.fallback",
            indent + 4, ")");
      }
    }

    private String retry(Retry r) {
      if (r.backoff() == Retry.Backoff.EXP) {
        return dsl("retryBackoff") + "(" + r.count() + ", " + r.intervalMs() + ")";
      }
      return r.intervalMs() == 500 ? String.valueOf(r.count())
          : dsl("retryEvery") + "(" + r.count() + ", " + r.intervalMs() + ")";
    }

    /** The DSL call of a step without a body, or {@code .step(<plain builder>)}. */
    private String call(Step s, String path) {
      switch (s.kind()) {
        case OPEN: {
          Step.Open o = (Step.Open) s;
          return ".open(" + str(o.url()) + o.tab().map(t -> ", " + str(t)).orElse("") + ")";
        }
        case NAVIGATE:
          return ".navigate(" + str(((Step.Navigate) s).url()) + ")";
        case BACK:
          return ".back()";
        case FORWARD:
          return ".forward()";
        case RELOAD:
          return ".reload()";
        case TAB_NEW: {
          Step.TabNew t = (Step.TabNew) s;
          return ".tabNew(" + str(t.alias()) + t.url().map(u -> ", " + str(u)).orElse("") + ")";
        }
        case TAB_SWITCH:
          return ".tabSwitch(" + str(((Step.TabSwitch) s).alias()) + ")";
        case TAB_CLOSE:
          return ".tabClose(" + ((Step.TabClose) s).alias().map(JavaCodec::str).orElse("") + ")";
        case FRAME:
          return ".frame(" + str(((Step.Frame) s).locator()) + ")";
        case FRAME_MAIN:
          return ".frameMain()";
        case SET_VIEWPORT: {
          Step.SetViewport v = (Step.SetViewport) s;
          return ".viewport(" + v.width() + ", " + v.height() + ")";
        }
        case CLICK:
          return ".click(" + target(((Step.Click) s).target()) + ")";
        case DBLCLICK: {
          Step.Dblclick d = (Step.Dblclick) s;
          if (d.offset().isEmpty()) {
            return ".dblclick(" + target(d.target()) + ")";
          }
          return plain(path, "Dblclick", s, ".target(" + target(d.target()) + ")" + offset(d.offset().get()));
        }
        case CONTEXTMENU: {
          Step.Contextmenu d = (Step.Contextmenu) s;
          if (d.offset().isEmpty()) {
            return ".contextmenu(" + target(d.target()) + ")";
          }
          return plain(path, "Contextmenu", s, ".target(" + target(d.target()) + ")" + offset(d.offset().get()));
        }
        case HOVER:
          return ".hover(" + target(((Step.Hover) s).target()) + ")";
        case FILL: {
          Step.Fill f = (Step.Fill) s;
          return ".fill(" + target(f.target()) + ", " + str(f.value()) + ")";
        }
        case TYPE: {
          Step.Type t = (Step.Type) s;
          return ".type(" + t.target().map(tg -> target(tg) + ", ").orElse("") + str(t.text()) + ")";
        }
        case PRESS:
          return press((Step.Press) s, path);
        case SELECT: {
          Step.Select sel = (Step.Select) s;
          if (sel.value().isPresent() && sel.label().isEmpty()) {
            return ".select(" + target(sel.target()) + ", " + str(sel.value().get()) + ")";
          }
          if (sel.label().isPresent() && sel.value().isEmpty()) {
            return ".selectLabel(" + target(sel.target()) + ", " + str(sel.label().get()) + ")";
          }
          return plain(path, "Select", s, ".target(" + target(sel.target()) + ")"
              + sel.value().map(v -> ".value(" + str(v) + ")").orElse("")
              + sel.label().map(v -> ".label(" + str(v) + ")").orElse(""));
        }
        case CHECK:
          return ".check(" + target(((Step.Check) s).target()) + ")";
        case UNCHECK:
          return ".uncheck(" + target(((Step.Uncheck) s).target()) + ")";
        case TOGGLE:
          return ".toggle(" + target(((Step.Toggle) s).target()) + ")";
        case SCROLL:
          return scroll((Step.Scroll) s, path);
        case DRAG: {
          Step.Drag d = (Step.Drag) s;
          return ".drag(" + target(d.source()) + ", " + target(d.destination()) + ")";
        }
        case UPLOAD: {
          Step.Upload u = (Step.Upload) s;
          return ".upload(" + target(u.target()) + (u.files().isEmpty() ? "" : ", " + strs(u.files())) + ")";
        }
        case WAIT: {
          Step.Wait w = (Step.Wait) s;
          if (w.ms().isPresent() && w.until().isEmpty()) {
            return ".waitMs(" + w.ms().getAsInt() + ")";
          }
          if (w.until().isPresent() && w.ms().isEmpty()) {
            return ".waitFor(" + condition(w.until().get()) + ")";
          }
          return plain(path, "Wait", s, (w.ms().isPresent() ? ".ms(" + w.ms().getAsInt() + ")" : "")
              + w.until().map(c -> ".until(" + condition(c) + ")").orElse(""));
        }
        case ASSERT:
          return ".assertThat(" + condition(((Step.Assert) s).condition()) + ")";
        case READ:
          return read((Step.Read) s, path);
        case SCRAPE:
          return scrape((Step.Scrape) s, path);
        case SET_VAR: {
          Step.SetVar v = (Step.SetVar) s;
          return ".setVar(" + str(v.name()) + ", " + str(v.value()) + ")";
        }
        case EVAL:
          return ".eval(" + str(((Step.Eval) s).script()) + ")";
        case SCREENSHOT: {
          Step.Screenshot sh = (Step.Screenshot) s;
          if (sh.target().isEmpty() && !sh.fullPage()) {
            return ".screenshot(" + sh.name().map(JavaCodec::str).orElse("") + ")";
          }
          return plain(path, "Screenshot", s, sh.target().map(t -> ".target(" + target(t) + ")").orElse("")
              + sh.name().map(n -> ".name(" + str(n) + ")").orElse("") + (sh.fullPage() ? ".fullPage(true)" : ""));
        }
        case CSV_IMPORT:
          return ".csvImport(" + str(((Step.CsvImport) s).path()) + ")";
        case CSV_EXPORT: {
          Step.CsvExport e = (Step.CsvExport) s;
          return ".csvExport(" + str(e.source()) + ", " + str(e.path()) + ")";
        }
        case MANUAL:
          return ".manual(" + str(((Step.Manual) s).instructions()) + ")";
        default:
          throw new IllegalStateException("a step with a body has no single-line call: " + s.kind());
      }
    }

    private String press(Step.Press p, String path) {
      String keys = p.modifiers().isEmpty() ? p.key() : String.join("+", p.modifiers()) + "+" + p.key();
      List<String> parts = Arrays.asList(keys.split("\\+(?=.)"));
      boolean same = parts.get(parts.size() - 1).equals(p.key())
          && parts.subList(0, parts.size() - 1).equals(p.modifiers());
      if (same) {
        return ".press(" + p.target().map(t -> target(t) + ", ").orElse("") + str(keys) + ")";
      }
      return plain(path, "Press", p, ".key(" + str(p.key()) + ")"
          + (p.modifiers().isEmpty() ? "" : ".addModifiers(" + strs(p.modifiers()) + ")")
          + p.target().map(t -> ".target(" + target(t) + ")").orElse(""));
    }

    private String scroll(Step.Scroll sc, String path) {
      boolean origin = sc.x() == 0 && sc.y() == 0;
      switch (sc.mode()) {
        case BY:
          return ".scrollBy(" + sc.target().map(t -> target(t) + ", ").orElse("") + sc.x() + ", " + sc.y() + ")";
        case TO:
          if (sc.target().isEmpty()) {
            return ".scrollTo(" + sc.x() + ", " + sc.y() + ")";
          }
          break;
        default:
          if (sc.target().isPresent() && origin) {
            return ".scrollIntoView(" + target(sc.target().get()) + ")";
          }
      }
      return plain(path, "Scroll", sc, ".mode(" + constant(sc.mode()) + ")"
          + sc.target().map(t -> ".target(" + target(t) + ")").orElse("")
          + (sc.x() != 0 ? ".x(" + sc.x() + ")" : "") + (sc.y() != 0 ? ".y(" + sc.y() + ")" : ""));
    }

    private String read(Step.Read r, String path) {
      if (r.what() == Step.ReadKind.TEXT && r.attribute().isEmpty()) {
        return ".read(" + target(r.target()) + ")";
      }
      if (r.what() == Step.ReadKind.VALUE && r.attribute().isEmpty()) {
        return ".readValue(" + target(r.target()) + ")";
      }
      if (r.what() == Step.ReadKind.ATTRIBUTE && r.attribute().isPresent()) {
        return ".readAttribute(" + target(r.target()) + ", " + str(r.attribute().get()) + ")";
      }
      return plain(path, "Read", r, ".target(" + target(r.target()) + ").what(" + constant(r.what()) + ")"
          + r.attribute().map(a -> ".attribute(" + str(a) + ")").orElse(""));
    }

    private String scrape(Step.Scrape sc, String path) {
      if (sc.limit().isEmpty()) {
        if (sc.mode() != Step.ScrapeMode.ATTRIBUTES && sc.attributes().isEmpty()) {
          types.add("io.browserflow.api.Step");
          return ".scrape(" + target(sc.target()) + ", " + constant(sc.mode()) + ")";
        }
        if (sc.mode() == Step.ScrapeMode.ATTRIBUTES && !sc.attributes().isEmpty()) {
          return ".scrapeAttributes(" + target(sc.target()) + ", " + strs(sc.attributes()) + ")";
        }
      }
      return plain(path, "Scrape", sc, ".target(" + target(sc.target()) + ").mode(" + constant(sc.mode()) + ")"
          + (sc.attributes().isEmpty() ? "" : ".addAttributes(" + strs(sc.attributes()) + ")")
          + (sc.limit().isPresent() ? ".limit(" + sc.limit().getAsInt() + ")" : ""));
    }

    private String offset(Point p) {
      types.add("io.browserflow.api.Point");
      return ".offset(Point.of(" + number(p.x()) + ", " + number(p.y()) + "))";
    }

    /** {@code .step(Step.Kind.builder().id(..)<fields>.build())}: the step's own fields; common ones follow as DSL modifiers. */
    private String plain(String path, String type, Step s, String fields) {
      types.add("io.browserflow.api.Step");
      plainStep = true;
      issues.add(ConversionIssue.info(PLAIN_BUILDER, path, s.kind().op() + " step " + s.id()
          + " is written with Step." + type + ".builder(): the DSL has no form for it"));
      return ".step(Step." + type + ".builder().id(" + str(s.id()) + ")" + fields + ".build())";
    }

    private String source(ForeachSource src) {
      switch (src.kind()) {
        case TABLE:
          return dsl("tableRows") + "()";
        case ITEMS:
          return dsl("items") + "(" + str(src.ref().orElse("")) + ")";
        default:
          return dsl("values") + "(" + strs(src.values()) + ")";
      }
    }

    // ---------------------------------------------------------------- targets and conditions

    private String target(Target t) {
      StringBuilder sb = new StringBuilder();
      List<Candidate> cands = t.candidates();
      if (cands.isEmpty()) {
        sb.append(dsl("target")).append("()");
      }
      for (int i = 0; i < cands.size(); i++) {
        String c = candidate(cands.get(i));
        sb.append(i == 0 ? c : ".or(" + c + ")");
      }
      if (!t.framePath().isEmpty()) {
        sb.append(".inFrame(").append(strs(t.framePath())).append(')');
      }
      if (!t.shadowPath().isEmpty()) {
        sb.append(".inShadow(").append(strs(t.shadowPath())).append(')');
      }
      return sb.toString();
    }

    private String candidate(Candidate c) {
      String v = str(c.value());
      switch (c.kind()) {
        case TEST_ID:
          return dsl("testId") + "(" + v + ")";
        case ID:
          return dsl("elementId") + "(" + v + ")";
        case ROLE:
          return dsl("role") + "(" + v + c.name().map(n -> ", " + str(n)).orElse("") + ")";
        case LABEL:
          return dsl("label") + "(" + v + ")";
        case PLACEHOLDER:
          return dsl("placeholder") + "(" + v + ")";
        case TEXT:
          return dsl("text") + "(" + v + ")";
        case CSS:
          return dsl("css") + "(" + v + ")";
        default:
          return dsl("xpath") + "(" + v + ")";
      }
    }

    private String condition(Condition c) {
      if (c instanceof Condition.Url) {
        return dsl("urlMatches") + "(" + str(((Condition.Url) c).glob()) + ")";
      }
      if (c instanceof Condition.Title) {
        return dsl("titleMatches") + "(" + str(((Condition.Title) c).glob()) + ")";
      }
      if (c instanceof Condition.Element) {
        Condition.Element e = (Condition.Element) c;
        if (e.state() == Condition.State.DISABLED) {
          types.add("io.browserflow.api.Condition");
          return "Condition.Element.of(" + target(e.target()) + ", Condition.State.DISABLED)";
        }
        return dsl(e.state().name().toLowerCase(Locale.ROOT)) + "(" + target(e.target()) + ")";
      }
      if (c instanceof Condition.Count) {
        Condition.Count n = (Condition.Count) c;
        if (n.op() == Condition.Op.EQ) {
          return dsl("count") + "(" + target(n.target()) + ", " + n.count() + ")";
        }
        if (n.op() == Condition.Op.GTE) {
          return dsl("countAtLeast") + "(" + target(n.target()) + ", " + n.count() + ")";
        }
        types.add("io.browserflow.api.Condition");
        return "Condition.Count.of(" + target(n.target()) + ", Condition.Op." + n.op().name() + ", " + n.count() + ")";
      }
      if (c instanceof Condition.Text) {
        Condition.Text t = (Condition.Text) c;
        if (t.target().isEmpty() && t.match() == Condition.Match.CONTAINS) {
          return dsl("textPresent") + "(" + str(t.text()) + ")";
        }
        if (t.target().isPresent() && t.match() == Condition.Match.CONTAINS) {
          return dsl("hasText") + "(" + target(t.target().get()) + ", " + str(t.text()) + ")";
        }
        if (t.target().isPresent() && t.match() == Condition.Match.EQUALS) {
          return dsl("hasExactText") + "(" + target(t.target().get()) + ", " + str(t.text()) + ")";
        }
        types.add("io.browserflow.api.Condition");
        if (t.target().isPresent()) {
          return "Condition.Text.of(" + target(t.target().get()) + ", " + str(t.text()) + ", Condition.Match."
              + t.match().name() + ")";
        }
        types.add("java.util.Optional");
        return "Condition.Text.of(Optional.empty(), " + str(t.text()) + ", Condition.Match." + t.match().name() + ")";
      }
      if (c instanceof Condition.Value) {
        Condition.Value v = (Condition.Value) c;
        return dsl("hasValue") + "(" + target(v.target()) + ", " + str(v.value()) + ")";
      }
      if (c instanceof Condition.Attribute) {
        Condition.Attribute a = (Condition.Attribute) c;
        return dsl("hasAttribute") + "(" + target(a.target()) + ", " + str(a.name())
            + a.value().map(v -> ", " + str(v)).orElse("") + ")";
      }
      if (c instanceof Condition.Var) {
        Condition.Var v = (Condition.Var) c;
        switch (v.op()) {
          case EQUALS:
            return dsl("varEquals") + "(" + str(v.subject()) + ", " + str(v.operand().orElse("")) + ")";
          case CONTAINS:
            return dsl("varContains") + "(" + str(v.subject()) + ", " + str(v.operand().orElse("")) + ")";
          case TRUTHY:
            return dsl("truthy") + "(" + str(v.subject()) + ")";
          default:
            return dsl("falsy") + "(" + str(v.subject()) + ")";
        }
      }
      if (c instanceof Condition.Download) {
        return dsl("downloaded") + "(" + str(((Condition.Download) c).fileGlob()) + ")";
      }
      if (c instanceof Condition.Load) {
        types.add("io.browserflow.api.Condition");
        return dsl("loaded") + "(Condition.LoadState." + ((Condition.Load) c).state().name() + ")";
      }
      if (c instanceof Condition.Expression) {
        return dsl("expression") + "(" + str(((Condition.Expression) c).script()) + ")";
      }
      if (c instanceof Condition.Not) {
        return dsl("not") + "(" + condition(((Condition.Not) c).condition()) + ")";
      }
      throw new IllegalStateException("unknown condition " + c);
    }

    /** An enum constant of the model, its outermost type imported. */
    private String constant(Enum<?> e) {
      Class<?> type = e.getDeclaringClass();
      Class<?> outer = type.getEnclosingClass() == null ? type : type.getEnclosingClass();
      types.add(outer.getName());
      return JavaCodec.constant(e);
    }

    /** A static factory of the DSL, imported. */
    private String dsl(String method) {
      statics.add(method);
      return method;
    }

    private String indent(int n) {
      return " ".repeat(n);
    }
  }
}
