package io.browserflow.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Candidate;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.json.FlowJson;
import io.browserflow.engine.RunResult;
import io.browserflow.engine.StepResult;
import io.browserflow.engine.spi.Suggestion;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code browserflow suggest FLOW_FILE RESULT}: turns a run's repair suggestions into a patched copy
 * of the flow. A step whose target failed gets the closest element's best candidate first; a step
 * whose fallback won gets the winning candidate first. Prints each change as a diff; with
 * {@code --write} writes the copy. The flow file itself is never changed, and replay stays strict.
 */
@Command(name = "suggest", mixinStandardHelpOptions = true,
    description = "Print the repairs a run's result suggests for a flow (targets that failed: the closest element's "
        + "candidate first; fallbacks that won: the winning candidate first), as a diff; --write saves a patched copy. "
        + "The flow file is never changed. Exits 0 when there is something to repair, 1 when there is nothing, 2 on "
        + "bad input (a missing file, another format, a flow changed since the run).")
final class SuggestCommand extends CliCommand {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern SEGMENT = Pattern.compile("\\.?([A-Za-z]+)(?:\\[(\\d+)])?");

  @Parameters(index = "0", paramLabel = "FLOW_FILE", description = "The browserflow/2 (or /1) flow file the run ran.")
  Path flowFile;

  @Parameters(index = "1", paramLabel = "RESULT",
      description = "The run's result: a result.json, a run's folder holding one (--store, JUnit's report folder), "
          + "or the output of `browserflow run --json` for one flow.")
  Path result;

  @Option(names = "--write", paramLabel = "FILE", description = "Write the patched copy of the flow to FILE.")
  Path write;

  @Option(names = "--min-score", paramLabel = "SCORE", defaultValue = "0.5",
      description = "Leave out suggestions scoring below SCORE (0 to 1, default 0.5).")
  double minScore;

  @Override
  public Integer call() {
    PrintWriter out = out();
    PrintWriter err = err();
    if (minScore < 0 || minScore > 1) {
      return BrowserflowCommand.usage(err, "--min-score must be between 0 and 1, was " + minScore);
    }
    String text;
    Flow flow;
    RunResult run;
    try {
      text = Files.readString(flowFile, StandardCharsets.UTF_8);
      flow = FlowJson.read(text);
      run = readResult(result);
    } catch (IOException e) {
      return BrowserflowCommand.usage(err, "suggest: cannot read " + e.getMessage());
    } catch (FlowException e) {
      return BrowserflowCommand.usage(err, "suggest: " + e.code() + ": " + e.getMessage()
          + " (suggest patches browserflow/2 and browserflow/1 flow files; convert others first with `browserflow convert FILE --to flow`)");
    }
    String digest = FlowJson.digest(flow);
    if (!run.flowDigest().isEmpty() && !run.flowDigest().equals(digest)) {
      return BrowserflowCommand.usage(err, "suggest: " + flowFile + " changed since the run (digest " + digest + ", the run had "
          + run.flowDigest() + "); run it again and suggest from the new result");
    }
    JsonNode root;
    try {
      root = JSON.readTree(text);
    } catch (IOException e) {
      return BrowserflowCommand.usage(err, "suggest: " + flowFile + " is not JSON: " + e.getMessage());
    }
    int changes = 0;
    for (StepResult s : run.steps()) {
      ObjectNode step = stepAt(root, s.path());
      if (step == null || !(step.path("target").path("candidates") instanceof ArrayNode candidates)) {
        continue;
      }
      List<String> before = described(candidates);
      String why;
      if (s.fallbackUsed() && s.winner().isPresent() && s.winner().getAsInt() < candidates.size()) {
        JsonNode winner = candidates.remove(s.winner().getAsInt());
        candidates.insert(0, winner);
        why = "fallback candidate " + s.winner().getAsInt() + " won: promoted to first";
      } else if (s.errorCode().isPresent() && !s.suggestions().isEmpty()
          && s.suggestions().get(0).score() >= minScore && !s.suggestions().get(0).candidates().isEmpty()) {
        Suggestion best = s.suggestions().get(0);
        candidates.insert(0, node(best.candidates().get(0)));
        why = s.errorCode().get() + ": the closest element, " + String.format(Locale.ROOT, "score %.2f", best.score());
      } else {
        continue;
      }
      changes++;
      out.println("--- " + s.path() + " " + s.op() + " " + s.title().map(t -> "\"" + t + "\" ").orElse("") + "(" + s.stepId()
          + "): " + why);
      out.println("-  candidates: " + String.join(", ", before));
      out.println("+  candidates: " + String.join(", ", described(candidates)));
    }
    if (changes == 0) {
      out.println("nothing to repair: no target of " + flowFile + " failed with a suggestion (score " + minScore
          + " or more) or fell back in this run");
      return BrowserflowCommand.FAILED;
    }
    if (write != null) {
      try {
        // the copy must be a valid flow; it is the flow's next revision, written as browserflow/2
        Flow revised = FlowJson.read(JSON.writeValueAsString(root)).nextRevision();
        String patched = FlowJson.write(revised);
        if (write.toAbsolutePath().normalize().equals(flowFile.toAbsolutePath().normalize())) {
          return BrowserflowCommand.usage(err, "suggest: --write must name another file; " + flowFile + " itself is never changed");
        }
        Files.writeString(write, patched, StandardCharsets.UTF_8);
        out.println("wrote " + write + " (" + changes + (changes == 1 ? " step" : " steps") + " changed, version "
            + flow.version() + " -> " + revised.version() + "); review it, then replay it: replay stays strict");
      } catch (IOException | FlowException e) {
        return BrowserflowCommand.usage(err, "suggest: cannot write " + write + ": " + e.getMessage());
      }
    } else {
      out.println(changes + (changes == 1 ? " step" : " steps") + " to repair; --write FILE saves the patched copy");
    }
    return BrowserflowCommand.OK;
  }

  /** A result file, a folder holding {@code result.json}, or {@code run --json} output with one result. */
  static RunResult readResult(Path path) throws IOException {
    Path file = Files.isDirectory(path) ? path.resolve("result.json") : path;
    String json = Files.readString(file, StandardCharsets.UTF_8).trim();
    if (json.startsWith("[")) {
      JsonNode all = JSON.readTree(json);
      if (all.size() != 1) {
        throw new IOException(file + ": it holds " + all.size() + " results; give the result of one run");
      }
      json = all.get(0).toString();
    }
    return RunResult.fromJson(json);
  }

  /** The step at a result path such as {@code steps[2].body[0]}, or null. */
  static ObjectNode stepAt(JsonNode root, String path) {
    JsonNode at = root;
    Matcher m = SEGMENT.matcher(path);
    int end = 0;
    while (m.find() && m.start() == end) {
      at = m.group(2) == null ? at.path(m.group(1)) : at.path(m.group(1)).path(Integer.parseInt(m.group(2)));
      end = m.end();
    }
    return end == path.length() && at instanceof ObjectNode o ? o : null;
  }

  private static ObjectNode node(Candidate c) {
    ObjectNode o = JSON.createObjectNode().put(c.kind().jsonName(), c.value());
    c.name().ifPresent(n -> o.put("name", n));
    return o;
  }

  private static List<String> described(ArrayNode candidates) {
    List<String> out = new ArrayList<>();
    candidates.forEach(c -> out.add(c.toString()));
    return out;
  }
}
