package io.browserflow.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/** The public placeholder parser. */
class PlaceholdersTest {

  @Test
  void should_list_references_in_order() {
    assertThat(Placeholders.references("${BASE}/u/${steps.read.text}?q=${input.Q}&again=${BASE}"))
        .containsExactly("BASE", "steps.read.text", "input.Q", "BASE");
  }

  @Test
  void should_find_no_references_in_plain_text() {
    assertThat(Placeholders.references("a $ { } {x} $x ${")).isEmpty();
    assertThat(Placeholders.references("")).isEmpty();
    assertThat(Placeholders.contains("price: $5 {x}")).isFalse();
    assertThat(Placeholders.contains("${")).isTrue();
  }

  @Test
  void should_skip_malformed_placeholders_but_keep_well_formed_ones() {
    assertThat(Placeholders.references("${} ${ } ${ok} ${unterminated")).containsExactly("ok");
    assertThat(Placeholders.references("${a${b}}")).containsExactly("b");
  }

  @Test
  void should_tell_where_each_placeholder_stands_in_a_script() {
    String script = "f(${A}, 'x${B}y', \"it\\\"s ${C}\", `${input.D} ${document.title}`) // ${E}\n/* ${F} */ '${G}'";

    List<Placeholders.ScriptUse> uses = Placeholders.inScript(script);

    assertThat(uses).extracting(Placeholders.ScriptUse::path).containsExactly("A", "B", "C", "input.D", "E", "F", "G");
    assertThat(uses).extracting(Placeholders.ScriptUse::context).containsExactly(Placeholders.ScriptContext.CODE,
        Placeholders.ScriptContext.STRING, Placeholders.ScriptContext.STRING, Placeholders.ScriptContext.TEMPLATE,
        Placeholders.ScriptContext.COMMENT, Placeholders.ScriptContext.COMMENT, Placeholders.ScriptContext.STRING);
    Placeholders.ScriptUse b = uses.get(1);
    assertThat(script.substring(b.start(), b.end())).isEqualTo("${B}");
    assertThat(script.substring(b.literalStart(), b.literalEnd())).isEqualTo("'x${B}y'");
    Placeholders.ScriptUse c = uses.get(2);
    assertThat(script.substring(c.literalStart(), c.literalEnd())).as("an escaped quote stays inside").isEqualTo("\"it\\\"s ${C}\"");
    assertThat(Placeholders.inScript("document.title")).isEmpty();
  }

  @Test
  void should_keep_paths_as_written() {
    assertThat(Placeholders.references("${ USER }")).containsExactly(" USER ");
  }

  @Test
  void should_recognise_whole_placeholders() {
    assertThat(Placeholders.isWhole("${steps.list.items}")).isTrue();
    assertThat(Placeholders.wholeReference("${steps.list.items}")).contains("steps.list.items");
    for (String notWhole : List.of("x${a}", "${a}x", "${a}${b}", "${}", "${ }", "${a", "a", "", "${a${b}}", "${a}}")) {
      assertThat(Placeholders.isWhole(notWhole)).as(notWhole).isFalse();
    }
  }

  @Test
  void should_describe_syntax_errors_with_their_offset() {
    assertThat(Placeholders.syntaxError("ab ${USER")).hasValueSatisfying(m -> assertThat(m).contains("unterminated").contains("3"));
    assertThat(Placeholders.syntaxError("${}")).hasValueSatisfying(m -> assertThat(m).contains("empty").contains("0"));
    assertThat(Placeholders.syntaxError("${ }")).hasValueSatisfying(m -> assertThat(m).contains("empty"));
    assertThat(Placeholders.syntaxError("${a${b}}")).hasValueSatisfying(m -> assertThat(m).contains("nest"));
    assertThat(Placeholders.syntaxError("${ok} and ${fine.too}")).isEmpty();
    assertThat(Placeholders.syntaxError("no placeholders }")).isEmpty();
  }

  @Test
  void should_not_repeat_the_value_in_a_syntax_error() {
    assertThat(Placeholders.syntaxError("s3cr3t-value ${oops")).hasValueSatisfying(m -> assertThat(m).doesNotContain("s3cr3t"));
  }

  @Test
  void should_replace_placeholders() {
    assertThat(Placeholders.replace("Hi ${USER}, ${n} new", p -> p.equals("USER") ? "Ann" : "3")).isEqualTo("Hi Ann, 3 new");
    assertThat(Placeholders.replace("plain", p -> "x")).isEqualTo("plain");
    assertThatThrownBy(() -> Placeholders.replace("${oops", p -> "x")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unterminated");
  }

  @Property(tries = 500)
  void should_never_throw_and_stay_consistent(
      @ForAll @Chars({'$', '{', '}', 'a', '.', ' '}) @StringLength(max = 30) String value) {
    List<String> refs = Placeholders.references(value);
    boolean whole = Placeholders.isWhole(value);
    if (whole) {
      assertThat(refs).containsExactly(Placeholders.wholeReference(value).orElseThrow());
      assertThat(Placeholders.syntaxError(value)).isEmpty();
    }
    if (Placeholders.syntaxError(value).isEmpty()) {
      assertThat(Placeholders.replace(value, p -> "${" + p + "}")).isEqualTo(value);
      assertThat(Placeholders.replace(value, p -> "").length())
          .isEqualTo(value.length() - refs.stream().mapToInt(r -> r.length() + 3).sum());
    }
    if (!Placeholders.contains(value)) {
      assertThat(refs).isEmpty();
    }
  }
}
