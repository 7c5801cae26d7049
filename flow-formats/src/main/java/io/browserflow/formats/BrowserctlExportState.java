package io.browserflow.formats;

import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What one browserctl export has written so far, shared by the writers of its commands: the
 * document and its issues, how commands name tabs and captured step outputs, the keys and
 * variables taken, the literal secrets not yet dealt with, and whether the page is in a frame.
 */
final class BrowserctlExportState {
  private static final Pattern NOT_VAR_CHAR = Pattern.compile("[^A-Za-z0-9_]");

  final Flow flow;
  final BrowserctlExport.Style style;
  final BrowserctlDocument doc = new BrowserctlDocument();
  /** The same issue met twice (a target looked at again, say) is reported once. */
  final Issues issues = Issues.distinct();
  /** A step output ({@code steps.<id>.<field>}) to the variable its command captures it in. */
  final Map<String, String> outputVars = new HashMap<>();
  /** A tab alias to how commands name its tab ({@code ${VAR}} or a label). */
  final Map<String, String> tabRefs = new HashMap<>();
  private final Map<String, String> tabVars = new HashMap<>();
  private final Set<String> usedVars = new HashSet<>();
  private final Set<String> commandIds = new HashSet<>();
  /** Credential and input keys, the file's own and those the export adds. */
  final Set<String> keys = new HashSet<>();
  /** Paths of literal secrets (blocking SENSITIVE_VALUE findings) not yet dealt with. */
  final Set<String> secretPaths = new LinkedHashSet<>();
  boolean inFrame;
  int exported;
  Step lastExported;

  BrowserctlExportState(Flow flow, BrowserctlExport.Style style) {
    this.flow = flow;
    this.style = style;
  }

  /** Whether a literal secret sits at {@code path}; forgets it (the caller keeps it out of the file). */
  boolean secretAt(String path) {
    return secretPaths.remove(path);
  }

  String uniqueId(String base) {
    String id = base;
    for (int n = 2; !commandIds.add(id); n++) {
      id = base + "~" + n;
    }
    return id;
  }

  String tabVar(String alias) {
    return tabVars.computeIfAbsent(alias, this::freshVar);
  }

  String outputVar(String stepId, String field) {
    String var = freshVar(stepId + "_" + field);
    outputVars.put("steps." + stepId + "." + field, var);
    return var;
  }

  String freshVar(String base) {
    String v = NOT_VAR_CHAR.matcher(base).replaceAll("_");
    if (v.isEmpty() || Character.isDigit(v.charAt(0))) {
      v = "_" + v;
    }
    String var = v;
    for (int n = 2; usedVars.contains(var) || keys.contains(var); n++) {
      var = v + "_" + n;
    }
    usedVars.add(var);
    return var;
  }
}
