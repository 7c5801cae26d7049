package io.browserflow.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Candidate;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.Problem;
import io.browserflow.engine.spi.Suggestion;
import java.util.List;
import java.time.Instant;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Hand-written JSON mapping of run results, so the public types carry no Jackson annotations. */
final class RunResultJson {
  static final ObjectMapper MAPPER = new ObjectMapper();

  private RunResultJson() {}

  static String write(RunResult r) {
    try {
      return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(toNode(r));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("run result could not be serialized", e);
    }
  }

  static ObjectNode toNode(RunResult r) {
    ObjectNode n = MAPPER.createObjectNode();
    n.put("runId", r.runId());
    n.put("flowId", r.flowId());
    n.put("flowName", r.flowName());
    n.put("flowDigest", r.flowDigest());
    n.put("status", r.status().name());
    n.put("startedAt", r.startedAt().toString());
    n.put("tookMs", r.tookMs());
    r.errorCode().ifPresent(c -> n.put("errorCode", c.name()));
    r.errorMessage().ifPresent(m -> n.put("errorMessage", m));
    r.errorPath().ifPresent(p -> n.put("errorPath", p));
    ArrayNode steps = n.putArray("steps");
    for (StepResult s : r.steps()) {
      steps.add(toNode(s));
    }
    ObjectNode outputs = n.putObject("outputs");
    r.outputs().forEach(outputs::put);
    if (!r.datasets().isEmpty()) {
      ObjectNode datasets = n.putObject("datasets");
      r.datasets().forEach((name, d) -> {
        ObjectNode dn = datasets.putObject(name);
        ArrayNode columns = dn.putArray("columns");
        d.columns().forEach(columns::add);
        ArrayNode rows = dn.putArray("rows");
        d.rows().forEach(row -> {
          ObjectNode rn = rows.addObject();
          row.forEach(rn::put);
        });
        dn.put("written", d.written());
        ArrayNode exports = dn.putArray("exports");
        d.exports().forEach(exports::add);
      });
    }
    ArrayNode blocked = n.putArray("blockedRequests");
    r.blockedRequests().forEach(blocked::add);
    r.trace().ifPresent(t -> n.put("trace", t));
    return n;
  }

  static ObjectNode toNode(StepResult s) {
    ObjectNode n = MAPPER.createObjectNode();
    n.put("path", s.path());
    n.put("stepId", s.stepId());
    n.put("op", s.op());
    s.title().ifPresent(t -> n.put("title", t));
    s.iteration().ifPresent(i -> n.put("iteration", i));
    n.put("state", s.state().name());
    n.put("attempts", s.attempts());
    n.put("tookMs", s.tookMs());
    s.winner().ifPresent(w -> n.put("winner", w));
    s.locator().ifPresent(l -> n.put("locator", l));
    s.startMs().ifPresent(ms -> n.put("startMs", ms));
    n.put("fallbackUsed", s.fallbackUsed());
    if (s.recoveredByFallback()) {
      n.put("recoveredByFallback", true);
    }
    s.errorCode().ifPresent(c -> n.put("errorCode", c.name()));
    s.message().ifPresent(m -> n.put("message", m));
    s.candidates().ifPresent(c -> n.put("candidates", c));
    s.url().ifPresent(u -> n.put("url", u));
    ArrayNode artifacts = n.putArray("artifacts");
    s.artifacts().forEach(artifacts::add);
    if (!s.console().isEmpty()) {
      ArrayNode console = n.putArray("console");
      for (ConsoleLine c : s.console()) {
        ObjectNode line = console.addObject().put("kind", c.kind().name().toLowerCase(Locale.ROOT)).put("text", c.text());
        c.location().ifPresent(l -> line.put("location", l));
      }
    }
    if (!s.requests().isEmpty()) {
      ArrayNode requests = n.putArray("requests");
      for (RequestLine r : s.requests()) {
        ObjectNode line = requests.addObject().put("method", r.method()).put("url", r.url());
        r.status().ifPresent(st -> line.put("status", st));
        r.failure().ifPresent(f -> line.put("failure", f));
        line.put("ms", r.ms());
      }
    }
    if (s.droppedActivity() > 0) {
      n.put("droppedActivity", s.droppedActivity());
    }
    if (!s.suggestions().isEmpty()) {
      ArrayNode suggestions = n.putArray("suggestions");
      for (Suggestion sg : s.suggestions()) {
        ObjectNode o = suggestions.addObject().put("score", sg.score());
        ArrayNode cs = o.putArray("candidates");
        for (Candidate c : sg.candidates()) {
          ObjectNode co = cs.addObject().put(c.kind().jsonName(), c.value());
          c.name().ifPresent(nm -> co.put("name", nm));
        }
      }
    }
    return n;
  }

  static RunResult read(String json) {
    try {
      return fromNode(MAPPER.readTree(json));
    } catch (JsonProcessingException | RuntimeException e) {
      throw new FlowFormatException(List.of(Problem.of(ErrorCode.JSON_SYNTAX, "", "not a run result: " + e.getMessage())));
    }
  }

  static RunResult fromNode(JsonNode n) {
    RunResult.Builder b = RunResult.builder()
        .runId(n.path("runId").asText())
        .flowId(n.path("flowId").asText())
        .flowName(n.path("flowName").asText())
        .flowDigest(n.path("flowDigest").asText())
        .status(RunStatus.valueOf(n.path("status").asText()))
        .startedAt(Instant.parse(n.path("startedAt").asText()))
        .tookMs(n.path("tookMs").asLong())
        .errorCode(text(n, "errorCode").map(ErrorCode::valueOf))
        .errorMessage(text(n, "errorMessage"))
        .errorPath(text(n, "errorPath"))
        .trace(text(n, "trace"));
    for (JsonNode s : n.path("steps")) {
      b.addSteps(stepFromNode(s));
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = n.path("outputs").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      b.putOutputs(e.getKey(), e.getValue().asText());
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = n.path("datasets").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      DatasetResult.Builder d = DatasetResult.builder().name(e.getKey()).written(e.getValue().path("written").asInt());
      e.getValue().path("columns").forEach(c -> d.addColumns(c.asText()));
      for (JsonNode row : e.getValue().path("rows")) {
        Map<String, String> cells = new java.util.LinkedHashMap<>();
        row.fields().forEachRemaining(c -> cells.put(c.getKey(), c.getValue().asText()));
        d.addRows(cells);
      }
      e.getValue().path("exports").forEach(x -> d.addExports(x.asText()));
      b.putDatasets(e.getKey(), d.build());
    }
    for (JsonNode u : n.path("blockedRequests")) {
      b.addBlockedRequests(u.asText());
    }
    return b.build();
  }

  static StepResult stepFromNode(JsonNode s) {
    StepResult.Builder b = StepResult.builder()
        .path(s.path("path").asText())
        .stepId(s.path("stepId").asText())
        .op(s.path("op").asText())
        .state(StepState.valueOf(s.path("state").asText()))
        .attempts(s.path("attempts").asInt(1))
        .tookMs(s.path("tookMs").asLong())
        .fallbackUsed(s.path("fallbackUsed").asBoolean(false))
        .recoveredByFallback(s.path("recoveredByFallback").asBoolean(false))
        .title(text(s, "title"))
        .iteration(text(s, "iteration"))
        .locator(text(s, "locator"))
        .errorCode(text(s, "errorCode").map(ErrorCode::valueOf))
        .message(text(s, "message"))
        .candidates(text(s, "candidates"))
        .url(text(s, "url"));
    if (s.hasNonNull("winner")) {
      b.winner(s.get("winner").asInt());
    }
    if (s.hasNonNull("startMs")) {
      b.startMs(s.get("startMs").asLong());
    }
    for (JsonNode a : s.path("artifacts")) {
      b.addArtifacts(a.asText());
    }
    for (JsonNode c : s.path("console")) {
      b.addConsole(ConsoleLine.of(ConsoleLine.Kind.valueOf(c.path("kind").asText().toUpperCase(Locale.ROOT)),
          c.path("text").asText(), text(c, "location")));
    }
    for (JsonNode r : s.path("requests")) {
      RequestLine.Builder line = RequestLine.builder().method(r.path("method").asText()).url(r.path("url").asText())
          .ms(r.path("ms").asLong());
      if (r.hasNonNull("status")) {
        line.status(r.get("status").asInt());
      }
      line.failure(text(r, "failure"));
      b.addRequests(line.build());
    }
    b.droppedActivity(s.path("droppedActivity").asInt(0));
    for (JsonNode sg : s.path("suggestions")) {
      Suggestion.Builder one = Suggestion.builder().score(sg.path("score").asDouble());
      for (JsonNode c : sg.path("candidates")) {
        for (Iterator<Map.Entry<String, JsonNode>> f = c.fields(); f.hasNext(); ) {
          Map.Entry<String, JsonNode> e = f.next();
          Optional<Candidate.Kind> kind = Candidate.Kind.fromJson(e.getKey());
          if (kind.isPresent()) {
            Candidate.Builder cb = Candidate.builder().kind(kind.get()).value(e.getValue().asText());
            cb.name(text(c, "name"));
            one.addCandidates(cb.build());
            break;
          }
        }
      }
      b.addSuggestions(one.build());
    }
    return b.build();
  }

  /** The text of {@code n}'s field {@code name}; empty when it is missing or null. */
  private static Optional<String> text(JsonNode n, String name) {
    return n.hasNonNull(name) ? Optional.of(n.get(name).asText()) : Optional.empty();
  }
}
