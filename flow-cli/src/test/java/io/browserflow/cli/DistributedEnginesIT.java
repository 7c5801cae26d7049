package io.browserflow.cli;

import static io.browserflow.cli.CliFixture.field;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flows run on engines that already exist, started and stopped by the test: Playwright's own
 * browser server ({@code run-server} of the npm package, {@code --connect}) and a Selenium Grid 4
 * with a Chromium node ({@code --grid}). Two workers meet on the {@link MeetingPage}, so both flows
 * pass only when they ran at once; the page asks, during each request, whether the remote side had a
 * browser of its own running, so a flow that quietly ran in a local browser does not count.
 */
@Tag("browser")
class DistributedEnginesIT {
  @TempDir
  Path dir;

  /** {@code flows} succeeded, in order, and the remote browser served every request of their page ({@code served}). */
  private static void assertRanAtOnce(CliFixture cli, MeetingPage page, String served, String... flows) throws Exception {
    JsonNode results = new ObjectMapper().readTree(cli.out());
    assertThat(field(results, "flowName")).containsExactly(flows);
    assertThat(field(results, "status")).containsOnly("SUCCEEDED");
    assertThat(page.requests()).isEqualTo(flows.length);
    assertThat(page.probeHeld()).as(served).isTrue();
  }

  @Test
  void should_run_flows_at_once_through_a_playwright_run_server() throws Exception {
    try (PlaywrightRunServer server = PlaywrightRunServer.start("playwright-core", dir);
         MeetingPage page = MeetingPage.of(2, server::runsABrowser)) {
      CliFixture cli = CliFixture.run("run", page.flow(dir, "east").toString(), page.flow(dir, "west").toString(),
          "--connect", server.endpoint(), "--workers", "2", "--json");

      assertThat(cli.exit).as(cli.err() + cli.out()).isZero();
      assertRanAtOnce(cli, page, "the server's own browser served every request", "east", "west");
      assertThat(server.isAlive()).as("the run leaves the server running").isTrue();
    }
  }

  @Test
  void should_name_both_versions_when_the_server_runs_another_playwright() throws Exception {
    try (PlaywrightRunServer server = PlaywrightRunServer.start("playwright-core-other", dir);
         MeetingPage page = MeetingPage.of(1)) {
      CliFixture cli = CliFixture.run("run", page.flow(dir, "solo").toString(), "--connect", server.endpoint());

      assertThat(cli.exit).as(cli.out()).isEqualTo(2);
      String minor = server.version().substring(0, server.version().lastIndexOf('.'));
      assertThat(cli.err()).contains("DRIVER_VERSION_MISMATCH", server.endpoint(), "runs Playwright " + minor,
          "BrowserFlow's client is Playwright 1.62", "npx playwright@1.62 run-server");
      assertThat(page.requests()).as("no flow ran").isZero();
    }
  }

  @Test
  void should_run_flows_at_once_on_a_selenium_grid_node_and_free_its_slots() throws Exception {
    try (SeleniumGrid grid = SeleniumGrid.start(dir, 2);
         MeetingPage page = MeetingPage.of(2, grid::drivesABrowser)) {
      CliFixture cli = CliFixture.run("run", page.flow(dir, "north").toString(), page.flow(dir, "south").toString(),
          "--grid", grid.url(), "--grid-capabilities",
          "{\"browserName\":\"chrome\",\"goog:chromeOptions\":{\"args\":[\"--headless=new\",\"--no-sandbox\"]}}",
          "--workers", "2", "--json");

      assertThat(cli.exit).as(cli.err() + cli.out() + grid.log()).isZero();
      assertRanAtOnce(cli, page, "the Grid's node drove a browser for every request", "north", "south");
      assertThat(grid.sessionsInUse()).as("each worker deleted its Grid session").isZero();
    }
  }

  @Test
  void should_say_what_the_grid_answered_when_no_node_matches() throws Exception {
    try (SeleniumGrid grid = SeleniumGrid.start(dir, 1);
         MeetingPage page = MeetingPage.of(1)) {
      CliFixture cli = CliFixture.run("run", page.flow(dir, "fox").toString(), "--grid", grid.url(),
          "--grid-capabilities", "{\"browserName\":\"firefox\"}");

      assertThat(cli.exit).isEqualTo(2);
      assertThat(cli.err()).contains("ACTION_FAILED", "the Selenium Grid at " + grid.url() + "/ did not create a session",
          "firefox");
      assertThat(page.requests()).isZero();
    }
  }

  @Test
  void should_say_how_to_start_a_grid_when_none_listens() throws Exception {
    int port = ChildProcesses.freeLoopbackPort();
    try (MeetingPage page = MeetingPage.of(1)) {
      CliFixture cli = CliFixture.run("run", page.flow(dir, "none").toString(), "--grid", "http://127.0.0.1:" + port);

      assertThat(cli.exit).isEqualTo(2);
      assertThat(cli.err()).contains("could not reach the Selenium Grid at http://127.0.0.1:" + port, "standalone");
    }
  }

  @Test
  void should_refuse_grid_capabilities_that_are_not_a_json_object() throws Exception {
    try (MeetingPage page = MeetingPage.of(1)) {
      Path flow = page.flow(dir, "caps");
      CliFixture bad = CliFixture.run("run", flow.toString(), "--grid", "http://127.0.0.1:1", "--grid-capabilities", "[1]");
      CliFixture alone = CliFixture.run("run", flow.toString(), "--grid-capabilities", "{}");
      CliFixture both = CliFixture.run("run", flow.toString(), "--grid", "http://127.0.0.1:1", "--connect", "ws://127.0.0.1:1/");

      assertThat(bad.exit).isEqualTo(2);
      assertThat(bad.err()).contains("--grid-capabilities must be a JSON object");
      assertThat(alone.err()).contains("--grid-capabilities needs --grid URL");
      assertThat(both.err()).contains("use one of --connect, --grid and --browser");
    }
  }
}
