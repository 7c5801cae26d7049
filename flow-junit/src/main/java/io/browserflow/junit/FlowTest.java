package io.browserflow.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Makes a JUnit 5 class a browser test class: flows run in a real Chromium, one browser per test
 * class, a fresh browser context (cookies, storage, tabs) per test invocation.
 *
 * <pre>{@code
 * @FlowTest(serve = "classpath:demo-app")          // serves the app on 127.0.0.1, SERVER_URL / BASE_URL inputs
 * class DeviceSearchTest {
 *   @Test
 *   void finds_the_seed_device(FlowRunner flows) {
 *     RunResult result = flows.run("classpath:flows/device-search.flow.json");
 *     FlowAssertions.assertThat(result).succeeded().output("steps.meter.text").isEqualTo("3300100250022");
 *   }
 * }
 * }</pre>
 *
 * <h2>What a test method can declare</h2>
 * <ul>
 *   <li>{@link FlowRunner}: runs flows in the test's own browser context (one context per test
 *       invocation, shared by every flow the test runs and by {@code Page}/{@code BrowserContext}).</li>
 *   <li>{@code com.microsoft.playwright.Page} / {@code BrowserContext}: that same context and its first
 *       tab, for plain Playwright code next to flows. Use them on the test's thread only.</li>
 *   <li>{@link io.browserflow.engine.FlowEngine}: the class's engine; each {@code run} opens its own
 *       fresh context (engine semantics). Do not close it: JUnit does.</li>
 *   <li>{@link FlowInvocation}: the row of a {@link FlowSource} data-driven test.</li>
 * </ul>
 * {@link FlowTests#from(String, String...)} turns a folder of flow files into dynamic tests.
 *
 * <h2>Lifecycle</h2>
 * The browser is launched (or connected) lazily, when a test first needs it, and closed by JUnit
 * when the class finishes (with the server of {@link #serve()}); a class whose tests never touch
 * a browser never starts one. Each test invocation gets its own context, closed when the test ends;
 * {@code @Nested} classes share the browser of their outermost class. If no browser can be found,
 * the tests fail with a message saying how to install one.
 *
 * <h2>Settings: annotation, configuration parameter, default</h2>
 * Every setting can also be given as a JUnit configuration parameter named {@code browserflow.}
 * plus the attribute name ({@code browserflow.headless=false} in {@code junit-platform.properties},
 * or {@code -Dbrowserflow.headless=false} on the command line). <b>An attribute set on the
 * annotation wins over the configuration parameter</b>, as {@code @Timeout} wins over
 * {@code junit.jupiter.execution.timeout.default}; the parameter applies where the attribute is
 * left unset ({@code ""} or {@code -1}); the built-in default applies where neither is set. Keep
 * machine-specific settings (headless, browser path, connect endpoint, slow motion) out of the
 * annotation, so each machine can choose them.
 *
 * <table>
 *   <caption>settings</caption>
 *   <tr><th>attribute / parameter</th><th>default</th></tr>
 *   <tr><td>{@code headless} / {@code browserflow.headless}</td><td>{@code true}</td></tr>
 *   <tr><td>{@code browserPath} / {@code browserflow.browserPath}</td><td>{@code BROWSERFLOW_CHROMIUM}, then the
 *       usual install locations (see {@code PlaywrightDriver})</td></tr>
 *   <tr><td>{@code connect} / {@code browserflow.connect}</td><td>none: launch; {@code ws://...} a Playwright
 *       browser server, {@code http://host:port} a Chromium DevTools endpoint</td></tr>
 *   <tr><td>{@code slowMoMs} / {@code browserflow.slowMoMs}</td><td>0</td></tr>
 *   <tr><td>{@code traceOnFailure} / {@code browserflow.traceOnFailure}</td><td>{@code true}</td></tr>
 *   <tr><td>{@code reportDir} / {@code browserflow.reportDir}</td><td>{@code target/browserflow}</td></tr>
 *   <tr><td>{@code historyFile} / {@code browserflow.historyFile}</td><td>{@code <reportDir>/history.json}</td></tr>
 *   <tr><td>{@code historySize} / {@code browserflow.historySize}</td><td>10</td></tr>
 *   <tr><td>{@code defaultTimeoutMs} / {@code browserflow.defaultTimeoutMs}</td><td>the engine's step default (10 s)</td></tr>
 *   <tr><td>{@code retries} / {@code browserflow.retries}</td><td>0</td></tr>
 *   <tr><td>{@code allow} / {@code browserflow.allow} (comma-separated; both apply)</td><td>none</td></tr>
 *   <tr><td>{@code uploadRoots} / {@code browserflow.uploadRoots} (comma-separated; both apply)</td><td>none: uploads refused</td></tr>
 *   <tr><td>{@code allowOrigins} / {@code browserflow.allowOrigins} (comma-separated; both apply)</td><td>the flows' own and the served origin</td></tr>
 *   <tr><td>{@code denyNetwork} / {@code browserflow.denyNetwork} ({@code off}, {@code report}, {@code strict})</td><td>{@code off}</td></tr>
 *   <tr><td>{@code allowSensitiveValues} / {@code browserflow.allowSensitiveValues}</td><td>{@code false}</td></tr>
 *   <tr><td>{@code login} / {@code browserflow.login}</td><td>none: every test signs in itself</td></tr>
 *   <tr><td>{@code loginCheck} / {@code browserflow.loginCheck}</td><td>none</td></tr>
 * </table>
 *
 * <h2>Inputs and credentials</h2>
 * A flow gets, for each input it declares and the test did not pass explicitly: {@link #inputs()},
 * else the configuration parameter {@code browserflow.input.KEY}, else the environment variable
 * {@code BROWSERFLOW_INPUT_KEY}, else (for {@code SERVER_URL} and {@code BASE_URL}) the address of
 * {@link #serve()}. For each credential it declares: the configuration parameter
 * {@code browserflow.credential.KEY}, else the environment variable {@code BROWSERFLOW_CREDENTIAL_KEY},
 * else (for {@code SERVER_URL} and {@code BASE_URL}) the served address. Credentials are never read
 * from annotations: keep secrets in the environment of the build.
 *
 * <h2>Retries</h2>
 * {@link #retries()} (or {@link FlowRetries} on a method) re-runs a failed test body, each attempt in
 * a fresh browser context; a test that passes on a later attempt passes but is reported as
 * <b>flaky</b> (report entry {@code browserflow.flaky} and a line on standard error). A test failing
 * every attempt fails with the last failure, earlier ones attached as suppressed exceptions.
 * {@code @BeforeEach}/{@code @AfterEach} methods run once around all attempts.
 *
 * <h2>Parallel execution</h2>
 * Safe with {@code junit.jupiter.execution.parallel.enabled=true}: the extension keeps no state
 * outside JUnit's store, every test has its own context, and test methods that take a Playwright
 * {@code Page} or {@code BrowserContext} (or whose class has lifecycle methods taking one) get an
 * exclusive lock on their class's browser, since Playwright objects must not be used by two
 * threads at once; other tests of the class share it.
 *
 * <p>Misuse (an attribute with a bad value, a {@link #serve()} folder that does not exist, an
 * unknown capability) fails the class with an
 * {@link org.junit.jupiter.api.extension.ExtensionConfigurationException} naming the attribute.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(FlowExtension.class)
@ResourceLock(providers = BrowserLocks.class)
public @interface FlowTest {
  /** {@code "true"} or {@code "false"}; unset: {@code browserflow.headless}, else {@code true}. */
  String headless() default "";

  /** The Chromium or Chrome executable; unset: {@code browserflow.browserPath}, else the driver's search. */
  String browserPath() default "";

  /**
   * A running browser to use instead of launching one: {@code ws://...} for a Playwright browser
   * server of the same Playwright version, {@code http://host:port} for a Chromium started with
   * {@code --remote-debugging-port}. Unset: {@code browserflow.connect}, else launch.
   */
  String connect() default "";

  /**
   * A pause after every browser operation of a launched browser, to watch a run, 0 to 60,000; unset
   * ({@code -1}): {@code browserflow.slowMoMs}, else 0.
   */
  long slowMoMs() default -1;

  /**
   * {@code "true"} records a Playwright trace of each test's context and keeps it
   * ({@code trace.zip} in the test's report folder, the secrets of the test's runs stripped) when
   * the test fails, {@code "false"} records none; unset: {@code browserflow.traceOnFailure}, else
   * {@code true}. Open a kept trace with {@code browserflow show-trace FILE}.
   */
  String traceOnFailure() default "";

  /**
   * Where screenshots, traces, run results and the report of the whole test run
   * ({@code index.html}, every flow run by the extension's tests, rewritten as each class ends) go;
   * unset: {@code browserflow.reportDir}, else {@code target/browserflow}.
   */
  String reportDir() default "";

  /**
   * The file keeping the last outcomes of each test's flows across test runs, so the report marks
   * those that alternate as flaky; unset: {@code browserflow.historyFile}, else
   * {@code <reportDir>/history.json}.
   */
  String historyFile() default "";

  /** Outcomes kept per test and flow in the history, 1 to 1,000; unset ({@code -1}): {@code browserflow.historySize}, else 10. */
  int historySize() default -1;

  /**
   * Default step timeout of flows (steps without their own {@code timeoutMs}) and default timeout of
   * the Playwright context handed to tests, 100 to 300,000; unset ({@code -1}):
   * {@code browserflow.defaultTimeoutMs}, else the engine's default (10 s).
   */
  long defaultTimeoutMs() default -1;

  /** How often a failed test is tried again; unset ({@code -1}): {@code browserflow.retries}, else 0. */
  int retries() default -1;

  /**
   * A folder to serve over HTTP on {@code 127.0.0.1} (an ephemeral port) while the class runs:
   * {@code "classpath:demo-app"} or a directory path; {@code /} serves {@code index.html}. Flows
   * declaring an input or credential {@code SERVER_URL} or {@code BASE_URL} get its address
   * ({@code http://127.0.0.1:<port>}, no trailing slash) unless given otherwise.
   */
  String serve() default "";

  /** Business inputs for every flow of the class that declares them, as {@code "KEY=value"}. Never secrets. */
  String[] inputs() default {};

  /**
   * Gated capabilities runs may use, by id: {@code "script.eval"}, {@code "file.upload"} (uploads
   * also need {@link #uploadRoots()}). Added to those of {@code browserflow.allow}.
   */
  String[] allow() default {};

  /** Directories upload files must lie in (paths, relative to the working directory). Added to those of {@code browserflow.uploadRoots}. */
  String[] uploadRoots() default {};

  /**
   * Origins ({@code scheme://host[:port]}) runs may reach besides the flows' own, their policies' and
   * the served one. Added to those of {@code browserflow.allowOrigins} (comma-separated).
   */
  String[] allowOrigins() default {};

  /**
   * Requests outside the allowed origins: {@code "off"} lets them through, {@code "report"} blocks
   * them and lists them in each run's {@code blockedRequests}, {@code "strict"} fails the run at the
   * first one ({@code NETWORK_ATTEMPT}); unset: {@code browserflow.denyNetwork}, else {@code off}.
   */
  String denyNetwork() default "";

  /**
   * {@code "true"} runs flows holding a literal secret value (lint {@code SENSITIVE_VALUE}) anyway;
   * unset: {@code browserflow.allowSensitiveValues}, else {@code false}: such a flow is refused with
   * {@code SENSITIVE_VALUE}. Prefer moving the value into a secret credential.
   */
  String allowSensitiveValues() default "";

  /**
   * A login flow ({@code classpath:...} or a file path) run once before the first flow that needs a
   * browser: its cookies and local storage, kept in memory only, start every test's session signed
   * in, in every test class that names the same login (and {@link #loginCheck()}) in this JVM. Its
   * credentials come as every flow's do ({@code browserflow.credential.KEY},
   * {@code BROWSERFLOW_CREDENTIAL_KEY}). Unset: {@code browserflow.login}, else none.
   */
  String login() default "";

  /**
   * With {@link #login()}: a flow that succeeds only when signed in, run in the reused state before
   * each test's session; when it fails, the login flow runs again for everyone. Unset:
   * {@code browserflow.loginCheck}, else none (the state is reused as it is).
   */
  String loginCheck() default "";
}
