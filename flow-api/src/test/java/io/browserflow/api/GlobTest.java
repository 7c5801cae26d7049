package io.browserflow.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class GlobTest {
  @Test
  void should_keep_a_single_star_within_a_url_segment() {
    assertThat(Glob.matchesUrl("http://app.test/*", "http://app.test/devices")).isTrue();
    assertThat(Glob.matchesUrl("http://app.test/*", "http://app.test/a/b")).isFalse();
    assertThat(Glob.matchesUrl("**/devices/*", "http://app.test/admin/devices/42")).isTrue();
    assertThat(Glob.matchesUrl("**/detail.html?id=*", "http://app.test/detail.html?id=7")).isTrue();
    assertThat(Glob.matchesUrl("**/detail.html?id=*", "http://app.test/detailXhtml?id=7")).isFalse();
  }

  @Test
  void should_let_stars_match_anything_in_text() {
    assertThat(Glob.matchesText("Order * saved", "Order 42 / 7 saved")).isTrue();
    assertThat(Glob.matchesText("devices-*.csv", "devices-2026.csv")).isTrue();
    assertThat(Glob.matchesText("devices-*.csv", "devices-2026.txt")).isFalse();
    assertThat(Glob.matchesText("a.b", "aXb")).isFalse();
  }

  @Test
  void should_answer_a_glob_built_to_backtrack_without_running_long() {
    String url = "http://app.test/" + "a".repeat(20_000);
    String glob = "**a**a**a**a**a**a**a**a**a**a**b";

    // a backtracking regular expression takes hours on this; the glob's own matcher one pass per part
    assertThat(Glob.matchesUrl(glob, url)).isFalse();
    assertThat(Glob.matchesText("*a*a*a*a*a*a*a*a*a*b", url)).isFalse();
    assertThat(Glob.matchesUrl(glob, url + "b")).isTrue();
    assertThat(Glob.matchesUrl("", "")).isTrue();
    assertThat(Glob.matchesText("*", "")).isTrue();
    assertThat(Glob.matchesUrl("*", "a/b")).isFalse();
  }

  /** The matcher means what the glob syntax says: the same answers as the regular expression it stands for. */
  @Property(tries = 1000, edgeCases = net.jqwik.api.EdgeCasesMode.NONE)
  void should_agree_with_the_regular_expression_a_glob_stands_for(
      @ForAll @StringLength(max = 8) @Chars({'a', '/', '*', '.'}) String glob,
      @ForAll @StringLength(max = 12) @Chars({'a', '/', '.'}) String text) {
    assertThat(Glob.matchesUrl(glob, text)).isEqualTo(regex(glob, "[^/]*").matcher(text).matches());
    assertThat(Glob.matchesText(glob, text)).isEqualTo(regex(glob, ".*").matcher(text).matches());
  }

  private static Pattern regex(String glob, String star) {
    StringBuilder re = new StringBuilder();
    for (int i = 0; i < glob.length(); i++) {
      char c = glob.charAt(i);
      if (c == '*' && i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
        re.append(".*");
        i++;
      } else if (c == '*') {
        re.append(star);
      } else {
        re.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return Pattern.compile(re.toString(), Pattern.DOTALL);
  }
}
