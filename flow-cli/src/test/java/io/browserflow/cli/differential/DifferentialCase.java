package io.browserflow.cli.differential;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntUnaryOperator;
import java.util.stream.Stream;

/**
 * One differential case: a directory with {@code recording.json} (Chrome Recorder JSON whose URLs
 * start with {@code {{BASE}}}, or {@code {{OTHER}}} for a second site), the pages it runs on, and
 * {@code case.json}:
 * <pre>{@code
 * {"behaviour": "change on a <select> selects by value",
 *  "mutation": {"file": "index.html", "find": "value=\"blue\"", "replace": "value=\"navy\""},
 *  "export": true,
 *  "divergence": {"code": "TARGET_AMBIGUOUS", "messageContains": ["matched 2"]},
 *  "credentials": {"PASSWORD": "..."},
 *  "timeoutsAsRecorded": true}
 * }</pre>
 * The mutation (required unless the case is a divergence) is the variant on which both replayers
 * must fail. {@code export: false} needs an {@code exportNote} saying why the case is not exported.
 * On the case's own pages a replay gets at least {@link #OWN_PAGES_TIMEOUT_MS} a step (a replay that
 * works never waits that out, and a loaded machine may need it); on the mutated pages, where both
 * replayers must fail and so wait a timeout out, at most {@link #MUTATED_PAGES_TIMEOUT_MS} (a longer
 * wait could only let the replay fail later). A case about timeouts ({@code timeoutsAsRecorded})
 * keeps the recording's.
 */
record DifferentialCase(String name, Path dir, String behaviour, Optional<StateServer.Mutation> mutation,
    boolean export, Optional<String> exportNote, Optional<Divergence> divergence, Map<String, String> credentials,
    boolean timeoutsAsRecorded) {

  /** The least step timeout of a replay on the case's own pages. */
  static final int OWN_PAGES_TIMEOUT_MS = 15_000;
  /** The greatest step timeout of a replay on the mutated pages. */
  static final int MUTATED_PAGES_TIMEOUT_MS = 2_000;

  /** What BrowserFlow does instead of what the reference does, on purpose. */
  record Divergence(String code, List<String> messageContains, String reason) {}

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The recording for a replay at {@code base} (and {@code otherSite}), on the mutated pages or the case's own. */
  String recording(String base, String otherSite, boolean mutated) {
    try {
      String text = Files.readString(dir.resolve("recording.json")).replace("{{BASE}}", base).replace("{{OTHER}}", otherSite);
      if (timeoutsAsRecorded) {
        return text;
      }
      IntUnaryOperator timeout = mutated ? ms -> Math.min(ms, MUTATED_PAGES_TIMEOUT_MS) : ms -> Math.max(ms, OWN_PAGES_TIMEOUT_MS);
      ObjectNode recording = (ObjectNode) JSON.readTree(text);
      recording.put("timeout", timeout.applyAsInt(recording.path("timeout").asInt(5000)));
      recording.path("steps").forEach(step -> {
        if (step.has("timeout")) {
          ((ObjectNode) step).put("timeout", timeout.applyAsInt(step.get("timeout").asInt()));
        }
      });
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(recording);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String toString() {
    return name + ": " + behaviour;
  }

  /** System property naming the cases to run (comma-separated folder names), for local work; all when unset. */
  static final String ONLY = "browserflow.differential.cases";

  static List<DifferentialCase> all(Path root) throws IOException {
    List<DifferentialCase> out = new ArrayList<>();
    String only = System.getProperty(ONLY, "");
    Set<String> wanted = only.isBlank() ? Set.of() : Set.of(only.split(","));
    try (Stream<Path> dirs = Files.list(root)) {
      for (Path d : dirs.filter(Files::isDirectory).sorted().toList()) {
        String name = d.getFileName().toString();
        if (name.startsWith("_") || (!wanted.isEmpty() && !wanted.contains(name))) {
          continue;
        }
        out.add(read(d));
      }
    }
    return out;
  }

  private static DifferentialCase read(Path d) throws IOException {
    JsonNode c = JSON.readTree(d.resolve("case.json").toFile());
    String name = d.getFileName().toString();
    Optional<StateServer.Mutation> mutation = Optional.ofNullable(c.get("mutation"))
        .map(m -> new StateServer.Mutation(m.path("file").asText("index.html"), m.get("find").asText(), m.get("replace").asText()));
    Optional<Divergence> divergence = Optional.ofNullable(c.get("divergence")).map(v -> {
      List<String> contains = new ArrayList<>();
      v.path("messageContains").forEach(s -> contains.add(s.asText()));
      return new Divergence(v.get("code").asText(), contains, v.path("reason").asText());
    });
    if (mutation.isEmpty() && divergence.isEmpty()) {
      throw new IllegalStateException(name + "/case.json: a case needs a mutation (the variant on which both replayers fail)");
    }
    boolean export = c.path("export").asBoolean(true);
    Optional<String> exportNote = Optional.ofNullable(c.get("exportNote")).map(JsonNode::asText);
    if (!export && exportNote.isEmpty()) {
      throw new IllegalStateException(name + "/case.json: export: false needs an exportNote saying why");
    }
    Map<String, String> credentials = new LinkedHashMap<>();
    c.path("credentials").fields().forEachRemaining(e -> credentials.put(e.getKey(), e.getValue().asText()));
    return new DifferentialCase(name, d, c.path("behaviour").asText(name), mutation, export, exportNote, divergence, credentials,
        c.path("timeoutsAsRecorded").asBoolean(false));
  }
}
