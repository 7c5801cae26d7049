package io.browserflow.junit;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLocksProvider;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;

/**
 * Parallel execution: Playwright objects must not be used by two threads at once, and flows of one
 * class share one browser. Tests of a {@link FlowTest} class take a read lock on their class's
 * browser; those handed a {@code Page} or {@code BrowserContext} (directly or through a
 * {@code @BeforeEach}/{@code @AfterEach} method) take it exclusively, so no flow of the class runs
 * while their plain Playwright code does. Classes never wait for each other.
 */
final class BrowserLocks implements ResourceLocksProvider {
  static final String KEY = "io.browserflow.junit.browser:";

  @Override
  public Set<Lock> provideForMethod(List<Class<?>> enclosingInstanceTypes, Class<?> testClass, Method testMethod) {
    Class<?> owner = enclosingInstanceTypes.isEmpty() ? testClass : enclosingInstanceTypes.get(0);
    boolean exclusive = takesPlaywright(testMethod) || lifecycleTakesPlaywright(testClass)
        || enclosingInstanceTypes.stream().anyMatch(BrowserLocks::lifecycleTakesPlaywright);
    return Set.of(new Lock(KEY + owner.getName(), exclusive ? ResourceAccessMode.READ_WRITE : ResourceAccessMode.READ));
  }

  private static boolean lifecycleTakesPlaywright(Class<?> type) {
    return Stream.concat(
            AnnotationSupport.findAnnotatedMethods(type, BeforeEach.class, HierarchyTraversalMode.TOP_DOWN).stream(),
            AnnotationSupport.findAnnotatedMethods(type, AfterEach.class, HierarchyTraversalMode.TOP_DOWN).stream())
        .filter(m -> !Modifier.isStatic(m.getModifiers()))
        .anyMatch(BrowserLocks::takesPlaywright);
  }

  private static boolean takesPlaywright(Method method) {
    return Stream.of(method.getParameterTypes()).anyMatch(t -> t == Page.class || t == BrowserContext.class);
  }
}
