package io.browserflow.cli.django;

import static io.browserflow.api.dsl.Dsl.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.browserflow.api.Credential;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replays flows against an application nobody here wrote: Django's admin ({@link DjangoAdmin}, a
 * fresh project and database served on a free 127.0.0.1 port and stopped afterwards). Outcomes are
 * checked on the server, through Django's ORM, not on the page.
 */
@Tag("browser")
class DjangoAdminReplayTest {
  @TempDir
  static Path dir;
  @RegisterExtension
  static final DjangoReplays DJANGO = new DjangoReplays(() -> dir);

  @Test
  void should_sign_in_and_create_a_group_that_the_server_then_holds() throws Exception {
    String group = "QA " + UUID.randomUUID().toString().substring(0, 8);
    assertThat(DJANGO.admin().groups(group)).isZero();

    RunResult result = run(createGroup(), group, DJANGO.admin().password);

    assertThat(result.status()).as("%s", result.errorMessage()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(DJANGO.admin().groups(group)).isEqualTo(1);
    assertThat(result.toJson()).doesNotContain(DJANGO.admin().password);
  }

  @Test
  void should_fail_at_sign_in_with_a_wrong_password_and_create_nothing() throws Exception {
    String group = "QA " + UUID.randomUUID().toString().substring(0, 8);

    RunResult result = run(createGroup(), group, "not-the-password",
        io.browserflow.engine.RunOptions.builder().trace(io.browserflow.engine.TraceMode.ON_FAILURE).build());

    assertThat(result.status()).isEqualTo(RunStatus.FAILED);
    assertThat(result.errorCode()).contains(ErrorCode.CHECK_FAILED);
    assertThat(result.errorPath()).contains("steps[3]");
    assertThat(DJANGO.admin().groups(group)).isZero();
    // the kept trace of Django's sign-in holds the page, the actions and the POST, never the password
    java.nio.file.Path trace = java.nio.file.Path.of(result.trace().orElseThrow());
    io.browserflow.engine.spi.SecretMask scan = io.browserflow.engine.spi.SecretMask.of(java.util.Set.of("not-the-password"));
    StringBuilder events = new StringBuilder();
    try (var zip = new java.util.zip.ZipInputStream(java.nio.file.Files.newInputStream(trace))) {
      for (var e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
        String text = new String(zip.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(scan.containsSecret(text)).as(e.getName()).isFalse();
        if (e.getName().endsWith(".trace") || e.getName().endsWith(".network")) {
          events.append(text);
        }
      }
    }
    assertThat(events).contains("/admin/login/", "csrfmiddlewaretoken", "\"value\":\"***\"");
  }

  @Test
  void should_sign_in_once_for_several_flows_and_again_after_the_server_ended_the_session() throws Exception {
    Flow login = Flow.named("Sign in to the Django admin")
        .input("BASE_URL").credential("PASSWORD", credentialType(Credential.Type.PASSWORD))
        .open("${BASE_URL}/admin/login/")
        .fill(label("Username:").or(css("#id_username")), "admin")
        .fill(label("Password:").or(css("#id_password")), "${credential.PASSWORD}")
        .click(role("button", "Log in")).expect(urlMatches("**/admin/")).timeoutMs(10_000)
        .build();
    Flow signedIn = Flow.named("Signed in to the Django admin").input("BASE_URL")
        .open("${BASE_URL}/admin/")
        .assertThat(io.browserflow.api.dsl.Dsl.visible(role("link", "Log out"))).timeoutMs(2_000)
        .build();
    io.browserflow.engine.SignIn signIn = io.browserflow.engine.SignIn.builder().flow(login).check(signedIn)
        .inputs(Inputs.builder().input("BASE_URL", DJANGO.admin().baseUrl).credential("PASSWORD", DJANGO.admin().password).build()).build();
    String prefix = "Once " + UUID.randomUUID().toString().substring(0, 8);
    int sessionsBefore = sessions();

    try (FlowEngine engine = FlowEngine.builder().driver(signIn.driver(DJANGO.driver())).build()) {
      for (int i = 1; i <= 3; i++) {
        RunResult r = engine.run(addGroup(), Inputs.builder().input("BASE_URL", DJANGO.admin().baseUrl).input("GROUP", prefix + " " + i).build());
        assertThat(r.status()).as("%s", r.errorMessage()).isEqualTo(RunStatus.SUCCEEDED);
      }
      assertThat(sessions() - sessionsBefore).as("Django holds one new session for three flows").isEqualTo(1);
      assertThat(signIn.signIns()).isEqualTo(1);

      DJANGO.admin().shell(Map.of(), "from django.contrib.sessions.models import Session; Session.objects.all().delete()");
      RunResult after = engine.run(addGroup(), Inputs.builder().input("BASE_URL", DJANGO.admin().baseUrl).input("GROUP", prefix + " 4").build());

      assertThat(after.status()).as("%s", after.errorMessage()).isEqualTo(RunStatus.SUCCEEDED);
      assertThat(signIn.signIns()).as("the check saw the ended session and signed in again").isEqualTo(2);
      assertThat(sessions()).isEqualTo(1);
    }
    assertThat(groupsStartingWith(prefix)).isEqualTo(4);
  }

  @Test
  void should_post_the_admin_form_through_the_signed_in_session_and_export_the_change_list() throws Exception {
    String group = "Http " + UUID.randomUUID().toString().substring(0, 8);
    Path work = dir.resolve("work-" + group.replace(' ', '-'));
    Flow flow = Flow.named("Add a group with an http request").input("BASE_URL").input("GROUP")
        .credential("PASSWORD", credentialType(Credential.Type.PASSWORD))
        .capabilities(io.browserflow.api.Capability.HTTP_REQUEST)
        .open("${BASE_URL}/admin/login/")
        .fill(label("Username:").or(css("#id_username")), "admin")
        .fill(label("Password:").or(css("#id_password")), "${credential.PASSWORD}")
        .click(role("button", "Log in")).expect(urlMatches("**/admin/")).timeoutMs(10_000)
        .open("${BASE_URL}/admin/auth/group/add/")
        .readAttribute(css("input[name=csrfmiddlewaretoken]"), "value").id("csrf")
        // Django checks the session cookie and the CSRF cookie the browser holds, and the form's token
        .http("POST", "${BASE_URL}/admin/auth/group/add/", row("Content-Type", "application/x-www-form-urlencoded"),
            "csrfmiddlewaretoken=${steps.csrf.attribute}&name=${GROUP}&_save=Save").id("post")
        .assertThat(varContains("${steps.post.body}", "was added successfully"))
        .open("${BASE_URL}/admin/auth/group/?q=Http")
        .scrape(css("#result_list"), io.browserflow.api.Step.ScrapeMode.TABLE).id("groups")
        .foreach(items("${steps.groups.items}"), g -> g.datasetWrite("groups", row("name", "${loop.row.GROUP}")))
        .datasetExport("groups", io.browserflow.api.Step.DatasetFormat.CSV, "groups.csv")
        .build();

    RunResult result = run(flow, group, DJANGO.admin().password, io.browserflow.engine.RunOptions.builder()
        .allow(io.browserflow.api.Capability.HTTP_REQUEST).workDir(work).build());

    assertThat(result.status()).as("%s", result.errorMessage()).isEqualTo(RunStatus.SUCCEEDED);
    assertThat(DJANGO.admin().groups(group)).as("the server holds the group the request posted").isEqualTo(1);
    assertThat(result.outputs()).containsEntry("steps.post.status", "200"); // after Django's redirect to the list
    assertThat(java.nio.file.Files.readString(work.resolve("groups.csv"))).startsWith("name\r\n").contains(group + "\r\n");
    assertThat(result.toJson()).doesNotContain(DJANGO.admin().password);
  }

  /** Adds a group, without signing in: only a signed-in session gets past the admin's login redirect. */
  private static Flow addGroup() {
    return Flow.named("Add a group, signed in").input("BASE_URL").input("GROUP")
        .open("${BASE_URL}/admin/auth/group/add/")
        .fill(label("Name:").or(css("#id_name")), "${GROUP}")
        .click(css("input[name=_save]")).expect(urlMatches("**/admin/auth/group/")).timeoutMs(10_000)
        .build();
  }

  /** How many sessions Django's database holds. */
  private static int sessions() throws Exception {
    String out = DJANGO.admin().shell(Map.of(), "from django.contrib.sessions.models import Session; print(Session.objects.count())");
    return Integer.parseInt(out.strip().lines().reduce((a, b) -> b).orElseThrow());
  }

  private static int groupsStartingWith(String prefix) throws Exception {
    String out = DJANGO.admin().shell(Map.of("BF_PREFIX", prefix), "import os; from django.contrib.auth.models import Group; "
        + "print(Group.objects.filter(name__startswith=os.environ['BF_PREFIX']).count())");
    return Integer.parseInt(out.strip().lines().reduce((a, b) -> b).orElseThrow());
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
    return run(flow, group, password, io.browserflow.engine.RunOptions.defaults());
  }

  private static RunResult run(Flow flow, String group, String password, io.browserflow.engine.RunOptions options) {
    return DJANGO.replay(flow, Inputs.builder().input("BASE_URL", DJANGO.admin().baseUrl).input("GROUP", group)
        .credential("PASSWORD", password).build(), options);
  }

  /** How many groups of that name the server's database holds, asked through Django's ORM. */
}
