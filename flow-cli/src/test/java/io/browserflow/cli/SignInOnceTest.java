package io.browserflow.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --login FILE [--login-check FILE]}: the test's site signs a user in with a form (a
 * session cookie the server issues and checks), counts sign-ins and saves (each save with the
 * session it came from), and can end every session, as a server restart or an expiry would.
 */
@Tag("browser")
class SignInOnceTest {
  private static final String PASSWORD = "correct horse battery";

  @TempDir
  Path dir;

  @RegisterExtension
  final LoopbackServer server = new LoopbackServer(Map.of("/login", this::login, "/account", this::account,
      "/save", this::save)).concurrent();
  private final Set<String> sessions = ConcurrentHashMap.newKeySet();
  private final List<String> issued = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final List<String> saves = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final AtomicInteger signIns = new AtomicInteger();
  private final AtomicInteger attempts = new AtomicInteger();
  /** After this many saves every session ends (0: never). */
  private volatile int endSessionsAfter;

  /** Signs ada in with her password: a fresh session cookie, then her account. */
  private void login(HttpExchange x) throws IOException {
    if ("POST".equals(x.getRequestMethod())) {
      attempts.incrementAndGet();
      String form = new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      if (form.contains("user=ada") && form.contains("password=" + java.net.URLEncoder.encode(PASSWORD, StandardCharsets.UTF_8))) {
        byte[] id = new byte[16];
        new SecureRandom().nextBytes(id);
        String sid = HexFormat.of().formatHex(id);
        sessions.add(sid);
        issued.add(sid);
        signIns.incrementAndGet();
        x.getResponseHeaders().add("Set-Cookie", "sid=" + sid + "; Path=/; HttpOnly");
        redirect(x, "/account");
        return;
      }
      html(x, "<title>Sign in</title><p id=\"error\">Wrong password</p>" + form());
      return;
    }
    html(x, "<title>Sign in</title>" + form());
  }

  private void account(HttpExchange x) throws IOException {
    if (session(x) == null) {
      redirect(x, "/login");
      return;
    }
    html(x, "<title>Account</title><p id=\"who\">Signed in as ada</p>"
        + "<form method=\"post\" action=\"/save\"><button type=\"submit\">Save</button></form>");
  }

  /** Counts a save with the session it came from; ends every session after {@link #endSessionsAfter} saves. */
  private void save(HttpExchange x) throws IOException {
    String sid = session(x);
    if (sid == null) {
      redirect(x, "/login");
      return;
    }
    saves.add(sid);
    if (endSessionsAfter > 0 && saves.size() == endSessionsAfter) {
      sessions.clear();
    }
    html(x, "<title>Saved</title><p id=\"done\">Saved</p>");
  }

  private static String form() {
    return "<form method=\"post\" action=\"/login\"><label>User <input id=\"user\" name=\"user\"></label>"
        + "<label>Password <input id=\"password\" name=\"password\" type=\"password\"></label>"
        + "<button type=\"submit\">Sign in</button></form>";
  }

  private String session(HttpExchange x) {
    for (String header : x.getRequestHeaders().getOrDefault("Cookie", List.of())) {
      for (String part : header.split(";")) {
        String p = part.trim();
        if (p.startsWith("sid=") && sessions.contains(p.substring(4))) {
          return p.substring(4);
        }
      }
    }
    return null;
  }

  private static void redirect(HttpExchange x, String to) throws IOException {
    x.getResponseHeaders().add("Location", to);
    x.sendResponseHeaders(303, -1);
    x.close();
  }

  private static void html(HttpExchange x, String body) throws IOException {
    LoopbackServer.html(x, "<!doctype html><meta charset=\"utf-8\">" + body);
  }

  private String base() {
    return server.base();
  }

  private Path loginFlow() throws IOException {
    return Files.writeString(dir.resolve("login.flow.json"), "{\"schema\":\"browserflow/1\",\"name\":\"login\","
        + "\"credentials\":[{\"key\":\"PASSWORD\",\"type\":\"password\"}],\"steps\":["
        + "{\"id\":\"open\",\"op\":\"open\",\"url\":\"" + base() + "/login\"},"
        + "{\"id\":\"user\",\"op\":\"fill\",\"target\":{\"candidates\":[{\"css\":\"#user\"}]},\"value\":\"ada\"},"
        + "{\"id\":\"pass\",\"op\":\"fill\",\"target\":{\"candidates\":[{\"label\":\"Password\"}]},\"value\":\"${credential.PASSWORD}\"},"
        + "{\"id\":\"submit\",\"op\":\"click\",\"target\":{\"candidates\":[{\"role\":\"button\",\"name\":\"Sign in\"}]}},"
        + "{\"id\":\"in\",\"op\":\"assert\",\"timeoutMs\":3000,\"condition\":{\"text\":\"Signed in as ada\"}}]}");
  }

  private Path checkFlow() throws IOException {
    return Files.writeString(dir.resolve("check.flow.json"), "{\"schema\":\"browserflow/1\",\"name\":\"signed-in\",\"steps\":["
        + "{\"id\":\"open\",\"op\":\"open\",\"url\":\"" + base() + "/account\"},"
        + "{\"id\":\"in\",\"op\":\"assert\",\"timeoutMs\":1000,\"condition\":{\"text\":\"Signed in as ada\"}}]}");
  }

  /** A flow that needs the signed-in user: opens the account page and saves. */
  private Path saveFlow(String name) throws IOException {
    return Files.writeString(dir.resolve(name + ".flow.json"), "{\"schema\":\"browserflow/1\",\"name\":\"" + name + "\",\"steps\":["
        + "{\"id\":\"open\",\"op\":\"open\",\"url\":\"" + base() + "/account\"},"
        + "{\"id\":\"save\",\"op\":\"click\",\"target\":{\"candidates\":[{\"role\":\"button\",\"name\":\"Save\"}]},"
        + "\"expect\":[{\"text\":\"Saved\"}]}]}");
  }

  private List<String> args(List<Path> flows, String... more) {
    List<String> a = new ArrayList<>(List.of("run"));
    flows.forEach(f -> a.add(f.toString()));
    a.addAll(List.of(more));
    return a;
  }

  private List<Path> saveFlows(int n) throws IOException {
    List<Path> flows = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      flows.add(saveFlow("save-" + i));
    }
    return flows;
  }

  private static List<String> statuses(String json) throws IOException {
    List<String> out = new ArrayList<>();
    for (JsonNode r : new ObjectMapper().readTree(json)) {
      out.add(r.get("status").asText());
    }
    return out;
  }

  @Test
  void should_sign_in_once_for_every_flow_and_worker() throws Exception {
    CliFixture cli = CliFixture.run(args(saveFlows(4), "--login", loginFlow().toString(), "--credential", "PASSWORD=" + PASSWORD,
        "--workers", "2", "--json").toArray(String[]::new));

    assertThat(cli.exit).as(cli.err() + cli.out()).isZero();
    assertThat(statuses(cli.out())).containsExactly("SUCCEEDED", "SUCCEEDED", "SUCCEEDED", "SUCCEEDED");
    assertThat(signIns.get()).as("one sign-in for four flows in two workers").isEqualTo(1);
    assertThat(saves).hasSize(4).containsOnly(issued.get(0));
    assertThat(cli.err()).contains("signed in 1 time with " + dir.resolve("login.flow.json"));
  }

  @Test
  void should_sign_in_again_when_the_check_finds_the_session_ended() throws Exception {
    endSessionsAfter = 2;

    CliFixture cli = CliFixture.run(args(saveFlows(4), "--login", loginFlow().toString(), "--login-check", checkFlow().toString(),
        "--credential", "PASSWORD=" + PASSWORD, "--json").toArray(String[]::new));

    assertThat(cli.exit).as(cli.err() + cli.out()).isZero();
    assertThat(statuses(cli.out())).containsOnly("SUCCEEDED");
    assertThat(signIns.get()).isEqualTo(2);
    assertThat(saves).containsExactly(issued.get(0), issued.get(0), issued.get(1), issued.get(1));
  }

  @Test
  void should_fail_the_flows_after_the_session_ended_when_nothing_checks_it() throws Exception {
    endSessionsAfter = 2;

    CliFixture cli = CliFixture.run(args(saveFlows(3), "--login", loginFlow().toString(), "--credential", "PASSWORD=" + PASSWORD,
        "--json").toArray(String[]::new));

    assertThat(cli.exit).isEqualTo(1);
    assertThat(statuses(cli.out())).containsExactly("SUCCEEDED", "SUCCEEDED", "FAILED");
    assertThat(signIns.get()).isEqualTo(1);
  }

  @Test
  void should_fail_every_flow_with_the_login_error_and_try_to_sign_in_once() throws Exception {
    CliFixture cli = CliFixture.run(args(saveFlows(3), "--login", loginFlow().toString(), "--credential", "PASSWORD=wrong guess",
        "--json").toArray(String[]::new));

    assertThat(cli.exit).isEqualTo(1);
    JsonNode results = new ObjectMapper().readTree(cli.out());
    for (JsonNode r : results) {
      assertThat(r.get("status").asText()).isEqualTo("FAILED");
      assertThat(r.get("errorMessage").asText()).contains("signing in with the login flow 'login' failed at steps[4]");
    }
    assertThat(attempts.get()).as("a wrong password is tried once").isEqualTo(1);
    assertThat(saves).isEmpty();
    assertThat(cli.out() + cli.err()).doesNotContain("wrong guess");
  }

  @Test
  void should_fail_every_flow_and_sign_in_once_when_the_check_never_passes() throws Exception {
    Path wrongCheck = Files.writeString(dir.resolve("wrong-check.flow.json"), "{\"schema\":\"browserflow/1\",\"name\":\"wrong\","
        + "\"steps\":[{\"id\":\"open\",\"op\":\"open\",\"url\":\"" + base() + "/account\"},"
        + "{\"id\":\"in\",\"op\":\"assert\",\"timeoutMs\":500,\"condition\":{\"text\":\"Signed in as grace\"}}]}");

    CliFixture cli = CliFixture.run(args(saveFlows(3), "--login", loginFlow().toString(), "--login-check", wrongCheck.toString(),
        "--credential", "PASSWORD=" + PASSWORD, "--json").toArray(String[]::new));

    assertThat(cli.exit).isEqualTo(1);
    for (JsonNode r : new ObjectMapper().readTree(cli.out())) {
      assertThat(r.get("errorCode").asText()).isEqualTo("CHECK_FAILED");
      assertThat(r.get("errorMessage").asText()).contains("still signed out right after signing in with the login flow 'login'");
    }
    assertThat(signIns.get()).as("a check that never passes does not make every flow sign in").isEqualTo(1);
    assertThat(saves).isEmpty();
  }

  @Test
  void should_refuse_a_check_without_a_login_and_a_login_missing_its_credential() throws Exception {
    CliFixture check = CliFixture.run(args(saveFlows(1), "--login-check", checkFlow().toString()).toArray(String[]::new));
    CliFixture missing = CliFixture.run(args(saveFlows(1), "--login", loginFlow().toString()).toArray(String[]::new));

    assertThat(check.exit).isEqualTo(2);
    assertThat(check.err()).contains("--login-check needs --login FILE");
    assertThat(missing.exit).isEqualTo(2);
    assertThat(missing.err()).contains("the login flow " + dir.resolve("login.flow.json") + " needs", "PASSWORD");
    assertThat(attempts.get()).isZero();
  }

  @Test
  void should_never_write_the_session_cookie_to_reports_traces_or_the_store() throws Exception {
    Path out = Files.createDirectories(dir.resolve("out"));
    CliFixture cli = CliFixture.run(args(saveFlows(2), "--login", loginFlow().toString(), "--login-check", checkFlow().toString(),
        "--credential", "PASSWORD=" + PASSWORD, "--trace", "always", "--screenshots", "all", "--report", out.resolve("report").toString(),
        "--store", out.resolve("runs").toString()).toArray(String[]::new));

    assertThat(cli.exit).as(cli.err() + cli.out()).isZero();
    assertThat(issued).hasSize(1);
    String sid = issued.get(0);
    List<Path> files;
    try (Stream<Path> walk = Files.walk(out)) {
      files = walk.filter(Files::isRegularFile).toList();
    }
    assertThat(files).as("the run wrote reports, traces and journals").anyMatch(f -> f.toString().endsWith("trace.zip"))
        .anyMatch(f -> f.toString().endsWith("index.html"));
    for (Path f : files) {
      assertThat(contents(f)).as("%s holds the session cookie", f).doesNotContain(sid);
    }
    assertThat(cli.out() + cli.err()).doesNotContain(sid);
  }

  /** A file's text, and for a zip (a trace) the text of every entry. */
  private static String contents(Path f) throws IOException {
    byte[] bytes = Files.readAllBytes(f);
    if (!f.toString().endsWith(".zip")) {
      return new String(bytes, StandardCharsets.ISO_8859_1);
    }
    StringBuilder all = new StringBuilder();
    try (InputStream in = Files.newInputStream(f); ZipInputStream zip = new ZipInputStream(in)) {
      while (zip.getNextEntry() != null) {
        all.append(new String(zip.readAllBytes(), StandardCharsets.ISO_8859_1)).append('\n');
      }
    }
    return all.toString();
  }

  static String decode(String s) {
    return URLDecoder.decode(s, StandardCharsets.UTF_8);
  }
}
