package io.browserflow.formats;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.lint.LintCode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The code enum's own promises: lint mirrors keep the lint spelling, old spellings still read, the changelog lists them. */
class ConversionCodeTest {
  private static final Path CHANGELOG = Path.of("..").toAbsolutePath().normalize().resolve("CHANGELOG.md");
  private static final Pattern RENAME_ROW = Pattern.compile("^\\|\\s*`([A-Z0-9_]+)`\\s*\\|\\s*`([A-Z0-9_]+)`\\s*\\|.*");

  @Test
  void should_spell_a_code_that_mirrors_a_lint_code_as_that_lint_code_and_say_so() throws IOException {
    ErrorCatalogTest.Catalog catalog = new ErrorCatalogTest.Catalog("", "", Path.of("..").toAbsolutePath().normalize()
        .resolve("flow-formats/src/main/java/io/browserflow/formats/ConversionCode.java"), ConversionCode.class);
    Map<String, String> javadoc = new TreeMap<>();
    ErrorCatalogTest.parse(catalog).stream().filter(e -> e.name() != null).forEach(e -> javadoc.put(e.name(), e.text()));
    for (ConversionCode c : ConversionCode.values()) {
      c.lintCode().ifPresent(l -> {
        assertThat(l.name()).as("lint code mirrored by %s", c).isEqualTo(c.name());
        assertThat(javadoc.get(c.name())).as("javadoc of %s", c).contains("`LintCode." + c.name() + "`");
        assertThat(ConversionCode.of(l)).contains(c);
      });
    }
    assertThat(ConversionCode.of(LintCode.MANUAL_STEP)).isEmpty();
  }

  @Test
  void should_read_a_former_name_as_its_new_code_and_never_reuse_one() {
    List<String> former = new ArrayList<>();
    for (ConversionCode c : ConversionCode.values()) {
      assertThat(ConversionCode.named(c.name())).contains(c);
      assertThat(ConversionCode.named(c.name().toLowerCase(java.util.Locale.ROOT))).contains(c);
      for (String f : c.formerNames()) {
        assertThat(ConversionCode.named(f)).as(f).contains(c);
        former.add(f);
      }
    }
    assertThat(former).doesNotHaveDuplicates()
        .noneMatch(f -> java.util.Arrays.stream(ConversionCode.values()).anyMatch(c -> c.name().equals(f)));
    assertThat(ConversionCode.named("IFRAME_UNRESOLVED")).contains(ConversionCode.FRAME_UNRESOLVED);
    assertThat(ConversionCode.named("NOTE")).isEmpty();
  }

  @Test
  void should_list_every_rename_in_the_changelog() throws IOException {
    Map<String, String> listed = new TreeMap<>();
    boolean inTable = false;
    for (String line : Files.readAllLines(CHANGELOG, StandardCharsets.UTF_8)) {
      if (line.contains("Renamed conversion codes")) {
        inTable = true;
        continue;
      }
      if (inTable && line.startsWith("#")) {
        break;
      }
      Matcher m = RENAME_ROW.matcher(line);
      if (inTable && m.matches()) {
        listed.put(m.group(1), m.group(2));
      }
    }
    Map<String, String> renamed = new TreeMap<>();
    for (ConversionCode c : ConversionCode.values()) {
      c.formerNames().forEach(f -> renamed.put(f, c.name()));
    }
    assertThat(listed).as("the \"Renamed conversion codes\" table of CHANGELOG.md, old -> new")
        .isEqualTo(renamed);
  }

  @Test
  void should_carry_a_files_own_issue_under_its_code_when_it_is_one() {
    Issues issues = new Issues();
    issues.listed("OPTION_UNSUPPORTED", ConversionIssue.Severity.WARNING, "commands[0]", "no --confirm");
    issues.listed(" overlay_click ", ConversionIssue.Severity.WARNING, "commands[1]", "mask");
    issues.listed("NOTE", ConversionIssue.Severity.INFO, "warnings[0]", "fyi");
    issues.listed(null, ConversionIssue.Severity.BLOCKING, "warnings[1]", "(no message)");

    assertThat(issues.list()).containsExactly(
        ConversionIssue.of(ConversionCode.UNSUPPORTED_OPTION, ConversionIssue.Severity.WARNING, "commands[0]", "no --confirm"),
        ConversionIssue.of(ConversionCode.OVERLAY_CLICK, ConversionIssue.Severity.WARNING, "commands[1]", "mask"),
        ConversionIssue.of(ConversionCode.SOURCE_ISSUE, ConversionIssue.Severity.INFO, "warnings[0]", "NOTE: fyi"),
        ConversionIssue.of(ConversionCode.SOURCE_ISSUE, ConversionIssue.Severity.BLOCKING, "warnings[1]", "(no message)"));
  }

  @Test
  void should_keep_one_of_equal_issues_only_when_asked() {
    Issues all = new Issues();
    Issues distinct = Issues.distinct();
    for (Issues i : List.of(all, distinct)) {
      i.info(ConversionCode.CANDIDATES_DROPPED, "steps[1].target", "one locator");
      i.info(ConversionCode.CANDIDATES_DROPPED, "steps[1].target", "one locator");
      i.info(ConversionCode.CANDIDATES_DROPPED, "steps[2].target", "one locator");
    }
    assertThat(all.list()).hasSize(3);
    assertThat(distinct.list()).extracting(ConversionIssue::path).containsExactly("steps[1].target", "steps[2].target");
  }
}
