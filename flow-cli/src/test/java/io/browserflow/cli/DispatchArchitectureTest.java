package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No main source of any module dispatches on a step or condition except through
 * {@code StepVisitor} / {@code ConditionVisitor}: no {@code instanceof} over their kinds, no casts to
 * them, no {@code switch} statement over {@code kind()}. With the visitors' own completeness test in
 * flow-api, a new kind therefore fails to compile at every place that has to handle it. Code asking
 * about one kind only narrows with {@code Kinds.as} / {@code Kinds.is}.
 */
class DispatchArchitectureTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  /** A step or condition kind ({@code InteractionStep.Click}, {@code Condition.Url}) or a step family ({@code DataStep}). */
  private static final String KIND = "(?:(?:(?:Page|Interaction|Check|Data|External|Control)?Step|Condition)\\.[A-Z]\\w*"
      + "|(?:Page|Interaction|Check|Data|External|Control)Step\\b)";

  private static final List<Rule> RULES = List.of(
      new Rule("instanceof over a step or condition kind", Pattern.compile("instanceof\\s+" + KIND)),
      new Rule("cast to a step or condition kind", Pattern.compile("\\(\\s*" + KIND + "\\s*\\)\\s*[\\w(]")),
      new Rule("switch statement over kind()", Pattern.compile("switch\\s*\\([^)]*\\.kind\\(\\)\\)\\s*\\{\\s*case\\s+\\w+\\s*:")),
      new Rule("switch over Step.Kind with a default",
          Pattern.compile("switch\\s*\\([^)]*\\.kind\\(\\)\\)\\s*\\{(?:(?!\\n  \\S).)*?default\\s*(:|->)", Pattern.DOTALL)));

  @Test
  void should_dispatch_on_steps_and_conditions_only_through_the_visitors() throws IOException {
    List<Path> sources = mainSources();
    assertThat(sources).as("main sources found under %s", ROOT).hasSizeGreaterThan(100);

    List<String> violations = new ArrayList<>();
    for (Path file : sources) {
      String text = withoutComments(Files.readString(file));
      for (Rule rule : RULES) {
        Matcher m = rule.pattern.matcher(text);
        while (m.find()) {
          int line = text.substring(0, m.start()).split("\n", -1).length;
          violations.add(ROOT.relativize(file) + ":" + line + ": " + rule.name + ": " + m.group().lines().findFirst().orElse(""));
        }
      }
    }
    assertThat(violations).isEmpty();
  }

  @Test
  void should_catch_each_forbidden_form() {
    for (String offending : List.of("if (s instanceof InteractionStep.Click) {}", "if (s instanceof DataStep) {}",
        "if (c instanceof Condition.Url u) {}", "InteractionStep.Fill f = (InteractionStep.Fill) s;",
        "var p = (PageStep) s;", "switch (s.kind()) {\n  case OPEN: break;\n}",
        "switch (s.kind()) {\n    case OPEN -> 1;\n    default -> 2;\n  }")) {
      assertThat(RULES.stream().filter(r -> r.pattern.matcher(offending).find()).count()).as(offending).isPositive();
    }
    assertThat(RULES.get(0).pattern.matcher("visitor.visitClick(this)").find()).isFalse();
    assertThat(RULES.get(1).pattern.matcher("R visitClick(InteractionStep.Click step);").find()).isFalse();
  }

  private static List<Path> mainSources() throws IOException {
    List<Path> all = new ArrayList<>();
    try (Stream<Path> modules = Files.list(ROOT)) {
      for (Path module : modules.filter(p -> Files.isDirectory(p.resolve("src/main/java"))).toList()) {
        try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
          files.filter(p -> p.toString().endsWith(".java")).forEach(all::add);
        }
      }
    }
    return all;
  }

  /** Blanks comments and the contents of string and char literals, keeping line numbers. */
  private static String withoutComments(String java) {
    StringBuilder out = new StringBuilder(java.length());
    int i = 0;
    int n = java.length();
    while (i < n) {
      char c = java.charAt(i);
      if (c == '/' && i + 1 < n && java.charAt(i + 1) == '/') {
        while (i < n && java.charAt(i) != '\n') {
          out.append(' ');
          i++;
        }
      } else if (c == '/' && i + 1 < n && java.charAt(i + 1) == '*') {
        int end = java.indexOf("*/", i + 2);
        end = end < 0 ? n : end + 2;
        for (; i < end; i++) {
          out.append(java.charAt(i) == '\n' ? '\n' : ' ');
        }
      } else if (c == '"' || c == '\'') {
        boolean block = c == '"' && java.startsWith("\"\"\"", i);
        String close = block ? "\"\"\"" : String.valueOf(c);
        out.append(close);
        i += close.length();
        while (i < n && !java.startsWith(close, i)) {
          if (java.charAt(i) == '\\') {
            out.append(' ');
            i++;
          }
          if (i < n) {
            out.append(java.charAt(i) == '\n' ? '\n' : ' ');
            i++;
          }
        }
        out.append(close);
        i += close.length();
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }

  private record Rule(String name, Pattern pattern) {}
}
