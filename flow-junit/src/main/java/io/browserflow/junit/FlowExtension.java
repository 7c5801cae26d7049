package io.browserflow.junit;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import io.browserflow.engine.FlowEngine;
import io.browserflow.engine.RunResult;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.DynamicTestInvocationContext;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.platform.commons.PreconditionViolationException;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.ReflectionSupport;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * The extension behind {@link FlowTest}. Stateless: the class's resources live in the outermost
 * class context's store, each test invocation's browser context in that invocation's store, both
 * closed by JUnit. Runs test bodies (and the flows of {@link FlowSource} rows and {@link FlowTests})
 * with retries, each attempt in a fresh browser context.
 */
final class FlowExtension implements BeforeAllCallback, ParameterResolver, InvocationInterceptor, AfterTestExecutionCallback {
  static final Namespace NAMESPACE = Namespace.create("io.browserflow.junit");

  /** A step run before the body of each attempt, in the attempt's scope. */
  private interface Prepare {
    void run(TestScope scope) throws Throwable;
  }

  /** The body of an attempt after the first. */
  private interface Body {
    void run() throws Throwable;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    resources(context); // checks the settings and starts the served folder before any test runs
  }

  // ------------------------------------------------------------------ resources and scopes

  static ClassResources resources(ExtensionContext context) {
    ExtensionContext owner = context;
    for (Optional<ExtensionContext> c = Optional.of(context); c.isPresent(); c = c.get().getParent()) {
      if (c.get().getTestClass().isPresent()) {
        owner = c.get();
      }
    }
    ExtensionContext classContext = owner;
    Class<?> testClass = classContext.getRequiredTestClass();
    return classContext.getStore(NAMESPACE).getOrComputeIfAbsent(ClassResources.class, k -> {
      FlowSettings settings = FlowSettings.of(testClass, classContext);
      ClassResources resources = new ClassResources(settings, classContext::getConfigurationParameter, System::getenv);
      resources.report = RunReport.of(classContext.getRoot(), settings.reportDir);
      return resources;
    }, ClassResources.class);
  }

  static TestScope scope(ExtensionContext context) {
    ClassResources resources = resources(context);
    return context.getStore(NAMESPACE).getOrComputeIfAbsent(context.getUniqueId(),
        k -> new TestScope(resources, context, resources.classDir.resolve(testDirName(context))), TestScope.class);
  }

  private static Optional<TestScope> existingScope(ExtensionContext context) {
    return Optional.ofNullable(context.getStore(NAMESPACE).get(context.getUniqueId(), TestScope.class));
  }

  static Optional<Method> testMethod(ExtensionContext context) {
    for (Optional<ExtensionContext> c = Optional.of(context); c.isPresent(); c = c.get().getParent()) {
      if (c.get().getTestMethod().isPresent()) {
        return c.get().getTestMethod();
      }
    }
    return Optional.empty();
  }

  /** {@code search}, {@code search-3} for the third invocation, {@code suite-2-login.flow.json} for a dynamic test. */
  private static String testDirName(ExtensionContext context) {
    String method = testMethod(context).map(Method::getName).orElse("test");
    String uid = context.getUniqueId();
    String last = uid.substring(uid.lastIndexOf("/[") + 1);
    int hash = last.indexOf(":#");
    if (hash < 0) {
      return Names.safe(method);
    }
    String number = last.substring(hash + 2, last.length() - 1);
    if (last.startsWith("[dynamic")) {
      return Names.safe(method + "-" + number + "-" + context.getDisplayName());
    }
    return Names.safe(method + "-" + number);
  }

  // ------------------------------------------------------------------ parameters

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == FlowRunner.class || type == FlowEngine.class || type == Page.class || type == BrowserContext.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    if (type == FlowEngine.class) {
      return resources(context).engine();
    }
    if (context.getTestMethod().isEmpty()) {
      throw new ParameterResolutionException(type.getSimpleName() + " belongs to one test invocation: declare it on a test "
          + "method or a @BeforeEach/@AfterEach method, not on " + parameter.getDeclaringExecutable()
          + " (a FlowEngine parameter works anywhere)");
    }
    TestScope scope = scope(context);
    if (type == FlowRunner.class) {
      return new DefaultFlowRunner(scope);
    }
    return type == Page.class ? scope.page() : scope.browserContext();
  }

  // ------------------------------------------------------------------ invocations and retries

  @Override
  public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
      ExtensionContext context) throws Throwable {
    attempts(invocation, false, context, null, () -> again(invocationContext, context));
  }

  @Override
  public void interceptTestTemplateMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
      ExtensionContext context) throws Throwable {
    FlowInvocation row = null;
    for (Object argument : invocationContext.getArguments()) {
      if (argument instanceof FlowInvocation) {
        row = (FlowInvocation) argument;
      }
    }
    FlowInvocation data = row;
    Prepare prepare = data == null ? null : scope -> {
      RunResult result = new DefaultFlowRunner(scope).run(data.flow(), data.inputs());
      data.ran(result);
      if (data.requireSuccess() && !result.succeeded()) {
        throw new AssertionFailedError(FailureReport.describe(result));
      }
    };
    attempts(invocation, false, context, prepare, () -> again(invocationContext, context));
  }

  @Override
  public void interceptDynamicTest(Invocation<Void> invocation, DynamicTestInvocationContext invocationContext,
      ExtensionContext context) throws Throwable {
    if (invocationContext.getExecutable() instanceof FlowTests.FlowFileTest) {
      FlowTests.FlowFileTest test = (FlowTests.FlowFileTest) invocationContext.getExecutable();
      invocation.skip(); // the extension runs it, in the dynamic test's own context
      attempts(invocation, true, context, test::run, null);
    } else {
      attempts(invocation, false, context, null, () -> invocationContext.getExecutable().execute());
    }
  }

  /** Re-invokes a test method for a retry, with the new attempt's Page and BrowserContext. */
  private static void again(ReflectiveInvocationContext<Method> invocationContext, ExtensionContext context) {
    Method method = invocationContext.getExecutable();
    List<Object> arguments = new ArrayList<>(invocationContext.getArguments());
    Class<?>[] types = method.getParameterTypes();
    for (int i = 0; i < types.length && i < arguments.size(); i++) {
      if (types[i] == Page.class) {
        arguments.set(i, scope(context).page());
      } else if (types[i] == BrowserContext.class) {
        arguments.set(i, scope(context).browserContext());
      }
    }
    ReflectionSupport.invokeMethod(method, invocationContext.getTarget().orElse(null), arguments.toArray());
  }

  private static int retries(ExtensionContext context) {
    Optional<FlowRetries> onMethod = testMethod(context).flatMap(m -> AnnotationSupport.findAnnotation(m, FlowRetries.class));
    if (onMethod.isPresent()) {
      int n = onMethod.get().value();
      if (n < 0 || n > 100) {
        throw new ExtensionConfigurationException("@FlowRetries(" + n + ") on " + testMethod(context).get()
            + ": use 0 to 100 retries");
      }
      return n;
    }
    return resources(context).settings.retries;
  }

  private void attempts(Invocation<Void> invocation, boolean consumedAlready, ExtensionContext context, Prepare prepare,
      Body again) throws Throwable {
    int attempts;
    try {
      attempts = retries(context) + 1;
    } catch (RuntimeException e) {
      if (!consumedAlready) {
        invocation.skip();
      }
      throw e;
    }
    boolean consumed = consumedAlready;
    List<Throwable> failures = new ArrayList<>();
    for (int attempt = 1; ; attempt++) {
      if (attempt > 1) {
        existingScope(context).ifPresent(TestScope::nextAttempt);
      }
      try {
        if (prepare != null) {
          prepare.run(scope(context));
        }
        if (!consumed) {
          consumed = true;
          invocation.proceed();
        } else if (again != null) {
          again.run();
        }
        if (attempt > 1) {
          reportFlaky(context, attempt, attempts, failures);
        }
        return;
      } catch (Throwable t) {
        if (!consumed) {
          consumed = true;
          invocation.skip();
        }
        existingScope(context).ifPresent(TestScope::markFailed);
        if (!retryable(t) || attempt >= attempts) {
          if (!failures.isEmpty()) {
            for (Throwable earlier : failures) {
              if (earlier != t) {
                t.addSuppressed(earlier);
              }
            }
            publish(context, "browserflow.attempts", "failed all " + attempts + " attempts; the earlier failures are "
                + "attached as suppressed exceptions");
          }
          throw t;
        }
        failures.add(t);
        publish(context, "browserflow.retry", "attempt " + attempt + " of " + attempts + " failed ("
            + firstLine(t) + "); trying again in a fresh browser context");
      }
    }
  }

  private static boolean retryable(Throwable t) {
    if (t instanceof TestAbortedException || t instanceof ExtensionConfigurationException
        || t instanceof ParameterResolutionException || t instanceof PreconditionViolationException) {
      return false;
    }
    return t instanceof Exception || t instanceof AssertionError;
  }

  private static void reportFlaky(ExtensionContext context, int attempt, int attempts, List<Throwable> failures) {
    StringBuilder why = new StringBuilder();
    for (int i = 0; i < failures.size(); i++) {
      why.append(i == 0 ? "" : "; ").append("attempt ").append(i + 1).append(": ").append(firstLine(failures.get(i)));
    }
    String message = "FLAKY: passed on attempt " + attempt + " of " + attempts + " after " + why;
    publish(context, "browserflow.flaky", message);
    System.err.println("[browserflow] " + resources(context).settings.testClass.getSimpleName() + " > "
        + context.getDisplayName() + ": " + message);
  }

  private static void publish(ExtensionContext context, String key, String value) {
    try {
      context.publishReportEntry(key, value);
    } catch (RuntimeException e) {
      // reporting is best effort
    }
  }

  private static String firstLine(Throwable t) {
    String m = String.valueOf(t.getMessage()).strip().replaceAll("\\s+", " ");
    String line = t.getClass().getSimpleName() + ": " + m;
    return line.length() > 300 ? line.substring(0, 300) + "…" : line;
  }

  @Override
  public void afterTestExecution(ExtensionContext context) {
    if (context.getExecutionException().isPresent()) {
      existingScope(context).ifPresent(TestScope::markFailed);
    }
  }
}
