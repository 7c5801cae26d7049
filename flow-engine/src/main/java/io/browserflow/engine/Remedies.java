package io.browserflow.engine;

import io.browserflow.api.Capability;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a user does about a refused run, worded for the {@link Caller} that started it: the one
 * source of these phrases for the engine, the command line and the JUnit extension. Each method
 * returns the remedy part of a message ("allow it with --allow eval").
 *
 * <pre>{@code
 * Remedies.allow(Capability.SCRIPT_EVAL, Caller.CLI);   // "run with --allow eval"
 * Remedies.allow(Capability.SCRIPT_EVAL, Caller.API);   // "allow it with RunOptions.builder().allow(Capability.SCRIPT_EVAL)"
 * }</pre>
 */
public final class Remedies {
  private Remedies() {}

  /** How to allow a gated capability the flow declares. */
  public static String allow(Capability capability, Caller caller) {
    return switch (caller) {
      case API -> "allow it with RunOptions.builder().allow(Capability." + capability.name() + ")";
      case CLI -> cliWord(capability).map(w -> "run with --allow " + w)
          .orElse("the command line cannot allow " + capability.id() + "; run the flow through the Java API");
      case JUNIT -> "allow it with @FlowTest(allow = \"" + capability.id() + "\") or the configuration parameter browserflow.allow="
          + capability.id();
      case MCP -> "declare " + capability.id() + " in the flow's policy.capabilities and approve the flow again "
          + "(`browserflow review FLOW_FILE --approve`): the MCP server allows what an approved flow declares";
    };
  }

  /** How to run an approved flow in an environment other than its approval's. */
  public static String allowDrift(Caller caller) {
    return switch (caller) {
      case API -> "approve it again here, or allow the drift with RunOptions.builder().allowEnvironmentDrift(true)";
      case CLI -> "approve it again here (`browserflow review FLOW_FILE --approve`), or run with --allow-drift";
      case JUNIT -> "approve it again here (`browserflow review FLOW_FILE --approve`)";
      case MCP -> "approve it again on this machine (`browserflow review FLOW_FILE --approve`), or start browserflow mcp "
          + "with --allow-drift";
    };
  }

  /** How to get a flow (again) approved in its current revision. */
  public static String approve(Caller caller) {
    return switch (caller) {
      case API -> "review FlowReview.of(flow) and approve it (Approvals.approve, or Approvals.record into the approvals file "
          + "next to the flow file)";
      case CLI -> "review it with `browserflow review FLOW_FILE` and approve it with `browserflow review FLOW_FILE --approve`";
      case JUNIT, MCP -> "review it with `browserflow review FLOW_FILE` and approve it with `browserflow review FLOW_FILE --approve`";
    };
  }

  /** The command line's word for a capability ({@code --allow eval}), when it has one. */
  public static Optional<String> cliWord(Capability capability) {
    return switch (capability) {
      case SCRIPT_EVAL -> Optional.of("eval");
      case FILE_UPLOAD -> Optional.of("upload");
      case FILE_DOWNLOAD -> Optional.of("download");
      case HTTP_REQUEST -> Optional.of("http");
      default -> Optional.empty();
    };
  }

  /** The capability a command-line word ({@code eval}, {@code upload}, {@code download}, {@code http}, or an id) names. */
  public static Optional<Capability> fromCliWord(String word) {
    String w = word.trim().toLowerCase(Locale.ROOT);
    for (Capability c : Capability.values()) {
      if (cliWord(c).filter(w::equals).isPresent() || (cliWord(c).isPresent() && c.id().equals(w))) {
        return Optional.of(c);
      }
    }
    return w.equals("script") ? Optional.of(Capability.SCRIPT_EVAL) : Optional.empty();
  }

  /** How to supply the missing inputs and credentials (keys as the flow declares them). */
  public static String supply(List<String> inputs, List<String> credentials, Caller caller) {
    List<String> ways = new ArrayList<>();
    switch (caller) {
      case API -> {
        inputs.forEach(k -> ways.add(".input(\"" + k + "\", ...)"));
        credentials.forEach(k -> ways.add(".credential(\"" + k + "\", ...)"));
        return "supply them with Inputs.builder()" + String.join("", ways);
      }
      case CLI -> {
        inputs.forEach(k -> ways.add("--input " + k + "=VALUE"));
        credentials.forEach(k -> ways.add("--credential " + k + "=VALUE (or BROWSERFLOW_CREDENTIAL_" + k
            + " in the environment with --credentials-env)"));
        return "run with " + String.join(" ", ways);
      }
      case JUNIT -> {
        inputs.forEach(k -> ways.add("input " + k + ": @FlowTest(inputs = \"" + k + "=value\"), the configuration parameter browserflow.input."
            + k + " or the environment variable BROWSERFLOW_INPUT_" + k));
        credentials.forEach(k -> ways.add("credential " + k + ": the configuration parameter browserflow.credential." + k
            + " or the environment variable BROWSERFLOW_CREDENTIAL_" + k));
        return "supply " + String.join("; ", ways);
      }
      case MCP -> {
        if (!inputs.isEmpty()) {
          ways.add("pass " + String.join(", ", inputs) + " as arguments of the tool");
        }
        credentials.forEach(k -> ways.add("start browserflow mcp with BROWSERFLOW_CREDENTIAL_" + k
            + " set or " + k + " in its --credentials FILE"));
        return String.join("; ", ways);
      }
      default -> throw new IllegalArgumentException(String.valueOf(caller));
    }
  }

  /** How to allow an origin the run refused. */
  public static String allowOrigin(String origin, Caller caller) {
    String policy = "add it to the flow's policy.allowedOrigins";
    return switch (caller) {
      case API -> policy + " or RunOptions.builder().addAllowOrigins(\"" + origin + "\")";
      case CLI -> policy + " or run with --allow-origin " + origin;
      case JUNIT -> policy + " or to @FlowTest(allowOrigins = \"" + origin + "\") or the configuration parameter browserflow.allowOrigins";
      case MCP -> policy + " and " + "approve the flow again (`browserflow review FLOW_FILE --approve`): the MCP server "
          + "opens only an approved flow's own origins";
    };
  }

  /** How to run a flow holding a literal secret value anyway (after moving it into a credential, preferably). */
  public static String allowSensitiveValues(Caller caller) {
    String fix = "move the value into a secret credential (${credential.KEY}) and supply it at run time, or";
    return switch (caller) {
      case API -> fix + " run it anyway with RunOptions.builder().allowSensitiveValues(true)";
      case CLI -> fix + " run it anyway with --force";
      case JUNIT -> fix + " run it anyway with @FlowTest(allowSensitiveValues = \"true\") or the configuration parameter "
          + "browserflow.allowSensitiveValues=true";
      case MCP -> "move the value into a secret credential (${credential.KEY}) held by the server "
          + "(BROWSERFLOW_CREDENTIAL_KEY or --credentials FILE): the MCP server never runs a flow holding a literal secret";
    };
  }

  /** How to let a request the strict network deny blocked through. */
  public static String strictNetwork(String origin, Caller caller) {
    String strict = switch (caller) {
      case API -> "or drop RunOptions.failOnBlockedRequest(true) to only report blocked requests";
      case CLI -> "or run with --deny-network (report only) instead of --deny-network strict";
      case JUNIT -> "or use @FlowTest(denyNetwork = \"report\") or browserflow.denyNetwork=report instead of strict";
      case MCP -> "or call the tool with run.denyNetwork = \"report\" (report only) instead of \"strict\"";
    };
    return allowOrigin(origin, caller) + ", " + strict;
  }

  /** How to let a flow download files. */
  public static String allowDownload(Caller caller) {
    String declare = "declare it in the flow (a download expectation, or file.download in its policy.capabilities)";
    return switch (caller) {
      case API -> declare + " or allow it with RunOptions.builder().allow(Capability.FILE_DOWNLOAD)";
      case CLI -> declare + " or run with --allow download";
      case JUNIT -> declare + " or allow it with @FlowTest(allow = \"file.download\") or browserflow.allow=file.download";
      case MCP -> declare + " and approve the flow again (`browserflow review FLOW_FILE --approve`)";
    };
  }

  /** How to let uploads read files from a directory. */
  public static String uploadRoot(Caller caller) {
    return switch (caller) {
      case API -> "configure FlowEngine.builder().uploadRoots(...)";
      case CLI -> "run with --upload-root DIR (the working directory and the flow files' folders are roots already)";
      case JUNIT -> "list the folder in @FlowTest(uploadRoots = \"...\") or the configuration parameter browserflow.uploadRoots";
      case MCP -> "the MCP server reads uploads from no folder; run the flow with browserflow run --upload-root DIR";
    };
  }

  /** How to point the run at a Chromium or Chrome executable. */
  public static String browser(Caller caller) {
    return switch (caller) {
      case API -> "point LaunchOptions.builder().executablePath(...) or the environment variable BROWSERFLOW_CHROMIUM at a Chromium/Chrome executable";
      case CLI -> "pass --browser PATH, or set BROWSERFLOW_CHROMIUM=PATH";
      case JUNIT -> "set @FlowTest(browserPath = \"...\"), the configuration parameter browserflow.browserPath or the environment variable BROWSERFLOW_CHROMIUM";
      case MCP -> "start browserflow mcp with --browser PATH, or with BROWSERFLOW_CHROMIUM=PATH set";
    };
  }
}
