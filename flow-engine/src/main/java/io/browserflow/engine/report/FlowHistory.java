package io.browserflow.engine.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.Problem;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.RunStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The last outcomes of each flow or test across runs, in a JSON file, so a report can mark what
 * alternates between passing and failing ({@link ReportItem#alternates()}). Keys are flow ids (CLI)
 * or test ids (JUnit); only statuses, run ids and times are kept — no messages, no values.
 *
 * <pre>{@code
 * FlowHistory history = FlowHistory.load(Path.of("target/browserflow/history.json"), 10);
 * List<RunStatus> before = history.outcomes("checkout");
 * history.record("checkout", result);
 * history.save();
 * }</pre>
 */
public final class FlowHistory {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Path file;
  private final int keep;
  private final Map<String, List<Entry>> byKey = new LinkedHashMap<>();

  private record Entry(RunStatus status, String runId, String at) {}

  private FlowHistory(Path file, int keep) {
    this.file = file;
    this.keep = keep;
  }

  /**
   * Reads {@code file} (a missing file is an empty history), keeping the last {@code keep}
   * outcomes per key.
   *
   * @throws FlowFormatException {@code JSON_SYNTAX} when the file is not a history
   */
  public static FlowHistory load(Path file, int keep) {
    if (keep < 1) {
      throw new IllegalArgumentException("keep must be at least 1, was " + keep);
    }
    FlowHistory h = new FlowHistory(file, keep);
    if (!Files.exists(file)) {
      return h;
    }
    try {
      JsonNode root = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
      for (Iterator<Map.Entry<String, JsonNode>> it = root.path("outcomes").fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        List<Entry> list = new ArrayList<>();
        for (JsonNode o : e.getValue()) {
          list.add(new Entry(RunStatus.valueOf(o.path("status").asText()), o.path("runId").asText(), o.path("at").asText()));
        }
        h.byKey.put(e.getKey(), trim(list, keep));
      }
      return h;
    } catch (IOException | IllegalArgumentException e) {
      throw new FlowFormatException(List.of(Problem.of(ErrorCode.JSON_SYNTAX, "",
          file + " is not a BrowserFlow history file (" + e.getMessage() + "); delete it to start a new history")));
    }
  }

  private static List<Entry> trim(List<Entry> list, int keep) {
    return new ArrayList<>(list.subList(Math.max(0, list.size() - keep), list.size()));
  }

  /** The recorded outcomes of {@code key}, oldest first. */
  public synchronized List<RunStatus> outcomes(String key) {
    return byKey.getOrDefault(key, List.of()).stream().map(Entry::status).toList();
  }

  /** Adds {@code result}'s outcome to {@code key}, dropping the oldest beyond the limit. */
  public synchronized void record(String key, RunResult result) {
    List<Entry> list = byKey.computeIfAbsent(key, k -> new ArrayList<>());
    list.add(new Entry(result.status(), result.runId(), result.startedAt().toString()));
    byKey.put(key, trim(list, keep));
  }

  /** Writes the file (through a temporary file, so a reader never sees half of it). */
  public synchronized void save() {
    ObjectNode root = JSON.createObjectNode();
    root.put("format", "browserflow-history/1");
    ObjectNode outcomes = root.putObject("outcomes");
    byKey.forEach((key, list) -> {
      ArrayNode a = outcomes.putArray(key);
      list.forEach(e -> a.addObject().put("status", e.status().name()).put("runId", e.runId()).put("at", e.at()));
    });
    try {
      Path dir = file.toAbsolutePath().getParent();
      Files.createDirectories(dir);
      Path tmp = Files.createTempFile(dir, ".history-", ".json");
      Files.writeString(tmp, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root), StandardCharsets.UTF_8);
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the history " + file + ": " + e.getMessage(), e);
    }
  }
}
