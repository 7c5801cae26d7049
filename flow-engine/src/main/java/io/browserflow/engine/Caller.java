package io.browserflow.engine;

/**
 * Who starts a run, so that a refused or failed run says what that caller can change: the Java API
 * names its methods, the command line its flags and environment variables, the JUnit extension its
 * {@code @FlowTest} attributes and {@code browserflow.*} configuration keys. Set with
 * {@link RunOptions.Builder#caller(Caller)}; {@link #API} by default. The wording itself lives in
 * {@link Remedies}.
 */
public enum Caller {
  /** Java code calling {@link FlowEngine} directly. */
  API,
  /** The {@code browserflow} command line. */
  CLI,
  /** The JUnit 5 extension ({@code @FlowTest}). */
  JUNIT,
  /** A flow published as a tool by {@code browserflow mcp} and called by an MCP client. */
  MCP
}
