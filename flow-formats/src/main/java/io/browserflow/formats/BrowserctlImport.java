package io.browserflow.formats;

import io.browserflow.api.Capability;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowMeta;
import io.browserflow.api.Policy;
import io.browserflow.formats.BrowserctlDocument.Command;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Maps a parsed browserctl document (JSON or text) to a flow. Commands map one to one where the
 * model has the same operation; everything else leaves an issue at the command's path
 * ({@code commands[3]} or {@code line 12}). {@code ${KEY}} becomes {@code ${credential.KEY}} or
 * {@code ${input.KEY}}; captured variables become tab aliases or step outputs.
 *
 * <p>This class reads the file-level parts (quality, name, description) and hands each command,
 * its words parsed by {@link BrowserctlArgs}, to the mapper of its family: {@link
 * BrowserctlPageCommands}, {@link BrowserctlWaitCommands}, {@link BrowserctlInteractionCommands},
 * {@link BrowserctlFindCommands}. They share one {@link BrowserctlImportState}.
 */
final class BrowserctlImport {
  static final int SCROLL_BOTTOM = 1_000_000;
  private static final int MAX_NAME = 128;
  private static final int MAX_DESCRIPTION = 2_048;
  private static final Pattern PLAIN_ID = Pattern.compile("[A-Za-z0-9._-]+");

  /** Commands that only observe: skipped with an info issue. */
  private static final Set<String> READ_ONLY = Set.of("snapshot", "frames", "health", "is", "tabs", "console",
      "errors", "status", "version", "help");

  private final BrowserctlDocument doc;
  private final Format from;
  private final String origin;
  private final BrowserctlImportState st = new BrowserctlImportState();
  private final BrowserctlCommandOptions opts = new BrowserctlCommandOptions(st);
  private final BrowserctlDeclarations declarations = new BrowserctlDeclarations(st);
  private final BrowserctlSecrets secrets = new BrowserctlSecrets(st);
  private final BrowserctlValues values = new BrowserctlValues(st);
  private final BrowserctlPageCommands pages = new BrowserctlPageCommands(st, values, opts);
  private final BrowserctlWaitCommands waits = new BrowserctlWaitCommands(st, values, opts);
  private final BrowserctlInteractionCommands interactions = new BrowserctlInteractionCommands(st, values, opts);
  private final BrowserctlFindCommands finds = new BrowserctlFindCommands(st, values, opts, interactions);

  private BrowserctlImport(BrowserctlDocument doc, Format from, String origin) {
    this.doc = doc;
    this.from = from;
    this.origin = origin;
  }

  static Conversion<Flow> run(BrowserctlDocument doc, Format from, String origin) {
    return new BrowserctlImport(doc, from, origin).run();
  }

  private Conversion<Flow> run() {
    st.issues.addAll(doc.issues);
    quality();
    declarations.declarations(doc);
    for (Command c : doc.commands) {
      String before = st.justOpened;
      st.justOpened = null;
      command(c, before);
    }
    secrets.secrets();
    return Conversion.of(from, Format.FLOW, validFlow(), doc.commands.size(), st.mapped, st.issues);
  }

  /** The flow, without the steps the validator rejects ({@link ImportSources#withoutInvalidSteps}). */
  private Flow validFlow() {
    return ImportSources.withoutInvalidSteps(this::flow, st.stepPaths, st.issues, "this command", i -> {
      st.steps.remove(i);
      st.stepPaths.remove(i);
      st.mapped--;
    });
  }

  // ------------------------------------------------------------------ file level

  private void quality() {
    if (doc.quality == null) {
      return;
    }
    boolean blocking = doc.issues.any(i -> i.severity() == ConversionIssue.Severity.BLOCKING);
    boolean warned = doc.issues.any(i -> i.severity() != ConversionIssue.Severity.INFO);
    switch (doc.quality) {
      case "ready":
        break;
      case "needs_review":
        if (!warned) {
          st.issues.warning(ConversionCode.QUALITY_NEEDS_REVIEW, doc.qualityPath,
              "the file is marked needs_review: a person confirms its warnings before it is used unattended");
        }
        break;
      case "blocked":
        if (!blocking) {
          st.issues.blocking(ConversionCode.QUALITY_BLOCKED, doc.qualityPath,
              "the file is marked blocked: it must not run until a person resolves its blocking issues");
        }
        break;
      default:
        st.issues.warning(ConversionCode.QUALITY_UNKNOWN, doc.qualityPath, "quality status \"" + doc.quality
            + "\" is not one of ready, needs_review, blocked");
    }
  }

  // ------------------------------------------------------------------ commands

  private void command(Command c, String opened) {
    if (c.argv.isEmpty()) {
      st.issues.blocking(ConversionCode.FIELD_INVALID, c.path, "the command has no argv words");
      return;
    }
    BrowserctlArgs a = BrowserctlArgs.parse(c.argv);
    if (a.name == null) {
      st.issues.blocking(ConversionCode.FIELD_INVALID, c.path, "the command is only the word browserctl");
      return;
    }
    String name = a.name;
    int before = st.steps.size();
    int joined = st.lastStep;
    boolean merged = false;
    switch (name) {
      case "open" -> pages.url(c, a, true);
      case "navigate" -> pages.url(c, a, false);
      case "back", "forward", "reload" -> pages.history(c, a, name);
      case "wait" -> merged = waits.waitCommand(c, a);
      case "click", "dblclick", "hover", "check", "uncheck" -> interactions.pointer(c, a, name);
      case "fill", "type" -> interactions.typing(c, a, name);
      case "select" -> interactions.select(c, a);
      case "press" -> interactions.press(c, a);
      case "scroll", "scrollintoview" -> interactions.scroll(c, a, name);
      case "eval" -> interactions.eval(c, a);
      case "frame" -> pages.frame(c, a);
      case "tab" -> merged = pages.tab(c, a, opened);
      case "find" -> finds.find(c, a);
      case "get" -> finds.get(c, a);
      case "screenshot" -> pages.screenshot(c, a);
      default -> noStep(c, name);
    }
    if (st.steps.size() > before) {
      st.mapped++;
      st.lastStep = st.steps.size() - 1;
      st.lastSource = c.sourceStepId != null ? c.sourceStepId : c.id;
    } else if (merged) {
      st.mapped++;
      st.lastStep = joined;
    }
  }

  /** A command that makes no step: an issue says why, and a capture it declares is unused. */
  private void noStep(Command c, String name) {
    if (name.equals("focus")) {
      st.issues.warning(ConversionCode.UNSUPPORTED_STEP, c.path, "focus has no BrowserFlow step; a later "
          + "press or type without a selector may reach another element");
    } else if (name.equals("close")) {
      st.issues.info(ConversionCode.COMMAND_SKIPPED, c.path,
          "close was left out: the engine closes the browser session after the run");
    } else if (READ_ONLY.contains(name)) {
      st.issues.info(ConversionCode.COMMAND_SKIPPED, c.path, name
          + " only observes the page; it has no step in a flow");
    } else {
      st.issues.blocking(ConversionCode.UNSUPPORTED_STEP, c.path, "browserctl command \"" + name
          + "\" has no BrowserFlow equivalent; the flow cannot run without it");
    }
    opts.unusedCapture(c);
  }

  // ------------------------------------------------------------------ the flow

  private Flow flow() {
    String id = doc.name != null && !doc.name.isBlank() ? doc.name.trim() : ImportSources.baseName(origin, List.of(".browserctl-flow.json", ".browserctl", ".json"));
    if (!PLAIN_ID.matcher(id).matches()) {
      id = Flow.slug(id);
    }
    String name = doc.title != null && !doc.title.isBlank() ? doc.title.trim()
        : doc.name != null && !doc.name.isBlank() ? doc.name.trim() : id;
    if (name.length() > MAX_NAME) {
      st.issues.info(ConversionCode.FIELD_TRUNCATED, "metadata", "the name was cut to " + MAX_NAME + " characters");
      name = name.substring(0, MAX_NAME);
    }
    Flow.Builder b = Flow.builder().id(id).name(name);
    if (doc.description != null && !doc.description.isBlank()) {
      String d = doc.description.strip();
      if (d.length() > MAX_DESCRIPTION) {
        st.issues.warning(ConversionCode.FIELD_TRUNCATED, "business", "the description was cut to "
            + MAX_DESCRIPTION + " characters");
        d = d.substring(0, MAX_DESCRIPTION);
      }
      b.description(d);
    }
    if (doc.source != null || doc.createdAt != null || doc.recorderVersion != null) {
      FlowMeta.Builder m = FlowMeta.builder();
      Optional.ofNullable(doc.source).ifPresent(m::source);
      Optional.ofNullable(doc.createdAt).ifPresent(m::createdAt);
      Optional.ofNullable(doc.recorderVersion).ifPresent(m::recorderVersion);
      b.meta(m.build());
    }
    b.addAllInputs(st.inputs.values()).addAllCredentials(st.credentials.values()).addAllSteps(st.steps);
    if (st.scriptEval) {
      b.policy(Policy.builder().addCapabilities(Capability.SCRIPT_EVAL).build());
    }
    return b.build();
  }
}
