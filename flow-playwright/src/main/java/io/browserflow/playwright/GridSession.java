package io.browserflow.playwright;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/**
 * One WebDriver session on a Selenium Grid 4, asked for over the W3C new-session endpoint, whose
 * Chromium the driver then reaches through the Grid's DevTools proxy ({@code se:cdp}). Deleting it
 * ends the session and frees the node's slot.
 */
final class GridSession {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
  private static final Duration NEW_SESSION_TIMEOUT = Duration.ofSeconds(120);

  private final URI grid;
  private final String id;
  private final String cdp;

  private GridSession(URI grid, String id, String cdp) {
    this.grid = grid;
    this.id = id;
    this.cdp = cdp;
  }

  /** The Grid's DevTools proxy for this session, {@code ws://.../session/<id>/se/cdp}. */
  String cdpEndpoint() {
    return cdp;
  }

  static GridSession create(String gridUrl, Map<String, Object> capabilities) {
    URI grid = base(gridUrl);
    ObjectNode body = JSON.createObjectNode();
    body.putObject("capabilities").set("alwaysMatch", JSON.valueToTree(capabilities));
    HttpResponse<String> response;
    try {
      response = HTTP.send(HttpRequest.newBuilder(grid.resolve("session")).timeout(NEW_SESSION_TIMEOUT)
          .header("Content-Type", "application/json; charset=utf-8")
          .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build(), HttpResponse.BodyHandlers.ofString());
    } catch (java.net.http.HttpTimeoutException e) {
      throw failure("the Selenium Grid at " + grid + " created no session within " + NEW_SESSION_TIMEOUT.toSeconds()
          + " s: it queues a request while no free node matches the capabilities " + JSON.valueToTree(capabilities)
          + "; see its nodes and slots at " + grid.resolve("status") + " (a Grid started with --reject-unsupported-caps "
          + "true refuses at once what no node supports)", grid);
    } catch (IOException e) {
      throw failure("could not reach the Selenium Grid at " + grid + " (" + e.getClass().getSimpleName()
          + (e.getMessage() == null ? "" : ": " + e.getMessage()) + "); is it running? Start one with "
          + "`java -jar selenium-server-<version>.jar standalone`", grid);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw failure("interrupted while the Selenium Grid at " + grid + " created a session", grid);
    }
    JsonNode value;
    try {
      value = JSON.readTree(response.body()).path("value");
    } catch (IOException e) {
      throw failure("the Selenium Grid at " + grid + " answered the new-session request with HTTP " + response.statusCode()
          + " and no JSON: is " + grid + " a Grid's address?", grid);
    }
    if (response.statusCode() != 200 || !value.hasNonNull("sessionId")) {
      throw failure("the Selenium Grid at " + grid + " did not create a session (HTTP " + response.statusCode() + ", "
          + value.path("error").asText("no error") + "): " + value.path("message").asText("").lines().findFirst().orElse("")
          + ". It needs a Chromium or Chrome node matching the capabilities " + JSON.valueToTree(capabilities), grid);
    }
    String id = value.get("sessionId").asText();
    String cdp = value.path("capabilities").path("se:cdp").asText("");
    GridSession session = new GridSession(grid, id, cdp);
    if (cdp.isEmpty()) {
      session.delete();
      throw failure("the Selenium Grid at " + grid + " gave its session no DevTools endpoint (se:cdp capability): "
          + "BrowserFlow drives Grid nodes through it, so the node must run Chromium or Chrome", grid);
    }
    return session;
  }

  /** Ends the session; a Grid that is gone already is not an error. */
  void delete() {
    try {
      HTTP.send(HttpRequest.newBuilder(grid.resolve("session/" + id)).timeout(Duration.ofSeconds(30)).DELETE().build(),
          HttpResponse.BodyHandlers.discarding());
    } catch (IOException e) {
      // the Grid went away: its session went with it
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static URI base(String gridUrl) {
    URI uri;
    try {
      uri = URI.create(gridUrl.endsWith("/") ? gridUrl : gridUrl + "/");
    } catch (IllegalArgumentException e) {
      throw new FlowRunException(ErrorCode.FIELD_INVALID, "the Selenium Grid URL " + gridUrl + " is not a URL: " + e.getMessage(),
          Map.of(FlowException.Details.ENDPOINT, gridUrl));
    }
    if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
      throw new FlowRunException(ErrorCode.FIELD_INVALID, "the Selenium Grid URL " + gridUrl
          + " must be http:// or https://, e.g. http://127.0.0.1:4444", Map.of(FlowException.Details.ENDPOINT, gridUrl));
    }
    return uri;
  }

  private static FlowRunException failure(String message, URI grid) {
    return new FlowRunException(ErrorCode.ACTION_FAILED, message, Map.of(FlowException.Details.ENDPOINT, grid.toString()));
  }
}
