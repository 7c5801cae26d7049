package io.browserflow.formats;

import io.browserflow.api.Flow;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A Selenium IDE project imported whole, to be played the way {@code selenium-side-runner} plays
 * it: every test converted to a flow of its own (a {@code run} of another test inlined), and the
 * project's suites, which say which tests run in which order and whether they share one browser
 * session and their variables ({@code persistSession}).
 *
 * <pre>{@code
 * SideProjectImport project = FlowFormats.readSideProject(Files.readString(path), "shop.side");
 * for (SideProjectImport.Suite suite : project.select(".*")) {        // the runner's --filter
 *   for (SideProjectImport.TestImport test : suite.tests()) {
 *     System.out.print(test.conversion().report());
 *     engine.run(test.flow(), inputs, options);                        // one session per suite when persisted
 *   }
 * }
 * }</pre>
 *
 * <p>Errors: a file that is no Selenium IDE project, or has no test, fails with a
 * {@code FlowFormatException} as {@link FlowFormats#read(String, String)} does; everything else
 * (an unknown version, a suite naming a test the project lacks, an unknown command) is a
 * {@link ConversionIssue} with its path.
 */
public final class SideProjectImport {
  private final String name;
  private final List<TestImport> tests;
  private final List<Suite> suites;
  private final List<ConversionIssue> issues;

  private SideProjectImport(String name, List<TestImport> tests, List<Suite> suites, List<ConversionIssue> issues) {
    this.name = name;
    this.tests = List.copyOf(tests);
    this.suites = List.copyOf(suites);
    this.issues = List.copyOf(issues);
  }

  /** The project's version, when it is none BrowserFlow knows: a warning at {@code version}. */
  static void checkVersion(SideProject project, Issues issues) {
    if (!project.version.matches("[123](\\.\\d+)*")) {
      issues.warning(ConversionCode.SCHEMA_VERSION_ASSUMED, "version", "the project's version is "
          + (project.version.isEmpty() ? "missing" : "\"" + project.version + "\"") + "; BrowserFlow reads Selenium IDE "
          + "projects of versions 1 to 3 and read it as one of those");
    }
  }

  static SideProjectImport of(SideProject project, String origin) {
    Issues issues = new Issues();
    checkVersion(project, issues);
    Map<SideProject.Test, TestImport> byTest = new IdentityHashMap<>();
    List<TestImport> all = new ArrayList<>();
    for (SideProject.Test t : project.tests) {
      SideImport im = new SideImport(project, t, origin);
      Conversion<Flow> c = im.convert();
      TestImport ti = new TestImport(t.id, t.listedName, t.index, c, im.exportedVariables(), im.importedVariables());
      byTest.put(t, ti);
      all.add(ti);
    }
    List<Suite> suites = new ArrayList<>();
    for (SideProject.Suite s : project.suites) {
      List<TestImport> members = new ArrayList<>();
      for (int i = 0; i < s.testIds.size(); i++) {
        String id = s.testIds.get(i);
        Optional<SideProject.Test> t = project.testWithId(id);
        if (t.isPresent()) {
          members.add(byTest.get(t.get()));
        } else {
          issues.warning(ConversionCode.TEST_NOT_FOUND, "suites[" + s.index + "].tests[" + i + "]", "suite \"" + s.name
              + "\" lists the test id " + id + ", which the project does not have; it is skipped, as the reference skips it");
        }
      }
      suites.add(new Suite(s.name, s.persistSession, s.parallel, members));
    }
    return new SideProjectImport(project.name, all, suites, issues.list());
  }

  /** The project's name; empty when it has none. */
  public String name() {
    return name;
  }

  /** Every test of the project, in the project's order. */
  public List<TestImport> tests() {
    return tests;
  }

  /** The project's suites as written (a suite without tests included). */
  public List<Suite> suites() {
    return suites;
  }

  /** What the project itself has wrong (its version, a suite's unknown test id); each test's issues are in its conversion. */
  public List<ConversionIssue> issues() {
    return issues;
  }

  /**
   * What {@code selenium-side-runner --filter FILTER} plays, in order: the suites that have tests and
   * whose name {@code filter} finds (a regular expression searched in the name, not matched whole);
   * when there is none, one unnamed suite of the tests whose name it finds, each in a fresh session.
   * Empty when nothing matches.
   *
   * @throws PatternSyntaxException when {@code filter} is no regular expression
   */
  public List<Suite> select(String filter) {
    Pattern p = Pattern.compile(filter);
    List<Suite> out = new ArrayList<>();
    for (Suite s : suites) {
      if (!s.tests().isEmpty() && p.matcher(s.name()).find()) {
        out.add(s);
      }
    }
    if (!out.isEmpty()) {
      return out;
    }
    List<TestImport> matching = tests.stream().filter(t -> p.matcher(t.name()).find()).toList();
    return matching.isEmpty() ? List.of() : List.of(new Suite("", false, false, matching));
  }

  /** The names a filter can select, for a message: {@code suites: Smoke, Checkout; tests: login, search}. */
  public String names() {
    List<String> suiteNames = suites.stream().filter(s -> !s.tests().isEmpty()).map(Suite::name).toList();
    return "suites: " + (suiteNames.isEmpty() ? "(none)" : String.join(", ", suiteNames)) + "; tests: "
        + String.join(", ", tests.stream().map(TestImport::name).toList());
  }

  /** A suite: its tests in order, sharing one browser session and their variables when {@link #persistSession()}. */
  public static final class Suite {
    private final String name;
    private final boolean persistSession;
    private final boolean parallel;
    private final List<TestImport> tests;

    Suite(String name, boolean persistSession, boolean parallel, List<TestImport> tests) {
      this.name = name;
      this.persistSession = persistSession;
      this.parallel = parallel;
      this.tests = List.copyOf(tests);
    }

    /** The suite's name; empty for the tests {@link #select} runs on their own. */
    public String name() {
      return name;
    }

    /**
     * Whether the tests run one after another in one browser session (cookies, the open pages, the
     * current tab and frame) and see the variables earlier tests stored; else each test gets a fresh
     * session and no variables.
     */
    public boolean persistSession() {
      return persistSession;
    }

    /** Whether the project marks the suite's tests as independent enough to run at the same time. */
    public boolean parallel() {
      return parallel;
    }

    /** The tests, in the suite's order (a test may be in several suites). */
    public List<TestImport> tests() {
      return tests;
    }
  }

  /** One test of the project and its conversion to a flow. */
  public static final class TestImport {
    private final String id;
    private final String name;
    private final int index;
    private final Conversion<Flow> conversion;
    private final Map<String, String> exported;
    private final Map<String, String> imported;

    TestImport(String id, String name, int index, Conversion<Flow> conversion, Map<String, String> exported,
        Map<String, String> imported) {
      this.id = id;
      this.name = name;
      this.index = index;
      this.conversion = conversion;
      this.exported = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(exported));
      this.imported = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(imported));
    }

    /** The test's id in the project. */
    public String id() {
      return id;
    }

    /** The test's name, as the project lists it. */
    public String name() {
      return name;
    }

    /** Where the test is in the project: {@code tests[2]}. */
    public String path() {
      return "tests[" + index + "]";
    }

    /** The conversion of the test: its flow, issues and quality. */
    public Conversion<Flow> conversion() {
      return conversion;
    }

    /** The test's flow ({@code conversion().value()}). */
    public Flow flow() {
      return conversion.value();
    }

    /**
     * The variables the test stores, each to the key of the run result's outputs that holds its
     * value at the end ({@code steps.s3.text}, {@code vars.total}): what a later test of a
     * persisted session sees.
     */
    public Map<String, String> exportedVariables() {
      return exported;
    }

    /**
     * The flow's inputs that stand for variables no command of the test stores, input key to
     * variable name: in a persisted session, an earlier test's {@link #exportedVariables()} give them.
     */
    public Map<String, String> importedVariables() {
      return imported;
    }
  }
}
