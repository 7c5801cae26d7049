package io.browserflow.formats;

import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.ConditionVisitor;
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
import io.browserflow.api.StepVisitor;
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
import java.util.Optional;
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
    private final Issues issues = new Issues();
    private final Set<String> statics = new TreeSet<>();
    private final Set<String> types = new TreeSet<>();
    private final List<String> lines = new ArrayList<>();
    private final Deque<String> lambdas = new ArrayDeque<>();
    /** Whether the step written last went through its plain builder (which already carries the id). */
    private boolean plainStep;
    private final ConditionCode conditionCode = new ConditionCode();

    Writer(Flow flow) {
      this.flow = flow;
    }

    String source() {
      types.add("io.browserflow.api.Flow");
      types.add("io.browserflow.junit.FlowRunner");
      types.add("io.browserflow.junit.FlowTest");
      types.add("org.junit.jupiter.api.Test");
      if (!flow.schema().equals(Flow.SCHEMA)) {
        issues.warning(ConversionCode.SCHEMA_VERSION_ASSUMED, "schema", "the flow has schema " + flow.schema()
            + "; the DSL builds " + Flow.SCHEMA);
      }
      boolean valid = FlowValidator.defaults().validate(flow).isEmpty();
      if (!valid) {
        issues.warning(ConversionCode.INVALID_FLOW, "", "the flow does not validate: the code builds it with "
            + "buildUnvalidated(); fix it and use build()");
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
        issues.info(ConversionCode.PLAIN_BUILDER, path, "input " + in.key() + " is declared with Input.builder()");
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
        issues.info(ConversionCode.PLAIN_BUILDER, path, "credential " + c.key()
            + " is declared with Credential.builder()");
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
      plainStep = false;
      Code code = s.accept(new StepCode(path, indent));
      modifiers(s, code, path, indent);
    }

    /**
     * What {@link StepCode} wrote: whether the call has lambda bodies (its modifiers then go on a
     * line of their own), and the DSL modifiers only the step's kind has.
     */
    private record Code(boolean body, String own) {
      static final Code LINE = new Code(false, "");
      static final Code BODY = new Code(true, "");
    }

    /**
     * Writes a step's DSL call: one line (for a step without a body, or {@code .step(<plain
     * builder>)}), or the call with its bodies as lambdas.
     */
    private final class StepCode implements StepVisitor<Code> {
      private final String path;
      private final int indent;
      private final String start;

      StepCode(String path, int indent) {
        this.path = path;
        this.indent = indent;
        this.start = indent(indent);
      }

      private Code line(String call) {
        lines.add(start + call);
        return Code.LINE;
      }

      @Override
      public Code visitOpen(Step.Open o) {
        return line(".open(" + str(o.url()) + o.tab().map(t -> ", " + str(t)).orElse("") + ")");
      }

      @Override
      public Code visitNavigate(Step.Navigate n) {
        return line(".navigate(" + str(n.url()) + ")");
      }

      @Override
      public Code visitBack(Step.Back b) {
        return line(".back()");
      }

      @Override
      public Code visitForward(Step.Forward f) {
        return line(".forward()");
      }

      @Override
      public Code visitReload(Step.Reload r) {
        return line(".reload()");
      }

      @Override
      public Code visitTabNew(Step.TabNew t) {
        return line(".tabNew(" + str(t.alias()) + t.url().map(u -> ", " + str(u)).orElse("") + ")");
      }

      @Override
      public Code visitTabSwitch(Step.TabSwitch t) {
        return line(".tabSwitch(" + str(t.alias()) + ")");
      }

      @Override
      public Code visitTabClose(Step.TabClose t) {
        return line(".tabClose(" + t.alias().map(JavaCodec::str).orElse("") + ")");
      }

      @Override
      public Code visitFrame(Step.Frame f) {
        return line(".frame(" + str(f.locator()) + ")");
      }

      @Override
      public Code visitFrameMain(Step.FrameMain f) {
        return line(".frameMain()");
      }

      @Override
      public Code visitSetViewport(Step.SetViewport v) {
        return line(".viewport(" + v.width() + ", " + v.height() + ")");
      }

      @Override
      public Code visitClick(Step.Click c) {
        line(".click(" + target(c.target()) + ")");
        List<String> own = new ArrayList<>();
        c.newTab().ifPresent(a -> own.add(".newTab(" + str(a) + ")"));
        if (c.button() != Step.MouseButton.LEFT) {
          types.add("io.browserflow.api.Step");
          own.add(".button(" + constant(c.button()) + ")");
        }
        c.offset().ifPresent(p -> own.add(".at(" + number(p.x()) + ", " + number(p.y()) + ")"));
        if (!c.modifiers().isEmpty()) {
          own.add(".holding(" + strs(c.modifiers()) + ")");
        }
        return new Code(false, String.join("", own));
      }

      @Override
      public Code visitDblclick(Step.Dblclick d) {
        if (d.offset().isEmpty()) {
          return line(".dblclick(" + target(d.target()) + ")");
        }
        return line(plain(path, "Dblclick", d, ".target(" + target(d.target()) + ")" + offset(d.offset().get())));
      }

      @Override
      public Code visitContextmenu(Step.Contextmenu d) {
        if (d.offset().isEmpty()) {
          return line(".contextmenu(" + target(d.target()) + ")");
        }
        return line(plain(path, "Contextmenu", d, ".target(" + target(d.target()) + ")" + offset(d.offset().get())));
      }

      @Override
      public Code visitHover(Step.Hover h) {
        return line(".hover(" + target(h.target()) + ")");
      }

      @Override
      public Code visitFill(Step.Fill f) {
        return line(".fill(" + target(f.target()) + ", " + str(f.value()) + ")");
      }

      @Override
      public Code visitType(Step.Type t) {
        return line(".type(" + t.target().map(tg -> target(tg) + ", ").orElse("") + str(t.text()) + ")");
      }

      @Override
      public Code visitPress(Step.Press p) {
        return line(press(p, path));
      }

      @Override
      public Code visitSelect(Step.Select sel) {
        if (sel.value().isPresent() && sel.label().isEmpty()) {
          return line(".select(" + target(sel.target()) + ", " + str(sel.value().get()) + ")");
        }
        if (sel.label().isPresent() && sel.value().isEmpty()) {
          return line(".selectLabel(" + target(sel.target()) + ", " + str(sel.label().get()) + ")");
        }
        return line(plain(path, "Select", sel, ".target(" + target(sel.target()) + ")"
            + sel.value().map(v -> ".value(" + str(v) + ")").orElse("")
            + sel.label().map(v -> ".label(" + str(v) + ")").orElse("")));
      }

      @Override
      public Code visitCheck(Step.Check c) {
        return line(".check(" + target(c.target()) + ")");
      }

      @Override
      public Code visitUncheck(Step.Uncheck u) {
        return line(".uncheck(" + target(u.target()) + ")");
      }

      @Override
      public Code visitToggle(Step.Toggle t) {
        return line(".toggle(" + target(t.target()) + ")");
      }

      @Override
      public Code visitScroll(Step.Scroll sc) {
        return line(scroll(sc, path));
      }

      @Override
      public Code visitDrag(Step.Drag d) {
        return line(".drag(" + target(d.source()) + ", " + target(d.destination()) + ")");
      }

      @Override
      public Code visitUpload(Step.Upload u) {
        return line(".upload(" + target(u.target()) + (u.files().isEmpty() ? "" : ", " + strs(u.files())) + ")");
      }

      @Override
      public Code visitWait(Step.Wait w) {
        if (w.ms().isPresent() && w.until().isEmpty()) {
          return line(".waitMs(" + w.ms().getAsInt() + ")");
        }
        if (w.until().isPresent() && w.ms().isEmpty()) {
          return line(".waitFor(" + condition(w.until().get()) + ")");
        }
        return line(plain(path, "Wait", w, (w.ms().isPresent() ? ".ms(" + w.ms().getAsInt() + ")" : "")
            + w.until().map(c -> ".until(" + condition(c) + ")").orElse("")));
      }

      @Override
      public Code visitAssert(Step.Assert a) {
        return line(".assertThat(" + condition(a.condition()) + ")");
      }

      @Override
      public Code visitRead(Step.Read r) {
        return line(read(r, path));
      }

      @Override
      public Code visitScrape(Step.Scrape sc) {
        return line(scrape(sc, path));
      }

      @Override
      public Code visitPaginate(Step.Paginate p) {
        String method = switch (p.mode()) {
          case NEXT -> ".paginate(";
          case LOAD_MORE -> ".loadMore(";
        };
        body(start + method + target(p.target()) + ", " + p.maxPages() + ", ", "page", p.body(), path + ".body",
            indent, ")");
        return Code.BODY;
      }

      @Override
      public Code visitSetVar(Step.SetVar v) {
        return line(".setVar(" + str(v.name()) + ", " + str(v.value()) + ")");
      }

      @Override
      public Code visitEval(Step.Eval e) {
        return line(".eval(" + str(e.script()) + ")");
      }

      @Override
      public Code visitScreenshot(Step.Screenshot sh) {
        if (sh.target().isEmpty() && !sh.fullPage()) {
          return line(".screenshot(" + sh.name().map(JavaCodec::str).orElse("") + ")");
        }
        return line(plain(path, "Screenshot", sh, sh.target().map(t -> ".target(" + target(t) + ")").orElse("")
            + sh.name().map(n -> ".name(" + str(n) + ")").orElse("") + (sh.fullPage() ? ".fullPage(true)" : "")));
      }

      @Override
      public Code visitCsvImport(Step.CsvImport c) {
        return line(".csvImport(" + str(c.path()) + ")");
      }

      @Override
      public Code visitCsvExport(Step.CsvExport e) {
        return line(".csvExport(" + str(e.source()) + ", " + str(e.path()) + ")");
      }

      @Override
      public Code visitForeach(Step.Foreach f) {
        String src = source(f.source());
        body(start + ".foreach(" + src + (f.concurrency() == 1 ? "" : ", " + f.concurrency()) + ", ", "row",
            f.body(), path + ".body", indent, ")");
        return Code.BODY;
      }

      @Override
      public Code visitRepeat(Step.Repeat r) {
        body(start + ".repeat(" + r.times() + ", ", "again", r.body(), path + ".body", indent, ")");
        return Code.BODY;
      }

      @Override
      public Code visitIf(Step.If f) {
        if (f.otherwise().isEmpty()) {
          body(start + ".ifThen(" + condition(f.condition()) + ", ", "then", f.then(), path + ".then", indent, ")");
        } else {
          lines.add(start + ".ifThenElse(" + condition(f.condition()) + ",");
          body(indent(indent + 4), "then", f.then(), path + ".then", indent + 4, ",");
          body(indent(indent + 4), "otherwise", f.otherwise(), path + ".else", indent + 4, ")");
        }
        return Code.BODY;
      }

      @Override
      public Code visitWhile(Step.While w) {
        body(start + ".repeatWhile(" + condition(w.condition()) + ", " + w.max() + ", ", "loop", w.body(),
            path + ".body", indent, ")");
        return Code.BODY;
      }

      @Override
      public Code visitManual(Step.Manual m) {
        return line(".manual(" + str(m.instructions()) + ")");
      }
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

    private void modifiers(Step s, Code code, String path, int indent) {
      List<String> first = new ArrayList<>();
      if (!plainStep) {
        first.add(".id(" + str(s.id()) + ")");
      }
      s.title().ifPresent(t -> first.add(".title(" + str(t) + ")"));
      first.add(code.own());
      String joined = String.join("", first);
      int last = lines.size() - 1;
      if (code.body() && !joined.isEmpty()) {
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
      String onError = switch (s.onError().kind()) {
        case STOP -> "";
        case CONTINUE -> ".continueOnError()";
        case RETRY -> {
          types.add("io.browserflow.api.OnError");
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
      Optional<String> call = switch (sc.mode()) {
        case BY -> Optional.of(".scrollBy(" + sc.target().map(t -> target(t) + ", ").orElse("") + sc.x() + ", "
            + sc.y() + ")");
        case TO -> sc.target().isEmpty() ? Optional.of(".scrollTo(" + sc.x() + ", " + sc.y() + ")") : Optional.empty();
        case INTO_VIEW -> sc.target().isPresent() && origin
            ? Optional.of(".scrollIntoView(" + target(sc.target().get()) + ")") : Optional.empty();
      };
      return call.orElseGet(() -> plain(path, "Scroll", sc, ".mode(" + constant(sc.mode()) + ")"
          + sc.target().map(t -> ".target(" + target(t) + ")").orElse("")
          + (sc.x() != 0 ? ".x(" + sc.x() + ")" : "") + (sc.y() != 0 ? ".y(" + sc.y() + ")" : "")));
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
      issues.info(ConversionCode.PLAIN_BUILDER, path, s.kind().op() + " step " + s.id()
          + " is written with Step." + type + ".builder(): the DSL has no form for it");
      return ".step(Step." + type + ".builder().id(" + str(s.id()) + ")" + fields + ".build())";
    }

    private String source(ForeachSource src) {
      return switch (src.kind()) {
        case TABLE -> dsl("tableRows") + "()";
        case ITEMS -> dsl("items") + "(" + str(src.ref().orElse("")) + ")";
        case LITERAL -> dsl("values") + "(" + strs(src.values()) + ")";
      };
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
      return switch (c.kind()) {
        case TEST_ID -> dsl("testId") + "(" + v + ")";
        case ID -> dsl("elementId") + "(" + v + ")";
        case ROLE -> dsl("role") + "(" + v + c.name().map(n -> ", " + str(n)).orElse("") + ")";
        case LABEL -> dsl("label") + "(" + v + ")";
        case PLACEHOLDER -> dsl("placeholder") + "(" + v + ")";
        case TEXT -> dsl("text") + "(" + v + ")";
        case CSS -> dsl("css") + "(" + v + ")";
        case XPATH -> dsl("xpath") + "(" + v + ")";
      };
    }

    private String condition(Condition c) {
      return c.accept(conditionCode);
    }

    /** A condition as a DSL factory call, or its plain factory when the DSL has none. */
    private final class ConditionCode implements ConditionVisitor<String> {
      @Override
      public String visitUrl(Condition.Url u) {
        return dsl("urlMatches") + "(" + str(u.glob()) + ")";
      }

      @Override
      public String visitTitle(Condition.Title t) {
        return dsl("titleMatches") + "(" + str(t.glob()) + ")";
      }

      @Override
      public String visitElement(Condition.Element e) {
        if (e.state() == Condition.State.DISABLED) {
          types.add("io.browserflow.api.Condition");
          return "Condition.Element.of(" + target(e.target()) + ", Condition.State.DISABLED)";
        }
        return dsl(e.state().name().toLowerCase(Locale.ROOT)) + "(" + target(e.target()) + ")";
      }

      @Override
      public String visitCount(Condition.Count n) {
        if (n.op() == Condition.Op.EQ) {
          return dsl("count") + "(" + target(n.target()) + ", " + n.count() + ")";
        }
        if (n.op() == Condition.Op.GTE) {
          return dsl("countAtLeast") + "(" + target(n.target()) + ", " + n.count() + ")";
        }
        types.add("io.browserflow.api.Condition");
        return "Condition.Count.of(" + target(n.target()) + ", Condition.Op." + n.op().name() + ", " + n.count() + ")";
      }

      @Override
      public String visitText(Condition.Text t) {
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

      @Override
      public String visitValue(Condition.Value v) {
        return dsl("hasValue") + "(" + target(v.target()) + ", " + str(v.value()) + ")";
      }

      @Override
      public String visitAttribute(Condition.Attribute a) {
        return dsl("hasAttribute") + "(" + target(a.target()) + ", " + str(a.name())
            + a.value().map(v -> ", " + str(v)).orElse("") + ")";
      }

      @Override
      public String visitVar(Condition.Var v) {
        return switch (v.op()) {
          case EQUALS -> dsl("varEquals") + "(" + str(v.subject()) + ", " + str(v.operand().orElse("")) + ")";
          case CONTAINS -> dsl("varContains") + "(" + str(v.subject()) + ", " + str(v.operand().orElse("")) + ")";
          case TRUTHY -> dsl("truthy") + "(" + str(v.subject()) + ")";
          case FALSY -> dsl("falsy") + "(" + str(v.subject()) + ")";
        };
      }

      @Override
      public String visitDownload(Condition.Download d) {
        return dsl("downloaded") + "(" + str(d.fileGlob()) + ")";
      }

      @Override
      public String visitLoad(Condition.Load l) {
        types.add("io.browserflow.api.Condition");
        return dsl("loaded") + "(Condition.LoadState." + l.state().name() + ")";
      }

      @Override
      public String visitExpression(Condition.Expression e) {
        return dsl("expression") + "(" + str(e.script()) + ")";
      }

      @Override
      public String visitNot(Condition.Not n) {
        return dsl("not") + "(" + condition(n.condition()) + ")";
      }
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
