/**
 * Flows as JUnit 5 tests: {@link io.browserflow.junit.FlowTest} on a class gives its tests a real
 * browser (one per class, a fresh context per test), a {@link io.browserflow.junit.FlowRunner} and
 * the Playwright {@code Page} of that context; {@link io.browserflow.junit.FlowSource} makes a flow
 * data-driven (one invocation per table or CSV row); {@link io.browserflow.junit.FlowTests} turns a
 * folder of flow files into a suite; {@link io.browserflow.junit.FlowAssertions} asserts on results
 * with failure messages that name the step, the error code, the candidates, the URL, the screenshot
 * and the trace. Configuration parameters are namespaced {@code browserflow.*}.
 */
package io.browserflow.junit;
