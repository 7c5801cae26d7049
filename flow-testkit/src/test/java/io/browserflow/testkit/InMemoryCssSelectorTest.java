package io.browserflow.testkit;

import static io.browserflow.testkit.MemoryPages.thrown;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class InMemoryCssSelectorTest {
  private static final PageDocument DOC = PageParser.parse("<form id=f>"
      + "<div class=\"row a\" data-k=\"alpha-beta\" lang=en-US><input id=i1 name=q type=text><b>1</b></div>"
      + "<div class=\"row b\" data-k=ALPHA><input id=i2 name=qq type=checkbox checked><input id=i3 disabled></div>"
      + "<p id=\"a:b\">esc</p><p class=empty></p>"
      + "</form><ul><li>1</li><li>2</li><li>3</li><li>4</li><li>5</li></ul>"
      + "<div id=host><template shadowrootmode=open><span class=in>shadow</span></template></div>", "http://app.test/");

  private static List<String> select(String css) {
    return CssQuery.parse(css).select(List.of(DOC.dom), true).stream()
        .map(e -> Dom.attrOr(e, "id", e.normalName() + (e.hasAttr("class") ? "." + e.attr("class").replace(' ', '.') : "")))
        .collect(Collectors.toList());
  }

  private static int count(String css) {
    return CssQuery.parse(css).select(List.of(DOC.dom), true).size();
  }

  @Test
  void should_match_types_universal_ids_and_classes() {
    assertThat(select("input")).containsExactly("i1", "i2", "i3");
    assertThat(select("#i2")).containsExactly("i2");
    assertThat(select(".row.b")).containsExactly("div.row.b");
    assertThat(select("DIV.row")).hasSize(2);
    assertThat(count("*")).isGreaterThan(10);
  }

  @Test
  void should_match_attribute_operators() {
    assertThat(select("[disabled]")).containsExactly("i3");
    assertThat(select("[name=q]")).containsExactly("i1");
    assertThat(select("[name='qq']")).containsExactly("i2");
    assertThat(select("[name^=q]")).containsExactly("i1", "i2");
    assertThat(select("[name$=qq]")).containsExactly("i2");
    assertThat(select("[data-k*=pha-b]")).containsExactly("div.row.a");
    assertThat(select("[class~=b]")).containsExactly("div.row.b");
    assertThat(select("[lang|=en]")).containsExactly("div.row.a");
    assertThat(select("[data-k=alpha i]")).containsExactly("div.row.b");
    assertThat(select("[data-k=alpha]")).isEmpty();
  }

  @Test
  void should_combine_with_descendant_child_and_sibling_combinators() {
    assertThat(select("form input")).containsExactly("i1", "i2", "i3");
    assertThat(select("form > input")).isEmpty();
    assertThat(select("div.a > input")).containsExactly("i1");
    assertThat(select("input + b")).containsExactly("b");
    assertThat(select("#i2 ~ input")).containsExactly("i3");
    assertThat(select("div.a ~ p")).containsExactly("a:b", "p.empty");
  }

  @Test
  void should_match_selector_lists_in_document_order() {
    assertThat(select("#i3, #i1")).containsExactly("i1", "i3");
  }

  @Test
  void should_match_structural_pseudo_classes() {
    assertThat(count("li:nth-child(2)")).isEqualTo(1);
    assertThat(count("li:nth-child(odd)")).isEqualTo(3);
    assertThat(count("li:nth-child(even)")).isEqualTo(2);
    assertThat(count("li:nth-child(2n+1)")).isEqualTo(3);
    assertThat(count("li:nth-child(-n+2)")).isEqualTo(2);
    assertThat(count("li:nth-last-child(1)")).isEqualTo(1);
    assertThat(count("li:first-child")).isEqualTo(1);
    assertThat(count("li:last-child")).isEqualTo(1);
    assertThat(count("input:nth-of-type(2)")).isEqualTo(1);
    assertThat(select("p:empty")).containsExactly("p.empty");
    assertThat(select(":root")).containsExactly("html");
  }

  @Test
  void should_match_state_pseudo_classes_and_negation() {
    assertThat(select("input:checked")).containsExactly("i2");
    assertThat(select("input:disabled")).containsExactly("i3");
    assertThat(select("input:enabled")).containsExactly("i1", "i2");
    assertThat(select("input:not([type=checkbox]):not(:disabled)")).containsExactly("i1");
    assertThat(select("li:not(:first-child, :last-child)")).hasSize(3);
  }

  @Test
  void should_unescape_identifiers() {
    assertThat(select("#a\\:b")).containsExactly("a:b");
  }

  @Test
  void should_pierce_open_shadow_roots_only_when_asked() {
    CssQuery sel = CssQuery.parse("#host .in");

    assertThat(sel.select(List.of(DOC.dom), true)).hasSize(1);
    assertThat(sel.select(List.of(DOC.dom), false)).isEmpty();
    assertThat(CssQuery.parse(".in").select(List.of(DOC.dom), false)).isEmpty();
    assertThat(CssQuery.parse("#host > .in").select(List.of(DOC.dom), true)).hasSize(1);
    assertThat(CssQuery.parse(".in:first-child").select(List.of(DOC.dom), true)).hasSize(1);
    assertThat(CssQuery.parse(":root .in").select(List.of(DOC.dom), true)).hasSize(1);
    assertThat(CssQuery.parse(".in:root").select(List.of(DOC.dom), true)).isEmpty();
  }

  @Test
  void should_match_is_and_has_as_browsers_do() {
    assertThat(select("div:has(> b)")).containsExactly("div.row.a");
    assertThat(select("div:has(input[type=checkbox])")).containsExactly("div.row.b");
    assertThat(select(":is(#i1, #i3)")).containsExactly("i1", "i3");
    assertThat(select("div:not(:has(b)) > input")).containsExactly("i2", "i3");
  }

  @Test
  void should_compare_attribute_values_case_sensitively_except_where_html_does_not() {
    assertThat(select("[name=Q]")).isEmpty();
    assertThat(select("input[type=CHECKBOX]")).containsExactly("i2");
    assertThat(select("[data-k=ALPHA s]")).containsExactly("div.row.b");
  }

  @Test
  void should_count_whitespace_as_content_for_empty() {
    PageDocument doc = PageParser.parse("<p id=a></p><p id=b> </p><p id=c><!-- note --></p>", "http://app.test/");

    assertThat(CssQuery.parse("p:empty").select(List.of(doc.dom), true)).extracting(e -> e.attr("id"))
        .containsExactly("a", "c");
  }

  @ParameterizedTest
  @ValueSource(strings = {"div >> span", "p::before", "a:hover", "button:visible", "[a=", "", "div,",
      "li:nth-child(2 of .x)", "a | b", "text=Save", "p:contains(x)", "li:eq(1)", "[a!=b]", "[^data-]", "svg|rect",
      ":is(:checked)", "div:has(input:checked)", "> p", "p >"})
  void should_reject_syntax_outside_the_subset(String css) {
    FlowRunException e = thrown(FlowRunException.class, () -> CssQuery.parse(css));

    assertThat(e).isNotNull();
    assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_STEP);
    assertThat(e.details()).containsEntry("selector", css).containsKey("syntax");
  }
}
