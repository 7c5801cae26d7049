package io.browserflow.playwright.recorder;

import io.browserflow.api.Credential;
import io.browserflow.api.Flow;
import io.browserflow.api.Input;
import io.browserflow.api.lint.LintCode;
import io.browserflow.api.lint.LintWarning;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What a recorded flow asks for instead of what was typed: a credential per secret field (its value
 * never reaches the draft), an input per file uploaded and, when parameterizing, per value typed and
 * {@code BASE_URL} for the origin the recording started on. Keys come from the field's hint
 * ({@code newPassword} becomes {@code NEW_PASSWORD}) and are made unique.
 */
final class DraftParameters {
  private final boolean parameterize;
  private final Consumer<LintWarning> warn;
  private final Map<String, Credential> credentials = new LinkedHashMap<>();
  private final Map<String, String> secretKeys = new HashMap<>();
  /** Credential keys by the fingerprint of the secret value typed (memory only): one key per distinct value. */
  private final Map<String, String> keyOfSecret = new HashMap<>();
  private final Map<String, String> idsOfKey = new HashMap<>();
  private final Map<String, Input> inputs = new LinkedHashMap<>();
  private final Map<String, String> inputKeys = new HashMap<>();
  private String baseOrigin;

  DraftParameters(boolean parameterize, Consumer<LintWarning> warn) {
    this.parameterize = parameterize;
    this.warn = warn;
  }

  boolean parameterize() {
    return parameterize;
  }

  /** A page's URL as the flow opens it: without user info, and under {@code ${BASE_URL}} when on the first origin seen. */
  String pageUrl(String raw) {
    String url = UrlGlobs.withoutUserInfo(raw);
    if (!url.equals(raw)) {
      warn.accept(LintWarning.of(LintCode.SENSITIVE_VALUE, LintWarning.Severity.WARNING, "", null,
          "a URL carried a user name and password; they were left out of the flow",
          "sign in through the page, with the password from a credential"));
    }
    if (!parameterize) {
      return url;
    }
    Optional<String> origin = UrlGlobs.origin(url);
    if (origin.isEmpty()) {
      return url;
    }
    if (baseOrigin == null) {
      baseOrigin = origin.get();
    }
    return origin.get().equals(baseOrigin) ? "${BASE_URL}" + url.substring(baseOrigin.length()) : url;
  }

  /**
   * The credential for a secret value typed into field {@code fieldKey}: one key per distinct value
   * ({@code secretId}, the value's salted fingerprint; empty when unknown, then one per field), so a
   * wrong password typed on purpose and the right one, or two users' passwords, stay apart; a new
   * key is named after the field's hint or kind.
   */
  String credentialFor(String fieldKey, String kind, String hint, String secretId) {
    String known = secretId.isEmpty() ? secretKeys.get(fieldKey) : keyOfSecret.get(secretId);
    if (known == null && !secretId.isEmpty() && secretKeys.containsKey(fieldKey) && !idsOfKey.containsKey(secretKeys.get(fieldKey))) {
      known = secretKeys.get(fieldKey); // the field's credential, met before without a value
    }
    if (known != null) {
      if (!secretId.isEmpty()) {
        keyOfSecret.put(secretId, known);
        idsOfKey.put(known, secretId);
      }
      secretKeys.put(fieldKey, known);
      return known;
    }
    String fallback;
    Credential.Type type;
    switch (kind) {
      case "otp":
        fallback = "OTP";
        type = Credential.Type.TOKEN;
        break;
      case "card":
        fallback = "CARD_NUMBER";
        type = Credential.Type.TEXT;
        break;
      default:
        fallback = "PASSWORD";
        type = Credential.Type.PASSWORD;
    }
    String base = upperSnake(hint).filter(h -> h.length() <= 32).orElse(fallback);
    String key = unique(base, credentials.keySet());
    credentials.put(key, Credential.builder().key(key).type(type).secret(true)
        .label("Secret typed into a " + kind + " field during recording (never stored)").build());
    secretKeys.put(fieldKey, key);
    if (!secretId.isEmpty()) {
      keyOfSecret.put(secretId, key);
      idsOfKey.put(key, secretId);
    }
    return key;
  }

  /** The credential the secret field {@code fieldKey} was last given, if any. */
  Optional<String> credentialOfField(String fieldKey) {
    return Optional.ofNullable(secretKeys.get(fieldKey));
  }

  /** Typing went on in a secret field: its credential {@code key} now stands for the longer value. */
  String sameSecret(String key, String secretId) {
    if (!secretId.isEmpty()) {
      String before = idsOfKey.put(key, secretId);
      if (before != null) {
        keyOfSecret.remove(before);
      }
      keyOfSecret.put(secretId, key);
    }
    return key;
  }

  /** The credential key of a {@code ${credential.KEY}} value declared here, else null. */
  String credentialKeyOf(String value) {
    if (value.startsWith("${credential.") && value.endsWith("}")) {
      String k = value.substring("${credential.".length(), value.length() - 1);
      return credentials.containsKey(k) ? k : null;
    }
    return null;
  }

  /** The input for {@code value} typed into the field {@code fieldKey}, declared with that value as its default. */
  String inputFor(String fieldKey, String value, String hint, String label) {
    String k = inputKeys.get(fieldKey + "\u0000" + value);
    if (k != null) {
      return k;
    }
    k = unique(upperSnake(hint).orElse("VALUE"), inputs.keySet());
    inputs.put(k, Input.builder().key(k).label(label).defaultValue(value).build());
    inputKeys.put(fieldKey + "\u0000" + value, k);
    return k;
  }

  /** Typing went on in the same field: its input takes the longer value as default. */
  void defaultValue(String key, String value) {
    inputs.put(key, Input.builder().from(inputs.get(key)).defaultValue(value).build());
  }

  private Function<String, String> fingerprint = v -> "";

  void fingerprints(Function<String, String> f) {
    fingerprint = f;
  }

  /** Whether {@code value} was typed as a secret during this recording (by its fingerprint). */
  boolean isSecretValue(String value) {
    return !value.isEmpty() && keyOfSecret.containsKey(fingerprint.apply(value));
  }

  /** Whether {@code value} is the recorded value (default) of an input: a URL check must not pin it. */
  boolean isInputValue(String value) {
    return parameterize && inputs.values().stream().anyMatch(i -> i.defaultValue().filter(value::equals).isPresent());
  }

  /** The input key of a {@code ${input.KEY}} value declared here, else null. */
  String inputKeyOf(String value) {
    if (value.startsWith("${input.") && value.endsWith("}")) {
      String k = value.substring("${input.".length(), value.length() - 1);
      return inputs.containsKey(k) ? k : null;
    }
    return null;
  }

  /** One input per uploaded file (the path is the replayer's to give); their placeholders, in order. */
  List<String> uploadInputs(String hint, int count, String into) {
    String base = upperSnake(hint).orElse("UPLOAD");
    base = base.endsWith("FILE") ? base : base + "_FILE";
    List<String> files = new ArrayList<>();
    for (int i = 1; i <= count; i++) {
      String k = unique(count == 1 ? base : base + "_" + i, inputs.keySet());
      inputs.put(k, Input.builder().key(k).label("Path of the file to upload into " + into
          + (count == 1 ? "" : " (" + i + " of " + count + ")")).build());
      files.add("${input." + k + "}");
    }
    return files;
  }

  /** Declares {@code BASE_URL} (when a page was put under it), the inputs and the credentials. */
  void declareIn(Flow.Builder b) {
    if (baseOrigin != null) {
      b.addInputs(Input.builder().key("BASE_URL").label("Address of the application, without a trailing slash")
          .type(Input.Type.URL).defaultValue(baseOrigin).build());
    }
    b.addAllInputs(inputs.values());
    b.addAllCredentials(credentials.values());
  }

  private static String unique(String base, Set<String> taken) {
    String k = base;
    for (int i = 2; taken.contains(k) || k.equals("BASE_URL"); i++) {
      k = base + "_" + i;
    }
    return k;
  }

  /** {@code newPassword} and {@code search-box} become {@code NEW_PASSWORD} and {@code SEARCH_BOX}; empty when nothing ASCII is left. */
  static Optional<String> upperSnake(String hint) {
    String s = hint.replaceAll("([a-z0-9])([A-Z])", "$1_$2").replaceAll("[^A-Za-z0-9]+", "_")
        .replaceAll("^_+|_+$", "").toUpperCase(Locale.ROOT);
    if (s.isEmpty() || !Character.isLetter(s.charAt(0))) {
      return Optional.empty();
    }
    return Optional.of(s);
  }
}
