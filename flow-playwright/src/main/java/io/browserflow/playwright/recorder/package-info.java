/**
 * The recorder: writes down what a person does in Chromium as a flow draft.
 *
 * <p>{@link io.browserflow.playwright.recorder.Recorder} is the entry point: it attaches to a
 * Playwright page or context a framework or a test drives, or launches a headed Chromium for a
 * person (found like {@link io.browserflow.playwright.PlaywrightDriver#launch()} finds one), as
 * {@link io.browserflow.playwright.recorder.RecorderOptions} say. The
 * {@link io.browserflow.playwright.recorder.Recording} it returns is paused, resumed and stopped;
 * stopping gives a {@link io.browserflow.playwright.recorder.FlowDraft} (the flow, its warnings and
 * its quality), and a {@link io.browserflow.playwright.recorder.RecordingListener} hears live events.
 *
 * <pre>{@code
 * Recording rec = Recorder.start(RecorderOptions.builder().page(page).parameterize(true).build());
 * page.getByTestId("username").pressSequentially("demo");   // what a person does
 * FlowDraft draft = rec.stop();
 * Files.writeString(Path.of("login.flow.json"), FlowJson.write(draft.flow()));
 * }</pre>
 *
 * <p>The recorder only uses the driver package's public API; its in-page capture script is the
 * resource {@code io/browserflow/playwright/recorder/capture.js}.
 */
package io.browserflow.playwright.recorder;
