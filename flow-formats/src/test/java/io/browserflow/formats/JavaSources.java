package io.browserflow.formats;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/** Compiles generated Java sources against the test class path and loads the classes. */
final class JavaSources {
  private JavaSources() {}

  /**
   * Compiles {@code sources} (fully qualified class name to source text) into {@code dir} and returns
   * a class loader seeing them (its parent: the test class loader).
   */
  static ClassLoader compile(Path dir, Map<String, String> sources) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      throw new AssertionError("no system Java compiler: run the tests on a JDK, not a JRE");
    }
    try {
      Path src = Files.createDirectories(dir.resolve("src"));
      Path out = Files.createDirectories(dir.resolve("classes"));
      List<Path> files = new ArrayList<>();
      for (Map.Entry<String, String> e : sources.entrySet()) {
        Path file = src.resolve(e.getKey().replace('.', '/') + ".java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, e.getValue(), StandardCharsets.UTF_8);
        files.add(file);
      }
      DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
      try (StandardJavaFileManager fm = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
        List<String> options = List.of("-d", out.toString(), "-classpath", System.getProperty("java.class.path"),
            "-encoding", "UTF-8", "-proc:none", "--release", "17");
        boolean ok = javac.getTask(null, fm, diagnostics, options, null, fm.getJavaFileObjectsFromPaths(files)).call();
        if (!ok) {
          String errors = diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
              .map(d -> d.getSource().getName() + ":" + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT))
              .collect(Collectors.joining("\n"));
          throw new AssertionError("the generated code does not compile:\n" + errors + "\n\n"
              + String.join("\n\n", numbered(sources)));
        }
      }
      return new URLClassLoader(new URL[] {out.toUri().toURL()}, JavaSources.class.getClassLoader());
    } catch (MalformedURLException e) {
      throw new IllegalStateException(e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Calls the static, no-argument method {@code name} of a loaded class. */
  static Object call(Class<?> type, String name) {
    try {
      Method m = type.getDeclaredMethod(name);
      m.setAccessible(true);
      return m.invoke(null);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError("cannot call " + type.getName() + "." + name + "()", e.getCause() == null ? e : e.getCause());
    }
  }

  private static List<String> numbered(Map<String, String> sources) {
    List<String> all = new ArrayList<>();
    for (Map.Entry<String, String> e : sources.entrySet()) {
      String[] lines = e.getValue().split("\n", -1);
      StringBuilder sb = new StringBuilder(e.getKey()).append(":\n");
      for (int i = 0; i < lines.length; i++) {
        sb.append(String.format(Locale.ROOT, "%4d  %s%n", i + 1, lines[i]));
      }
      all.add(sb.toString());
    }
    return all;
  }
}
