package io.browserflow.playwright;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds a Chromium-family executable: an explicit path, {@code BROWSERFLOW_CHROMIUM}, the system
 * Chromium, an installed Google Chrome, then browsers Playwright downloaded earlier (never downloads).
 */
final class ChromiumSearch {
  static final String ENV = "BROWSERFLOW_CHROMIUM";

  private final String os;
  private final String home;
  private final java.util.function.Function<String, String> env;

  ChromiumSearch(String os, String home, java.util.function.Function<String, String> env) {
    this.os = os.toLowerCase(Locale.ROOT);
    this.home = home;
    this.env = env;
  }

  static ChromiumSearch ofThisMachine() {
    return new ChromiumSearch(System.getProperty("os.name", ""), System.getProperty("user.home", ""), System::getenv);
  }

  /** The executable to launch; an explicit or configured path that does not exist is an error, not a fallback. */
  Path find(Optional<Path> explicit) {
    if (explicit.isPresent()) {
      Path p = explicit.get();
      if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
        throw new BrowserNotFoundException("the configured browser " + p + " does not exist or is not executable", List.of(p));
      }
      return p;
    }
    String configured = env.apply(ENV);
    if (configured != null && !configured.isBlank()) {
      Path p = Path.of(configured.trim());
      if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
        throw new BrowserNotFoundException(ENV + "=" + configured + " does not exist or is not executable", List.of(p));
      }
      return p;
    }
    List<Path> tried = candidates();
    for (Path p : tried) {
      if (Files.isRegularFile(p) && Files.isExecutable(p)) {
        return p;
      }
    }
    throw new BrowserNotFoundException("no Chromium or Chrome found on this machine", tried);
  }

  /** The well-known places, in search order (without the explicit and configured ones). */
  List<Path> candidates() {
    List<Path> out = new ArrayList<>();
    if (os.contains("win")) {
      for (String var : List.of("PROGRAMFILES", "PROGRAMFILES(X86)", "LOCALAPPDATA")) {
        String base = env.apply(var);
        if (base != null) {
          out.add(Path.of(base, "Chromium", "Application", "chrome.exe"));
          out.add(Path.of(base, "Google", "Chrome", "Application", "chrome.exe"));
        }
      }
    } else if (os.contains("mac")) {
      out.add(Path.of("/Applications/Chromium.app/Contents/MacOS/Chromium"));
      out.add(Path.of("/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"));
      out.add(Path.of(home, "Applications/Google Chrome.app/Contents/MacOS/Google Chrome"));
    } else {
      out.add(Path.of("/usr/bin/chromium"));
      out.add(Path.of("/usr/bin/chromium-browser"));
      out.add(Path.of("/snap/bin/chromium"));
      out.add(Path.of("/usr/bin/google-chrome"));
      out.add(Path.of("/usr/bin/google-chrome-stable"));
      out.add(Path.of("/opt/google/chrome/chrome"));
    }
    out.addAll(playwrightBrowsers());
    return out;
  }

  /** Chromium builds in Playwright's browser cache, newest first. */
  private List<Path> playwrightBrowsers() {
    Path root;
    String configured = env.apply("PLAYWRIGHT_BROWSERS_PATH");
    if (configured != null && !configured.isBlank() && !"0".equals(configured)) {
      root = Path.of(configured);
    } else if (os.contains("win")) {
      String local = env.apply("LOCALAPPDATA");
      root = local == null ? Path.of(home, "AppData", "Local", "ms-playwright") : Path.of(local, "ms-playwright");
    } else if (os.contains("mac")) {
      root = Path.of(home, "Library", "Caches", "ms-playwright");
    } else {
      root = Path.of(home, ".cache", "ms-playwright");
    }
    List<Path> out = new ArrayList<>();
    if (!Files.isDirectory(root)) {
      out.add(root.resolve("chromium-*"));
      return out;
    }
    List<Path> builds = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(root)) {
      dirs.filter(d -> d.getFileName().toString().startsWith("chromium-")).forEach(builds::add);
    } catch (IOException e) {
      return out;
    }
    builds.sort(Comparator.comparing((Path d) -> revision(d)).reversed());
    for (Path d : builds) {
      if (os.contains("win")) {
        out.add(d.resolve("chrome-win64/chrome.exe"));
        out.add(d.resolve("chrome-win/chrome.exe"));
      } else if (os.contains("mac")) {
        out.add(d.resolve("chrome-mac-arm64/Chromium.app/Contents/MacOS/Chromium"));
        out.add(d.resolve("chrome-mac/Chromium.app/Contents/MacOS/Chromium"));
        out.add(d.resolve("chrome-mac-x64/Chromium.app/Contents/MacOS/Chromium"));
      } else {
        out.add(d.resolve("chrome-linux64/chrome"));
        out.add(d.resolve("chrome-linux/chrome"));
      }
    }
    return out;
  }

  private static long revision(Path dir) {
    String digits = dir.getFileName().toString().replaceAll("\\D", "");
    try {
      return digits.isEmpty() ? 0 : Long.parseLong(digits.length() > 18 ? digits.substring(0, 18) : digits);
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
