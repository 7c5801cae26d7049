package io.browserflow.engine;

import io.browserflow.api.Credential;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.Flow;
import io.browserflow.api.Input;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The non-secret values a run starts with, pinned in its {@code RUN_STARTED} journal entry so a
 * resume with other values is refused ({@code INPUT_CHANGED}). Each value is kept as a SHA-256 salted
 * with the run id and the name: the store holds no value, and equal values of two runs do not look
 * alike. Secret credentials are left out entirely: never pinned, stored or hashed.
 */
final class InputPins {
  private InputPins() {}

  /** The pins of a run: declared inputs with their effective value (given or default), non-secret credentials given. */
  static Map<String, String> of(String runId, Flow flow, Inputs inputs) {
    Map<String, String> pins = new TreeMap<>();
    for (Input input : flow.inputs()) {
      Optional.ofNullable(inputs.inputs().get(input.key())).or(input::defaultValue)
          .ifPresent(v -> pins.put("input." + input.key(), hash(runId, "input." + input.key(), v)));
    }
    for (Credential c : flow.credentials()) {
      String value = inputs.credentials().get(c.key());
      if (!c.secret() && value != null) {
        pins.put("credential." + c.key(), hash(runId, "credential." + c.key(), value));
      }
    }
    return pins;
  }

  /** Throws {@code INPUT_CHANGED} naming the first value that differs from the pinned one. */
  static void check(String runId, Map<String, String> pinned, Map<String, String> given) {
    Set<String> names = new TreeSet<>(pinned.keySet());
    names.addAll(given.keySet());
    for (String name : names) {
      String was = pinned.get(name);
      String now = given.get(name);
      if (was != null && was.equals(now)) {
        continue;
      }
      String why = was == null ? "was not given when the run started"
          : now == null ? "is missing; the run started with it" : "differs from the value the run started with";
      throw new FlowRunException(ErrorCode.INPUT_CHANGED, "run " + runId + ": " + name + " " + why
          + "; resume it with the inputs it started with (a run with other inputs is a new run)",
          Map.of(FlowException.Details.INPUT, name, FlowException.Details.RUN_ID, runId));
    }
  }

  private static String hash(String runId, String name, String value) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (String part : new String[] {runId, name, value}) {
        sha.update(part.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
      }
      return "sha256:" + HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }
}
