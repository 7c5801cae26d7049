package io.browserflow.samples;

import io.browserflow.junit.FlowTest;
import io.browserflow.junit.FlowTests;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * A folder of recorded flows as a suite: one test per {@code *.flow.json} under {@code flows/}, each in
 * a fresh browser context, named after the flow and its file. No Java code per flow.
 *
 * <p>The demo app is served from the class path; the flows get its address as {@code BASE_URL}
 * and the demo account from {@code junit-platform.properties}. The upload sample also needs a file
 * to upload and the permission to upload from its folder.
 */
@FlowTest(serve = "classpath:demo-app",
    inputs = "UPLOAD_FILE=src/main/resources/data/devices.csv",   // relative to the module, where Maven runs tests
    allow = "file.upload", uploadRoots = "src/main/resources/data")
@Tag("browser")
class RecordedFlowsTest {
  @TestFactory
  Stream<DynamicTest> every_recorded_flow() {
    return FlowTests.from("classpath:flows/");
  }
}
