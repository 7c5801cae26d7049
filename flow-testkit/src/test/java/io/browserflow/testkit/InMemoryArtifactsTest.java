package io.browserflow.testkit;

import static io.browserflow.testkit.MemoryPages.T;
import static io.browserflow.testkit.MemoryPages.css;
import static io.browserflow.testkit.MemoryPages.thrown;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Condition;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.ScreenshotRequest;
import io.browserflow.engine.spi.TargetException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InMemoryArtifactsTest {
  @TempDir
  Path tempDir;

  @Test
  void should_write_a_placeholder_png_describing_page_target_and_masks() throws Exception {
    DriverSession s = MemoryPages.show("<title>Checkout</title><p id=total>42</p><input id=card aria-label=Card>");
    Path file = tempDir.resolve("a/b/shot.png");

    Path written = s.screenshot(ScreenshotRequest.builder().file(file).target(css("#total")).addMask(css("#card"))
        .fullPage(true).build());

    String png = new String(Files.readAllBytes(written), StandardCharsets.ISO_8859_1);
    assertThat(written).isEqualTo(file);
    assertThat(png).startsWith("\u0089PNG").contains("IHDR", "IDAT", "IEND")
        .contains("url=http://app.test/", "title=Checkout", "target=css \"#total\"", "masked=[css \"#card\"]",
            "fullPage=true");
  }

  @Test
  void should_write_the_same_bytes_for_the_same_page() throws Exception {
    DriverSession s = MemoryPages.show("<p>x</p>");

    Path a = s.screenshot(ScreenshotRequest.builder().file(tempDir.resolve("a.png")).build());
    Path b = s.screenshot(ScreenshotRequest.builder().file(tempDir.resolve("b.png")).build());

    assertThat(Files.readAllBytes(a)).isEqualTo(Files.readAllBytes(b));
  }

  @Test
  void should_fail_a_screenshot_of_a_missing_target() {
    DriverSession s = MemoryPages.show("<p>x</p>");

    TargetException e = thrown(TargetException.class, () -> s.screenshot(ScreenshotRequest.builder()
        .file(tempDir.resolve("x.png")).target(css("#none")).build()));

    assertThat(e.code()).isEqualTo(ErrorCode.TARGET_NOT_FOUND);
    assertThat(tempDir.resolve("x.png")).doesNotExist();
  }

  @Test
  void should_refuse_scripts() {
    DriverSession s = MemoryPages.show("<p>x</p>");

    assertThat(thrown(FlowRunException.class, () -> s.eval("1 + 1", T)).code())
        .isEqualTo(ErrorCode.UNSUPPORTED_STEP);
    assertThat(thrown(FlowRunException.class, () -> s.test(Condition.Expression.of("true"))).code())
        .isEqualTo(ErrorCode.UNSUPPORTED_STEP);
    assertThat(thrown(FlowRunException.class, () -> s.await(Condition.Not.of(Condition.Var.truthy("x")), T)).code()).isEqualTo(ErrorCode.UNSUPPORTED_STEP);
  }

  @Test
  void should_reject_unsupported_selectors_at_once_without_waiting() {
    DriverSession s = MemoryPages.show("<p>x</p>");

    FlowRunException e = thrown(FlowRunException.class, () -> s.resolve(css("p:hover"), T));

    assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_STEP);
    assertThat(e.getMessage()).contains(":hover");
    assertThat(MemoryPages.now(s)).isZero();
  }

  @Test
  void should_say_what_it_last_observed_when_a_wait_times_out_without_leaking_values() {
    DriverSession s = MemoryPages.show("<input id=pw type=password value=hunter2 aria-label=P>");

    FlowRunException e = thrown(FlowRunException.class, () -> s.await(Condition.Value.of(css("#pw"), "s3cret"), T));

    assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT);
    assertThat(e.getMessage()).contains("#pw", "7 characters").doesNotContain("hunter2", "s3cret");
    assertThat(e.details().values()).noneMatch(v -> v.contains("hunter2") || v.contains("s3cret"));
  }

  @Test
  void should_refuse_to_work_after_close() {
    DriverSession s = MemoryPages.show("<p>x</p>");

    s.close();
    s.close();

    assertThat(thrown(FlowRunException.class, s::state).code()).isEqualTo(ErrorCode.ACTION_FAILED);
  }
}
