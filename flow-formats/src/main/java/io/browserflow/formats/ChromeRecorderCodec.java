package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.Flow;

/**
 * The user-flow JSON of Chrome DevTools' Recorder panel ({@code {"title": ..., "steps": [{"type": ...}]}}),
 * read and written.
 *
 * <p><b>Import</b> (one BrowserFlow step per recorded step unless said otherwise; every step not
 * carried one to one leaves an issue whose path is {@code steps[i]} in the recording):
 * <ul>
 *   <li>{@code setViewport} → setViewport (size clamped to the limits; scale factor, mobile and touch carried over; landscape: a
 *       warning); the first {@code navigate} of the main tab → open, later ones → navigate, except a
 *       navigate to the URL the step before it already asserted ({@code STEPS_MERGED}).</li>
 *   <li>{@code click} → click (button primary/secondary/auxiliary/back/forward →
 *       left/right/middle/back/forward, {@code offsetX}/{@code offsetY} → offset, {@code duration}
 *       → delay, modifiers held by earlier keyDown steps); {@code doubleClick} → dblclick;
 *       {@code hover} → hover.</li>
 *   <li>{@code change} → change: the element decides when the step runs, as in the reference — a
 *       select gets the option with that value, a text field, textarea or contenteditable is typed
 *       into key by key (only the rest when it already holds a prefix), other inputs are set with
 *       input and change events, a checkbox is clicked to match. A value typed into a
 *       password-like field becomes {@code ${credential.PASSWORD}} ({@code SENSITIVE_VALUE}).</li>
 *   <li>{@code keyDown} + {@code keyUp} of one key → press on the focused element, with the
 *       Shift/Control/Alt/Meta keys held down around it as modifiers ({@code STEPS_MERGED}, info).</li>
 *   <li>{@code scroll} → scroll to (x, y) of the page or of the element.</li>
 *   <li>{@code waitForElement} → wait until the count of the elements the selector matches,
 *       visible or not, compares ({@code >=} by default, {@code ==}, {@code <=}; {@code count} 1 by
 *       default), or, with {@code visible: false}, until it no longer does; {@code attributes} and the {@code value},
 *       {@code innerText}/{@code textContent}, {@code checked}, {@code disabled}, {@code id},
 *       {@code className}, ... {@code properties} become expect conditions of that wait; other
 *       properties are left out with a warning.</li>
 *   <li>{@code waitForExpression} → wait until the expression ({@code script.eval} declared:
 *       {@code EVAL_USED}), or a fixed wait for the {@code setTimeout} promise idiom;
 *       {@code waitForURL} → wait until url.</li>
 *   <li>{@code close} → tabClose; {@code emulateNetworkConditions} → emulateNetwork, as the
 *       reference replays it: offline when download and upload are both 0, else throttled to the
 *       positive download and upload (bytes per second) with the positive latency (ms), a negative
 *       or 0 throughput unthrottled; {@code customStep} → left out with a {@code CUSTOM_STEP}
 *       warning (the reference skips it too).</li>
 *   <li>Selectors: each alternative becomes candidates in order, read as the reference reads them —
 *       {@code aria/Name} → aria (any role, exact accessible name), {@code aria/Name[role="x"]} →
 *       role with name (the filter only when written with quotes; other brackets are part of the
 *       name), {@code text/} → textContains (the deepest elements whose text or form-control value
 *       contains it), {@code xpath/} → xpath, {@code pierce/} and plain css → css ({@code #id} → id,
 *       {@code [data-testid=..]} → testId).
 *       Shadow chains put their hosts in the shadow path when all chains agree, else keep their last
 *       part ({@code SHADOW_PATH_DROPPED}).</li>
 *   <li>{@code frame} index paths → frame path {@code iframe >> nth=N} ({@code FRAME_SELECTOR_UNSTABLE});
 *       a {@code target} other than main → a tab alias ({@code popup}, {@code popup2}, ...) bound by
 *       the click before it ({@code newTab}) and declared in the flow's tabs; asserted navigation →
 *       {@code expect url} (numbers, UUIDs and hex ids in the path and query as {@code *});
 *       {@code timeout} → timeoutMs (the flow's on every step without one, unless it is the default).</li>
 * </ul>
 *
 * <p><b>Export</b> writes the same JSON: the flow's name as title, candidates as selector
 * alternatives (role → {@code aria/Name[role="x"]}, label → {@code aria/Label}, text → {@code text/},
 * xpath → {@code xpath/}, testId → {@code [data-testid="..."]}, id → {@code #id}, placeholder →
 * {@code [placeholder="..."]}), {@code expect url} as an asserted navigation, other expectations and
 * waits as {@code waitForElement}/{@code waitForExpression} ({@code visible: false} negates the
 * whole check: written for a negated count, and for not-exists as {@code == 0}; a hidden element is
 * approximated as absent). Steps without an equivalent (back, forward, reload, tabNew, drag, upload,
 * read, scrape, paginate, setVar, screenshot, csv, foreach, repeat, if, while, manual, eval whose
 * result is used) are listed as {@code UNSUPPORTED_STEP} with their path {@code steps[i]}; a click
 * without a position is written at a small fixed offset because the format requires one.
 *
 * <p>A step left out (no equivalent, no writable selector, a frame of no index) is a warning only
 * when nothing written after it depends on it; otherwise the export is {@code blocked} and the
 * step's issue says which later step needs it. Later steps depend on a step that changes the page
 * (any action, navigation, eval, manual, paginate, a loop or branch that acts): every step written
 * after it; on a tabNew: the steps in its tab; on a frame: the steps in that frame; on a wait,
 * assert, read, scrape, screenshot, csv step or setVar: only the steps that use its output
 * ({@code ${steps.<id>.*}}, {@code ${vars.<name>}}). A step in a popup is written with the popup's
 * URL as {@code target} (from {@code tabs[].url}, the tabNew url, or a literal url checked first in
 * the tab), never the tab alias; when the URL is not known the export is blocked
 * ({@code TAB_URL_UNKNOWN}). Placeholders are written as they are ({@code PLACEHOLDER_VALUE}, a
 * warning: the reference types them literally), so fill the inputs in first.
 *
 * <p>Issue codes ({@link ConversionCode}). Import: {@code UNSUPPORTED_STEP}, {@code CUSTOM_STEP}
 * (blocking), {@code FIELD_MISSING} and {@code FIELD_INVALID} (blocking when the step is left out),
 * {@code UNSUPPORTED_OPTION}, {@code UNSUPPORTED_LOCATOR}, {@code TARGET_UNRESOLVED},
 * {@code ROLE_UNKNOWN}, {@code SHADOW_PATH_DROPPED}, {@code FRAME_SELECTOR_UNSTABLE},
 * {@code TARGET_ENTERED_AS_FRAME}, {@code STEPS_MERGED}, {@code KEY_UNPAIRED}, {@code SENSITIVE_VALUE},
 * {@code EVAL_USED}, {@code VALUE_CLAMPED}, {@code NO_START_URL}, {@code DEFAULT_FILLED},
 * {@code FIELD_TRUNCATED}, {@code SELECTOR_ATTRIBUTE}, and {@code INVALID_FLOW} (blocking) should the
 * result still be invalid. Export: {@code UNSUPPORTED_STEP}, {@code UNSUPPORTED_OPTION},
 * {@code UNSUPPORTED_CONDITION}, {@code APPROXIMATED}, {@code UNSUPPORTED_LOCATOR},
 * {@code TARGET_UNRESOLVED}, {@code FRAME_UNRESOLVED}, {@code TAB_URL_UNKNOWN},
 * {@code PLACEHOLDER_VALUE}, {@code EXPECT_AS_WAIT}, {@code DEFAULT_FILLED}, {@code STEP_DISABLED}.
 */
final class ChromeRecorderCodec extends JsonCodec {
  ChromeRecorderCodec() {
    super(Format.CHROME_RECORDER, ChromeRecorderCodec::isUserFlow);
  }

  private static boolean isUserFlow(JsonNode o) {
    // a recording plugin's Flow JSON has a title and typed steps too, but always a schemaVersion
    if (o.path("schema").asText("").startsWith("browserflow/") || o.has("schemaVersion") || !o.has("title")
        || !o.path("steps").isArray()) {
      return false;
    }
    for (JsonNode s : o.get("steps")) {
      if (!s.path("type").isTextual()) {
        return false;
      }
    }
    return true;
  }

  @Override
  public Conversion<Flow> read(String content, String origin) {
    return new ChromeRecorderImport(ChromeRecording.of(Json.parse(content, origin), origin), origin).run();
  }

  @Override
  public Conversion<String> write(Flow flow) {
    return new ChromeRecorderExport(flow).run();
  }
}
