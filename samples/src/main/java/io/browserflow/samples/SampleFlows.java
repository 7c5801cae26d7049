package io.browserflow.samples;

import static io.browserflow.api.dsl.Dsl.count;
import static io.browserflow.api.dsl.Dsl.css;
import static io.browserflow.api.dsl.Dsl.defaultValue;
import static io.browserflow.api.dsl.Dsl.described;
import static io.browserflow.api.dsl.Dsl.downloaded;
import static io.browserflow.api.dsl.Dsl.hasExactText;
import static io.browserflow.api.dsl.Dsl.hasText;
import static io.browserflow.api.dsl.Dsl.hidden;
import static io.browserflow.api.dsl.Dsl.inputType;
import static io.browserflow.api.dsl.Dsl.label;
import static io.browserflow.api.dsl.Dsl.options;
import static io.browserflow.api.dsl.Dsl.pattern;
import static io.browserflow.api.dsl.Dsl.placeholder;
import static io.browserflow.api.dsl.Dsl.retryBackoff;
import static io.browserflow.api.dsl.Dsl.role;
import static io.browserflow.api.dsl.Dsl.tableRows;
import static io.browserflow.api.dsl.Dsl.testId;
import static io.browserflow.api.dsl.Dsl.titleMatches;
import static io.browserflow.api.dsl.Dsl.urlMatches;
import static io.browserflow.api.dsl.Dsl.visible;

import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.Input;
import io.browserflow.api.Step;
import io.browserflow.api.Target;
import io.browserflow.api.dsl.FlowBuilder;
import io.browserflow.api.dsl.StepSequence;
import java.util.List;

/**
 * The sample flows of the bundled demo app, written with the Java DSL. Each method returns the
 * same, validated flow as the JSON file of the same id under {@code flows/} on the classpath
 * ({@code flows/meter-rebind.flow.json} for {@link #meterRebind()}), so a flow can be read in either
 * form and compared.
 *
 * <p>The demo app lives under {@code demo-app/} on the classpath and must be served over HTTP at the
 * root path; every flow starts at {@code ${BASE_URL}/index.html}, where the input {@code BASE_URL}
 * (type url, no trailing slash) is the served address, e.g. {@code http://127.0.0.1:8080}. Every
 * flow signs in with the credentials {@code USERNAME} ({@code demo}) and {@code PASSWORD}
 * ({@code demo-pass}, secret).
 *
 * <pre>{@code
 * Flow flow = SampleFlows.meterRebind();
 * RunResult result = engine.run(flow, Inputs.builder()
 *     .input("BASE_URL", "http://127.0.0.1:8080")
 *     .credential("USERNAME", "demo").credential("PASSWORD", secret)
 *     .build());
 * }</pre>
 *
 * <p>Targets name a {@code data-testid} first and a role, label or placeholder second, so a
 * replay can report when the fallback had to be used. Every write step is checked by an
 * {@code expect} or by what follows it.
 */
public final class SampleFlows {
  /** The input holding the demo app's address. */
  public static final String BASE_URL = "BASE_URL";

  /** The device the single-device samples use by default: the record of the requirement seeds. */
  public static final String SEED_DEVICE_ID = "1000000150601081283";

  // Every view's heading. Navigation steps wait for it as well as for the URL: the URL changes
  // before the view is rendered, and a target resolved in between would see the previous view.
  private static final Target PAGE_TITLE = testId("page-title");

  private static final String[] TABLE_DEVICE_IDS = {SEED_DEVICE_ID, "1000000150601081271", "1000000150601081290"};

  private SampleFlows() {}

  /** Every sample flow, in the order of the demo: login first. */
  public static List<Flow> all() {
    return List.of(login(), delayedElement(), deviceSearch(), deviceList(), devicesByTable(), meterRebind(),
        reportTab(), shadowWidget(), upload(), download());
  }

  /**
   * {@code login}: signs in with the demo account, checks the header shows the user, and signs out
   * again through a button that has no test id (a role is the only handle).
   */
  public static Flow login() {
    return signIn(start("login", "Sign in and out",
        "Signs in to the demo app with the demo account, checks the header shows the user, and signs out.",
        "demo", "login")
        // published as a tool, its BASE_URL may only name the demo app on this machine, whatever port it has
        .allowOrigins("http://127.0.0.1:*", "http://localhost:*"))
        .assertThat(hasExactText(testId("current-user"), "demo")).id("check-user")
        .title("The header shows the signed-in user")
        .click(role("button", "Sign out 退出")).id("sign-out").title("Sign out and return to the login page")
        .expect(urlMatches("**/index.html"))
        .build();
  }

  /**
   * {@code delayed-element}: waits (never sleeps) for the sync notice that the home page adds about
   * a second after it opens.
   */
  public static Flow delayedElement() {
    return signIn(start("delayed-element", "Wait for the data sync notice",
        "Waits for the sync notice the home page shows about a second after it opens, instead of sleeping.",
        "demo", "wait"))
        .waitFor(visible(testId("sync-status").or(role("status")))).id("sync-done")
        .title("Wait for the sync notice").timeoutMs(5_000)
        .assertThat(hasText(testId("sync-status"), "Sync complete: 23 devices")).id("sync-text")
        .title("The sync covered every device")
        .assertThat(hidden(testId("sync-pending"))).id("pending-gone").title("The progress line is gone")
        .build();
  }

  /**
   * {@code device-search}: searches the device of input {@code DEVICE_ID} and reads its meter
   * number ({@code ${steps.meter.text}}) and status ({@code ${steps.status.text}}). One run per row
   * of {@code data/devices.csv} makes it data-driven.
   */
  public static Flow deviceSearch() {
    FlowBuilder f = start("device-search", "Search one device",
        "Searches a device by its id and reads its meter number and binding status.", "demo", "search")
        .input(deviceIdInput());
    return searchOneDevice(openDevices(signIn(f)), "device-id", "search", "${DEVICE_ID}")
        .read(testId("meter-${DEVICE_ID}")).id("meter").title("Read the meter number")
        .read(testId("status-${DEVICE_ID}")).id("status").title("Read the binding status")
        .build();
  }

  /**
   * {@code device-list}: lists all 23 devices with an empty search and scrapes the results table
   * page by page (5 rows a page) until Next is disabled on page 5.
   */
  public static Flow deviceList() {
    Target next = testId("page-next").or(role("button", "Next 下一页"));
    return openDevices(signIn(start("device-list", "List every device page by page",
        "Lists all devices with an empty search, then scrapes the results table page by page until Next is disabled.",
        "demo", "search", "pagination", "scrape")))
        .click(searchButton()).id("search-all").title("Search with an empty form to list every device")
        .expect(hidden(css(".loading-mask")), hasText(testId("result-count"), "23 devices found"),
            count(css("table.result tbody tr"), 5))
        .paginate(next, 10, page -> page
            .scrape(testId("result-table").or(css("table.result")), Step.ScrapeMode.TABLE).id("page-rows")
            .title("Scrape the rows of this page"))
        .id("pages").title("Scrape every page, clicking Next in between")
        .assertThat(hasExactText(testId("page-info"), "Page 5 of 5")).id("last-page").title("The last page is shown")
        .assertThat(Condition.Element.of(testId("page-next"), Condition.State.DISABLED)).id("next-disabled")
        .title("Next is disabled on the last page")
        .build();
  }

  /**
   * {@code devices-by-table}: searches each device id of the flow's table in turn and reads its
   * meter number and status; the third device has no meter bound.
   */
  public static Flow devicesByTable() {
    FlowBuilder f = start("devices-by-table", "Look up the devices of a table",
        "Searches each device of the flow's table in turn and reads its meter number and status.",
        "demo", "search", "data-driven")
        .table(List.of("DEVICE_ID"), List.of(List.of(TABLE_DEVICE_IDS[0]), List.of(TABLE_DEVICE_IDS[1]),
            List.of(TABLE_DEVICE_IDS[2])));
    return openDevices(signIn(f))
        .foreach(tableRows(), row -> searchOneDevice(row, "row-device-id", "row-search", "${loop.row.DEVICE_ID}")
            .read(testId("meter-${loop.row.DEVICE_ID}")).id("row-meter").title("Read the meter number")
            .read(testId("status-${loop.row.DEVICE_ID}")).id("row-status").title("Read the binding status"))
        .id("each-device").title("For each device of the table")
        .build();
  }

  /**
   * {@code meter-rebind}: the scenario of the requirement seeds. Finds device {@code DEVICE_ID},
   * opens its detail dialog, enters the dialog's iframe by its owner ({@code [role="dialog"] iframe},
   * never by its src, which carries the record id and a cache buster), binds meter
   * {@code NEW_METER} for reason {@code REASON}, saves, leaves the frame, closes the dialog and checks
   * the results row.
   */
  public static Flow meterRebind() {
    FlowBuilder f = start("meter-rebind", "Rebind a meter",
        "Finds a device, opens its detail dialog, binds a new meter in the form inside the dialog's iframe, saves,"
            + " and checks the results row shows the new meter.",
        "demo", "frame", "dialog")
        .input(deviceIdInput())
        .input("NEW_METER", described("New meter number 新表号"), defaultValue("3300100250099"), pattern("[0-9]{8,16}"))
        .input("REASON", described("Reason for the rebind"), options("replaced", "fault", "correction"),
            defaultValue("replaced"));
    return searchOneDevice(openDevices(signIn(f)), "device-id", "search", "${DEVICE_ID}")
        .click(testId("detail-${DEVICE_ID}").or(role("button", "Detail ${DEVICE_ID}"))).id("open-detail")
        .title("Open the device's detail dialog").expect(visible(css("[role=\"dialog\"] iframe")))
        .frame("[role=\"dialog\"] iframe").id("detail-frame")
        .title("Enter the dialog's iframe (its src changes with every record)")
        .waitFor(visible(testId("detail-form"))).id("form-ready").title("Wait for the detail form")
        .fill(testId("new-meter").or(label("New meter number")), "${NEW_METER}").id("new-meter")
        .title("Enter the new meter number")
        .select(testId("reason").or(label("Reason")), "${REASON}").id("reason").title("Choose the reason")
        .check(testId("confirm").or(label("I confirm the rebind 确认重新关联"))).id("confirm")
        .title("Tick the confirmation")
        .click(testId("save").or(role("button", "Save 保存"))).id("save").title("Save the rebind")
        .retry(retryBackoff(2, 500)).expect(hasText(testId("save-status"), "Saved"))
        .frameMain().id("back-to-page").title("Leave the iframe")
        .click(testId("dialog-close").or(role("button", "Close dialog"))).id("close-dialog").title("Close the dialog")
        .expect(hidden(role("dialog")))
        .assertThat(hasExactText(testId("meter-${DEVICE_ID}"), "${NEW_METER}")).id("check-row")
        .title("The results row shows the new meter")
        .build();
  }

  /**
   * {@code report-tab}: opens the summary report, which the app shows in a new tab (bound to the
   * alias {@code report}), checks it there, reads {@code ${steps.bound.text}}, closes the tab and
   * switches back to {@code main}.
   */
  public static Flow reportTab() {
    return signIn(start("report-tab", "Open the summary report in a new tab",
        "Opens the summary report, which the app shows in a new tab, checks its figures there, closes it and goes"
            + " back to the app.",
        "demo", "tabs"))
        .click(testId("nav-reports").or(role("link", "Reports 报表"))).id("open-reports")
        .title("Open Reports from the menu")
        .expect(urlMatches("**/app.html#/reports"), hasText(PAGE_TITLE, "Reports"))
        .click(testId("open-report").or(role("link", "Open summary report 打开汇总报表"))).id("open-report")
        .title("Open the summary report (a new tab)").newTab("report")
        .expect(hasText(testId("report-hint"), "Report opened in a new tab"))
        .tabSwitch("report").id("to-report").title("Switch to the report tab")
        .waitFor(visible(testId("report-total"))).id("report-ready").title("Wait for the report figures")
        .assertThat(titleMatches("Rebind summary report")).id("report-title").title("The tab shows the summary report")
        .assertThat(hasExactText(testId("report-total"), "23")).id("report-total")
        .title("The report counts every device")
        .read(testId("report-bound")).id("bound").title("Read the number of bound devices")
        .tabClose("report").id("close-report").title("Close the report tab")
        .tabSwitch("main").id("back-to-app").title("Back to the app tab")
        .assertThat(visible(testId("open-report"))).id("app-still-open").title("The app is still on Reports")
        .build();
  }

  /**
   * {@code shadow-widget}: connects the gateway widget, whose button and state live inside the open
   * shadow root of {@code <device-status>}.
   */
  public static Flow shadowWidget() {
    Target state = testId("widget-state").inShadow("device-status");
    return openTools(signIn(start("shadow-widget", "Connect the gateway widget",
        "Connects the gateway status widget, whose button and state live inside an open shadow root.",
        "demo", "shadow-dom")))
        .click(testId("widget-toggle").or(role("button", "Connect 连接")).inShadow("device-status")).id("connect")
        .title("Connect the gateway").expect(hasText(state, "Online"))
        .read(state).id("widget-state").title("Read the gateway state")
        .build();
  }

  /**
   * {@code upload}: chooses the file of input {@code UPLOAD_FILE} (by default the repository's
   * {@code samples/src/main/resources/data/devices.csv}, relative to the working directory) and
   * imports it. Declares the gated capability {@code file.upload}.
   */
  public static Flow upload() {
    FlowBuilder f = start("upload", "Upload a meter list",
        "Chooses a CSV file in the upload field, checks the app lists it, and imports it.", "demo", "upload")
        .input("UPLOAD_FILE", described("Path of a CSV file with a DEVICE_ID column"),
            defaultValue("samples/src/main/resources/data/devices.csv"))
        .capabilities(Capability.FILE_UPLOAD);
    return openTools(signIn(f))
        .upload(testId("upload-input").or(label("Meter list file")), "${UPLOAD_FILE}").id("choose-file")
        .title("Choose the meter list file").expect(hasText(testId("upload-status"), "1 file selected"))
        .click(testId("import-file").or(role("button", "Import 导入"))).id("import").title("Import the file")
        .expect(hasText(testId("import-result"), "Imported"))
        .build();
  }

  /** {@code download}: downloads the device list the app generates as {@code devices-export.csv}. */
  public static Flow download() {
    return openTools(signIn(start("download", "Download the device list",
        "Downloads the device list the app generates as a CSV file.", "demo", "download")))
        .click(testId("download-csv").or(role("link", "Download device list (CSV) 下载设备清单"))).id("download-csv")
        .title("Download the device list as CSV").expect(downloaded("devices-*.csv"))
        .build();
  }

  // ------------------------------------------------------------------ shared parts

  /** The header every sample shares: id, name, description, tags, BASE_URL and the credentials. */
  private static FlowBuilder start(String id, String name, String description, String... tags) {
    return Flow.named(name).flowId(id).description(description).tags(tags)
        .input(BASE_URL, described("Address of the demo app, without a trailing slash"), inputType(Input.Type.URL))
        .credential(Credential.builder().key("USERNAME").label("Demo user name (demo)")
            .type(Credential.Type.USERNAME).build())
        .credential(Credential.builder().key("PASSWORD").label("Demo password")
            .type(Credential.Type.PASSWORD).build());
  }

  private static Input deviceIdInput() {
    return Input.builder().key("DEVICE_ID").label("Device ID 设备ID").defaultValue(SEED_DEVICE_ID)
        .pattern("[0-9]{19}").build();
  }

  /** Opens the login page and signs in; the home page is where every sample goes on from. */
  private static FlowBuilder signIn(FlowBuilder f) {
    return f
        .open("${BASE_URL}/index.html").id("open-app").title("Open the login page")
        .fill(testId("username").or(placeholder("用户名")), "${credential.USERNAME}").id("username")
        .title("Enter the user name")
        .fill(testId("password").or(placeholder("密码")), "${credential.PASSWORD}").id("password")
        .title("Enter the password")
        .click(testId("sign-in").or(role("button", "Sign in"))).id("sign-in").title("Sign in and land on the home page")
        .expect(urlMatches("**/app.html#/"), hasText(PAGE_TITLE, "Welcome"));
  }

  private static FlowBuilder openDevices(FlowBuilder f) {
    return f.click(testId("nav-devices").or(role("link", "Device search 设备查询"))).id("open-devices")
        .title("Open Device search from the menu")
        .expect(urlMatches("**/app.html#/devices"), hasText(PAGE_TITLE, "Device search"));
  }

  private static FlowBuilder openTools(FlowBuilder f) {
    return f.click(testId("nav-tools").or(role("link", "Tools 工具"))).id("open-tools")
        .title("Open Tools from the menu")
        .expect(urlMatches("**/app.html#/tools"), hasText(PAGE_TITLE, "Tools"));
  }

  private static Target searchButton() {
    return testId("search").or(role("button", "Search 查询"));
  }

  /** Fills the device id and searches; the search waits out the loading mask and expects one row. */
  private static <B extends StepSequence<B>> B searchOneDevice(B steps, String fillId, String searchId,
      String deviceId) {
    String fillTitle = deviceId.startsWith("${loop.") ? "Enter the device id of this row" : "Enter the device id";
    return steps
        .fill(testId("device-id").or(placeholder("设备ID")), deviceId).id(fillId).title(fillTitle)
        .click(searchButton()).id(searchId).title("Search and wait for exactly one result")
        .expect(hidden(css(".loading-mask")), count(css("table.result tbody tr"), 1));
  }
}
