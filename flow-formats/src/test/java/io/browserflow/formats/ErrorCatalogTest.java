package io.browserflow.formats;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.lint.LintCode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/errors.md} is generated from the code enums' own javadoc and must match them. When a
 * code is added or its javadoc changes, regenerate the page:
 * {@code ./mvnw -pl flow-formats test -Dtest=ErrorCatalogTest -Dbrowserflow.docs.update=true}.
 */
class ErrorCatalogTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Path PAGE = ROOT.resolve("docs/errors.md");

  private static final List<Catalog> CATALOGS = List.of(
      new Catalog("Error codes", "`io.browserflow.api.ErrorCode`: carried by every `FlowException` (`code()`) and "
          + "every validation `Problem`. Switch on the code; messages are for people and may change.",
          ROOT.resolve("flow-api/src/main/java/io/browserflow/api/ErrorCode.java"), ErrorCode.class),
      new Catalog("Lint codes", "`io.browserflow.api.lint.LintCode`: the findings of `FlowLint` "
          + "(`browserflow lint`), each with a severity; an `error` makes the flow `BLOCKED`.",
          ROOT.resolve("flow-api/src/main/java/io/browserflow/api/lint/LintCode.java"), LintCode.class),
      new Catalog("Conversion codes", "`io.browserflow.formats.ConversionCode`: the issues of a `Conversion` "
          + "(`browserflow convert`, and `run`/`validate`/`lint` on a foreign recording), each with a severity and "
          + "a path into the source.",
          ROOT.resolve("flow-formats/src/main/java/io/browserflow/formats/ConversionCode.java"), ConversionCode.class));

  @Test
  void should_match_the_enums() throws IOException {
    String generated = render();
    if (Boolean.getBoolean("browserflow.docs.update")) {
      Files.writeString(PAGE, generated, StandardCharsets.UTF_8);
    }
    assertThat(PAGE).as("docs/errors.md exists; generate it with -Dbrowserflow.docs.update=true").exists();
    assertThat(Files.readString(PAGE, StandardCharsets.UTF_8))
        .as("docs/errors.md is out of date: run ./mvnw -pl flow-formats test -Dtest=ErrorCatalogTest "
            + "-Dbrowserflow.docs.update=true and commit it")
        .isEqualTo(generated);
  }

  @Test
  void should_document_every_constant() throws IOException {
    for (Catalog c : CATALOGS) {
      List<String> parsed = parse(c).stream().filter(e -> e.name != null).map(e -> e.name).toList();
      List<String> declared = Arrays.stream(c.type.getEnumConstants()).map(Enum::name).toList();
      assertThat(parsed).as("documented constants of %s, in order", c.type.getSimpleName()).isEqualTo(declared);
      assertThat(parse(c)).allSatisfy(e -> assertThat(e.text).as("javadoc of %s", e.name).isNotBlank());
    }
  }

  private static String render() throws IOException {
    StringBuilder md = new StringBuilder();
    md.append("# Error, lint and conversion codes\n\n")
        .append("Generated from the enums' javadoc by `ErrorCatalogTest` (flow-formats); do not edit by hand.\n")
        .append("Codes are stable: a rename is a breaking change and is listed in the changelog.\n");
    for (Catalog c : CATALOGS) {
      md.append("\n## ").append(c.title).append("\n\n").append(c.intro).append("\n");
      boolean table = false;
      for (Entry e : parse(c)) {
        if (e.name == null) {
          md.append("\n### ").append(e.text).append("\n");
          table = false;
          continue;
        }
        if (!table) {
          md.append("\n| code | meaning |\n|---|---|\n");
          table = true;
        }
        md.append("| `").append(e.name).append("` | ").append((e.text + formerly(c, e.name)).replace("|", "\\|"))
            .append(" |\n");
      }
    }
    return md.toString();
  }

  /** A renamed conversion code names its old spellings, so a search for one finds the new code. */
  private static String formerly(Catalog c, String name) {
    if (c.type != ConversionCode.class) {
      return "";
    }
    List<String> former = ConversionCode.valueOf(name).formerNames();
    return former.isEmpty() ? "" : " Formerly " + former.stream().map(f -> "`" + f + "`")
        .collect(java.util.stream.Collectors.joining(", ")) + ".";
  }

  private static final Pattern ITEM = Pattern.compile(
      "//\\s*-+\\s*(.+?)\\s*-+\\s*\\n|/\\*\\*(.*?)\\*/\\s*([A-Z][A-Z0-9_]*)\\s*[,;(\\n}]", Pattern.DOTALL);

  /** Section headings ({@code // ---- reading ----}) and each constant with its javadoc, in source order. */
  static List<Entry> parse(Catalog c) throws IOException {
    String src = Files.readString(c.source, StandardCharsets.UTF_8);
    String body = src.substring(src.indexOf("public enum"));
    body = body.substring(body.indexOf('{') + 1);
    List<Entry> out = new ArrayList<>();
    Matcher m = ITEM.matcher(body);
    while (m.find()) {
      if (m.group(1) != null) {
        out.add(new Entry(null, capitalize(m.group(1))));
      } else {
        out.add(new Entry(m.group(3), text(m.group(2))));
      }
    }
    return out;
  }

  private static String text(String javadoc) {
    String t = javadoc.replaceAll("(?m)^\\s*\\*\\s?", " ").replaceAll("\\s+", " ").trim();
    t = t.replaceAll("\\{@code ((?:[^{}]|\\{[^{}]*})*)}", "`$1`");
    t = t.replaceAll("\\{@link(?:plain)? ([^}\\s]+)\\s+([^}]+)}", "$2");
    t = t.replaceAll("\\{@link(?:plain)? ([^}]+)}", "`$1`");
    t = t.replaceAll("`#(?=\\w)", "`").replaceAll("`(\\w+)#(\\w+)", "`$1.$2");
    t = t.replaceAll("</?p>", " ").replaceAll("\\s+", " ").trim();
    return t;
  }

  private static String capitalize(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }

  record Catalog(String title, String intro, Path source, Class<? extends Enum<?>> type) {}

  record Entry(String name, String text) {}
}
