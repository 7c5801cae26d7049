package io.browserflow.cli.django;

import io.browserflow.cli.ChildProcesses;
import io.browserflow.cli.differential.ReferenceReplayer;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Django's admin (Debian's {@code python3-django}) as the third-party app of the real-app tests:
 * a fresh project with the {@code library} app of the test resources (a foreign key, a
 * many-to-many shown with {@code filter_horizontal}, a date-time field, an inline), a fresh SQLite
 * database with seed data and a superuser {@code admin} with a random password, served by Django's
 * own server on a free 127.0.0.1 port. {@link #reset()} brings the seeded database back;
 * {@link #check(String)} runs a check script against the server's database through the ORM.
 */
final class DjangoAdmin implements AutoCloseable {
  static final String PYTHON = "/usr/bin/python3";
  static final Path RESOURCES = ReferenceReplayer.projectRoot().resolve("flow-cli/src/test/resources/django");
  /** The check scripts, one per scenario; another folder with {@code -Dbrowserflow.django.checks=DIR} while writing new ones. */
  static final Path CHECKS = Path.of(System.getProperty("browserflow.django.checks", RESOURCES.resolve("checks").toString()));

  final String password = "bf-" + UUID.randomUUID();
  final String baseUrl;
  private final Path project;
  private final Path pristine;
  private final Process server;
  private final Path log;

  private DjangoAdmin(Path dir, String extraHead) throws Exception {
    if (!Files.isExecutable(Path.of(PYTHON))) {
      throw new IllegalStateException("Python 3 with Django is needed: apt-get install -y python3-django");
    }
    project = Files.createDirectories(dir.resolve("site"));
    python(project, Map.of(), "-m", "django", "startproject", "bfsite", ".");
    copyTree(RESOURCES.resolve("library"), project.resolve("library"));
    Files.writeString(project.resolve("bfsite/settings.py"),
        "\nINSTALLED_APPS += ['library']\nUSE_TZ = True\nTIME_ZONE = 'UTC'\n"
            + "TEMPLATES[0]['DIRS'] = [BASE_DIR / 'templates']\n", java.nio.file.StandardOpenOption.APPEND);
    if (!extraHead.isEmpty()) {
      // Django's own admin templates, extended (not replaced) by one that adds to every page's <head>.
      Path template = Files.createDirectories(project.resolve("templates/admin")).resolve("base_site.html");
      Files.writeString(template, "{% extends \"admin/base_site.html\" %}\n"
          + "{% block extrahead %}{{ block.super }}" + extraHead + "{% endblock %}\n");
    }
    manage(Map.of(), "makemigrations", "library", "-v0");
    manage(Map.of(), "migrate", "--noinput", "-v0");
    manage(Map.of("DJANGO_SUPERUSER_PASSWORD", password), "createsuperuser", "--noinput", "--username", "admin",
        "--email", "admin@example.org");
    manage(Map.of("BF_SEED", RESOURCES.resolve("seed.py").toString()), "shell", "-c",
        "import os; exec(open(os.environ['BF_SEED']).read())");
    pristine = project.resolve("pristine.sqlite3");
    Files.copy(project.resolve("db.sqlite3"), pristine);
    int port = ChildProcesses.freeLoopbackPort();
    baseUrl = "http://127.0.0.1:" + port;
    log = dir.resolve("django-server.log");
    server = new ProcessBuilder(PYTHON, "manage.py", "runserver", "127.0.0.1:" + port, "--noreload")
        .directory(project.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    awaitUp(baseUrl + "/admin/login/");
  }

  /** A fresh project, database and server under {@code dir}. */
  static DjangoAdmin start(Path dir) throws Exception {
    return new DjangoAdmin(dir, "");
  }

  /** A fresh project as {@link #start(Path)}, whose admin pages all have {@code html} added to their {@code <head>}. */
  static DjangoAdmin startWithHead(Path dir, String html) throws Exception {
    return new DjangoAdmin(dir, html);
  }

  /** The seeded database again, as after {@link #start}: every replay begins here. */
  void reset() throws IOException {
    Files.copy(pristine, project.resolve("db.sqlite3"), StandardCopyOption.REPLACE_EXISTING);
  }

  /**
   * Runs the check script {@code checks/<name>.py} against the server's database; its output when
   * it printed {@code CHECK OK}, else an {@link AssertionError} with what it said.
   */
  String check(String name) throws Exception {
    Path script = CHECKS.resolve(name + ".py");
    Result r = run(project, Map.of("BF_CHECK", script.toString()), List.of(PYTHON, "manage.py", "shell", "-c",
        "import os; exec(open(os.environ['BF_CHECK']).read())"));
    if (r.exit != 0 || !r.out.contains("CHECK OK")) {
      throw new AssertionError("check " + name + " failed on the server's database:\n" + r.out);
    }
    return r.out;
  }

  /** Runs Python {@code code} in the project's shell (the ORM at hand) with {@code env}; its output. */
  String shell(Map<String, String> env, String code) throws Exception {
    Result r = run(project, env, List.of(PYTHON, "manage.py", "shell", "-c", code));
    if (r.exit != 0) {
      throw new AssertionError("manage.py shell failed: " + r.out);
    }
    return r.out;
  }

  /** How many auth groups named exactly {@code name} the server's database holds. */
  int groups(String name) throws Exception {
    String out = shell(Map.of("BF_GROUP", name), "import os; from django.contrib.auth.models import Group; "
        + "print(Group.objects.filter(name=os.environ['BF_GROUP']).count())");
    return Integer.parseInt(out.strip().lines().reduce((a, b) -> b).orElseThrow());
  }

  /** Whether the check script {@code name} says ({@code # no-change} on its first line) that its scenario changes no data. */
  boolean checksNoChange(String name) throws IOException {
    return Files.readString(CHECKS.resolve(name + ".py")).startsWith("# no-change");
  }

  /** Whether the check script {@code name} passes now (for the seeded state, where it must not). */
  boolean passes(String name) throws Exception {
    try {
      check(name);
      return true;
    } catch (AssertionError e) {
      return false;
    }
  }

  @Override
  public void close() throws InterruptedException {
    ChildProcesses.stop(server);
  }

  private void manage(Map<String, String> env, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(PYTHON, "manage.py"));
    command.addAll(List.of(args));
    Result r = run(project, env, command);
    if (r.exit != 0) {
      throw new IllegalStateException(command + " failed: " + r.out);
    }
  }

  private static void python(Path cwd, Map<String, String> env, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(PYTHON));
    command.addAll(List.of(args));
    Result r = run(cwd, env, command);
    if (r.exit != 0) {
      throw new IllegalStateException(command + " failed: " + r.out);
    }
  }

  private record Result(int exit, String out) {}

  private static Result run(Path cwd, Map<String, String> env, List<String> command) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true);
    pb.environment().putAll(env);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException(command + " did not finish within 120 s");
    }
    return new Result(p.exitValue(), out);
  }

  private void awaitUp(String url) throws Exception {
    Instant until = Instant.now().plus(Duration.ofSeconds(30));
    while (Instant.now().isBefore(until)) {
      if (!server.isAlive()) {
        throw new IllegalStateException("Django's server stopped: " + Files.readString(log));
      }
      try {
        HttpURLConnection c = (HttpURLConnection) URI.create(url).toURL().openConnection();
        c.setConnectTimeout(500);
        if (c.getResponseCode() == 200) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      }
      Thread.sleep(100);
    }
    close();
    throw new IllegalStateException("Django's server did not answer " + url + " within 30 s");
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : files.filter(p -> !p.toString().contains("__pycache__") && !p.toString().contains("migrations")).toList()) {
        Path target = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else {
          Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }
}
