package io.browserflow.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.json.FlowJson;
import io.browserflow.api.json.FlowSchema;
import io.browserflow.engine.review.Approvals;
import io.browserflow.engine.review.FlowReview;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The tools a folder of flows publishes: one per flow file whose exact digest the folder's
 * approvals file holds. Each tool is named {@code flow_<slug>} (letters, digits, {@code _} and
 * {@code -}, at most 64 characters), takes the flow's inputs at the root of its arguments, the
 * credentials the server does not hold under {@code credentials} (never a secret one), and the run
 * options under {@code run}.
 */
final class FlowTools {
  static final ObjectMapper JSON = new ObjectMapper();
  static final int MAX_NAME = 64;
  /** The root argument holding the run options. */
  static final String RUN = "run";

  private FlowTools() {}

  /** A published flow: its tool name, file, flow, review, input schema and description. */
  record FlowTool(String name, Path file, Flow flow, FlowReview review, ObjectNode schema, String description,
      Approvals.Approval approval) {
    /** Whether publishing it again would change what clients see or run (an approval pinned anew included). */
    boolean sameAs(FlowTool other) {
      return other != null && name.equals(other.name) && review.digest().equals(other.review.digest())
          && schema.equals(other.schema) && description.equals(other.description) && approval.equals(other.approval);
    }
  }

  /** What a scan of the folder found: the tools, and why each other flow file is not one. */
  record Scan(Map<String, FlowTool> tools, List<String> withheld) { }

  /**
   * Scans {@code dir}: every {@code *.flow.json} whose digest {@value Approvals#FILE_NAME} approves,
   * signed with {@code key} (null: no key yet, so none), becomes a tool; {@code serverHolds} says which credentials (flow id, key) the server supplies itself.
   */
  static Scan scan(Path dir, io.browserflow.engine.review.ApprovalKey key,
      java.util.function.BiPredicate<String, String> serverHolds) {
    Map<String, FlowTool> tools = new LinkedHashMap<>();
    List<String> withheld = new ArrayList<>();
    Approvals approvals;
    try {
      approvals = key == null ? Approvals.create() : Approvals.read(dir.resolve(Approvals.FILE_NAME), key);
    } catch (FlowException e) {
      withheld.add(dir.resolve(Approvals.FILE_NAME) + ": " + e.getMessage() + " (no flow is published)");
      return new Scan(tools, withheld);
    }
    List<Path> files;
    try (Stream<Path> list = Files.list(dir)) {
      files = list.filter(p -> p.getFileName().toString().endsWith(".flow.json")).sorted().collect(Collectors.toList());
    } catch (IOException e) {
      withheld.add(dir + ": cannot list the folder: " + e.getMessage());
      return new Scan(tools, withheld);
    }
    for (Path file : files) {
      Flow flow;
      try {
        flow = FlowJson.read(file);
      } catch (FlowException e) {
        withheld.add(file + ": " + e.code() + " (not published: the file does not read)");
        continue;
      }
      FlowReview review = FlowReview.of(flow);
      var approval = approvals.approval(flow.id());
      if (approval.isEmpty()) {
        withheld.add(file + ": " + approvals.refusal(flow.id()).map(why -> "its approval cannot be trusted (APPROVAL_UNTRUSTED): "
            + why).orElse("not approved") + " (browserflow review " + file + " --approve)");
        continue;
      }
      if (!approval.get().digest().equals(review.digest())) {
        withheld.add(file + ": changed since its approval (digest " + review.digest() + ", approved "
            + approval.get().digest() + "): review it again");
        continue;
      }
      Predicate<String> held = k -> serverHolds.test(flow.id(), k);
      List<String> missing = flow.credentials().stream().filter(c -> c.secret() && c.required() && !held.test(c.key()))
          .map(Credential::key).collect(Collectors.toList());
      if (!missing.isEmpty()) {
        withheld.add(file + ": needs the secret " + String.join(", ", missing) + ", which the server does not hold (set "
            + missing.stream().map(k -> "BROWSERFLOW_CREDENTIAL_" + k).collect(Collectors.joining(", "))
            + " or put it in --credentials FILE)");
        continue;
      }
      String name = name(flow.id(), tools.keySet());
      ObjectNode schema;
      try {
        schema = schema(flow, held);
      } catch (FlowException e) {
        withheld.add(file + ": " + e.getMessage());
        continue;
      }
      tools.put(name, new FlowTool(name, file, flow, review, schema, description(flow, review), approval.get()));
    }
    return new Scan(tools, withheld);
  }

  /** {@code flow_<slug>} of the flow id, unique among {@code taken}, at most 64 characters. */
  static String name(String flowId, java.util.Set<String> taken) {
    String slug = flowId.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_-]+", "_").replaceAll("^_+|_+$", "");
    if (slug.isEmpty()) {
      slug = "flow";
    }
    String base = "flow_" + slug;
    if (base.length() > MAX_NAME) {
      base = base.substring(0, MAX_NAME);
    }
    String name = base;
    for (int n = 2; taken.contains(name); n++) {
      String suffix = "_" + n;
      name = base.substring(0, Math.min(base.length(), MAX_NAME - suffix.length())) + suffix;
    }
    return name;
  }

  /** The flow's input schema, without the credentials the server holds and any secret one, with the run options. */
  static ObjectNode schema(Flow flow, Predicate<String> serverHolds) {
    ObjectNode root;
    try {
      root = (ObjectNode) JSON.readTree(FlowSchema.inputSchema(flow));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    root.remove("$schema");
    ObjectNode properties = (ObjectNode) root.path("properties");
    ArrayNode required = root.has("required") ? (ArrayNode) root.get("required") : JSON.createArrayNode();
    JsonNode group = flow.credentials().isEmpty() ? null : properties.path(FlowSchema.CREDENTIALS_PROPERTY);
    if (group != null && group.isObject()) {
      ObjectNode credentials = (ObjectNode) group;
      ObjectNode credentialProperties = (ObjectNode) credentials.path("properties");
      ArrayNode credentialRequired = credentials.has("required") ? (ArrayNode) credentials.get("required") : JSON.createArrayNode();
      for (Credential c : flow.credentials()) {
        if (c.secret() || serverHolds.test(c.key())) {
          credentialProperties.remove(c.key());
          removeText(credentialRequired, c.key());
        }
      }
      if (credentialProperties.isEmpty()) {
        properties.remove(FlowSchema.CREDENTIALS_PROPERTY);
        removeText(required, FlowSchema.CREDENTIALS_PROPERTY);
      } else if (credentialRequired.isEmpty()) {
        credentials.remove("required");
        removeText(required, FlowSchema.CREDENTIALS_PROPERTY);
      }
    }
    if (properties.has(RUN)) {
      throw new io.browserflow.api.FlowValidationException(List.of(io.browserflow.api.Problem.of(
          io.browserflow.api.ErrorCode.INVALID_FLOW, "inputs", "its input \"" + RUN + "\" collides with the tool's run "
              + "options argument; rename the input to publish the flow")));
    }
    properties.set(RUN, runOptionsSchema());
    if (required.isEmpty()) {
      root.remove("required");
    } else {
      root.set("required", required);
    }
    return root;
  }

  private static void removeText(ArrayNode array, String text) {
    for (int i = array.size() - 1; i >= 0; i--) {
      if (array.get(i).asText().equals(text)) {
        array.remove(i);
      }
    }
  }

  /** The run options a call may give under {@code run}. */
  static ObjectNode runOptionsSchema() {
    ObjectNode run = JSON.createObjectNode().put("type", "object")
        .put("description", "How to run the flow (all optional).");
    ObjectNode p = run.putObject("properties");
    p.putObject("timeoutMs").put("type", "integer").put("minimum", 1)
        .put("description", "Time budget of the run in milliseconds; the run fails with TIMEOUT when it is spent.");
    ObjectNode deny = p.putObject("denyNetwork").put("type", "string")
        .put("description", "Requests outside the flow's origins: report (blocked and reported, the default) or "
            + "strict (blocked, and the run fails at the first one). A call cannot lift the block.");
    deny.putArray("enum").add("report").add("strict");
    deny.put("default", "report");
    p.putObject("returnLogs").put("type", "boolean").put("default", false)
        .put("description", "Return one line per step (status, op, time, error) in logs.");
    run.put("additionalProperties", false);
    return run;
  }

  private static String description(Flow flow, FlowReview review) {
    StringBuilder d = new StringBuilder(flow.description().orElse("Runs the BrowserFlow flow \"" + flow.name() + "\"."));
    d.append(" Reviewed and approved (digest ").append(review.digest(), 0, 12).append("); needs ")
        .append(review.capabilities().stream().map(io.browserflow.api.Capability::id).collect(Collectors.joining(", ")));
    if (!review.origins().isEmpty()) {
      d.append("; visits ").append(String.join(", ", review.origins()));
    }
    d.append(". Returns {runId, success, summary, url, outputs, logs?}.");
    return d.toString();
  }
}
