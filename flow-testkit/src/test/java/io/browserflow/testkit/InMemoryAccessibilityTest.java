package io.browserflow.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

class InMemoryAccessibilityTest {

  private static Element el(String html, String id) {
    PageDocument doc = PageParser.parse(html, "http://app.test/");
    doc.live = true;
    return Dom.descendants(doc.dom, true).stream().filter(e -> id.equals(Dom.attr(e, "id"))).findFirst().orElseThrow();
  }

  @Test
  void should_take_the_first_token_of_an_explicit_role() {
    assertThat(Aria.role(el("<div id=x role=\"Tab button\">t</div>", "x"))).isEqualTo("tab");
  }

  @Test
  void should_derive_implicit_roles_from_tags_and_input_types() {
    assertThat(Aria.role(el("<a id=x>no href</a>", "x"))).isEmpty();
    assertThat(Aria.role(el("<a id=x href=#>l</a>", "x"))).isEqualTo("link");
    assertThat(Aria.role(el("<input id=x type=search>", "x"))).isEqualTo("searchbox");
    assertThat(Aria.role(el("<input id=x type=password>", "x"))).isEqualTo("textbox");
    assertThat(Aria.role(el("<input id=x>", "x"))).isEqualTo("textbox");
    assertThat(Aria.role(el("<input id=x list=l>", "x"))).isEqualTo("combobox");
    assertThat(Aria.role(el("<input id=x type=reset>", "x"))).isEqualTo("button");
    assertThat(Aria.role(el("<input id=x type=range>", "x"))).isEqualTo("slider");
    assertThat(Aria.role(el("<input id=x type=hidden>", "x"))).isEmpty();
    assertThat(Aria.role(el("<select id=x multiple></select>", "x"))).isEqualTo("listbox");
    assertThat(Aria.role(el("<select id=x></select>", "x"))).isEqualTo("combobox");
    assertThat(Aria.role(el("<img id=x alt=\"\">", "x"))).isEqualTo("presentation");
    assertThat(Aria.role(el("<h4 id=x>h</h4>", "x"))).isEqualTo("heading");
    assertThat(Aria.role(el("<dialog id=x open>d</dialog>", "x"))).isEqualTo("dialog");
  }

  @Test
  void should_prefer_labelledby_then_aria_label_then_labels() {
    assertThat(Aria.name(el("<span id=l1>Billing</span><span id=l2>address</span>"
        + "<input id=x aria-labelledby=\"l1 l2\" aria-label=ignored>", "x"))).isEqualTo("Billing address");
    assertThat(Aria.name(el("<label for=x>Label</label><input id=x aria-label=\" Aria  label \">", "x")))
        .isEqualTo("Aria label");
    assertThat(Aria.name(el("<label for=x>First</label><label>Wrapping <input id=x></label>", "x")))
        .isEqualTo("First Wrapping");
  }

  @Test
  void should_name_buttons_images_and_tables() {
    assertThat(Aria.name(el("<input id=x type=submit>", "x"))).isEqualTo("Submit");
    assertThat(Aria.name(el("<input id=x type=button value=\" Go \">", "x"))).isEqualTo("Go");
    assertThat(Aria.name(el("<button id=x><img alt=Save> now <span hidden>secret</span></button>", "x")))
        .isEqualTo("Save now");
    assertThat(Aria.name(el("<table id=x><caption>People</caption><tr><td>1</td></tr></table>", "x")))
        .isEqualTo("People");
  }

  @Test
  void should_fall_back_to_title_and_placeholder() {
    assertThat(Aria.name(el("<div id=x role=region title=Region>content</div>", "x"))).isEqualTo("Region");
    assertThat(Aria.name(el("<input id=x placeholder=Search>", "x"))).isEqualTo("Search");
  }

  @Test
  void should_not_name_a_textbox_from_its_content() {
    assertThat(Aria.name(el("<textarea id=x>typed text</textarea>", "x"))).isEmpty();
  }

  @Test
  void should_hide_elements_by_attribute_style_and_ancestors() {
    assertThat(ElementState.visible(el("<p id=x>shown</p>", "x"))).isTrue();
    assertThat(ElementState.visible(el("<p id=x hidden>h</p>", "x"))).isFalse();
    assertThat(ElementState.visible(el("<p id=x style=\"DISPLAY : none\">h</p>", "x"))).isFalse();
    assertThat(ElementState.visible(el("<p id=x style=\"visibility:hidden\">h</p>", "x"))).isFalse();
    assertThat(ElementState.visible(el("<div hidden><section><p id=x>h</p></section></div>", "x"))).isFalse();
    assertThat(ElementState.visible(el("<input id=x type=hidden>", "x"))).isFalse();
    assertThat(ElementState.visible(el("<dialog><p id=x>h</p></dialog>", "x"))).isFalse();
    assertThat(ElementState.visible(el("<dialog open><p id=x>v</p></dialog>", "x"))).isTrue();
    assertThat(ElementState.visible(el("<details><summary id=x>s</summary><p>h</p></details>", "x"))).isTrue();
    assertThat(ElementState.visible(el("<details><summary>s</summary><p id=x>h</p></details>", "x"))).isFalse();
  }

  @Test
  void should_hide_light_children_of_a_shadow_host_without_a_matching_slot() {
    String html = "<div><template shadowrootmode=open><slot name=a></slot></template>"
        + "<p id=x slot=a>slotted</p><p id=y>unslotted</p></div>";

    assertThat(ElementState.visible(el(html, "x"))).isTrue();
    assertThat(ElementState.visible(el(html, "y"))).isFalse();
  }

  @Test
  void should_see_slotted_text_in_the_host() {
    String html = "<x-a id=h><template shadowrootmode=open><b>Hello</b> <slot></slot></template><i>world</i></x-a>";

    assertThat(RenderedText.normalize(RenderedText.composedText(el(html, "h")))).isEqualTo("Hello world");
  }

  @Test
  void should_disable_fieldset_descendants_except_in_its_first_legend() {
    String html = "<fieldset disabled><legend><input id=l></legend><input id=x></fieldset>"
        + "<div disabled><button id=d>d</button></div><span id=a aria-disabled=true>a</span>";

    assertThat(ElementState.enabled(el(html, "x"))).isFalse();
    assertThat(ElementState.enabled(el(html, "l"))).isTrue();
    assertThat(ElementState.enabled(el(html, "d"))).isTrue();
    assertThat(ElementState.enabled(el(html, "a"))).isFalse();
  }

  @Test
  void should_read_default_values_like_a_browser() {
    assertThat(ElementState.value(el("<input id=x type=checkbox>", "x"))).isEqualTo("on");
    assertThat(ElementState.value(el("<select id=x><option value=a disabled>A<option>B</select>", "x"))).isEqualTo("B");
    assertThat(ElementState.value(el("<select id=x><option>  Two  words </option></select>", "x"))).isEqualTo("Two words");
    assertThat(ElementState.value(el("<div id=x>text</div>", "x"))).isNull();
  }

  @Test
  void should_separate_blocks_and_skip_hidden_parts_in_inner_text() {
    Element e = el("<div id=x><p>a</p><p>b<span hidden>c</span></p><ul><li>d<li>e</ul>f<br>g</div>", "x");

    assertThat(RenderedText.normalize(RenderedText.innerText(e))).isEqualTo("a b d e f g");
    assertThat(RenderedText.normalize(Dom.textContent(e))).isEqualTo("abcdefg");
  }
}
