package io.browserflow.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How often this test method is tried again when it fails, overriding {@link FlowTest#retries()}
 * and {@code browserflow.retries} for it. Each attempt runs in a fresh browser context; a test that
 * passes on a later attempt passes but is reported as flaky (report entry {@code browserflow.flaky}
 * and a line on standard error), never silently.
 *
 * <pre>{@code
 * @Test
 * @FlowRetries(2)          // up to 3 attempts
 * void report_opens_in_a_new_tab(FlowRunner flows) { ... }
 * }</pre>
 *
 * <p>Applies to {@code @Test} methods, each invocation of a {@code @ParameterizedTest} (a
 * {@link FlowSource} row re-runs its flow too) and the dynamic tests of {@link FlowTests}.
 * {@code @BeforeEach}/{@code @AfterEach} methods run once around all attempts. A negative value
 * is an {@link org.junit.jupiter.api.extension.ExtensionConfigurationException}.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface FlowRetries {
  /** Retries after the first attempt: 2 means up to 3 attempts; 0 turns retries off for this method. */
  int value();
}
