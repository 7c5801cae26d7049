package io.browserflow.formats;

import io.browserflow.api.Credential;
import io.browserflow.api.Input;
import io.browserflow.api.Step;
import io.browserflow.api.DataStep;
import io.browserflow.api.TabAlias;
import io.browserflow.api.validate.FlowLimits;
import io.browserflow.formats.SideProject.Command;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the import of one Selenium IDE test has built so far, shared by the mappers of its
 * commands: the issues, which commands were mapped, the flow's inputs, credentials and tabs, where
 * each variable lives now, the window handles and the tab and frames the test is in.
 */
final class SideImportState {
  static final FlowLimits LIMITS = FlowLimits.defaults();
  static final Pattern NUMBER = Pattern.compile("-?\\d{1,15}(\\.\\d{1,15})?");
  static final Pattern VARIABLE = Pattern.compile("\\$\\{([^}]*)}");

  /** The test's commands, in order, with the commands of the tests it runs inlined. */
  final List<Command> cmds;
  final String baseUrl;
  final Issues issues = new Issues();
  /** The commands carried over (by identity: an inlined test's commands are new ones per call). */
  final Set<Command> mapped = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
  final Map<String, Input> inputs = new LinkedHashMap<>();
  final Map<String, Credential> credentials = new LinkedHashMap<>();
  /** The secret values the recording typed, by the credential key that replaced each (memory only). */
  final Map<String, String> recordedSecrets = new LinkedHashMap<>();
  final List<TabAlias> tabs = new ArrayList<>();
  boolean scriptEval;
  /** Inputs made of variables no command of the test stores (set by an earlier test of a shared session): input key to variable. */
  final Map<String, String> outsideVars = new LinkedHashMap<>();
  /** Variables stored exactly once, with a literal value ({@code store 3 rounds}): name to value. */
  final Map<String, String> literals = new HashMap<>();
  /** Variable name to the placeholder reading it now. */
  final Map<String, String> refs = new HashMap<>();
  /** storeJson arrays of scalars, usable as forEach sources. */
  final Map<String, List<String>> arrays = new HashMap<>();
  /** Window handle variable to the tab alias it names. */
  final Map<String, String> handles = new HashMap<>();
  String currentTab = "main";
  /** Frame locators entered from the top, in order. */
  final List<String> frames = new ArrayList<>();
  private int nextId = 1;

  SideImportState(List<Command> cmds, String baseUrl) {
    this.cmds = cmds;
    this.baseUrl = baseUrl;
  }

  String id() {
    return "s" + nextId++;
  }

  int clamp(int v, int min, int max, Command c, String what) {
    int r = Math.max(min, Math.min(max, v));
    if (r != v) {
      issues.info(ConversionCode.VALUE_CLAMPED, c.path, what + " " + v + " is outside " + min + ".." + max
          + "; the flow uses " + r);
    }
    return r;
  }

  void unsupported(Command c, ConversionIssue.Severity severity, String why) {
    notCarried(c, ConversionCode.UNSUPPORTED_STEP, severity, why);
  }

  /** The command made no step: {@code code} says why (no equivalent, a missing or malformed part, an unknown window). */
  void notCarried(Command c, ConversionCode code, ConversionIssue.Severity severity, String why) {
    issues.add(code, severity, c.path, c.name + " is not carried over: " + why);
  }

  Step eval(String script) {
    scriptEval = true;
    return DataStep.Eval.builder().id(id()).script(script).build();
  }
}
