package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowFormatException;
import io.browserflow.api.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * Selenium IDE projects ({@code .side}, import only). One flow per test: {@link #read} returns the
 * first test (the others are listed as {@link ConversionCode#OTHER_TEST} infos), {@link
 * #read(String, String, String)} a chosen one, {@link #readAll} every test.
 *
 * <p>Variables: {@code store} becomes {@code setVar}; the reading commands (storeText, storeValue,
 * storeAttribute, executeScript, ...) become a step whose output later commands reference as
 * {@code ${steps.<id>.text}} (or, for a variable assigned more than once or inside a loop, a
 * {@code setVar} of that output, referenced as {@code ${vars.x}}). Window handles become tab
 * aliases; frames by index, scripts and expressions are carried over with issues saying how.
 *
 * <p>Reading parses the project into a {@link SideProject}; {@link SideImport} maps one of its
 * tests to a flow.
 */
final class SideCodec extends JsonCodec {
  SideCodec() {
    super(Format.SELENIUM_IDE, SideCodec::isProject);
  }

  /** Whether {@code o} has a version and a test with commands. */
  private static boolean isProject(JsonNode o) {
    if (!o.has("version") || !o.path("tests").isArray()) {
      return false;
    }
    for (JsonNode t : o.path("tests")) {
      if (t.path("commands").isArray()) {
        return true;
      }
    }
    return false;
  }

  /** The first test of the project; the other tests are listed as {@link ConversionCode#OTHER_TEST} infos. */
  @Override
  public Conversion<Flow> read(String content, String origin) {
    return read(content, origin, null);
  }

  /** The test named {@code test} (or with that id); the first one when {@code test} is null. */
  Conversion<Flow> read(String content, String origin, String test) {
    SideProject project = project(content, origin);
    List<SideProject.Test> tests = project.tests;
    int chosen = 0;
    if (test != null) {
      chosen = -1;
      for (int i = 0; i < tests.size(); i++) {
        if (test.equals(tests.get(i).listedName) || test.equals(tests.get(i).id)) {
          chosen = i;
          break;
        }
      }
      if (chosen < 0) {
        throw new FlowFormatException(List.of(Problem.of(ErrorCode.FIELD_INVALID, "tests",
            Json.label(origin) + " has no test named " + test + " (tests: " + testNames(tests) + ")")));
      }
    }
    Conversion<Flow> c = new SideImport(project, tests.get(chosen), origin).convert();
    Issues others = new Issues();
    SideProjectImport.checkVersion(project, others);
    for (int i = 0; i < tests.size(); i++) {
      if (i != chosen) {
        SideProject.Test t = tests.get(i);
        others.info(ConversionCode.OTHER_TEST, "tests[" + i + "]", "test \"" + t.listedName
            + "\" (" + t.commandCount + " commands) is another flow: browserflow run plays every suite of the "
            + "project, convert --out DIR writes one flow per test");
      }
    }
    return c.withIssues(others.list());
  }

  /** One conversion per test of the project, in the project's order. */
  List<Conversion<Flow>> readAll(String content, String origin) {
    SideProject project = project(content, origin);
    List<Conversion<Flow>> all = new ArrayList<>();
    for (SideProject.Test t : project.tests) {
      all.add(new SideImport(project, t, origin).convert());
    }
    return all;
  }

  static SideProject project(String content, String origin) {
    JsonNode root = Json.parse(content, origin);
    if (root == null || !root.isObject() || !root.path("tests").isArray()) {
      throw new FlowFormatException(List.of(Problem.of(ErrorCode.SCHEMA_UNSUPPORTED, "",
          Json.label(origin) + " is not a Selenium IDE project: it needs a \"tests\" array")));
    }
    if (root.path("tests").size() == 0) {
      throw new FlowFormatException(List.of(Problem.of(ErrorCode.FIELD_MISSING, "tests",
          Json.label(origin) + " has no test to import")));
    }
    return SideProject.of(root);
  }

  private static String testNames(List<SideProject.Test> tests) {
    List<String> names = new ArrayList<>();
    tests.forEach(t -> names.add(t.listedName));
    return String.join(", ", names);
  }
}
