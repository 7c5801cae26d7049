package io.browserflow.api.lint;

import java.util.Arrays;
import java.util.Optional;

/**
 * The quality status of a flow, derived from its lint warnings: may it run or be published without
 * a person looking at it first?
 *
 * <table>
 *   <caption>Status, condition and what a client does with it</caption>
 *   <tr><th>status</th><th>when</th><th>what a client does</th></tr>
 *   <tr><td>{@link #READY}</td><td>no warning of severity warning or error</td>
 *       <td>may publish the flow as a tool, schedule it or replay it unattended</td></tr>
 *   <tr><td>{@link #NEEDS_REVIEW}</td><td>at least one warning, no blocking issue</td>
 *       <td>may import it; a person confirms the warnings before it is fixed in place</td></tr>
 *   <tr><td>{@link #BLOCKED}</td><td>at least one blocking issue (severity error)</td>
 *       <td>must not publish it as an executable tool nor run it as a batch</td></tr>
 * </table>
 *
 * <p>These are the three statuses of the recorder/converter output format ("ready: no blocking
 * issue; needs_review: warnings but no blocking issue; blocked: a blocking issue exists, do not
 * generate an executable skill"). Info-level findings never change the status.
 *
 * <pre>{@code
 * if (FlowLint.lint(flow).quality() == Quality.BLOCKED) { refuse to publish }
 * }</pre>
 */
public enum Quality {
  READY("ready"),
  NEEDS_REVIEW("needs_review"),
  BLOCKED("blocked");

  private final String jsonName;

  Quality(String jsonName) {
    this.jsonName = jsonName;
  }

  /** The JSON spelling: {@code ready}, {@code needs_review} or {@code blocked}. */
  public String jsonName() {
    return jsonName;
  }

  /** The status for a JSON spelling, if any. */
  public static Optional<Quality> fromJson(String name) {
    return Arrays.stream(values()).filter(q -> q.jsonName.equals(name)).findFirst();
  }
}
