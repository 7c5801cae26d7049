package io.browserflow.cli.django;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.lint.Quality;
import io.browserflow.cli.OpenedResources;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.Inputs;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import io.browserflow.playwright.PlaywrightDriver;
import io.browserflow.playwright.recorder.FlowDraft;
import io.browserflow.playwright.recorder.Recorder;
import io.browserflow.playwright.recorder.RecorderOptions;
import io.browserflow.playwright.recorder.Recording;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Django's admin, a real third-party app: each scenario is recorded live by BrowserFlow's recorder
 * from trusted input (Playwright's mouse and keyboard, typing key by key, addresses typed as
 * navigations), then replayed on a fresh database {@value #DEFAULT_REPLAYS} times (system property
 * {@code browserflow.django.replays}), each replay checked on the server through Django's ORM by
 * the scenario's check script, which must fail on the fresh database (so a replay doing nothing
 * cannot pass).
 */
@Tag("browser")
class DjangoRecordedScenariosIT {
  static final int DEFAULT_REPLAYS = 2;
  private static final int REPLAYS = Integer.getInteger("browserflow.django.replays", DEFAULT_REPLAYS);
  private static final String WRONG_PASSWORD = "wrong-password-1";

  @TempDir
  static Path dir;
  static DjangoAdmin admin;
  static Playwright playwright;
  static Browser browser;
  static PlaywrightDriver driver;
  static final List<String> measures = new ArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    admin = DjangoAdmin.start(dir);
    Path chromium = PlaywrightDriver.findChromium().orElseThrow(() -> new AssertionError("no Chromium: apt-get install -y chromium"));
    playwright = Playwright.create();
    browser = playwright.chromium().launch(new BrowserType.LaunchOptions().setExecutablePath(chromium));
    driver = PlaywrightDriver.launch();
  }

  @AfterAll
  static void stop() throws Exception {
    measures.forEach(m -> System.out.println("[django] " + m));
    OpenedResources.closeAll(driver, browser, playwright, admin);
  }

  /**
   * Records what {@code person} does in a fresh context on a fresh database, then replays the draft
   * on a fresh database {@link #REPLAYS} times; {@code secrets} are the secret values the person
   * typed, in order (the draft declares a credential for each distinct one).
   */
  private void recordAndReplay(String scenario, List<String> secrets, BiConsumer<Page, String> person) throws Exception {
    recordAndReplay(scenario, secrets, "", person);
  }

  /** As above; for a scenario that changes no data, {@code pageCheck} must appear in a check of the recorded flow. */
  private void recordAndReplay(String scenario, List<String> secrets, String pageCheck, BiConsumer<Page, String> person)
      throws Exception {
    admin.reset();
    boolean changesData = !admin.checksNoChange(scenario);
    if (changesData) {
      assertThat(admin.passes(scenario)).as("the check of %s fails on the fresh database", scenario).isFalse();
    }
    FlowDraft draft;
    try (BrowserContext context = browser.newContext()) {
      Page page = context.newPage();
      Recording rec = Recorder.start(RecorderOptions.builder().page(page).name("Django " + scenario).build());
      person.accept(page, admin.baseUrl);
      draft = rec.stop();
    }
    Flow flow = draft.flow();
    String json = FlowJson.write(flow);
    Files.writeString(dir.resolve(scenario + ".flow.json"), json);
    assertThat(draft.quality()).as("%s\n%s", draft.warnings(), json).isNotEqualTo(Quality.BLOCKED);
    assertThat(json).doesNotContain(admin.password, WRONG_PASSWORD);
    assertThat(flow.credentials()).as(json).hasSize(secrets.size());
    if (!changesData) {
      // nothing changes on the server: the flow's own checks must name the page reached
      assertThat(flow.steps()).as(json).anySatisfy(st -> assertThat(st.expect().toString()).contains(pageCheck));
    }
    Inputs.Builder inputs = Inputs.builder();
    for (int i = 0; i < secrets.size(); i++) {
      Credential c = flow.credentials().get(i);
      inputs.credential(c.key(), secrets.get(i));
    }
    int passed = 0;
    for (int i = 0; i < REPLAYS; i++) {
      admin.reset();
      RunResult result;
      try (FlowEngine engine = FlowEngine.builder().driver(driver).build()) {
        result = engine.run(flow, inputs.build());
      }
      assertThat(result.status()).as("replay %d of %s: %s at %s\n%s", i + 1, scenario, result.errorMessage(),
          result.errorPath(), json).isEqualTo(RunStatus.SUCCEEDED);
      assertThat(result.toJson()).doesNotContain(admin.password);
      admin.check(scenario);
      passed++;
    }
    measures.add(scenario + ": recorded " + flow.steps().size() + " steps, replayed on a fresh database " + passed + "/" + REPLAYS);
  }

  // ------------------------------------------------------------------ what a person does

  private static void signIn(Page page, String base) {
    page.navigate(base + "/admin/login/");
    page.getByLabel("Username:").click();
    page.keyboard().type("admin");
    page.getByLabel("Password:").click();
    page.keyboard().type(admin.password);
    page.getByRole(com.microsoft.playwright.options.AriaRole.BUTTON,
        new Page.GetByRoleOptions().setName("Log in")).click();
    page.waitForURL("**/admin/");
  }

  /** Chooses an option of a native select with the keyboard (trusted input), by typing its start. */
  private static void choose(Page page, String selectCss, String optionStart) {
    page.locator(selectCss).focus();
    page.keyboard().type(optionStart);
    page.waitForFunction("([css, start]) => { const s = document.querySelector(css);"
        + " return s && s.selectedOptions[0] && s.selectedOptions[0].text.startsWith(start); }", List.of(selectCss, optionStart));
  }

  private static void typeInto(Page page, String css, String text) {
    Locator field = page.locator(css);
    field.click();
    page.keyboard().press("Control+a");
    page.keyboard().type(text);
  }

  private static void openBook(Page page, String base, String title) {
    page.navigate(base + "/admin/library/book/");
    page.getByRole(com.microsoft.playwright.options.AriaRole.LINK, new Page.GetByRoleOptions().setName(title).setExact(true)).click();
    page.waitForURL("**/change/");
  }

  @Test
  void login_after_a_wrong_password() throws Exception {
    recordAndReplay("login", List.of(WRONG_PASSWORD, admin.password), (page, base) -> {
      page.navigate(base + "/admin/login/");
      page.getByLabel("Username:").click();
      page.keyboard().type("admin");
      page.getByLabel("Password:").click();
      page.keyboard().type(WRONG_PASSWORD);
      page.keyboard().press("Enter");
      page.locator(".errornote").waitFor();
      page.getByLabel("Password:").click();
      page.keyboard().type(admin.password);
      page.getByRole(com.microsoft.playwright.options.AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Log in")).click();
      page.waitForURL("**/admin/");
    });
  }

  @Test
  void add_a_book_with_a_foreign_key() throws Exception {
    recordAndReplay("add-book", List.of(admin.password), (page, base) -> {
      signIn(page, base);
      page.navigate(base + "/admin/library/book/add/");
      typeInto(page, "#id_title", "Dune Messiah");
      choose(page, "#id_author", "Stan");
      typeInto(page, "#id_published_at_0", "1969-10-15");
      typeInto(page, "#id_published_at_1", "08:00:00");
      page.locator("input[name=_save]").click();
      page.waitForURL("**/admin/library/book/");
    });
  }

  @Test
  void create_the_author_in_the_add_another_popup() throws Exception {
    recordAndReplay("add-author-popup", List.of(admin.password), (page, base) -> {
      signIn(page, base);
      page.navigate(base + "/admin/library/book/add/");
      Page popup = page.waitForPopup(() -> page.locator("#add_id_author").click());
      popup.waitForLoadState();
      typeInto(popup, "#id_name", "Octavia E. Butler");
      popup.onClose(p -> { });
      popup.locator("input[name=_save]").click();
      page.waitForFunction("() => { const s = document.querySelector('#id_author');"
          + " return s.selectedOptions[0] && s.selectedOptions[0].text === 'Octavia E. Butler'; }");
      typeInto(page, "#id_title", "Kindred");
      typeInto(page, "#id_published_at_0", "1979-06-01");
      typeInto(page, "#id_published_at_1", "12:00:00");
      page.locator("input[name=_save]").click();
      page.waitForURL("**/admin/library/book/");
    });
  }

  @Test
  void set_date_and_time_with_the_calendar_and_clock_shortcuts() throws Exception {
    recordAndReplay("calendar-clock", List.of(admin.password), (page, base) -> {
      signIn(page, base);
      page.navigate(base + "/admin/library/book/add/");
      typeInto(page, "#id_title", "Roadside Picnic");
      choose(page, "#id_author", "Stan");
      page.locator(".field-published_at .datetimeshortcuts").first().getByText("Today").click();
      page.locator(".field-published_at .datetimeshortcuts").last().getByText("Now").click();
      page.locator("input[name=_save]").click();
      page.waitForURL("**/admin/library/book/");
    });
  }

  @Test
  void choose_tags_with_filter_horizontal() throws Exception {
    recordAndReplay("filter-horizontal", List.of(admin.password), (page, base) -> {
      signIn(page, base);
      openBook(page, base, "Solaris");
      for (String tag : List.of("classic", "science fiction")) {
        page.locator("#id_tags_from option", new Page.LocatorOptions().setHasText(tag)).click();
        page.locator("#id_tags_add_link").click();
      }
      page.locator("input[name=_save]").click();
      page.waitForURL("**/admin/library/book/");
    });
  }

  @Test
  void search_and_filter_the_changelist() throws Exception {
    recordAndReplay("search-filter", List.of(admin.password), "q%3DWizard", (page, base) -> {
      signIn(page, base);
      page.navigate(base + "/admin/library/book/");
      page.locator("#searchbar").click();
      page.keyboard().type("Wizard");
      page.keyboard().press("Enter");
      page.waitForURL("**q=Wizard**");
      page.locator("#changelist-filter").getByText("Draft").click();
      page.waitForURL("**status__exact=draft**");
      page.getByRole(com.microsoft.playwright.options.AriaRole.LINK, new Page.GetByRoleOptions().setName("A Wizard of Earthsea")).click();
      page.waitForURL("**/change/**");
    });
  }

  @Test
  void edit_a_book_and_add_a_chapter_inline() throws Exception {
    recordAndReplay("edit-book", List.of(admin.password), (page, base) -> {
      signIn(page, base);
      openBook(page, base, "The Cyberiad");
      typeInto(page, "#id_title", "The Cyberiad: Fables");
      choose(page, "#id_status", "Pub");
      typeInto(page, "#id_chapter_set-0-title", "Trurl's Machine");
      typeInto(page, "#id_chapter_set-0-number", "1");
      page.locator("input[name=_save]").click();
      page.waitForURL("**/admin/library/book/");
    });
  }

  @Test
  void delete_a_book_through_the_confirmation_page() throws Exception {
    recordAndReplay("delete-book", List.of(admin.password), (page, base) -> {
      signIn(page, base);
      openBook(page, base, "Solaris");
      page.locator("a.deletelink").click();
      page.waitForURL("**/delete/");
      page.locator("input[type=submit]").click();
      page.waitForURL("**/admin/library/book/");
    });
  }

  @Test
  void run_a_bulk_action_from_the_changelist() throws Exception {
    recordAndReplay("bulk-action", List.of(admin.password), (page, base) -> {
      signIn(page, base);
      page.navigate(base + "/admin/library/book/");
      for (String title : List.of("A Wizard of Earthsea", "Solaris")) {
        page.locator("#result_list tr", new Page.LocatorOptions().setHasText(title)).locator("input.action-select").click();
      }
      choose(page, "select[name=action]", "Mark");
      page.locator("button[name=index]").click();
      // the action reports nothing: the changelist comes back with the two books published
      page.waitForFunction("() => [...document.querySelectorAll('#result_list td.field-status')]"
          + ".filter(td => td.textContent.trim() === 'Published').length === 3");
    });
  }

  @Test
  void log_out() throws Exception {
    recordAndReplay("logout", List.of(admin.password), (page, base) -> {
      signIn(page, base);
      page.getByRole(com.microsoft.playwright.options.AriaRole.LINK, new Page.GetByRoleOptions().setName("Log out")).click();
      page.waitForURL("**/logout/");
    });
  }
}
