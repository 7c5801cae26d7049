package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.formats.SideProject.Command;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A Selenium IDE project ({@code .side}) as the importer reads it: its name, version and base url,
 * its tests with their commands, and its suites (which tests run, in which order, sharing a
 * session or not). A test's commands are read when the test is converted.
 */
final class SideProject {
  final String name;
  /** The {@code version} as written ({@code "2.0"}, {@code "3.1"}); empty when it is missing. */
  final String version;
  /** The project's url without a trailing slash; empty when it has none. */
  final String baseUrl;
  final List<Test> tests;
  final List<Suite> suites;

  private SideProject(JsonNode root) {
    this.name = root.path("name").asText("").trim();
    this.version = root.path("version").asText("").trim();
    String url = root.path("url").asText("").trim();
    this.baseUrl = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    List<Test> all = new ArrayList<>();
    JsonNode list = root.path("tests");
    for (int i = 0; i < list.size(); i++) {
      all.add(new Test(i, list.get(i)));
    }
    this.tests = List.copyOf(all);
    List<Suite> suiteList = new ArrayList<>();
    JsonNode suiteNodes = root.path("suites");
    for (int i = 0; i < suiteNodes.size(); i++) {
      suiteList.add(new Suite(i, suiteNodes.get(i)));
    }
    this.suites = List.copyOf(suiteList);
  }

  /** The test {@code run NAME} calls: the reference looks tests up by name, the first one wins. */
  Optional<Test> testNamed(String testName) {
    return tests.stream().filter(t -> t.listedName.equals(testName)).findFirst();
  }

  /** The test with {@code id}, as suites list them. */
  Optional<Test> testWithId(String id) {
    return tests.stream().filter(t -> t.id.equals(id)).findFirst();
  }

  /** One suite: tests by id, in order; {@code persistSession} shares one browser session and the variables. */
  static final class Suite {
    final int index;
    final String name;
    final boolean persistSession;
    final boolean parallel;
    final List<String> testIds;

    private Suite(int index, JsonNode node) {
      this.index = index;
      this.name = node.path("name").asText("");
      this.persistSession = node.path("persistSession").asBoolean(false);
      this.parallel = node.path("parallel").asBoolean(false);
      List<String> ids = new ArrayList<>();
      node.path("tests").forEach(t -> ids.add(t.asText("")));
      this.testIds = List.copyOf(ids);
    }
  }

  /** The project of a parsed {@code .side} file, whose {@code tests} is an array. */
  static SideProject of(JsonNode root) {
    return new SideProject(root);
  }

  /** One test: a flow of its own. */
  static final class Test {
    final int index;
    final String id;
    /** The name as the project lists it ({@code null} spelled out). */
    final String listedName;
    /** The name, empty when there is none. */
    final String name;
    final int commandCount;
    private final JsonNode commands;

    private Test(int index, JsonNode node) {
      this.index = index;
      this.id = node.path("id").asText();
      this.listedName = node.path("name").asText();
      this.name = node.path("name").asText("");
      this.commands = node.path("commands");
      this.commandCount = commands.size();
    }

    /** The test's commands, in order. */
    List<Command> commands() {
      List<Command> out = new ArrayList<>();
      for (int j = 0; j < commands.size(); j++) {
        out.add(new Command(index, j, commands.get(j)));
      }
      return out;
    }

    /** Where it is: {@code tests[2]}. */
    String path() {
      return "tests[" + index + "]";
    }
  }

  /** One command of a test: name (a {@code //} prefix disables it), target, value and the alternatives of {@code targets}. */
  static final class Command {
    final int index;
    final String name;
    final boolean disabled;
    final String target;
    final String value;
    final String comment;
    /** The alternative locators the IDE recorded ({@code targets}, each {@code [locator, kind]} or a locator). */
    final List<String> targets;
    /** Whether the command opens a window (a click recorded with {@code opensWindow}). */
    final boolean opensWindow;
    /** The variable the IDE stores an opened window's handle in; empty when none. */
    final String windowHandle;
    /** Where it is: {@code tests[0].commands[3]}. */
    final String path;

    Command(int test, int index, JsonNode node) {
      this.index = index;
      String raw = node.path("command").asText("").trim();
      this.disabled = raw.startsWith("//");
      this.name = disabled ? raw.substring(2).trim() : raw;
      this.target = node.path("target").asText("");
      this.value = node.path("value").asText("");
      this.comment = node.path("comment").asText("").trim();
      List<String> alternatives = new ArrayList<>();
      for (JsonNode t : node.path("targets")) {
        alternatives.add(t.isArray() ? t.path(0).asText("") : t.asText(""));
      }
      this.targets = List.copyOf(alternatives);
      this.opensWindow = node.path("opensWindow").asBoolean(false);
      this.windowHandle = node.path("windowHandleName").asText("").trim();
      this.path = "tests[" + test + "].commands[" + index + "]";
    }
  }
}
