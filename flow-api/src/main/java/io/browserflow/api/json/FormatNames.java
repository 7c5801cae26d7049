package io.browserflow.api.json;

import io.browserflow.api.Credential;
import io.browserflow.api.Step;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The vocabulary of browserflow/2 (and of browserflow/1, its subset): enumeration spellings, the fields each object may carry, and the
 * closest known name for a misspelt one.
 */
final class FormatNames {
  static final List<String> FLOW = List.of("schema", "id", "name", "version", "description", "tags", "meta", "inputs",
      "credentials", "tabs", "table", "policy", "schedule", "steps", "outputs", "subflows");
  /** Flow and schedule fields browserflow/2 added: a browserflow/1 document holding one is refused. */
  static final List<String> SINCE_V2_FLOW = List.of("version", "outputs", "subflows");
  static final List<String> SINCE_V2_SCHEDULE = List.of("at", "enabled");
  /** Step operations browserflow/2 added. */
  static final java.util.Set<Step.Kind> SINCE_V2_OPS = java.util.EnumSet.of(Step.Kind.DATASET_WRITE,
      Step.Kind.DATASET_EXPORT, Step.Kind.HTTP, Step.Kind.CLIPBOARD, Step.Kind.CALL);
  /** The fields of a subflow: a flow's, without those only the top-level flow has. */
  static final List<String> SUBFLOW = List.of("id", "name", "description", "tags", "meta", "inputs",
      "credentials", "tabs", "table", "policy", "steps", "outputs");
  static final List<String> META = List.of("createdAt", "source", "recorderVersion");
  static final List<String> INPUT = List.of("key", "label", "type", "required", "default", "pattern", "options");
  static final List<String> CREDENTIAL = List.of("key", "label", "type", "required", "secret");
  static final List<String> TAB = List.of("alias", "url", "opener");
  static final List<String> TABLE = List.of("columns", "rows");
  static final List<String> POLICY = List.of("allowedOrigins", "capabilities");
  static final List<String> SCHEDULE = List.of("everyMinutes", "cron", "at", "enabled", "input");
  static final List<String> STEP = List.of("id", "op", "title", "timeoutMs", "retry", "onError", "expect", "dialogs", "disabled");
  static final List<String> DIALOG = List.of("type", "message", "answer", "text");
  static final List<String> RETRY = List.of("count", "intervalMs", "backoff");
  static final List<String> ON_ERROR = List.of("fallback");
  static final List<String> TARGET = List.of("candidates", "framePath", "shadowPath");
  static final List<String> POINT = List.of("x", "y");
  static final List<String> CONDITION = List.of("url", "title", "element", "state", "count", "op", "text", "match",
      "value", "attribute", "var", "equals", "contains", "truthy", "falsy", "download", "loadState", "expression",
      "not");
  static final List<String> ON_ERROR_WORDS = List.of("stop", "continue", "retry");

  private FormatNames() {}

  static List<String> concat(List<String> a, List<String> b) {
    ArrayList<String> all = new ArrayList<>(a);
    all.addAll(b);
    return List.copyOf(all);
  }

  /** The JSON spelling of an enumeration constant: lower camel case ({@code INTO_VIEW} is {@code intoView}). */
  static String of(Enum<?> value) {
    if (value == Credential.Type.API_KEY) {
      return "api_key";
    }
    String[] parts = value.name().toLowerCase(Locale.ROOT).split("_");
    StringBuilder sb = new StringBuilder(parts[0]);
    for (int i = 1; i < parts.length; i++) {
      if (!parts[i].isEmpty()) {
        sb.append(Character.toUpperCase(parts[i].charAt(0))).append(parts[i].substring(1));
      }
    }
    return sb.toString();
  }

  /** The constant spelt {@code json}, if any. */
  static <E extends Enum<E>> Optional<E> parse(Class<E> type, String json) {
    for (E e : type.getEnumConstants()) {
      if (of(e).equals(json)) {
        return Optional.of(e);
      }
    }
    return Optional.empty();
  }

  /** Every spelling of an enumeration, in declaration order. */
  static <E extends Enum<E>> List<String> spellings(Class<E> type) {
    ArrayList<String> all = new ArrayList<>();
    for (E e : type.getEnumConstants()) {
      all.add(of(e));
    }
    return all;
  }

  /** Every op name, in declaration order. */
  static List<String> ops() {
    ArrayList<String> all = new ArrayList<>();
    for (Step.Kind k : Step.Kind.values()) {
      all.add(k.op());
    }
    return all;
  }

  /**
   * The known name closest to {@code name}, when it is close enough to be a likely misspelling:
   * same letters ignoring case, or an edit distance (with transpositions) of at most a third of
   * the name's length, and at least 1.
   */
  static Optional<String> closest(String name, Collection<String> known) {
    if (name.length() > 64) {
      return Optional.empty();
    }
    String lower = name.toLowerCase(Locale.ROOT);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : known) {
      int d = distance(lower, candidate.toLowerCase(Locale.ROOT));
      if (d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
    if (best == null || best.equals(name)) {
      return Optional.empty();
    }
    int allowed = Math.max(1, Math.min(name.length(), best.length()) / 3);
    return bestDistance <= allowed ? Optional.of(best) : Optional.empty();
  }

  /** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int v = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          v = Math.min(v, d[i - 2][j - 2] + 1);
        }
        d[i][j] = v;
      }
    }
    return d[a.length()][b.length()];
  }
}
