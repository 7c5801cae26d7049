package io.browserflow.formats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@code browserctl-flow.json} or a {@code .browserctl} text holds, independent of the
 * spelling: metadata, credentials, business inputs, commands and the file's own diagnostics. The
 * JSON and text codecs parse into it and render from it; {@link BrowserctlImport} and
 * {@link BrowserctlExport} map it to and from flows.
 */
final class BrowserctlDocument {
  String name;
  String title;
  String source;
  String createdAt;
  String recorderVersion;
  String description;
  /** The file's quality status as written ({@code ready}, {@code needs_review}, {@code blocked}); null when absent. */
  String quality;
  String qualityPath = "quality.status";
  final List<CredentialSpec> credentials = new ArrayList<>();
  final List<InputSpec> inputs = new ArrayList<>();
  final List<Command> commands = new ArrayList<>();
  /**
   * Reading: the file's warnings and blocking issues (and anything the parser noticed). Writing:
   * the export's issues, rendered as the file's warnings and quality.
   */
  final Issues issues = new Issues();
  /** Writing: command id each issue path ({@code steps[3]...}) refers to, by step index. */
  final Map<Integer, String> commandOfStep = new LinkedHashMap<>();

  /** What a credential and a business input declare alike; {@code path} locates the declaration in the source. */
  abstract static class Declaration {
    String key;
    String label;
    String type;
    Boolean required;
    String path;
  }

  /** A credential declaration. */
  static final class CredentialSpec extends Declaration {
    Boolean secret;
  }

  /** A business input declaration. */
  static final class InputSpec extends Declaration {
    String defaultValue;
    String help;
    final List<String> options = new ArrayList<>();
  }

  /** One command: {@code argv} without the {@code browserctl} prefix, plus its bindings. */
  static final class Command {
    /** Where it is: {@code commands[3]} or {@code line 12}. */
    String path;
    String id;
    List<String> argv = new ArrayList<>();
    /** {@code result.data} field to variable name. */
    final Map<String, String> capture = new LinkedHashMap<>();
    String description;
    /** The step of the flow this command came from (JSON {@code sourceStepId}). */
    String sourceStepId;
    Command() {}

    Command(List<String> argv) {
      this.argv = new ArrayList<>(argv);
    }

    /** Hands a non-blank description to {@code set} (a step builder's title). */
    void description(java.util.function.Consumer<String> set) {
      if (description != null && !description.isBlank()) {
        set.accept(description);
      }
    }
  }
}
