package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The BOM names every published module at the project's version, and nothing else. */
class BomTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  /** Reactor modules that are not published as libraries. */
  private static final Set<String> UNPUBLISHED = Set.of("browserflow-bom", "samples", "flow-benchmarks");

  @Test
  void should_list_every_published_module_at_the_project_version() throws Exception {
    String parent = Files.readString(ROOT.resolve("pom.xml")).replaceAll("(?s)<!--.*?-->", "");
    String bomPom = Files.readString(ROOT.resolve("browserflow-bom/pom.xml")).replaceAll("(?s)<!--.*?-->", "");
    String bom = bomPom.substring(bomPom.indexOf("<dependencyManagement>"), bomPom.indexOf("</dependencyManagement>"));

    assertThat(firstTag(bomPom, "version")).isEqualTo(firstTag(parent, "version"));
    assertThat(bomPom).doesNotContain("<parent>");

    Set<String> published = new TreeSet<>(all(parent, "<module>([^<]+)</module>"));
    published.removeAll(UNPUBLISHED);
    Set<String> listed = new TreeSet<>(all(bom,
        "<groupId>io\\.browserflow</groupId>\\s*<artifactId>([^<]+)</artifactId>\\s*<version>\\$\\{project\\.version}</version>"));
    assertThat(listed).isEqualTo(published);
    assertThat(all(bom, "<groupId>([^<]+)</groupId>")).as("only BrowserFlow's own artifacts").containsOnly("io.browserflow");
  }

  private static String firstTag(String pom, String tag) {
    String withoutParent = pom.replaceAll("(?s)<parent>.*?</parent>", "");
    Matcher m = Pattern.compile("<" + tag + ">([^<]+)</" + tag + ">").matcher(withoutParent);
    assertThat(m.find()).isTrue();
    return m.group(1);
  }

  private static List<String> all(String text, String regex) {
    Matcher m = Pattern.compile(regex).matcher(text);
    List<String> found = new ArrayList<>();
    while (m.find()) {
      found.add(m.group(1));
    }
    return found;
  }
}
