package io.browserflow.formats;

import static io.browserflow.formats.SideProjects.cmd;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Which content a format's codec takes for its own: its own files, and not the other formats' or anything else. */
class FormatDetectionTest {
  private static final Map<Format, FormatCodec> CODECS = Map.of(Format.BROWSERCTL_TEXT, new BrowserctlTextCodec(),
      Format.CHROME_RECORDER, new ChromeRecorderCodec(), Format.RECORD_REPLAY, new RecordReplayCodec(),
      Format.SELENIUM_IDE, new SideCodec());

  @ParameterizedTest(name = "{0} detects {1}")
  @MethodSource("ownContent")
  void should_detect_content_of_its_format(Format format, String content) {
    assertThat(CODECS.get(format).detects(content)).isTrue();
  }

  @ParameterizedTest(name = "{0} does not detect {1}")
  @MethodSource("otherContent")
  void should_not_detect_other_content(Format format, String content) {
    assertThat(CODECS.get(format).detects(content)).isFalse();
  }

  static Stream<Arguments> ownContent() {
    return Stream.of(
        arguments(Format.BROWSERCTL_TEXT, BrowserctlTextCodecTest.METER_REBIND),
        arguments(Format.BROWSERCTL_TEXT, "open https://a.test\nclick \"#go\"\n"),
        arguments(Format.BROWSERCTL_TEXT, "# a comment\nbrowserctl open https://a.test\n"),
        arguments(Format.CHROME_RECORDER, "{\"title\": \"t\", \"steps\": [{\"type\": \"navigate\", \"url\": \"http://a\"}]}"),
        arguments(Format.RECORD_REPLAY, "{\"id\": \"f\", \"name\": \"F\", \"version\": 1, \"nodes\": [{\"id\": \"a\", \"type\": \"click\"}]}"),
        arguments(Format.SELENIUM_IDE, SideProjects.commands(cmd("open", "/"))));
  }

  static Stream<Arguments> otherContent() {
    return Stream.of(
        // browserctl text: JSON, XML, a line that is no command, Java, Markdown, nothing
        arguments(Format.BROWSERCTL_TEXT, "{\"kind\":\"browserctl-flow\",\"commands\":[]}"),
        arguments(Format.BROWSERCTL_TEXT, "[[\"open\",\"https://a.test\"]]"),
        arguments(Format.BROWSERCTL_TEXT, "<?xml version=\"1.0\"?><open/>"),
        arguments(Format.BROWSERCTL_TEXT, "open https://a.test\nthen do something else\n"),
        arguments(Format.BROWSERCTL_TEXT, "package demo;\nclass A {}\n"),
        arguments(Format.BROWSERCTL_TEXT, "# Title\n\nSome prose.\n"),
        arguments(Format.BROWSERCTL_TEXT, ""),
        // Chrome Recorder: a native flow, a step without a type, no title, no object, no JSON
        arguments(Format.CHROME_RECORDER, "{\"schema\": \"browserflow/1\", \"title\": \"t\", \"steps\": [{\"type\": \"x\"}]}"),
        arguments(Format.CHROME_RECORDER, "{\"title\": \"t\", \"steps\": [{\"op\": \"open\"}]}"),
        arguments(Format.CHROME_RECORDER, "{\"steps\": [{\"type\": \"click\"}]}"),
        arguments(Format.CHROME_RECORDER, "[1, 2]"),
        arguments(Format.CHROME_RECORDER, "{not json"),
        // record-replay: Chrome Recorder (a title), browserctl and the recording plugin (schemaVersion), the extension's V3
        // (schemaVersion 3), BrowserFlow (schema), and a flow without a numeric version are someone else's
        arguments(Format.RECORD_REPLAY, "{\"title\": \"t\", \"version\": 1, \"steps\": [{\"type\": \"click\"}]}"),
        arguments(Format.RECORD_REPLAY, "{\"schemaVersion\": \"1.0.0\", \"version\": 1, \"steps\": [{\"type\": \"click\"}]}"),
        arguments(Format.RECORD_REPLAY, "{\"schemaVersion\": 3, \"version\": 1, \"nodes\": [{\"id\": \"a\", \"type\": \"click\"}]}"),
        arguments(Format.RECORD_REPLAY, "{\"schema\": \"browserflow/1\", \"version\": 1, \"steps\": [{\"type\": \"click\"}]}"),
        arguments(Format.RECORD_REPLAY, "{\"name\": \"F\", \"steps\": [{\"type\": \"click\"}]}"),
        arguments(Format.RECORD_REPLAY, "{\"name\": \"F\", \"version\": 1, \"steps\": [{\"op\": \"click\"}]}"),
        arguments(Format.RECORD_REPLAY, "[1]"),
        // Selenium IDE: no test, no version, a native flow, no object, no JSON
        arguments(Format.SELENIUM_IDE, "{\"version\":\"2.0\",\"tests\":[]}"),
        arguments(Format.SELENIUM_IDE, "{\"tests\":[{\"commands\":[]}]}"),
        arguments(Format.SELENIUM_IDE, "{\"schema\":\"browserflow/1\",\"id\":\"x\",\"steps\":[]}"),
        arguments(Format.SELENIUM_IDE, "[1, 2]"),
        arguments(Format.SELENIUM_IDE, "{ not json"));
  }
}
