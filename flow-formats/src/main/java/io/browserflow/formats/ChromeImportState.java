package io.browserflow.formats;

import io.browserflow.api.Credential;
import io.browserflow.api.Placeholders;
import io.browserflow.api.Step;
import io.browserflow.api.validate.FlowLimits;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

/**
 * What one Chrome Recorder import has built so far, shared by the mappers of its steps: the
 * issues, the flow's steps (and the last one made in each tab), the credentials and inputs its
 * placeholders name, the tab the recording is in and the URL each tab shows, and the timeout
 * every step gets.
 */
final class ChromeImportState {
  static final FlowLimits LIMITS = FlowLimits.defaults();
  static final String MAIN = "main";

  final Issues issues = new Issues();
  /** The flow's steps. */
  final List<Step> steps = new ArrayList<>();
  private int nextId = 1;
  int mapped;
  OptionalInt flowTimeout = OptionalInt.empty();
  /** Whether the recording has opened its first page. */
  boolean opened;
  boolean scriptEval;
  /** The tab alias the recording is in. */
  String current = MAIN;
  /** The URL of the out-of-process frame the flow is inside ({@code frame url:...}), or null in the main frame. */
  String frameTarget;
  /** The index in {@link #steps} of the last step made in each tab. */
  final Map<String, Integer> lastStepOfTab = new HashMap<>();
  final Map<String, String> lastUrlOfTab = new HashMap<>();
  final Map<String, Credential> credentials = new LinkedHashMap<>();
  /** The secret values the recording typed, by the credential key that replaced each (memory only). */
  final Map<String, String> recordedSecrets = new LinkedHashMap<>();
  final Set<String> inputs = new LinkedHashSet<>();

  String id() {
    return "s" + nextId++;
  }

  void add(Step step) {
    lastStepOfTab.put(current, steps.size());
    steps.add(step);
  }

  /** Declares the inputs and credentials a value's placeholders name. */
  void refs(String value) {
    for (String ref : Placeholders.references(value)) {
      if (ref.startsWith("credential.")) {
        String key = ref.substring(11);
        String lower = key.toLowerCase(Locale.ROOT);
        Credential.Type type = lower.matches(".*(pass|pwd|secret).*") ? Credential.Type.PASSWORD
            : lower.contains("token") ? Credential.Type.TOKEN : lower.endsWith("url") ? Credential.Type.URL : Credential.Type.TEXT;
        if (!key.isBlank()) {
          credentials.putIfAbsent(key, Credential.of(key, type));
        }
      } else if (ref.startsWith("input.")) {
        inputs.add(ref.substring(6));
      } else if (!ref.contains(".") && !ref.isBlank()) {
        inputs.add(ref);
      }
    }
  }

  Step withCommon(Step step, ChromeStep s, String p) {
    OptionalInt t = s.hasTimeout ? timeout(s.timeout, p + ".timeout") : flowTimeout;
    return t.isPresent() ? step.withTimeoutMs(t.getAsInt()) : step;
  }

  OptionalInt timeout(Integer t, String p) {
    if (t == null) {
      issues.warning(ConversionCode.FIELD_INVALID, p, "timeout is not a number; the default timeout is used");
      return OptionalInt.empty();
    }
    return OptionalInt.of(issues.clamped(t, LIMITS.minStepTimeoutMs(), LIMITS.maxStepTimeoutMs(), p, "timeout"));
  }
}
