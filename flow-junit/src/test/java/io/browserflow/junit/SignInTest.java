package io.browserflow.junit;

import static io.browserflow.junit.FlowAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * {@code browserflow.login} / {@code @FlowTest(login)}: the test's site signs a user in with a form
 * and a session cookie it issues and checks; two test classes of two tests each need the signed-in
 * user, and the site counts how often someone signed in.
 */
@Tag("browser")
class SignInTest {
  private static final String PASSWORD = "tr0ub4dor and 3";

  @TempDir
  static Path dir;

  static HttpServer server;
  static final Set<String> sessions = ConcurrentHashMap.newKeySet();
  static final AtomicInteger signIns = new AtomicInteger();
  static Path login;
  static Path account;

  @BeforeAll
  static void serve() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext("/login", x -> {
      String query = Optional.ofNullable(x.getRequestURI().getRawQuery()).orElse("");
      if (query.contains("password=" + java.net.URLEncoder.encode(PASSWORD, StandardCharsets.UTF_8))) {
        String sid = UUID.randomUUID().toString();
        sessions.add(sid);
        signIns.incrementAndGet();
        x.getResponseHeaders().add("Set-Cookie", "sid=" + sid + "; Path=/; HttpOnly");
        page(x, "<p>Signed in as ada</p>");
        return;
      }
      page(x, "<form action=\"/login\"><label>Password <input name=\"password\" type=\"password\"></label>"
          + "<button type=\"submit\">Sign in</button></form>");
    });
    server.createContext("/account", x -> page(x, signedIn(x) ? "<p>Signed in as ada</p>" : "<p>Signed out</p>"));
    server.start();
    String base = "http://127.0.0.1:" + server.getAddress().getPort();
    login = Files.writeString(dir.resolve("login.flow.json"), "{\"schema\":\"browserflow/1\",\"name\":\"login\","
        + "\"credentials\":[{\"key\":\"PASSWORD\",\"type\":\"password\"}],\"steps\":["
        + "{\"id\":\"open\",\"op\":\"open\",\"url\":\"" + base + "/login\"},"
        + "{\"id\":\"pass\",\"op\":\"fill\",\"target\":{\"candidates\":[{\"label\":\"Password\"}]},\"value\":\"${credential.PASSWORD}\"},"
        + "{\"id\":\"submit\",\"op\":\"click\",\"target\":{\"candidates\":[{\"role\":\"button\",\"name\":\"Sign in\"}]}},"
        + "{\"id\":\"in\",\"op\":\"assert\",\"condition\":{\"text\":\"Signed in as ada\"}}]}");
    account = Files.writeString(dir.resolve("account.flow.json"), "{\"schema\":\"browserflow/1\",\"name\":\"account\",\"steps\":["
        + "{\"id\":\"open\",\"op\":\"open\",\"url\":\"" + base + "/account\"},"
        + "{\"id\":\"in\",\"op\":\"assert\",\"timeoutMs\":1000,\"condition\":{\"text\":\"Signed in as ada\"}}]}");
  }

  @AfterAll
  static void stop() {
    server.stop(0);
  }

  private static boolean signedIn(HttpExchange x) {
    return x.getRequestHeaders().getOrDefault("Cookie", List.of()).stream()
        .flatMap(h -> java.util.Arrays.stream(h.split(";"))).map(String::trim)
        .anyMatch(c -> c.startsWith("sid=") && sessions.contains(c.substring(4)));
  }

  private static void page(HttpExchange x, String body) throws IOException {
    byte[] b = ("<!doctype html><meta charset=\"utf-8\"><title>Site</title>" + body).getBytes(StandardCharsets.UTF_8);
    x.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
    x.sendResponseHeaders(200, b.length);
    x.getResponseBody().write(b);
    x.close();
  }

  @Test
  void should_sign_in_once_for_the_tests_of_every_class_naming_the_login() {
    EngineExecutionResults results = Kit.run(List.of(FirstCase.class, SecondCase.class),
        "browserflow.login", login.toString(), "browserflow.credential.PASSWORD", PASSWORD);

    assertThat(results.testEvents().failed().count()).as(Kit.passed(results).toString()).isZero();
    assertThat(Kit.passed(results)).hasSize(4);
    assertThat(signIns.get()).as("one sign-in for four tests in two classes").isEqualTo(1);
  }

  @Test
  void should_refuse_a_login_check_without_a_login() {
    assertThatThrownBy(() -> FlowSettings.of(FirstCase.class, Optional.empty(),
        k -> Optional.ofNullable(Map.of("browserflow.loginCheck", "check.flow.json").get(k))))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("loginCheck").hasMessageContaining("set login (browserflow.login) too");
  }

  @org.junit.jupiter.api.extension.ExtendWith(FlowExtension.class)
  static class FirstCase {
    @RepeatedTest(2)
    void signed_in(FlowRunner flows) {
      assertThat(flows.run(account.toString())).succeeded();
    }
  }

  @FlowTest
  static class SecondCase {
    @RepeatedTest(2)
    void signed_in(FlowRunner flows) {
      assertThat(flows.run(account.toString())).succeeded();
    }
  }
}
