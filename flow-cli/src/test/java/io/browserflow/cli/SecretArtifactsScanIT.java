package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import io.browserflow.engine.spi.SecretMask;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * No file {@code browserflow run} writes holds a secret: a page echoes a secret token as large text,
 * in an attribute, on the console, in request URLs, headers and bodies, in the page URL and in a
 * response header, and the flow fails after it. Every file of the run store (journal, results,
 * screenshots, the trace and each of its entries), the HTML report (and the screenshots it inlines)
 * and what the command printed are scanned for each secret in every encoded form, images through
 * OCR (tesseract). The positive control runs the same flow with the same values declared as
 * non-secret, so nothing is masked, and requires the scan to find them in each kind of artifact.
 */
@Tag("browser")
class SecretArtifactsScanIT {
  /** Shown on the page: letters and digits OCR reads reliably. */
  private static final String TOKEN = "QUOKKA7351ZEPHYR";
  /** Never shown, only sent: characters every encoding changes. */
  private static final String PASSWORD = "pa ss+w\u00f6rd/&<\"x>";
  private static final Pattern INLINE_PNG = Pattern.compile("data:image/png;base64,([A-Za-z0-9+/=]+)");

  @TempDir
  Path dir;
  @RegisterExtension
  final LoopbackServer server = new LoopbackServer(this::handle);

  private static final String APP = "<!doctype html><html><head><meta charset=\"utf-8\"><title>Echo</title>"
      + "<style>body { font-family: sans-serif; background: #fff; color: #000; } #echo { font: bold 44px monospace; }</style>"
      + "</head><body><h1>Token check</h1>"
      + "<label>Token <input id=\"token\"></label> <label>Password <input id=\"pw\" type=\"password\"></label>"
      + " <button id=\"send\">Send</button><div id=\"out\"></div><p id=\"done\"></p>"
      + "<script>document.getElementById('send').onclick = async () => {"
      + " const t = document.getElementById('token').value, p = document.getElementById('pw').value;"
      + " const out = document.getElementById('out');"
      + " out.setAttribute('data-token', t); out.title = 'token ' + t;"
      + " out.innerHTML = '<p>Your token:</p><p id=\"echo\"></p>';"
      + " document.getElementById('echo').textContent = t;"
      + " console.log('the token is ' + t); console.error('could not verify ' + t);"
      + " history.replaceState(null, '', '/app?token=' + encodeURIComponent(t));"
      + " await fetch('/api/echo?token=' + encodeURIComponent(t), {headers: {'Authorization': 'Basic ' + btoa('ada:' + unescape(encodeURIComponent(p)))}});"
      + " await fetch('/api/echo', {method: 'POST', headers: {'Content-Type': 'application/json'},"
      + "   body: JSON.stringify({token: t, password: p})});"
      + " document.getElementById('done').textContent = 'sent';"
      + "};</script></body></html>";

  private void handle(HttpExchange ex) throws IOException {
    ex.getRequestBody().readAllBytes();
    String path = ex.getRequestURI().getPath();
    byte[] body;
    if (path.equals("/api/echo")) {
      String query = ex.getRequestURI().getRawQuery();
      String token = query == null ? "" : URLDecoder.decode(query.replaceFirst("^token=", ""), StandardCharsets.UTF_8);
      ex.getResponseHeaders().add("X-Echo-Token", token);
      ex.getResponseHeaders().add("Content-Type", "application/json");
      body = ("{\"echo\": \"" + token + "\"}").getBytes(StandardCharsets.UTF_8);
    } else if (path.equals("/app")) {
      ex.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
      body = APP.getBytes(StandardCharsets.UTF_8);
    } else {
      ex.sendResponseHeaders(404, -1);
      ex.close();
      return;
    }
    ex.sendResponseHeaders(200, body.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(body);
    }
  }

  private Path flow(String name, boolean secret) throws IOException {
    String kind = secret ? "\"type\": \"token\"" : "\"type\": \"text\", \"secret\": false";
    String json = "{\"schema\": \"browserflow/1\", \"id\": \"" + name + "\", \"name\": \"Echo " + name + "\","
        + " \"credentials\": [{\"key\": \"TOKEN\", " + kind + "}, {\"key\": \"PASSWORD\", "
        + (secret ? "\"type\": \"password\"" : kind) + "}],"
        + " \"steps\": ["
        + "{\"id\": \"open\", \"op\": \"open\", \"url\": \"" + server.base() + "/app\"},"
        + "{\"id\": \"token\", \"op\": \"fill\", \"target\": {\"candidates\": [{\"css\": \"#token\"}]}, \"value\": \"${credential.TOKEN}\"},"
        + "{\"id\": \"pw\", \"op\": \"fill\", \"target\": {\"candidates\": [{\"css\": \"#pw\"}]}, \"value\": \"${credential.PASSWORD}\"},"
        + "{\"id\": \"send\", \"op\": \"click\", \"target\": {\"candidates\": [{\"role\": \"button\", \"name\": \"Send\"}]},"
        + " \"expect\": [{\"text\": \"sent\", \"element\": {\"candidates\": [{\"css\": \"#done\"}]}}]},"
        + "{\"id\": \"shot\", \"op\": \"screenshot\", \"name\": \"echo.png\"},"
        + "{\"id\": \"welcome\", \"op\": \"wait\", \"timeoutMs\": 1000,"
        + " \"until\": {\"text\": \"Welcome\", \"element\": {\"candidates\": [{\"css\": \"h1\"}]}}}"
        + "]}";
    Path file = dir.resolve(name + ".flow.json");
    Files.writeString(file, json);
    return file;
  }

  /** Runs the flow twice (progress, then --json) into one store and report; returns what was printed. */
  private String run(Path flow, Path store, Path report) {
    StringBuilder printed = new StringBuilder();
    for (boolean json : new boolean[] {false, true}) {
      List<String> args = new ArrayList<>(List.of("run", flow.toString(), "--credential", "TOKEN=" + TOKEN,
          "--credential", "PASSWORD=" + PASSWORD, "--store", store.toString(), "--report", report.toString(), "--trace", "always"));
      if (json) {
        args.add("--json");
      }
      // what the JVM prints besides the command's own writers (libraries' warnings, loggers) counts too
      java.io.ByteArrayOutputStream jvm = new java.io.ByteArrayOutputStream();
      java.io.PrintStream out = System.out;
      java.io.PrintStream err = System.err;
      CliFixture f;
      try {
        System.setOut(new java.io.PrintStream(jvm, true, StandardCharsets.UTF_8));
        System.setErr(new java.io.PrintStream(jvm, true, StandardCharsets.UTF_8));
        f = CliFixture.run(args.toArray(new String[0]));
      } finally {
        System.setOut(out);
        System.setErr(err);
      }
      assertThat(f.exit).as(f.out() + f.err()).isEqualTo(BrowserflowCommand.FAILED);
      printed.append(f.out()).append('\n').append(f.err()).append('\n').append(jvm.toString(StandardCharsets.UTF_8)).append('\n');
    }
    return printed.toString();
  }

  /** Where a secret was found, as "kind: place". */
  private static List<String> scan(String printed, Path... roots) throws Exception {
    SecretMask forms = SecretMask.of(Set.of(TOKEN, PASSWORD));
    List<String> found = new ArrayList<>();
    if (forms.containsSecret(printed)) {
      found.add("output: stdout/stderr");
    }
    for (Path root : roots) {
      try (Stream<Path> files = Files.walk(root)) {
        for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
          scanFile(f.toString(), f.getFileName().toString(), Files.readAllBytes(f), forms, found);
        }
      }
    }
    return found;
  }

  private static void scanFile(String place, String name, byte[] bytes, SecretMask forms, List<String> found) throws Exception {
    String lower = name.toLowerCase(Locale.ROOT);
    if (lower.endsWith(".zip")) {
      try (ZipInputStream zip = new ZipInputStream(new java.io.ByteArrayInputStream(bytes))) {
        for (ZipEntry e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
          scanFile(place + "!" + e.getName(), e.getName(), zip.readAllBytes(), forms, found);
        }
      }
      return;
    }
    if (lower.endsWith(".png") || lower.endsWith(".jpeg") || lower.endsWith(".jpg")) {
      if (ocr(bytes, lower.substring(lower.lastIndexOf('.')))) {
        found.add("image: " + place);
      }
      return;
    }
    String text = new String(bytes, StandardCharsets.UTF_8);
    if (forms.containsSecret(text) || forms.containsSecret(new String(bytes, StandardCharsets.ISO_8859_1))) {
      found.add((place.contains("trace.zip!") ? "trace: " : "text: ") + place);
    }
    Matcher inline = INLINE_PNG.matcher(text);
    for (int i = 0; inline.find(); i++) {
      if (ocr(Base64.getDecoder().decode(inline.group(1)), ".png")) {
        found.add("image: " + place + " (inlined screenshot " + i + ")");
      }
    }
  }

  /** Whether tesseract reads the token in the image (letters and digits compared, case and spacing ignored). */
  private static boolean ocr(byte[] image, String ext) throws Exception {
    Path file = Files.createTempFile("browserflow-ocr-", ext);
    try {
      Files.write(file, image);
      Process p = new ProcessBuilder("tesseract", file.toString(), "stdout").redirectErrorStream(false).start();
      byte[] out = p.getInputStream().readAllBytes();
      p.getErrorStream().readAllBytes();
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("tesseract finished").isTrue();
      assertThat(p.exitValue()).as("tesseract ran on " + file).isZero();
      String read = new String(out, StandardCharsets.UTF_8).toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "");
      return read.contains(TOKEN);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  private static Set<String> kinds(List<String> found) {
    Set<String> out = new LinkedHashSet<>();
    found.forEach(f -> out.add(f.substring(0, f.indexOf(':'))));
    return out;
  }

  @Test
  void should_leave_no_secret_in_any_file_or_output_of_a_failed_run() throws Exception {
    Path store = dir.resolve("store");
    Path report = dir.resolve("report");

    String printed = run(flow("masked", true), store, report);

    assertThat(printed).contains("show-trace");
    try (Stream<Path> files = Files.walk(store)) {
      assertThat(files.map(p -> p.getFileName().toString())).as("the run wrote what the scan reads")
          .contains("trace.zip", "echo.png", "welcome-failure.png");
    }
    assertThat(scan(printed, store, report)).as("places holding a secret").isEmpty();
  }

  @Test
  void should_find_the_values_in_every_kind_of_artifact_when_they_are_not_secret() throws Exception {
    Path store = dir.resolve("store");
    Path report = dir.resolve("report");

    String printed = run(flow("plain", false), store, report);

    List<String> found = scan(printed, store, report);
    assertThat(kinds(found)).as(String.join("\n", found)).contains("trace", "image", "text");
    assertThat(found).anyMatch(f -> f.startsWith("image: ") && f.endsWith("echo.png"))
        .anyMatch(f -> f.contains("report") && f.contains("inlined screenshot"))
        .anyMatch(f -> f.contains("trace.zip!trace.network"))
        .anyMatch(f -> f.contains("trace.zip!resources/"));
  }
}
