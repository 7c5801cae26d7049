package io.browserflow.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Values bound into css, xpath and scripts: escaped for where they stand, or refused (the browser tests run them). */
class BoundCodeTest {
  private static final Map<String, String> VALUES = Map.of("Q", "it's \"x\"", "ID", "1a b", "TAG", "button", "N", "'];x");

  private static String css(String selector) {
    return BoundCode.css(selector, VALUES::get);
  }

  private static String xpath(String expression) {
    return BoundCode.xpath(expression, VALUES::get);
  }

  @Test
  void should_escape_css_values_for_strings_and_identifiers() {
    assertThat(css("[title='${Q}']")).isEqualTo("[title='it\\'s \"x\"']");
    assertThat(css("[title=\"${Q}\"]")).isEqualTo("[title=\"it's \\\"x\\\"\"]");
    assertThat(css("#${ID}")).isEqualTo("#\\31 a\\20 b");
    assertThat(css("[name=${N}]")).isEqualTo("[name=\\27 \\5d \\3b x]");
    assertThat(css("${TAG}.on")).isEqualTo("button.on");
    assertThat(css("#plain")).isEqualTo("#plain");
  }

  @Test
  void should_keep_xpath_values_in_their_literal_with_concat_and_refuse_them_in_code() {
    assertThat(xpath("//a[@title='${Q}']")).isEqualTo("//a[@title=concat('', concat('it', \"'\", 's \"x\"'), '')]");
    assertThat(xpath("//a[text()=\"see ${TAG}!\"]")).isEqualTo("//a[text()=concat('see ', 'button', '!')]");
    assertThat(xpath("//${TAG}[1]")).isEqualTo("//button[1]");
    FlowRunException outside = catchThrowableOfType(FlowRunException.class, () -> xpath("//a[@id=${N}]"));
    assertThat(outside.code()).isEqualTo(ErrorCode.INPUT_INVALID);
    assertThat(outside.getMessage()).contains("${N}", "inside quotes").doesNotContain("'];x");
  }

  @Test
  void should_pass_script_values_as_the_wrappers_argument_never_as_text() {
    String bound = BoundCode.script("document.title === 'T: ${Q}' // ${ID}", VALUES::get);

    assertThat(bound).startsWith("() => ((__bf) => { const __r = (document.title === ('T: ' + __bf[0] + '') // ${ID}\n);")
        .endsWith("})([\"it's \\\"x\\\"\"])");
    assertThat(BoundCode.script("document.title", VALUES::get)).isEqualTo("document.title");
  }

  @Test
  void should_keep_statement_scripts_statements_and_return_the_last_ones_value() {
    String statements = BoundCode.script("var n = '${ID}'; document.title = n;", VALUES::get);
    String ifOnly = BoundCode.script("if (x) { y('${ID}'); }", VALUES::get);

    assertThat(statements).startsWith("() => ((__bf) => { var n = ('' + __bf[0] + '');").contains("\nreturn (document.title = n\n);");
    assertThat(ifOnly).contains("if (x) { y(('' + __bf[0] + '')); }\nreturn undefined;");
    assertThat(BoundCode.script("document.title === '${ID}';", VALUES::get)).as("a trailing ; is no statement list")
        .contains("const __r = (document.title === ('' + __bf[0] + '')\n);");
  }
}
