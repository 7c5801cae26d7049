package io.browserflow.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.browserflow.api.Capability;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.Input;
import io.browserflow.api.json.FlowJson;
import io.browserflow.engine.review.Approvals;
import io.browserflow.engine.review.FlowReview;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code browserflow review FLOW... [--approve]}: what each flow needs and when it fails, bound to
 * its digest; {@code --approve} records the approval in the approvals file next to the flow.
 */
@Command(name = "review", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Print what each flow needs before it may run (capabilities, origins, inputs, credentials), the "
        + "conditions that fail it, its digest and whether that digest is approved; with --approve, record the approval "
        + "in " + Approvals.FILE_NAME + " next to the flow (read by run --require-approval and by mcp). A flow changed "
        + "since its approval has another digest and is no longer approved.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:every flow is approved (or was just approved with --approve)",
        "1:a flow is not approved, or approved in another revision (changed since)",
        "2:bad usage, or an unreadable or invalid flow file"})
final class ReviewCommand extends CliCommand {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Parameters(arity = "1..*", paramLabel = "FLOW", description = "Flow files (browserflow/2 or /1).")
  List<Path> files;

  @Option(names = "--approve", description = "Approve each flow as reviewed: its digest, the reviewer and the time go to "
      + Approvals.FILE_NAME + " in the flow file's folder.")
  boolean approve;

  @Option(names = "--reviewer", paramLabel = "NAME",
      description = "Who approves (default: the BROWSERFLOW_REVIEWER environment variable, else the user name).")
  String reviewer;

  @Option(names = "--browser", paramLabel = "PATH",
      description = "With --approve: the Chromium or Chrome whose version the approval pins (default: as run finds one).")
  java.nio.file.Path browser;

  @picocli.CommandLine.Mixin
  ApprovalKeyOption approvalKey = new ApprovalKeyOption();

  Clock clock = Clock.systemUTC();

  @Override
  public Integer call() {
    PrintWriter out = out();
    PrintWriter err = err();
    String who = reviewer != null ? reviewer : System.getenv().getOrDefault("BROWSERFLOW_REVIEWER", System.getProperty("user.name", ""));
    if (approve && who.isBlank()) {
      return BrowserflowCommand.usage(err, "review --approve needs a reviewer: give --reviewer NAME or set BROWSERFLOW_REVIEWER");
    }
    java.util.Map<String, String> driverEnvironment = null;
    if (approve) {
      // the approval pins the environment it was given in: this machine's browser and version, locale, time zone
      io.browserflow.playwright.LaunchOptions.Builder launch = io.browserflow.playwright.LaunchOptions.builder().headless(true);
      if (browser != null) {
        launch.executablePath(browser);
      }
      try (io.browserflow.playwright.PlaywrightDriver driver = io.browserflow.playwright.PlaywrightDriver.launch(launch.build())) {
        driverEnvironment = driver.environment();
      } catch (RuntimeException e) {
        return BrowserflowCommand.usage(err, "review --approve: cannot start the browser whose version the approval pins: "
            + String.valueOf(e.getMessage()).lines().findFirst().orElse("") + " (give one with --browser PATH)");
      }
    }
    io.browserflow.engine.RunOptions defaults = io.browserflow.engine.RunOptions.defaults();
    int code = BrowserflowCommand.OK;
    for (Path file : files) {
      Flow flow;
      try {
        flow = FlowJson.read(file);
      } catch (FlowException e) {
        FlowFiles.printError(err, file, e);
        code = BrowserflowCommand.USAGE;
        continue;
      }
      Path approvalsFile = approvalsFile(file);
      Approvals approvals;
      io.browserflow.engine.review.ApprovalKey key = null;
      try {
        if (approve) {
          key = approvalKey.forApproving(approvalsFile.getParent());
          approvals = Approvals.read(approvalsFile, key);
        } else {
          approvals = approvalKey.read(approvalsFile.getParent());
        }
      } catch (FlowException e) {
        FlowFiles.printError(err, approvalsFile, e);
        return BrowserflowCommand.USAGE;
      }
      FlowReview review = FlowReview.of(flow);
      print(out, file, flow, review);
      if (approve) {
        io.browserflow.engine.review.Environment environment = io.browserflow.engine.review.Environment.of(driverEnvironment,
            defaults.viewportWidth(), defaults.viewportHeight(), review.origins());
        try {
          Approvals.record(approvalsFile, key, review, who, clock.instant(), environment);
        } catch (UncheckedIOException e) {
          return BrowserflowCommand.usage(err, "review: " + e.getMessage());
        }
        out.println("  approved:     by " + who.strip() + ", recorded in " + approvalsFile);
        out.println(environmentLine(environment));
        continue;
      }
      if (!printApproval(out, file, flow, review, approvals)) {
        code = Math.max(code, BrowserflowCommand.FAILED);
      }
    }
    return code;
  }

  /** Prints whether the flow's revision is approved and by whom; false when it is not. */
  private static boolean printApproval(PrintWriter out, Path file, Flow flow, FlowReview review, Approvals approvals) {
    var approval = approvals.approval(flow.id());
    if (approval.isEmpty()) {
      out.println("  approval:     " + approvals.refusal(flow.id()).map(why -> "untrusted (APPROVAL_UNTRUSTED): " + why)
          .orElse("none") + "; approve with `browserflow review " + file + " --approve`");
      return false;
    }
    if (!approval.get().digest().equals(review.digest())) {
      out.println("  approval:     of another revision (digest " + approval.get().digest() + ", by "
          + approval.get().reviewer() + " at " + approval.get().approvedAt() + "): the flow changed since; review "
          + "it again and approve with --approve");
      return false;
    }
    out.println("  approval:     approved by " + approval.get().reviewer() + " at " + approval.get().approvedAt());
    approval.get().environment().ifPresent(env -> out.println(environmentLine(env)));
    return true;
  }

  private static String environmentLine(io.browserflow.engine.review.Environment env) {
    return "  environment:  " + env.browser() + " " + env.browserVersion() + ", " + env.viewport() + ", " + env.locale() + ", "
        + env.timeZone() + " (digest " + env.digest() + ")";
  }

  /** The approvals file of a flow file: in its folder. */
  static Path approvalsFile(Path flowFile) {
    Path dir = flowFile.toAbsolutePath().getParent();
    return dir.resolve(Approvals.FILE_NAME);
  }

  private static void print(PrintWriter out, Path file, Flow flow, FlowReview review) {
    out.println(file + ": " + flow.id() + " \"" + flow.name() + "\" version " + flow.version());
    out.println("  digest:       " + review.digest());
    out.println("  capabilities: " + review.capabilities().stream().map(Capability::id).collect(Collectors.joining(", ")));
    out.println("  origins:      " + (review.origins().isEmpty() ? "(none literal: the URLs come from inputs)"
        : String.join(", ", review.origins())));
    out.println("  inputs:       " + (flow.inputs().isEmpty() ? "none"
        : flow.inputs().stream().map(ReviewCommand::input).collect(Collectors.joining(", "))));
    out.println("  credentials:  " + (flow.credentials().isEmpty() ? "none"
        : flow.credentials().stream().map(c -> c.key() + (c.secret() ? " (secret)" : "")).collect(Collectors.joining(", "))));
    if (!flow.outputs().isEmpty()) {
      out.println("  outputs:      " + String.join(", ", flow.outputs().keySet()));
    }
    out.println("  fails when:   a target is missing, ambiguous or not actionable (strict, no healing); a step's time "
        + "runs out; a request leaves the allowed origins (with --deny-network strict); a capability it does not declare "
        + "is used");
    for (String check : checks(flow)) {
      out.println("                " + check);
    }
  }

  private static String input(Input i) {
    return i.key() + (i.required() ? "" : " (optional)");
  }

  /**
   * Each check that fails the flow: a step's {@code expect}, an {@code assert} or a {@code wait}, with
   * its path, in the flow's steps (nested bodies and onError fallbacks included) and in its subflows.
   */
  static List<String> checks(Flow flow) {
    List<String> out = new ArrayList<>();
    try {
      JsonNode root = JSON.readTree(FlowJson.write(flow));
      walk(root.path("steps"), "steps", out);
      JsonNode subflows = root.path("subflows");
      for (int i = 0; i < subflows.size(); i++) {
        walk(subflows.get(i).path("steps"), "subflows[" + i + "].steps", out);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  private static void walk(JsonNode steps, String path, List<String> out) {
    for (int i = 0; i < steps.size(); i++) {
      JsonNode s = steps.get(i);
      String at = path + "[" + i + "]";
      String op = s.path("op").asText();
      if (op.equals("assert") || op.equals("wait")) {
        JsonNode condition = s.deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) condition).remove(List.of("id", "op", "title", "timeoutMs", "retry", "onError"));
        out.add(at + " " + op + " " + condition);
      }
      if (s.has("expect")) {
        out.add(at + " " + op + " expects " + s.get("expect"));
      }
      for (String body : List.of("body", "then", "else")) {
        if (s.path(body).isArray()) {
          walk(s.get(body), at + "." + body, out);
        }
      }
      if (s.path("onError").path("fallback").isArray()) {
        walk(s.path("onError").get("fallback"), at + ".onError.fallback", out);
      }
    }
  }
}
