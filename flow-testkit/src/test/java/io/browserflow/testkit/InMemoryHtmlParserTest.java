package io.browserflow.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

class InMemoryHtmlParserTest {

  private static PageDocument parse(String html) {
    return PageParser.parse(html, "http://app.test/");
  }

  private static List<String> tags(Element c) {
    return c.children().stream().map(Element::normalName).collect(Collectors.toList());
  }

  private static Element first(PageDocument doc, String tag) {
    return Dom.descendants(doc.dom, true).stream().filter(e -> Dom.is(e, tag)).findFirst().orElseThrow();
  }

  private static Map<String, String> attributes(Element e) {
    Map<String, String> out = new LinkedHashMap<>();
    e.attributes().forEach(a -> out.put(a.getKey(), a.getValue()));
    return out;
  }

  private static long count(List<Element> elements, String tag) {
    return elements.stream().filter(e -> Dom.is(e, tag)).count();
  }

  @Test
  void should_imply_html_head_and_body_around_a_fragment() {
    PageDocument doc = parse("<title>T</title><meta charset=utf-8>\n<p>x</p>");

    assertThat(tags(doc.dom)).containsExactly("html");
    assertThat(tags(doc.dom.child(0))).containsExactly("head", "body");
    assertThat(tags(doc.head())).containsExactly("title", "meta");
    assertThat(tags(doc.body())).containsExactly("p");
    assertThat(doc.title()).isEqualTo("T");
  }

  @Test
  void should_keep_the_attributes_of_explicit_html_and_body() {
    PageDocument doc = parse("<!DOCTYPE html><html lang=en><head><title>A</title></head><body class=main><p>x</p></body></html>");

    assertThat(doc.dom.child(0).attr("lang")).isEqualTo("en");
    assertThat(doc.body().attr("class")).isEqualTo("main");
    assertThat(tags(doc.body())).containsExactly("p");
  }

  @Test
  void should_read_quoted_unquoted_and_bare_attributes() {
    Element input = first(parse("<input type=text value='a b' data-x=\"q\" href=/next/ disabled DATA-Upper=1>"), "input");

    assertThat(attributes(input)).containsEntry("type", "text").containsEntry("value", "a b").containsEntry("data-x", "q")
        .containsEntry("href", "/next/").containsEntry("disabled", "").containsEntry("data-upper", "1");
  }

  @Test
  void should_keep_the_first_of_duplicate_attributes() {
    assertThat(first(parse("<b id=one id=two>x</b>"), "b").attr("id")).isEqualTo("one");
  }

  @Test
  void should_decode_entities_in_text_and_attributes() {
    Element p = first(parse("<p title=\"a&amp;b\">&lt;x&gt; &quot;y&quot; &#39;z&#39;&nbsp;&#x41;&#66; &unknown; & done</p>"), "p");

    assertThat(p.attr("title")).isEqualTo("a&b");
    assertThat(Dom.textContent(p)).isEqualTo("<x> \"y\" 'z'\u00a0AB &unknown; & done");
  }

  @Test
  void should_skip_comments_doctype_and_processing_instructions() {
    PageDocument doc = parse("<!doctype html><?xml version=\"1.0\"?><!-- <p>not me</p> --><p>me</p>");

    assertThat(tags(doc.body())).containsExactly("p");
    assertThat(Dom.textContent(doc.body())).isEqualTo("me");
  }

  @Test
  void should_keep_script_and_style_content_as_data_that_is_never_rendered() {
    PageDocument doc = parse("<script>if (a < b) { document.write('<p>no</p>') }</script>"
        + "<style>p > b { color: red }</style><p>yes</p>");

    assertThat(count(Dom.descendants(doc.dom, true), "p")).isEqualTo(1);
    assertThat(first(doc, "script").children()).isEmpty();
    assertThat(Dom.textContent(first(doc, "script"))).isEqualTo("if (a < b) { document.write('<p>no</p>') }");
    assertThat(RenderedText.normalize(RenderedText.innerText(doc.body()))).isEqualTo("yes");
    assertThat(RenderedText.normalize(RenderedText.composedText(doc.body()))).isEqualTo("yes");
  }

  @Test
  void should_keep_noscript_content_as_text_as_a_browser_running_scripts_does() {
    PageDocument doc = parse("<noscript><p id=n>Enable scripts</p></noscript><p>page</p>");

    assertThat(count(Dom.descendants(doc.dom, true), "p")).isEqualTo(1);
    assertThat(RenderedText.normalize(RenderedText.composedText(doc.body()))).isEqualTo("page");
  }

  @Test
  void should_keep_textarea_and_title_content_as_text() {
    PageDocument doc = parse("<title>A &amp; <b>B</b></title><textarea>\n<b>x</b></textarea>");

    assertThat(doc.title()).isEqualTo("A & <b>B</b>");
    assertThat(Dom.textContent(first(doc, "textarea"))).isEqualTo("<b>x</b>");
    assertThat(count(Dom.descendants(doc.dom, true), "b")).isZero();
  }

  @Test
  void should_never_nest_inside_void_elements() {
    PageDocument doc = parse("<br><input><img src=x.png><p>x</p>");

    assertThat(tags(doc.body())).containsExactly("br", "input", "img", "p");
  }

  @Test
  void should_ignore_the_self_closing_slash_of_non_void_elements_like_browsers() {
    PageDocument doc = parse("<div/><span>x</span><br/><svg><path/><circle/></svg>");

    assertThat(tags(doc.body())).containsExactly("div");
    assertThat(tags(first(doc, "div"))).containsExactly("span", "br", "svg");
    assertThat(tags(first(doc, "svg"))).containsExactly("path", "circle");
  }

  @Test
  void should_close_paragraphs_list_items_and_options_implicitly() {
    PageDocument doc = parse("<p>a<p>b<div>c</div><ul><li>1<li>2</ul><select><option>x<option>y</select>");

    assertThat(tags(doc.body())).containsExactly("p", "p", "div", "ul", "select");
    assertThat(tags(first(doc, "ul"))).containsExactly("li", "li");
    assertThat(tags(first(doc, "select"))).containsExactly("option", "option");
  }

  @Test
  void should_insert_tbody_and_close_cells_and_rows_implicitly() {
    PageDocument doc = parse("<table><tr><td>1<td>2<tr><td>3</table><p>after</p>");

    Element table = first(doc, "table");
    assertThat(tags(table)).containsExactly("tbody");
    Element tbody = table.child(0);
    assertThat(tags(tbody)).containsExactly("tr", "tr");
    assertThat(tags(tbody.child(0))).containsExactly("td", "td");
    assertThat(tags(doc.body())).containsExactly("table", "p");
  }

  @Test
  void should_close_the_nearest_open_element_of_an_end_tag_and_ignore_stray_ones() {
    PageDocument doc = parse("<div><span>a</div><p>b</p></i></section>");

    assertThat(tags(doc.body())).containsExactly("div", "p");
    assertThat(tags(first(doc, "div"))).containsExactly("span");
  }

  @Test
  void should_survive_truncated_markup() {
    PageDocument doc = parse("<div class=\"x><span>a");

    assertThat(doc.body()).isNotNull();
    PageDocument doc2 = parse("<p>ok<b");
    assertThat(Dom.textContent(doc2.body())).isEqualTo("ok");
  }

  @Test
  void should_treat_a_lone_less_than_sign_as_text() {
    assertThat(Dom.textContent(parse("<p>1 < 2 and 3 <= 4</p>").body())).isEqualTo("1 < 2 and 3 <= 4");
  }

  @Test
  void should_attach_a_declarative_open_shadow_root_to_its_host() {
    PageDocument doc = parse("<div id=h><template shadowrootmode=\"open\"><b>in</b><slot></slot></template><i>light</i></div>");

    Element host = first(doc, "div");
    ShadowRoot root = ShadowRoot.of(host);
    assertThat(root).isNotNull();
    assertThat(root.open).isTrue();
    assertThat(tags(root.container)).containsExactly("b", "slot");
    assertThat(tags(host)).containsExactly("i");
    assertThat(count(Dom.descendants(doc.dom, false), "b")).isZero();
    assertThat(count(Dom.descendants(doc.dom, true), "b")).isEqualTo(1);
  }

  @Test
  void should_keep_a_closed_shadow_root_out_of_piercing_queries() {
    PageDocument doc = parse("<div><template shadowrootmode=closed><b>secret</b></template></div>");

    Element host = first(doc, "div");
    assertThat(ShadowRoot.of(host).open).isFalse();
    assertThat(count(Dom.descendants(doc.dom, true), "b")).isZero();
    assertThat(count(Dom.allDescendants(doc.dom), "b")).isEqualTo(1);
  }

  @Test
  void should_keep_plain_template_content_inert() {
    PageDocument doc = parse("<template id=t><p id=x>t</p></template>");

    Element template = first(doc, "template");
    assertThat(template.childNodes()).isEmpty();
    assertThat(ElementData.of(template).templateContent.children()).hasSize(1);
    assertThat(count(Dom.descendants(doc.dom, true), "p")).isZero();
  }

  @Test
  void should_nest_shadow_roots() {
    PageDocument doc = parse("<x-a><template shadowrootmode=open><x-b><template shadowrootmode=open>"
        + "<button>deep</button></template></x-b></template></x-a>");

    assertThat(count(Dom.descendants(doc.dom, true), "button")).isEqualTo(1);
  }

  @Test
  void should_keep_a_declarative_shadow_root_on_an_element_that_cannot_host_one_as_a_template() {
    PageDocument doc = parse("<button><template shadowrootmode=open><b>in</b></template>x</button>");

    assertThat(ShadowRoot.of(first(doc, "button"))).isNull();
    assertThat(tags(first(doc, "button"))).containsExactly("template");
    assertThat(count(Dom.descendants(doc.dom, true), "b")).isZero();
  }
}
