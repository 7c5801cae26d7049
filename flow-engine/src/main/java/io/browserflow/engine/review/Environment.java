package io.browserflow.engine.review;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Where a flow runs, as seed 003 binds an approval to it: the browser and its version, the
 * viewport, the locale, the time zone and the origins the flow visits. An approval records it
 * ({@link Approvals#record(java.nio.file.Path, FlowReview, String, java.time.Instant, Environment)});
 * an engine that requires approval refuses a run in another environment with
 * {@code ENVIRONMENT_DRIFT}, naming what changed, unless the run allows the drift.
 *
 * <pre>{@code
 * Environment env = Environment.of(driver.environment(), 1280, 720, review.origins());
 * env.digest();                  // SHA-256 of its canonical JSON
 * env.differences(approvedEnv);  // ["browserVersion: 143.0.7499.0 -> 144.0.7510.0"]
 * }</pre>
 */
public record Environment(String browser, String browserVersion, String viewport, String locale, String timeZone,
    Set<String> origins) {
  private static final ObjectMapper CANONICAL = new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

  public Environment {
    Objects.requireNonNull(browser, "browser");
    Objects.requireNonNull(browserVersion, "browserVersion");
    Objects.requireNonNull(viewport, "viewport");
    Objects.requireNonNull(locale, "locale");
    Objects.requireNonNull(timeZone, "timeZone");
    origins = Set.copyOf(new TreeSet<>(origins));
  }

  /**
   * The environment of a run: the driver's browser ({@code browser}, {@code browserVersion} of
   * {@link io.browserflow.engine.spi.PageDriver#environment()}), the viewport, this machine's locale
   * and time zone (what the browser is started with), and the origins.
   */
  public static Environment of(Map<String, String> driver, int viewportWidth, int viewportHeight, Set<String> origins) {
    return new Environment(driver.getOrDefault("browser", "unknown"), driver.getOrDefault("browserVersion", "unknown"),
        viewportWidth + "x" + viewportHeight, java.util.Locale.getDefault().toLanguageTag(),
        java.time.ZoneId.systemDefault().getId(), origins);
  }

  /** Its fields by name, in a fixed order. */
  public Map<String, Object> fields() {
    Map<String, Object> m = new TreeMap<>();
    m.put("browser", browser);
    m.put("browserVersion", browserVersion);
    m.put("viewport", viewport);
    m.put("locale", locale);
    m.put("timeZone", timeZone);
    m.put("origins", new ArrayList<>(new TreeSet<>(origins)));
    return m;
  }

  /** Rebuilds an environment from {@link #fields()}. */
  public static Environment fromFields(Map<String, ?> f) {
    List<String> origins = new ArrayList<>();
    if (f.get("origins") instanceof List<?> l) {
      l.forEach(o -> origins.add(String.valueOf(o)));
    }
    return new Environment(String.valueOf(f.get("browser")), String.valueOf(f.get("browserVersion")),
        String.valueOf(f.get("viewport")), String.valueOf(f.get("locale")), String.valueOf(f.get("timeZone")),
        new TreeSet<>(origins));
  }

  /** Lowercase hex SHA-256 of its canonical JSON (keys sorted, origins sorted). */
  public String digest() {
    try {
      byte[] json = CANONICAL.writeValueAsString(fields()).getBytes(StandardCharsets.UTF_8);
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(json));
    } catch (NoSuchAlgorithmException | com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** What differs from {@code approved}, one {@code field: approved -> now} per field. */
  public List<String> differences(Environment approved) {
    List<String> out = new ArrayList<>();
    Map<String, Object> now = fields();
    approved.fields().forEach((k, v) -> {
      if (!Objects.equals(v, now.get(k))) {
        out.add(k + ": " + v + " -> " + now.get(k));
      }
    });
    return out;
  }
}
