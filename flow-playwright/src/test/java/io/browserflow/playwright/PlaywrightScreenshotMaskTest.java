package io.browserflow.playwright;

import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Candidate;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.ScreenshotRequest;
import io.browserflow.engine.spi.SecretMask;
import io.browserflow.engine.spi.SessionOptions;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Fields filled with secrets, and every element showing a secret, are painted over in screenshots:
 * every pixel of their box is the mask colour.
 */
@Tag("browser")
class PlaywrightScreenshotMaskTest extends ChromiumTest {
  private static final int MASK = 0xFF00FF;

  private static final String FORM = "<style>body { background: #fff; } input { font-size: 24px; width: 300px; height: 40px;"
      + " color: #000; background: #ffffe0; border: 1px solid #888; }</style>"
      + "<p><label>User <input id=\"user\"></label></p>"
      + "<p><label>Password <input id=\"pw\" type=\"password\"></label></p>"
      + "<p><label>API key <input id=\"key\"></label></p>";

  private static InteractionStep.Fill fill(String label, String value) {
    return InteractionStep.Fill.builder().id("f").target(Target.of(Candidate.label(label))).value(value).build();
  }

  /** The element's box in CSS pixels (= image pixels at scale 1): x, y, width, height. */
  private static int[] box(DriverSession s, String css) {
    String json = s.eval("() => { const r = document.querySelector('" + css + "').getBoundingClientRect();"
        + " return [Math.ceil(r.x), Math.ceil(r.y), Math.floor(r.width), Math.floor(r.height)].join(','); }", TIMEOUT);
    String[] p = json.split(",");
    return new int[] {Integer.parseInt(p[0]), Integer.parseInt(p[1]), Integer.parseInt(p[2]), Integer.parseInt(p[3])};
  }

  private static boolean allMask(BufferedImage img, int[] b) {
    for (int y = b[1] + 1; y < b[1] + b[3] - 1; y++) {
      for (int x = b[0] + 1; x < b[0] + b[2] - 1; x++) {
        if ((img.getRGB(x, y) & 0xFFFFFF) != MASK) {
          return false;
        }
      }
    }
    return true;
  }

  private static boolean anyMask(BufferedImage img, int[] b) {
    for (int y = b[1]; y < b[1] + b[3]; y++) {
      for (int x = b[0]; x < b[0] + b[2]; x++) {
        if ((img.getRGB(x, y) & 0xFFFFFF) == MASK) {
          return true;
        }
      }
    }
    return false;
  }

  @Test
  void should_paint_over_secret_fields_and_password_fields_only() throws Exception {
    DriverSession s = showing("/form", FORM);
    s.perform(fill("User", "ada"), TIMEOUT);
    s.perform(fill("Password", "hunter2"), TIMEOUT);
    s.perform(fill("API key", "sk-live-123456"), TIMEOUT);
    Path file = tempDir.resolve("masked.png");

    s.screenshot(ScreenshotRequest.builder().file(file).addMask(Target.of(Candidate.label("API key"))).build());

    BufferedImage img = ImageIO.read(file.toFile());
    assertThat(allMask(img, box(s, "#key"))).as("the API key field is masked").isTrue();
    assertThat(allMask(img, box(s, "#pw"))).as("the password field is masked").isTrue();
    assertThat(anyMask(img, box(s, "#user"))).as("the user field is left alone").isFalse();
  }

  @Test
  void should_mask_within_an_element_screenshot_and_inside_frames() throws Exception {
    server.page("/inner", page("Inner", FORM));
    DriverSession s = showing("/outer", "<div id=\"card\" style=\"padding: 10px\"><iframe src=\"/inner\" width=\"600\""
        + " height=\"300\" style=\"border: 0\"></iframe></div>");
    s.enterFrame("iframe", TIMEOUT);
    s.perform(fill("API key", "sk-live-123456"), TIMEOUT);
    s.mainFrame();
    Path file = tempDir.resolve("card.png");

    s.screenshot(ScreenshotRequest.builder().file(file).target(Target.of(Candidate.css("#card")))
        .mask(List.of(Target.of(Candidate.css("#key")))).build());

    BufferedImage img = ImageIO.read(file.toFile());
    s.enterFrame("iframe", TIMEOUT);
    int[] key = box(s, "#key");
    int[] shifted = {key[0] + 10, key[1] + 10, key[2], key[3]};
    assertThat(allMask(img, shifted)).isTrue();
  }

  @Test
  void should_paint_over_every_element_showing_a_secret_as_text_value_or_attribute() throws Exception {
    String token = "tok-Quokka-4417";
    server.page("/echo", page("Echo", "<style>p, div { font-size: 24px; margin: 8px; }</style>"
        + "<p id=\"plain\">Nothing secret here</p>"
        + "<p id=\"text\">Your token is " + token + "</p>"
        + "<p id=\"split\"><b>tok-Quo</b><i>kka-4417</i></p>"
        + "<div id=\"attr\" title=\"" + token + "\">hover me</div>"
        + "<input id=\"copy\" style=\"font-size: 24px\">"
        + "<div id=\"host\"></div>"
        + "<script>document.getElementById('copy').value = '" + token + "';"
        + " document.getElementById('host').attachShadow({mode: 'open'}).innerHTML = '<span id=\"inner\">" + token + "</span>';</script>"));
    DriverSession s = session(SessionOptions.builder().artifactsDir(tempDir.resolve("artifacts"))
        .secrets(SecretMask.of(Set.of(token))).build());
    s.open(server.url("/echo"), TIMEOUT);
    Path file = tempDir.resolve("echo.png");

    s.screenshot(ScreenshotRequest.builder().file(file).build());

    BufferedImage img = ImageIO.read(file.toFile());
    for (String css : List.of("#text", "#split", "#attr", "#copy")) {
      assertThat(allMask(img, box(s, css))).as(css + " is masked").isTrue();
    }
    String inner = s.eval("() => { const r = document.getElementById('host').shadowRoot.getElementById('inner')"
        + ".getBoundingClientRect(); return [Math.ceil(r.x), Math.ceil(r.y), Math.floor(r.width), Math.floor(r.height)].join(','); }",
        TIMEOUT);
    String[] p = inner.split(",");
    int[] b = {Integer.parseInt(p[0]), Integer.parseInt(p[1]), Integer.parseInt(p[2]), Integer.parseInt(p[3])};
    assertThat(allMask(img, b)).as("the text inside a shadow root is masked").isTrue();
    assertThat(anyMask(img, box(s, "#plain"))).as("text without the secret is left alone").isFalse();
    assertThat(s.eval("() => String(document.querySelectorAll('[data-browserflow-secret]').length)", TIMEOUT))
        .as("the marks are removed after the screenshot").isEqualTo("0");
  }
}
