package io.browserflow.engine.spi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a signed-in browser session carries over to another: its cookies and each origin's local
 * storage, in the storage-state JSON Playwright reads and writes ({@code {"cookies": [...],
 * "origins": [{"origin": ..., "localStorage": [{"name": ..., "value": ...}]}]}}). It holds session
 * cookies, so it is a secret: it lives in memory only, its {@link #toString()} shows counts, never
 * values, and nothing in BrowserFlow writes it to disk.
 */
public final class StorageState {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final String json;
  private final List<String> values;
  private final int cookies;
  private final int origins;

  private StorageState(String json, List<String> values, int cookies, int origins) {
    this.json = json;
    this.values = values;
    this.cookies = cookies;
    this.origins = origins;
  }

  /**
   * Reads a storage state from its JSON.
   *
   * @throws FlowRunException ({@code FIELD_INVALID}) when it is not a storage-state object
   */
  public static StorageState of(String json) {
    Objects.requireNonNull(json, "json");
    JsonNode root;
    try {
      root = JSON.readTree(json);
    } catch (IOException e) {
      throw new FlowRunException(ErrorCode.FIELD_INVALID, "a storage state must be a JSON object with cookies and origins");
    }
    if (root == null || !root.isObject()) {
      throw new FlowRunException(ErrorCode.FIELD_INVALID, "a storage state must be a JSON object with cookies and origins");
    }
    List<String> values = new ArrayList<>();
    for (JsonNode c : root.path("cookies")) {
      add(values, c.path("value").asText(""));
    }
    for (JsonNode o : root.path("origins")) {
      for (JsonNode item : o.path("localStorage")) {
        add(values, item.path("value").asText(""));
      }
    }
    return new StorageState(json, List.copyOf(values), root.path("cookies").size(), root.path("origins").size());
  }

  private static void add(List<String> values, String value) {
    // values this short are words, not credentials; masking them would blank ordinary text
    if (value.length() >= 6) {
      values.add(value);
    }
  }

  /** The storage-state JSON, for a driver to start a session with. Never log or store it. */
  public String json() {
    return json;
  }

  /** The cookie and local-storage values (those of 6 characters or more), as secrets to mask in screenshots and traces. */
  public SecretMask secrets() {
    return SecretMask.of(values);
  }

  /** How many cookies it holds. */
  public int cookieCount() {
    return cookies;
  }

  /** How many origins' local storage it holds. */
  public int originCount() {
    return origins;
  }

  /** Counts only: {@code StorageState[2 cookies, 1 origin]}. */
  @Override
  public String toString() {
    return "StorageState[" + cookies + (cookies == 1 ? " cookie, " : " cookies, ") + origins + (origins == 1 ? " origin]" : " origins]");
  }
}
