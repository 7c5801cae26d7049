package io.browserflow.formats;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The formats BrowserFlow reads and writes. {@link #id()} is the spelling the command line uses
 * ({@code browserflow convert FILE --to chrome-recorder}).
 *
 * <table>
 *   <caption>Formats and directions</caption>
 *   <tr><th>format</th><th>id</th><th>read</th><th>write</th></tr>
 *   <tr><td>BrowserFlow JSON ({@code .flow.json})</td><td>{@code flow}</td><td>yes</td><td>yes</td></tr>
 *   <tr><td>Chrome DevTools Recorder user flow JSON</td><td>{@code chrome-recorder}</td><td>yes</td><td>yes</td></tr>
 *   <tr><td>{@code browserctl-flow.json}</td><td>{@code browserctl}</td><td>yes</td><td>yes</td></tr>
 *   <tr><td>{@code .browserctl} command text</td><td>{@code browserctl-text}</td><td>yes</td><td>yes</td></tr>
 *   <tr><td>Selenium IDE project ({@code .side})</td><td>{@code side}</td><td>yes</td><td>no</td></tr>
 *   <tr><td>record-replay extension flow JSON (seed 000: {@code steps[]} or {@code nodes}/{@code edges})</td>
 *       <td>{@code record-replay}</td><td>yes</td><td>yes</td></tr>
 *   <tr><td>Recording plugin Flow JSON ({@code schemaVersion 1.0.0}, seed 002's converter input)</td>
 *       <td>{@code recording-plugin}</td><td>yes</td><td>no</td></tr>
 *   <tr><td>Java source (a JUnit 5 test in the DSL)</td><td>{@code java}</td><td>no</td><td>yes</td></tr>
 * </table>
 */
public enum Format {
  FLOW("flow", true, true),
  CHROME_RECORDER("chrome-recorder", true, true),
  BROWSERCTL("browserctl", true, true),
  BROWSERCTL_TEXT("browserctl-text", true, true),
  SELENIUM_IDE("side", true, false),
  /**
   * A flow of the record-replay Chrome extension (seed 000; mcp-chrome's record-replay): its linear
   * {@code steps[]} or its V2 {@code nodes}/{@code edges}/{@code subflows} graph, read and written
   * (see {@code RecordReplayCodec}'s mapping in the README).
   */
  RECORD_REPLAY("record-replay", true, true),
  /**
   * The Flow JSON a browser recording plugin exports ({@code schemaVersion "1.0.0"}, steps
   * {@code input}, {@code change}, {@code click}, {@code submit}, {@code keydown}, {@code scroll},
   * {@code navigate}, {@code postmessage}, {@code wait}); imported with {@link ImportOptions}.
   */
  RECORDING_PLUGIN("recording-plugin", true, false),
  JAVA("java", false, true);

  private final String id;
  private final boolean readable;
  private final boolean writable;

  Format(String id, boolean readable, boolean writable) {
    this.id = id;
    this.readable = readable;
    this.writable = writable;
  }

  /** The command-line spelling: {@code flow}, {@code chrome-recorder}, {@code browserctl}, ... */
  public String id() {
    return id;
  }

  /** Whether flows can be imported from this format. */
  public boolean readable() {
    return readable;
  }

  /** Whether flows can be exported to this format. */
  public boolean writable() {
    return writable;
  }

  /** The format spelled {@code id} (case-insensitive), if any. */
  public static Optional<Format> fromId(String id) {
    String want = id.trim().toLowerCase(Locale.ROOT);
    return Arrays.stream(values()).filter(f -> f.id.equals(want)).findFirst();
  }
}
