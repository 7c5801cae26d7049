package io.browserflow.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code ```java} block of the repository's README compiles against the real API, so the
 * examples a newcomer copies cannot rot.
 *
 * <p>A snippet's leading {@code import} lines are hoisted; then, with {@link #STANDARD_IMPORTS}
 * before them, a snippet declaring a top-level type (a line starting {@code class X}, unindented)
 * is compiled as a compilation unit, any other as the body of
 * {@code void snippet() throws Exception { ... }}. Each snippet gets its own package, so two
 * snippets may declare the same names. Compiled with {@code --release 17 -proc:none} against this
 * module's test class path (flow-formats, flow-junit, flow-playwright, flow-engine, flow-api): it
 * lives in flow-formats because that is the module whose tests see all of them (samples cannot depend
 * on flow-formats, which reads the sample flows in its own tests).
 */
class ReadmeSnippetsTest {

  private static final Path README = Path.of("..", "README.md").toAbsolutePath().normalize();

  /** The imports the README says its snippets assume; the README states exactly these (checked below). */
  static final List<String> STANDARD_IMPORTS = List.of(
      "import static io.browserflow.api.dsl.Dsl.*;",
      "import io.browserflow.api.*;",
      "import io.browserflow.api.json.FlowJson;",
      "import io.browserflow.api.lint.*;",
      "import io.browserflow.api.validate.*;",
      "import io.browserflow.engine.*;",
      "import io.browserflow.playwright.*;",
      "import java.nio.file.*;",
      "import java.util.*;");

  private static final Pattern IMPORT = Pattern.compile("^import\\s+(static\\s+)?[\\w.]+(\\.\\*)?\\s*;\\s*(//.*)?$");
  private static final Pattern TOP_LEVEL_TYPE = Pattern.compile(
      "(?m)^(?:(?:public|abstract|final|sealed|non-sealed|strictfp)\\s+)*(?:class|interface|enum|record)\\s+([A-Za-z_$][\\w$]*)");
  private static final String METHOD_HEADER = "class Snippet { void snippet() throws Exception {";

  @Test
  void should_compile_every_java_snippet_of_the_readme(@TempDir Path classes) throws Exception {
    List<Snippet> snippets = Snippet.extract(Files.readAllLines(README, StandardCharsets.UTF_8));
    assertThat(snippets).as("```java blocks in %s", README).isNotEmpty();

    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertThat(javac).as("a JDK compiler (the tests run on a JRE?)").isNotNull();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    List<Source> sources = snippets.stream().map(Source::new).collect(Collectors.toList());
    List<String> options = List.of("--release", "17", "-proc:none", "-nowarn", "-Xlint:none",
        "-classpath", testClassPath(), "-d", classes.toString());
    boolean compiled;
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      compiled = javac.getTask(null, files, diagnostics, options, null, sources).call();
    }

    Map<Snippet, List<String>> broken = new TreeMap<>(Comparator.comparingInt((Snippet s) -> s.number));
    List<String> unplaced = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() != Diagnostic.Kind.ERROR) {
        continue;
      }
      if (d.getSource() instanceof Source) {
        Source source = (Source) d.getSource();
        broken.computeIfAbsent(source.snippet, s -> new ArrayList<>()).add(source.describe(d));
      } else {
        unplaced.add(d.getMessage(Locale.ROOT));
      }
    }
    if (!compiled && broken.isEmpty() && unplaced.isEmpty()) {
      unplaced.add("javac failed without an error diagnostic");
    }
    if (!broken.isEmpty() || !unplaced.isEmpty()) {
      StringBuilder message = new StringBuilder();
      message.append(broken.size()).append(" of ").append(snippets.size())
          .append(" README.md java snippets do not compile:\n");
      broken.forEach((snippet, errors) -> {
        message.append("\nsnippet #").append(snippet.number).append(" (README.md line ").append(snippet.firstLine)
            .append("): ").append(snippet.firstCodeLine()).append('\n');
        errors.forEach(e -> message.append("  ").append(e.replace("\n", "\n    ")).append('\n'));
      });
      unplaced.forEach(e -> message.append("\n").append(e).append('\n'));
      fail(message.toString());
    }
  }

  @Test
  void should_state_the_imports_the_snippets_assume() throws Exception {
    List<Snippet> snippets = Snippet.extract(Files.readAllLines(README, StandardCharsets.UTF_8));

    Snippet stated = snippets.stream().filter(s -> s.body.isBlank()).findFirst().orElseThrow(() -> new AssertionError(
        "README.md shows no java block of imports only; it must state the imports its snippets assume:\n"
            + String.join("\n", STANDARD_IMPORTS)));
    assertThat(stated.imports.stream().map(ReadmeSnippetsTest::withoutComment).filter(l -> !l.isBlank()))
        .as("the imports README.md states at line %d", stated.firstLine)
        .containsExactlyElementsOf(STANDARD_IMPORTS);
  }

  private static String withoutComment(String importLine) {
    int comment = importLine.indexOf("//");
    return (comment < 0 ? importLine : importLine.substring(0, comment)).strip();
  }

  private static String testClassPath() {
    String surefire = System.getProperty("surefire.test.class.path");
    String classPath = surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
    assertThat(classPath.split(File.pathSeparator)).as("test class path")
        .anyMatch(entry -> entry.contains("flow-junit"));
    return classPath;
  }

  /** One {@code ```java} block: its number (from 1), where it starts, its hoisted imports and the rest. */
  static final class Snippet {
    final int number;
    final int firstLine;
    final List<String> imports;
    final String body;

    private Snippet(int number, int firstLine, List<String> lines) {
      this.number = number;
      this.firstLine = firstLine;
      int i = 0;
      while (i < lines.size() && (lines.get(i).isBlank() || IMPORT.matcher(lines.get(i).strip()).matches())) {
        i++;
      }
      this.imports = List.copyOf(lines.subList(0, i));
      this.body = String.join("\n", lines.subList(i, lines.size()));
    }

    static List<Snippet> extract(List<String> readme) {
      List<Snippet> snippets = new ArrayList<>();
      for (int i = 0; i < readme.size(); i++) {
        if (!readme.get(i).strip().equals("```java")) {
          continue;
        }
        int start = i + 1;
        int end = start;
        while (end < readme.size() && !readme.get(end).strip().startsWith("```")) {
          end++;
        }
        if (end == readme.size()) {
          throw new AssertionError("README.md line " + i + ": ```java block never closed");
        }
        snippets.add(new Snippet(snippets.size() + 1, start + 1, readme.subList(start, end)));
        i = end;
      }
      return snippets;
    }

    String firstCodeLine() {
      String all = String.join("\n", imports) + "\n" + body;
      return all.lines().filter(l -> !l.isBlank()).findFirst().orElse("(empty)").strip();
    }

    Matcher topLevelType() {
      return TOP_LEVEL_TYPE.matcher(body);
    }
  }

  /**
   * A snippet as a compilation unit: package, standard imports, its own imports verbatim, then its
   * body (wrapped in a method unless it declares a type), so source lines map back to README lines.
   */
  static final class Source extends SimpleJavaFileObject {
    final Snippet snippet;
    final String code;
    final int importsFrom;   // first source line holding the snippet's own lines (1-based)
    final int bodyFrom;      // first source line of the snippet's body

    Source(Snippet snippet) {
      super(uri(snippet), Kind.SOURCE);
      this.snippet = snippet;
      List<String> lines = new ArrayList<>();
      lines.add("package " + packageName(snippet) + ";");
      lines.addAll(STANDARD_IMPORTS);
      importsFrom = lines.size() + 1;
      lines.addAll(snippet.imports);
      boolean wrapped = !snippet.topLevelType().find();
      if (wrapped) {
        lines.add(METHOD_HEADER);
      }
      bodyFrom = lines.size() + 1;
      lines.add(snippet.body);
      if (wrapped) {
        lines.add("}}");
      }
      this.code = String.join("\n", lines) + "\n";
    }

    private static String packageName(Snippet snippet) {
      return String.format(Locale.ROOT, "readme.snippet%02d", snippet.number);
    }

    private static URI uri(Snippet snippet) {
      Matcher type = snippet.topLevelType();
      String name = type.find() ? type.group(1) : "Snippet";
      return URI.create("string:///" + packageName(snippet).replace('.', '/') + "/" + name + Kind.SOURCE.extension);
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return code;
    }

    /** {@code README.md:123: cannot find symbol ...}, with the offending README line. */
    String describe(Diagnostic<? extends JavaFileObject> d) {
      long line = d.getLineNumber();
      String where;
      if (line >= bodyFrom) {
        where = "README.md:" + (snippet.firstLine + snippet.imports.size() + (line - bodyFrom));
      } else if (line >= importsFrom) {
        where = "README.md:" + (snippet.firstLine + (line - importsFrom));
      } else {
        where = "standard import line " + (line - 1);
      }
      String text = line > 0 ? code.lines().skip(line - 1).findFirst().orElse("").strip() : "";
      return where + ": " + d.getMessage(Locale.ROOT) + (text.isEmpty() ? "" : "\n" + text);
    }
  }
}
