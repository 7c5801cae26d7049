package io.browserflow.playwright.django;

import static io.browserflow.api.dsl.Dsl.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Credential;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.playwright.PlaywrightDriver;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replays flows against an application nobody here wrote: Django's admin (Debian's
 * {@code python3-django}), a fresh project and database created by the test, served by Django's
 * own server on a free 127.0.0.1 port and stopped afterwards. Outcomes are checked on the server,
 * through Django's ORM, not on the page.
 */
@Tag("browser")
class DjangoAdminReplayTest {
  private static final String PYTHON = "/usr/bin/python3";
  private static final String ADMIN_PASSWORD = "bf-" + UUID.randomUUID();

  @TempDir
  static Path dir;

  private static Path project;
  private static Process server;
  private static String baseUrl;
  private static PlaywrightDriver driver;

  @BeforeAll
  static void startDjango() throws Exception {
    assertThat(Path.of(PYTHON)).as("Python 3 with Django: apt-get install -y python3-django").exists();
    project = dir.resolve("site");
    Files.createDirectories(project);
    python(dir, "-m", "django", "startproject", "bfsite", project.toString());
    manage("migrate", "--noinput");
    manage(Map.of("DJANGO_SUPERUSER_PASSWORD", ADMIN_PASSWORD),
        "createsuperuser", "--noinput", "--username", "admin", "--email", "admin@example.org");
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    baseUrl = "http://127.0.0.1:" + port;
    server = new ProcessBuilder(PYTHON, "manage.py", "runserver", "127.0.0.1:" + port, "--noreload")
        .directory(project.toFile()).redirectErrorStream(true)
        .redirectOutput(dir.resolve("server.log").toFile()).start();
    awaitUp(baseUrl + "/admin/login/");
    driver = PlaywrightDriver.launch();
  }

  @AfterAll
  static void stopDjango() throws Exception {
    if (driver != null) {
      driver.close();
    }
    if (server != null) {
      server.destroy();
      if (!server.waitFor(10, TimeUnit.SECONDS)) {
        server.destroyForcibly().waitFor();
      }
    }
  }

  @Test
  void should_sign_in_and_create_a_group_that_the_server_then_holds() throws Exception {
    String group = "QA " + UUID.randomUUID().toString().substring(0, 8);
    assertThat(groups(group)).isZero();

    RunResult result = run(createGroup(), group, ADMIN_PASSWORD);

    assertThat(result.status()).as("%s", result.errorMessage()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(groups(group)).isEqualTo(1);
    assertThat(result.toJson()).doesNotContain(ADMIN_PASSWORD);
  }

  @Test
  void should_fail_at_sign_in_with_a_wrong_password_and_create_nothing() throws Exception {
    String group = "QA " + UUID.randomUUID().toString().substring(0, 8);

    RunResult result = run(createGroup(), group, "not-the-password");

    assertThat(result.status()).isEqualTo(RunStatus.FAILED);
    assertThat(result.errorCode()).contains(ErrorCode.CHECK_FAILED);
    assertThat(result.errorPath()).contains("steps[3]");
    assertThat(groups(group)).isZero();
  }

  private static Flow createGroup() {
    return Flow.named("Create a group in the Django admin")
        .input("BASE_URL").input("GROUP")
        .credential("PASSWORD", credentialType(Credential.Type.PASSWORD))
        .open("${BASE_URL}/admin/login/")
        .fill(label("Username:").or(css("#id_username")), "admin")
        .fill(label("Password:").or(css("#id_password")), "${credential.PASSWORD}")
        .click(role("button", "Log in")).expect(urlMatches("**/admin/")).timeoutMs(10_000)
        .open("${BASE_URL}/admin/auth/group/add/")
        .fill(label("Name:").or(css("#id_name")), "${GROUP}")
        .click(css("input[name=_save]")).expect(urlMatches("**/admin/auth/group/")).timeoutMs(10_000)
        .build();
  }

  private static RunResult run(Flow flow, String group, String password) {
    try (FlowEngine engine = FlowEngine.builder().driver(driver).build()) {
      return engine.run(flow, Inputs.builder().input("BASE_URL", baseUrl).input("GROUP", group)
          .credential("PASSWORD", password).build());
    }
  }

  /** How many groups of that name the server's database holds, asked through Django's ORM. */
  private static int groups(String name) throws Exception {
    String out = manage(Map.of("BF_GROUP", name), "shell", "-c",
        "import os; from django.contrib.auth.models import Group; "
            + "print(Group.objects.filter(name=os.environ['BF_GROUP']).count())");
    return Integer.parseInt(out.strip().lines().reduce((a, b) -> b).orElseThrow());
  }

  private static String manage(String... args) throws Exception {
    return manage(Map.of(), args);
  }

  private static String manage(Map<String, String> env, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("manage.py"));
    command.addAll(List.of(args));
    return python(project, env, command.toArray(String[]::new));
  }

  private static String python(Path cwd, String... args) throws Exception {
    return python(cwd, Map.of(), args);
  }

  private static String python(Path cwd, Map<String, String> env, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(PYTHON));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true);
    pb.environment().putAll(env);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as("%s: %s", command, out).isZero();
    return out;
  }

  private static void awaitUp(String url) throws Exception {
    Instant until = Instant.now().plus(Duration.ofSeconds(30));
    while (Instant.now().isBefore(until)) {
      assertThat(server.isAlive()).as("Django's server: %s", Files.readString(dir.resolve("server.log"))).isTrue();
      try {
        HttpURLConnection c = (HttpURLConnection) URI.create(url).toURL().openConnection();
        c.setConnectTimeout(500);
        if (c.getResponseCode() == 200) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      }
      Thread.sleep(100);
    }
    throw new AssertionError("Django's server did not answer " + url + " within 30 s");
  }
}
