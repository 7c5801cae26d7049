package io.browserflow.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Data-driven flows: one invocation of a {@code @ParameterizedTest} per row of a flow's table, or
 * of a CSV file, each running the flow with that row in a fresh browser context. The method's
 * first parameter is a {@link FlowInvocation}; when the body starts, the flow has already run and
 * succeeded (a failed run fails the invocation with the step, error code, candidates, URL and
 * screenshot), so the body only adds checks, or stays empty.
 *
 * <pre>{@code
 * @FlowTest(serve = "classpath:demo-app")
 * class DeviceSearchTest {
 *   @ParameterizedTest
 *   @FlowSource(value = "classpath:flows/device-search.flow.json", csv = "classpath:data/devices.csv")
 *   void every_device_is_found(FlowInvocation search) {
 *     FlowAssertions.assertThat(search.result()).output("steps.status.text").isNotEmpty();
 *   }
 * }
 * }</pre>
 * shows as {@code [1] Search one device [DEVICE_ID=1000000150601081283]}, {@code [2] ...}: the
 * flow's name and the row (secret credential values as {@code ***}).
 *
 * <h2>Rows</h2>
 * <ul>
 *   <li>With {@link #csv()}: one invocation per data row of the CSV (first line: column names;
 *       RFC 4180 quoting; UTF-8). Each column must name an input or credential the flow declares,
 *       or a column of the flow's table (then every table column must be there, and the flow runs
 *       with its table reduced to this row).</li>
 *   <li>Without: one invocation per row of the flow's own {@code table}; columns naming an input
 *       become inputs, and the flow runs with its table reduced to this row, so a
 *       {@code foreach} over the table covers exactly that row.</li>
 * </ul>
 * Row values win over the class's inputs ({@link FlowTest#inputs()}, configuration, environment,
 * served address).
 *
 * <p>Misuse fails the test with an {@link org.junit.jupiter.api.extension.ExtensionConfigurationException}
 * naming this annotation and the problem: a flow or CSV file that does not exist, an invalid flow
 * (every problem listed), a CSV column that matches nothing in the flow, a flow without a table
 * and no CSV, no rows, a first parameter that is not a {@link FlowInvocation}, or a class without
 * {@link FlowTest}.
 *
 * <p>Locations: {@code classpath:flows/search.flow.json} (a class-path resource) or a file path,
 * relative to the working directory.
 */
@Target({ElementType.ANNOTATION_TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ArgumentsSource(FlowArgumentsProvider.class)
public @interface FlowSource {
  /** The flow: {@code classpath:flows/search.flow.json} or a file path. */
  String value();

  /** Rows from this CSV instead of the flow's table: {@code classpath:data/devices.csv} or a file path. */
  String csv() default "";

  /**
   * When {@code true} (the default) an invocation whose run does not succeed fails before the body
   * runs; {@code false} hands every result to the body, for tests that expect some rows to fail.
   */
  boolean requireSuccess() default true;
}
