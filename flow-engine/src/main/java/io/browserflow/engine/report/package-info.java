/**
 * Reports people look at: {@link io.browserflow.engine.report.HtmlReport}, one self-contained HTML
 * file for a batch of runs, and {@link io.browserflow.engine.report.FlowHistory}, the last outcomes
 * per flow or test that mark what alternates (flaky).
 */
package io.browserflow.engine.report;
