package io.browserflow.formats;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Flow;
import io.browserflow.api.json.FlowJson;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** Whatever commands a project holds, a read never throws and never loses count of them. */
class SideCodecProperties {
  private static final List<String> COMMANDS = List.of("open", "click", "clickAt", "type", "sendKeys", "select",
      "check", "uncheck", "mouseOver", "doubleClick", "selectFrame", "selectWindow", "storeWindowHandle",
      "waitForElementPresent", "waitForElementNotVisible", "assertText", "verifyValue", "assertTitle", "store",
      "storeText", "storeAttribute", "storeXpathCount", "storeJson", "executeScript", "executeAsyncScript", "echo",
      "pause", "setWindowSize", "if", "elseIf", "else", "end", "while", "times", "do", "repeatIf", "forEach",
      "answerOnNextPrompt", "run", "//click", "close", "nonsense", "");
  private static final List<String> TARGETS = List.of("id=a", "css=#b", "xpath=//li", "linkText=Go", "name=q",
      "dom=x", "index=0", "relative=parent", "relative=top", "handle=${w}", "3", "${x}", "${x} > 1", "/path",
      "https://shop.example.test/x", "id=pass@value", "[\"a\",\"b\"]", "1280x800", "", "return ${x}");
  private static final List<String> VALUES = List.of("", "x", "label=L", "index=2", "value=v", "5,5", "2000",
      "a${KEY_ENTER}", "${KEY_CONTROL}c", "${x}", "w");

  @Provide
  Arbitrary<List<ObjectNode>> commands() {
    Arbitrary<ObjectNode> command = Combinators.combine(Arbitraries.of(COMMANDS), Arbitraries.of(TARGETS),
        Arbitraries.of(VALUES)).as(SideProjects::cmd);
    return command.list().ofMaxSize(25);
  }

  @Property(tries = 300)
  void should_read_any_command_sequence_into_a_flow_accounting_for_every_command(
      @ForAll("commands") List<ObjectNode> recorded, @ForAll @IntRange(max = 25) int at) {
    // a password typed somewhere in the recording
    List<ObjectNode> commands = new ArrayList<>(recorded);
    commands.add(Math.min(at, commands.size()), SideProjects.cmd(at % 2 == 0 ? "type" : "sendKeys", "id=password",
        "hunter-s3cret"));
    Conversion<Flow> c = SideProjects.read(commands.toArray(new ObjectNode[0]));

    assertThat(c.stepsRead()).isEqualTo(commands.size());
    assertThat(c.stepsMapped()).isLessThanOrEqualTo(c.stepsRead());
    if (!c.has(ConversionCode.INVALID_FLOW)) {
      assertThat(FlowJson.read(FlowJson.write(c.value()))).isEqualTo(c.value());
    }
    assertThat(c.report()).doesNotContain("hunter-s3cret");
    assertThat(FlowJson.write(c.value())).doesNotContain("hunter-s3cret");
  }
}
