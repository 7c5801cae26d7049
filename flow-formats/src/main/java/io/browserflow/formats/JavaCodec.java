package io.browserflow.formats;

import io.browserflow.api.Flow;
import java.util.Set;

/**
 * Java source (export only): a JUnit 5 test class that builds the flow with the DSL ({@code
 * Flow.named(...)} and the static factories of {@code Dsl}) and runs it with {@code @FlowTest} — the
 * code a QA engineer edits after recording. One step per line, its title as a comment above it;
 * what the DSL cannot say (a double-click offset, a scrape limit, ...) is written with the step's
 * plain builder inside {@code .step(...)}, never dropped.
 *
 * <p>The class is named after the flow ({@code "Sign in and out"} gives {@code
 * SignInAndOutFlowTest}); its static {@code flow()} method returns the flow, equal to the exported
 * one. {@link #inPackage(String)} puts it in a package (default: none). {@link JavaClassWriter}
 * writes the class.
 */
final class JavaCodec implements FormatCodec {
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
    JavaClassWriter w = new JavaClassWriter(flow, packageName);
    String source = w.source();
    int n = NativeCodec.count(flow.steps());
    return Conversion.of(Format.FLOW, Format.JAVA, source, n, n, w.issues());
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
}
