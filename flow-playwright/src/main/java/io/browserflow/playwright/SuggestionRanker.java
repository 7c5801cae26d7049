package io.browserflow.playwright;

import com.microsoft.playwright.Frame;
import com.microsoft.playwright.PlaywrightException;
import io.browserflow.api.Candidate;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.Suggestion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Repair suggestions, never healing: when a target fails or falls back, ranks the visible elements
 * of the frame by similarity to the target's candidates (role, accessible name, text, test ids,
 * ids, classes and other attributes, labels, placeholders, tag and position in css and xpath) and
 * returns the closest with ready candidates that match them alone. Read-only, and run only on the
 * failure or fallback path, so a target that resolves costs nothing more.
 */
final class SuggestionRanker {
  /** Suggestions kept per target. */
  static final int LIMIT = 3;
  private static final String SCRIPT = load();

  private SuggestionRanker() {}

  private static String load() {
    try (InputStream in = SuggestionRanker.class.getResourceAsStream("suggest.js")) {
      if (in == null) {
        throw new IllegalStateException("suggest.js is missing from the flow-playwright jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** On the driver thread: the elements of {@code frame} closest to {@code target}, best first; none when the frame cannot say. */
  static List<Suggestion> rank(Frame frame, Target target) {
    List<Map<String, Object>> candidates = new ArrayList<>();
    for (Candidate c : target.candidates()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("kind", c.kind().jsonName());
      m.put("value", c.value());
      c.name().ifPresent(n -> m.put("name", n));
      candidates.add(m);
    }
    Map<String, Object> arg = new LinkedHashMap<>();
    arg.put("candidates", candidates);
    arg.put("testIdAttributes", CandidateLocators.TEST_ID_ATTRIBUTES);
    arg.put("limit", LIMIT);
    Object raw;
    try {
      raw = frame.evaluate(SCRIPT, arg);
    } catch (PlaywrightException e) {
      return List.of(); // the frame navigated or went away: no suggestion rather than a hidden failure
    }
    return parse(raw);
  }

  @SuppressWarnings("unchecked")
  static List<Suggestion> parse(Object raw) {
    List<Suggestion> out = new ArrayList<>();
    if (!(raw instanceof List<?> list)) {
      return out;
    }
    for (Object o : list) {
      Map<String, Object> m = (Map<String, Object>) o;
      Suggestion.Builder b = Suggestion.builder().score(((Number) m.get("score")).doubleValue());
      for (Object c : (List<Object>) m.getOrDefault("candidates", List.of())) {
        Map<String, Object> cm = (Map<String, Object>) c;
        Optional<Candidate.Kind> kind = Candidate.Kind.fromJson(String.valueOf(cm.get("kind")));
        if (kind.isEmpty()) {
          continue;
        }
        Candidate.Builder cb = Candidate.builder().kind(kind.get()).value(String.valueOf(cm.get("value")));
        if (cm.get("name") != null) {
          cb.name(String.valueOf(cm.get("name")));
        }
        b.addCandidates(cb.build());
      }
      out.add(b.build());
    }
    return out;
  }
}
