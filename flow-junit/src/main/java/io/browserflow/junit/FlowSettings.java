package io.browserflow.junit;

import io.browserflow.api.Capability;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The settings of one test class: the {@link FlowTest} attribute when set, else the configuration
 * parameter {@code browserflow.<attribute>}, else the default. Checked when the class starts, so
 * a bad value fails the class before any browser is started.
 */
final class FlowSettings {
  static final String PREFIX = "browserflow.";
  static final int MIN_TIMEOUT_MS = 100;
  static final int MAX_TIMEOUT_MS = 300_000;

  final Class<?> testClass;
  final boolean headless;
  final Optional<Path> browserPath;
  final Optional<String> connect;
  final long slowMoMs;
  final boolean traceOnFailure;
  final Path reportDir;
  final Path historyFile;
  final int historySize;
  final OptionalInt defaultTimeoutMs;
  final int retries;
  final Optional<String> serve;
  final Map<String, String> inputs;
  final Set<Capability> allow;
  final List<Path> uploadRoots;
  final List<String> allowOrigins;
  /** {@code off}, {@code report} or {@code strict}. */
  final String denyNetwork;
  final boolean allowSensitiveValues;
  /** The login flow and its check, as given ({@code classpath:...} or a path). */
  final Optional<String> login;
  final Optional<String> loginCheck;

  private FlowSettings(Class<?> testClass, Optional<FlowTest> a, Function<String, Optional<String>> config) {
    this.testClass = testClass;
    String where = a.isPresent() ? "@FlowTest on " + testClass.getName() : "the BrowserFlow extension on " + testClass.getName();
    Reader r = new Reader(where, config);
    headless = r.bool("headless", a.map(FlowTest::headless).orElse(""), true);
    browserPath = r.text("browserPath", a.map(FlowTest::browserPath).orElse("")).map(Path::of);
    connect = r.text("connect", a.map(FlowTest::connect).orElse(""));
    connect.ifPresent(c -> {
      if (!c.matches("(?i)(wss?|https?)://.+")) {
        throw r.bad("connect", c, "use ws://... for a Playwright browser server or http://host:port for a Chromium DevTools endpoint");
      }
    });
    slowMoMs = r.number("slowMoMs", a.map(FlowTest::slowMoMs).orElse(-1L), 0, 0, 60_000);
    traceOnFailure = r.bool("traceOnFailure", a.map(FlowTest::traceOnFailure).orElse(""), true);
    reportDir = Path.of(r.text("reportDir", a.map(FlowTest::reportDir).orElse("")).orElse("target/browserflow"));
    historyFile = r.text("historyFile", a.map(FlowTest::historyFile).orElse("")).map(Path::of)
        .orElse(reportDir.resolve("history.json"));
    historySize = (int) r.number("historySize", a.map(FlowTest::historySize).orElse(-1), 10, 1, 1000);
    long timeout = r.number("defaultTimeoutMs", a.map(FlowTest::defaultTimeoutMs).orElse(-1L), -1, MIN_TIMEOUT_MS, MAX_TIMEOUT_MS);
    defaultTimeoutMs = timeout < 0 ? OptionalInt.empty() : OptionalInt.of((int) timeout);
    retries = (int) r.number("retries", a.map(FlowTest::retries).orElse(-1), 0, 0, 100);
    serve = a.map(FlowTest::serve).filter(s -> !s.isBlank()).map(String::trim);
    inputs = a.map(t -> parseInputs(where, t.inputs())).orElse(Map.of());
    Set<Capability> caps = EnumSet.noneOf(Capability.class);
    List<String> allowed = new ArrayList<>(a.map(t -> Arrays.asList(t.allow())).orElse(List.of()));
    config.apply(PREFIX + "allow").ifPresent(v -> allowed.addAll(split(v)));
    for (String id : allowed) {
      caps.add(Capability.fromId(id.trim()).orElseThrow(() -> r.bad("allow", id,
          "capabilities are " + Arrays.stream(Capability.values()).map(Capability::id).collect(Collectors.joining(", ")))));
    }
    allow = Collections.unmodifiableSet(caps);
    List<String> roots = new ArrayList<>(a.map(t -> Arrays.asList(t.uploadRoots())).orElse(List.of()));
    config.apply(PREFIX + "uploadRoots").ifPresent(v -> roots.addAll(split(v)));
    uploadRoots = roots.stream().filter(s -> !s.isBlank()).map(s -> Path.of(s.trim())).collect(Collectors.toUnmodifiableList());
    List<String> origins = new ArrayList<>(a.map(t -> Arrays.asList(t.allowOrigins())).orElse(List.of()));
    config.apply(PREFIX + "allowOrigins").ifPresent(v -> origins.addAll(split(v)));
    List<String> checked = new ArrayList<>();
    for (String origin : origins) {
      String o = origin.trim().replaceAll("/+$", "");
      if (!o.matches("(?i)[a-z][a-z0-9+.-]*://[^/?#\\s]+")) {
        throw r.bad("allowOrigins", origin, "write an origin as scheme://host[:port], e.g. http://127.0.0.1:8080");
      }
      checked.add(o.toLowerCase(Locale.ROOT));
    }
    allowOrigins = List.copyOf(checked);
    denyNetwork = r.text("denyNetwork", a.map(FlowTest::denyNetwork).orElse("")).orElse("off").toLowerCase(Locale.ROOT);
    if (!List.of("off", "report", "strict").contains(denyNetwork)) {
      throw r.bad("denyNetwork", denyNetwork, "use off, report or strict");
    }
    allowSensitiveValues = r.bool("allowSensitiveValues", a.map(FlowTest::allowSensitiveValues).orElse(""), false);
    login = r.text("login", a.map(FlowTest::login).orElse(""));
    loginCheck = r.text("loginCheck", a.map(FlowTest::loginCheck).orElse(""));
    if (loginCheck.isPresent() && login.isEmpty()) {
      throw r.bad("loginCheck", loginCheck.get(), "a check needs the login flow it checks: set login (browserflow.login) too");
    }
  }

  /** Settings of the class (the annotation found on it, its superclasses or enclosing classes). */
  static FlowSettings of(Class<?> testClass, ExtensionContext context) {
    return of(testClass, findAnnotation(testClass), context::getConfigurationParameter);
  }

  static FlowSettings of(Class<?> testClass, Optional<FlowTest> annotation, Function<String, Optional<String>> config) {
    return new FlowSettings(testClass, annotation, config);
  }

  static Optional<FlowTest> findAnnotation(Class<?> testClass) {
    for (Class<?> c = testClass; c != null; c = c.getEnclosingClass()) {
      Optional<FlowTest> a = AnnotationSupport.findAnnotation(c, FlowTest.class);
      if (a.isPresent()) {
        return a;
      }
    }
    return Optional.empty();
  }

  private static List<String> split(String v) {
    return Arrays.stream(v.split(",")).map(String::trim).filter(s -> !s.isEmpty()).collect(Collectors.toList());
  }

  private static Map<String, String> parseInputs(String where, String[] pairs) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String pair : pairs) {
      int eq = pair.indexOf('=');
      if (eq <= 0 || pair.substring(0, eq).isBlank()) {
        throw new ExtensionConfigurationException(where + ": inputs entry \"" + pair + "\" is not KEY=value");
      }
      out.put(pair.substring(0, eq).trim(), pair.substring(eq + 1));
    }
    return Collections.unmodifiableMap(out);
  }

  /** Reads one setting: annotation value when set, else configuration parameter, else default. */
  private static final class Reader {
    private final String where;
    private final Function<String, Optional<String>> config;

    Reader(String where, Function<String, Optional<String>> config) {
      this.where = where;
      this.config = config;
    }

    ExtensionConfigurationException bad(String name, Object value, String rule) {
      return new ExtensionConfigurationException(where + ": " + name + " = \"" + value + "\" is invalid: " + rule
          + " (attribute " + name + " or configuration parameter " + PREFIX + name + ")");
    }

    Optional<String> text(String name, String annotated) {
      if (!annotated.isBlank()) {
        return Optional.of(annotated.trim());
      }
      return config.apply(PREFIX + name).map(String::trim).filter(s -> !s.isEmpty());
    }

    boolean bool(String name, String annotated, boolean dflt) {
      Optional<String> v = text(name, annotated);
      if (v.isEmpty()) {
        return dflt;
      }
      if (v.get().equalsIgnoreCase("true")) {
        return true;
      }
      if (v.get().equalsIgnoreCase("false")) {
        return false;
      }
      throw bad(name, v.get(), "use true or false");
    }

    long number(String name, long annotated, long dflt, long min, long max) {
      if (annotated != -1) {
        return check(name, annotated, min, max);
      }
      Optional<String> v = config.apply(PREFIX + name).map(String::trim).filter(s -> !s.isEmpty());
      if (v.isEmpty()) {
        return dflt;
      }
      try {
        return check(name, Long.parseLong(v.get()), min, max);
      } catch (NumberFormatException e) {
        throw bad(name, v.get(), "use a whole number from " + min + " to " + max);
      }
    }

    private long check(String name, long value, long min, long max) {
      if (value < min || value > max) {
        throw bad(name, value, "use a whole number from " + min + " to " + max + (min > 0 ? "" : ", or leave it unset"));
      }
      return value;
    }
  }
}
