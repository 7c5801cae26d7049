package io.browserflow.testkit;

import static io.browserflow.testkit.MemoryPages.thrown;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import java.util.List;
import java.util.stream.Collectors;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class InMemoryXPathTest {
  private static final PageDocument DOC = PageParser.parse("<div id=d1 class=\"box big\"><span id=s1>a</span></div>"
      + "<div id=d2><span id=s2> b </span><span id=s3>c<i>x</i>c2</span></div>"
      + "<ul id=u1><li id=l1>1</li><li id=l2>2</li></ul><ul id=u2><li id=l3>3</li></ul>"
      + "<div id=host><template shadowrootmode=open><p id=inner>in</p></template></div>", "http://app.test/");

  private static List<String> ids(String xpath) {
    return ids(xpath, DOC.dom);
  }

  private static List<String> ids(String xpath, Element scope) {
    return XPathQuery.parse(xpath).evaluate(scope).stream().map(e -> Dom.attrOr(e, "id", e.normalName()))
        .collect(Collectors.toList());
  }

  @Test
  void should_select_descendants_by_tag_and_star() {
    assertThat(ids("//span")).containsExactly("s1", "s2", "s3");
    assertThat(ids("//ul/*")).containsExactly("l1", "l2", "l3");
  }

  @Test
  void should_follow_absolute_paths_with_positions() {
    assertThat(ids("/html/body/div[2]/span[2]")).containsExactly("s3");
    assertThat(ids("/html/body/ul[last()]/li")).containsExactly("l3");
    assertThat(ids("/body")).isEmpty();
  }

  @Test
  void should_apply_positions_per_parent_as_xpath_does() {
    assertThat(ids("//li[1]")).containsExactly("l1", "l3");
  }

  @Test
  void should_filter_by_attributes() {
    assertThat(ids("//div[@class]")).containsExactly("d1");
    assertThat(ids("//span[@id='s2']")).containsExactly("s2");
    assertThat(ids("//span[@id!='s2']")).containsExactly("s1", "s3");
    assertThat(ids("//div[contains(@class,'big')]")).containsExactly("d1");
    assertThat(ids("//li[starts-with(@id, \"l\")]")).containsExactly("l1", "l2", "l3");
  }

  @Test
  void should_filter_by_text() {
    assertThat(ids("//*[text()='a']")).containsExactly("s1");
    assertThat(ids("//*[text()='c2']")).containsExactly("s3");
    assertThat(ids("//span[text()='b']")).isEmpty();
    assertThat(ids("//span[normalize-space()='b']")).containsExactly("s2");
    assertThat(ids("//span[normalize-space(.)='b']")).containsExactly("s2");
    assertThat(ids("//span[.='cxc2']")).containsExactly("s3");
    assertThat(ids("//span[contains(text(),'c')]")).containsExactly("s3");
    assertThat(ids("//span[contains(., 'x')]")).containsExactly("s3");
  }

  @Test
  void should_combine_predicates() {
    assertThat(ids("//span[@id='s1' or @id='s3']")).containsExactly("s1", "s3");
    assertThat(ids("//li[@id and not(@id='l2')]")).containsExactly("l1", "l3");
    assertThat(ids("//ul[@id='u1']/li[2]")).containsExactly("l2");
  }

  @Test
  void should_walk_to_the_parent() {
    assertThat(ids("//i/..")).containsExactly("s3");
  }

  @Test
  void should_evaluate_relative_paths_from_the_scope() {
    Element d2 = DOC.elementById("d2");
    assertThat(ids("span", d2)).containsExactly("s2", "s3");
    assertThat(ids("./span[1]", d2)).containsExactly("s2");
  }

  @Test
  void should_not_pierce_shadow_roots_but_work_inside_one() {
    assertThat(ids("//p")).isEmpty();
    ShadowRoot root = ShadowRoot.of(DOC.elementById("host"));
    assertThat(ids("//p", root.container)).containsExactly("inner");
    assertThat(ids("/p", root.container)).containsExactly("inner");
    assertThat(ids("//*", root.container)).containsExactly("inner");
  }

  @Test
  void should_evaluate_all_of_xpath_1_0() {
    assertThat(ids("//div/following-sibling::ul")).containsExactly("u1", "u2");
    assertThat(ids("(//li)[1]")).containsExactly("l1");
    assertThat(ids("//ul[count(li)=2]")).containsExactly("u1");
    assertThat(ids("//ul[@id='u2'] | //span[@id='s1']")).containsExactly("s1", "u2");
    assertThat(ids("//li[@id=l1]")).isEmpty();
  }

  @Test
  void should_count_only_elements() {
    assertThat(ids("//li/text()")).isEmpty();
    assertThat(ids("//li/@id")).isEmpty();
  }

  @Test
  void should_reject_an_expression_that_selects_no_nodes() {
    FlowRunException e = thrown(FlowRunException.class, () -> XPathQuery.parse("count(//li)").evaluate(DOC.dom));

    assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_STEP);
    assertThat(e.details()).containsEntry("selector", "count(//li)");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "//a[", "//li[@id=", "///", "li)", "//*[@]"})
  void should_reject_what_is_not_xpath_1_0(String xpath) {
    FlowRunException e = thrown(FlowRunException.class, () -> XPathQuery.parse(xpath));

    assertThat(e).isNotNull();
    assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_STEP);
    assertThat(e.details()).containsEntry("selector", xpath).containsKey("syntax");
  }
}
