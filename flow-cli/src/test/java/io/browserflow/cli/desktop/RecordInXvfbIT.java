package io.browserflow.cli.desktop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import io.browserflow.cli.desktop.XScreen.Report;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code browserflow record} as a person uses it: the packaged CLI records in a headed Chromium on a
 * virtual X display, driven only by OS-level mouse and keyboard (clicks, typing key by key, Ctrl+L
 * and an address typed into the address bar, a popup window that closes itself), and is stopped by
 * typing {@code s} into its terminal; native dialogs (confirm, prompt, "leave this page?") are
 * answered with Return, Escape and typed text as a person does. The draft it writes is replayed headless by {@code browserflow
 * run} on a fresh server and must leave the server in the state the person left it in.
 */
@Tag("browser")
class RecordInXvfbIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path dir;
  static XScreen screen;
  static final List<Map<String, Object>> orders = new ArrayList<>();
  /** The native dialogs the dialog page said it was opening, and what it did with the answers. */
  static final List<String> asked = new ArrayList<>();
  static final List<String> done = new ArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    screen = XScreen.start();
    screen.serve("/api/", RecordInXvfbIT::api);
    screen.serve("/", ex -> {
      try (ex) {
        String file = ex.getRequestURI().getPath().substring(1);
        Path path = XScreen.RESOURCES.resolve(file.isEmpty() ? "index.html" : file).normalize();
        if (!path.startsWith(XScreen.RESOURCES) || !Files.isRegularFile(path)) {
          XScreen.respond(ex, 404, "text/plain", "not found".getBytes(StandardCharsets.UTF_8));
        } else {
          XScreen.respond(ex, 200, "text/html; charset=utf-8", Files.readAllBytes(path));
        }
      }
    });
  }

  @AfterAll
  static void stop() throws Exception {
    if (screen != null) {
      screen.close();
    }
  }

  @Test
  void should_record_mouse_keyboard_address_bar_and_popup_and_replay_the_draft_to_the_same_state() throws Exception {
    reset();
    Path draft = dir.resolve("order.flow.json");
    String base = screen.origin() + "/";
    try (RecorderProcess rec = RecorderProcess.start(dir, Map.of("DISPLAY", screen.display()),
        "record", "--url", base, "--out", draft.toString(), "--name", "Order in colour")) {
      rec.awaitOutput("Recording " + base, 60); // the recorder's prompt: it listens from here on
      Report order = screen.awaitPage("New order", 0);
      screen.click(order.of("#customer"));
      screen.type("Ada Lovelace");

      long before = screen.seq();
      screen.click(order.of("#choose"));
      Report picker = awaitPage(rec, "Colour picker", before);
      screen.click(picker.of("#blue")); // the popup sets the colour in its opener and closes itself
      awaitOrders(0);
      screen.click(order.of("#place"));
      awaitOrders(1);

      before = screen.seq();
      screen.moveTo(order.of("#order")); // the keyboard goes to the window under the mouse
      screen.key("ctrl+l");
      screen.type(base + "orders.html");
      screen.key("Return");
      Report list = awaitPage(rec, "Orders", before);
      screen.click(list.of("#confirm"));
      awaitConfirmed();

      rec.typeInTerminal("s");
      assertThat(rec.awaitExit(60)).as("record's exit code; %s", rec.transcript()).isZero();
      assertThat(rec.stdout()).contains("Wrote " + draft);
    }
    List<Map<String, Object>> recorded = snapshot();
    assertThat(recorded).as("what the person did, on the server")
        .containsExactly(Map.of("customer", "Ada Lovelace", "colour", "blue", "confirmed", true));

    JsonNode steps = JSON.readTree(draft.toFile()).get("steps");
    List<String> ops = new ArrayList<>();
    steps.forEach(s -> ops.add(s.get("op").asText()));
    System.out.println("[desktop] recorded under Xvfb: " + steps.findValuesAsText("title"));
    assertThat(ops).as("the draft's steps (Ctrl+L is no page key press): %s", steps).containsExactly(
        "open", "fill", "click", "tabSwitch", "click", "tabSwitch", "click", "navigate", "click");
    assertThat(steps.findValuesAsText("url")).as("the address typed into the address bar is a navigation")
        .contains(base + "orders.html");

    reset();
    try (RecorderProcess run = RecorderProcess.start(dir, Map.of(), "run", draft.toString(), "--json")) {
      int code = run.awaitExit(120);
      assertThat(code).as("run's exit code; %s", run.transcript()).isZero();
      JsonNode results = JSON.readTree(run.stdout());
      assertThat(results.get(0).get("status").asText()).as(run.stdout()).isEqualTo("SUCCEEDED");
    }
    assertThat(snapshot()).as("the headless replay of the draft, on a fresh server").isEqualTo(recorded);
  }

  @Test
  void should_record_the_native_dialogs_a_person_answers_and_replay_them_answered_the_same_way() throws Exception {
    reset();
    Path draft = dir.resolve("dialogs.flow.json");
    String url = screen.origin() + "/dialogs.html";
    try (RecorderProcess rec = RecorderProcess.start(dir, Map.of("DISPLAY", screen.display()),
        "record", "--url", url, "--out", draft.toString(), "--name", "Draft orders")) {
      rec.awaitOutput("Recording " + url, 60);
      Report page = screen.awaitPage("Draft orders", 0);

      // the first click of a fresh headed window can be lost before the window takes input: the page
      // did nothing then (no dialog asked), so clicking again is what a person would do
      for (int attempt = 1; attempt <= 3 && asked().isEmpty(); attempt++) {
        screen.click(page.of("#delete"));
        long end = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(5);
        while (asked().isEmpty() && System.nanoTime() < end) {
          Thread.sleep(50);
        }
      }
      answer(1, "Return"); // OK
      awaitDone(List.of("deleted"));
      screen.click(page.of("#rename"));
      awaitAsked(2);
      screen.type("Plan B");
      answer(2, "Return");
      awaitDone(List.of("deleted", "renamed Plan B"));
      screen.click(page.of("#archive"));
      answer(3, "Escape"); // Cancel
      awaitDone(List.of("deleted", "renamed Plan B", "kept"));

      screen.click(page.of("#note"));
      screen.type("call back");
      long before = screen.seq();
      screen.click(page.of("link=All orders"));
      answer(4, "Escape"); // "Leave site?": Stay
      Thread.sleep(1_000);
      assertThat(screen.seq()).as("no page loaded after Stay").isEqualTo(before);
      screen.click(page.of("link=All orders"));
      answer(5, "Return"); // Leave
      awaitPage(rec, "Orders", before);

      rec.typeInTerminal("s");
      assertThat(rec.awaitExit(60)).as("record's exit code; %s", rec.transcript()).isZero();
    }
    List<String> recordedAsks = asked();
    assertThat(recordedAsks).containsExactly("confirm", "prompt", "confirm", "beforeunload", "beforeunload");
    assertThat(done()).containsExactly("deleted", "renamed Plan B", "kept");

    JsonNode flow = JSON.readTree(draft.toFile());
    System.out.println("[desktop] dialogs recorded under Xvfb: " + flow.get("steps"));
    List<String> declared = new ArrayList<>();
    flow.get("steps").forEach(s -> s.path("dialogs").forEach(d -> declared.add(d.get("type").asText() + " "
        + d.path("message").asText() + " " + d.path("answer").asText("accept") + " " + d.path("text").asText())));
    assertThat(declared).as("the dialogs declared on their steps").containsExactly(
        "confirm Delete 3 drafts? accept ", "prompt New name for the list accept Plan B", "confirm Archive the list? dismiss ",
        "beforeunload  dismiss ", "beforeunload  accept ");

    reset();
    try (RecorderProcess run = RecorderProcess.start(dir, Map.of(), "run", draft.toString(), "--json")) {
      int code = run.awaitExit(120);
      assertThat(code).as("run's exit code; %s", run.transcript()).isZero();
      assertThat(JSON.readTree(run.stdout()).get(0).get("status").asText()).as(run.stdout()).isEqualTo("SUCCEEDED");
    }
    assertThat(done()).as("what the headless replay did with its answers").containsExactly("deleted", "renamed Plan B", "kept");
    assertThat(asked()).as("the dialogs the replay met").isEqualTo(recordedAsks);
  }

  /** Waits until the page said it opens its {@code n}th dialog, gives the dialog time to show, then presses {@code key}. */
  private static void answer(int n, String key) throws Exception {
    awaitAsked(n);
    screen.key(key);
  }

  private static void awaitAsked(int n) throws InterruptedException {
    await(() -> asked().size() >= n, "dialog " + n + " opening (asked: " + asked() + ")");
    Thread.sleep(600); // the dialog shows after the page said so
  }

  private static void awaitDone(List<String> expected) throws InterruptedException {
    await(() -> done().equals(expected), "the page did " + expected + " (did: " + done() + ")");
  }

  private static Report awaitPage(RecorderProcess rec, String title, long after) throws Exception {
    try {
      return screen.awaitPage(title, after);
    } catch (AssertionError e) {
      throw new AssertionError(e.getMessage() + "; the recorder: " + rec.transcript(), e);
    }
  }

  private static synchronized void reset() {
    orders.clear();
    asked.clear();
    done.clear();
  }

  private static synchronized List<String> asked() {
    return List.copyOf(asked);
  }

  private static synchronized List<String> done() {
    return List.copyOf(done);
  }

  private static synchronized List<Map<String, Object>> snapshot() {
    List<Map<String, Object>> copy = new ArrayList<>();
    orders.forEach(o -> copy.add(Map.copyOf(o)));
    return copy;
  }

  private static void awaitOrders(int count) throws InterruptedException {
    await(() -> snapshot().size() == count, "orders on the server: " + count);
  }

  private static void awaitConfirmed() throws InterruptedException {
    await(() -> !snapshot().isEmpty() && snapshot().stream().allMatch(o -> Boolean.TRUE.equals(o.get("confirmed"))),
        "every order confirmed");
  }

  private static void await(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + 15_000_000_000L;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not reached within 15 s: " + what + "; server has " + snapshot());
      }
      Thread.sleep(50);
    }
  }

  private static void api(HttpExchange ex) throws IOException {
    try (ex) {
      String path = ex.getRequestURI().getPath();
      String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      synchronized (RecordInXvfbIT.class) {
        switch (ex.getRequestMethod() + " " + path) {
          case "POST /api/order" -> {
            Map<String, Object> order = new LinkedHashMap<>();
            for (String pair : body.split("&")) {
              String[] kv = pair.split("=", 2);
              order.put(URLDecoder.decode(kv[0], StandardCharsets.UTF_8),
                  kv.length > 1 ? URLDecoder.decode(kv[1], StandardCharsets.UTF_8) : "");
            }
            if (String.valueOf(order.get("customer")).isBlank() || String.valueOf(order.get("colour")).isBlank()) {
              XScreen.respond(ex, 422, "text/plain", "customer and colour are required".getBytes(StandardCharsets.UTF_8));
              return;
            }
            order.put("confirmed", false);
            orders.add(order);
            XScreen.respond(ex, 200, "text/plain", String.valueOf(orders.size()).getBytes(StandardCharsets.UTF_8));
          }
          case "POST /api/asking" -> {
            asked.add(body);
            XScreen.respond(ex, 200, "text/plain", new byte[0]);
          }
          case "POST /api/done" -> {
            done.add(body);
            XScreen.respond(ex, 200, "text/plain", new byte[0]);
          }
          case "GET /api/orders" -> XScreen.respond(ex, 200, "application/json", JSON.writeValueAsBytes(orders));
          case "POST /api/confirm" -> {
            orders.forEach(o -> o.put("confirmed", true));
            XScreen.respond(ex, 200, "text/plain", String.valueOf(orders.size()).getBytes(StandardCharsets.UTF_8));
          }
          default -> XScreen.respond(ex, 404, "text/plain", "no such call".getBytes(StandardCharsets.UTF_8));
        }
      }
    }
  }
}
