package io.browserflow.cli.django;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.browserflow.cli.OpenedResources;
import io.browserflow.cli.desktop.RecorderProcess;
import io.browserflow.cli.desktop.XScreen;
import io.browserflow.cli.desktop.XScreen.Report;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code browserflow record} on Django's admin as a person uses it: the packaged CLI records in a
 * headed Chromium on a virtual X display, driven only by OS-level mouse and keyboard (log in, add a
 * book, create its author in the "+" popup window, type a date and a time, then Ctrl+L and a search
 * address typed into the address bar), stopped from its terminal. The draft is replayed headless by
 * {@code browserflow run} on a fresh database and checked there through Django's ORM.
 */
@Tag("browser")
class DjangoRecordInXvfbIT {
  private static final String SUFFIX = " | Django site admin";

  @TempDir static Path dir;
  static XScreen screen;
  static DjangoAdmin admin;

  @BeforeAll
  static void start() throws Exception {
    screen = XScreen.start();
    // every admin page reports where its elements are on the screen (see where.js)
    admin = DjangoAdmin.startWithHead(dir, "<script src=\"" + screen.origin() + "/where.js\"></script>");
  }

  @AfterAll
  static void stop() throws Exception {
    OpenedResources.closeAll(admin, screen);
  }

  @Test
  void should_record_a_popup_and_an_address_typed_in_the_address_bar_on_django_admin_and_replay_it_on_a_fresh_database()
      throws Exception {
    admin.reset();
    assertThat(admin.passes("add-author-popup")).as("the check fails on the seeded database").isFalse();
    Path draft = dir.resolve("kindred.flow.json");
    String search = admin.baseUrl + "/admin/library/book/?q=Kindred";
    try (RecorderProcess rec = RecorderProcess.start(dir, Map.of("DISPLAY", screen.display()),
        "record", "--url", admin.baseUrl + "/admin/library/book/add/", "--out", draft.toString())) {
      rec.awaitOutput("Recording ", 60);
      Report login = page(rec, "Log in", 0);
      screen.click(login.of("#id_username"));
      screen.type("admin");
      screen.click(login.of("#id_password"));
      screen.type(admin.password);
      long before = screen.seq();
      screen.click(login.of("value=Log in"));

      Report add = page(rec, "Add book", before);
      screen.click(add.of("#id_title"));
      screen.type("Kindred");
      before = screen.seq();
      screen.click(add.of("#add_id_author"));
      Report popup = page(rec, "Add author", before);
      screen.click(popup.of("#id_name"));
      screen.type("Octavia E. Butler");
      screen.click(popup.of("name=_save")); // Django selects the new author in the opener and closes the popup
      screen.awaitWindowGone("Add author");

      screen.click(add.of("#id_published_at_0"));
      screen.type("1979-06-01");
      screen.click(add.of("#id_published_at_1"));
      screen.type("12:00:00");
      before = screen.seq();
      screen.scrollDown(add.of("#id_title"), 15); // the save row is below the fold
      Report bottom = page(rec, "Add book", before);
      before = screen.seq();
      screen.click(bottom.of("name=_save"));
      Report list = page(rec, "Select book to change", before);

      before = screen.seq();
      screen.moveTo(list.of("#content")); // the keyboard goes to the window under the mouse
      screen.key("ctrl+l");
      screen.type(search);
      screen.key("Return");
      Report found = page(rec, "Select book to change", before);
      before = screen.seq();
      screen.click(found.of("link=Kindred"));
      page(rec, "Kindred | Change book", before);

      rec.typeInTerminal("s");
      assertThat(rec.awaitExit(60)).as("record's exit code; %s", rec.transcript()).isZero();
    }
    admin.check("add-author-popup");

    String json = Files.readString(draft);
    assertThat(json).as("the password is a credential, never written").doesNotContain(admin.password);
    JsonNode flow = new ObjectMapper().readTree(json);
    List<String> ops = new ArrayList<>();
    flow.get("steps").forEach(s -> ops.add(s.get("op").asText()));
    System.out.println("[desktop] Django admin recorded under Xvfb: " + flow.get("steps").findValuesAsText("title"));
    assertThat(ops).as("Ctrl+L is no page key press").doesNotContain("press");
    assertThat(flow.get("steps").findValuesAsText("url")).as("the typed address is a navigation").contains(search);
    assertThat(flow.get("credentials")).as("one credential for the one password").hasSize(1);
    String key = flow.get("credentials").get(0).get("key").asText();

    admin.reset();
    assertThat(admin.passes("add-author-popup")).isFalse();
    try (RecorderProcess run = RecorderProcess.start(dir, Map.of("BROWSERFLOW_CREDENTIAL_" + key, admin.password),
        "run", draft.toString(), "--json", "--credentials-env")) {
      int code = run.awaitExit(120);
      assertThat(code).as("run's exit code; %s", run.transcript()).isZero();
      assertThat(run.transcript()).doesNotContain(admin.password);
    }
    admin.check("add-author-popup");
  }

  private static Report page(RecorderProcess rec, String title, long after) throws Exception {
    try {
      return screen.awaitPage(title + SUFFIX, after);
    } catch (AssertionError e) {
      throw new AssertionError(e.getMessage() + "; the recorder: " + rec.transcript(), e);
    }
  }
}
