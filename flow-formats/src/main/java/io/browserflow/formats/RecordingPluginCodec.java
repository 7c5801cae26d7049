package io.browserflow.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.Flow;

/**
 * The Flow JSON a browser recording plugin exports ({@code schemaVersion "1.0.0"}, seed 002's
 * "Flow JSON to browserctl-flow.json" converter input), read only. Detected by its
 * {@code schemaVersion} 1.x and a {@code steps} array of typed steps of the format (never a
 * {@code kind} or {@code schema}, which browserctl-flow.json and BrowserFlow files have).
 *
 * <p><b>Input read</b>: {@code name}, {@code title}, {@code description}, {@code createdAt},
 * {@code recorder.version}; {@code session.startUrl} and {@code session.tabId}; {@code tabs[]}
 * ({@code tabId}, {@code origin}: {@code start}, {@code click} with {@code openerStepId},
 * {@code newtab}/{@code typed}/{@code user}, {@code url}); each step's {@code id}, {@code type},
 * {@code tabId}, {@code url} (the top page's URL when it ran), {@code frameUrl} and {@code frame}
 * ({@code selector}, {@code selectorCandidates}, {@code name}, {@code frameId}), {@code target}
 * ({@code selector}, {@code selectorCandidates}, {@code tagName}, {@code type}, {@code id},
 * {@code name}, {@code testId}, {@code role}, {@code ariaLabel}, {@code label}, {@code placeholder},
 * {@code text}, {@code className}) and {@code postCondition.topUrl}.
 *
 * <p><b>Mapping</b> (seed 002's converter table; every source step leaves a row in the
 * {@link ConversionReport} and, unless mapped one to one, an issue at {@code steps[i]}):
 * <ul>
 *   <li>{@code session.startUrl} → open; its origin becomes the {@code <NAME>_BASE_URL} credential,
 *       and every URL of that origin (navigations, expect urls, frame urls, tab urls) starts with it.</li>
 *   <li>{@code input} → fill; a password field's value → a secret {@code <NAME>_PASSWORD} credential
 *       (one per distinct value), a user-name field's → a {@code <NAME>_USERNAME} credential, a value
 *       that looks like a secret → a secret {@code <NAME>_SECRET} credential (the recorded values in
 *       {@link Conversion#recordedSecrets()} only), any other value → a business input whose default is
 *       the recorded value; the empty string is kept ({@code EMPTY_INPUT_VALUE}); consecutive inputs into
 *       one field become one fill of the last value ({@code STEPS_MERGED}).</li>
 *   <li>{@code change} → select ({@code SELECT}), check/uncheck (checkbox, by {@code checked} or the
 *       value), check (radio), fill (text field; the change right after the input that typed the
 *       value is merged), else a change step the element decides at run time
 *       ({@code CHANGE_DECIDED_AT_RUN_TIME} when the recording does not say what the element is).</li>
 *   <li>{@code click} → click with {@code button} (0/1/2 → left/middle/right) and
 *       {@code ctrlKey}/{@code shiftKey}/{@code altKey}/{@code metaKey} as modifiers;
 *       {@code postCondition.topUrl} → expect url (ids as {@code *}); the tab it opens
 *       ({@code tabs[].openerStepId}) → {@code newTab}; a click on a loading mask or overlay is left out
 *       ({@code OVERLAY_CLICK}) unless {@link ImportOptions#keepOverlayClicks()}.</li>
 *   <li>{@code submit} → click on a button or other element; on a form, an eval of
 *       {@code requestSubmit()} ({@code SUBMIT_FALLBACK_TO_EVAL}, {@code script.eval} declared); a submit
 *       right after the click on a submit button or Enter that caused it is merged.</li>
 *   <li>{@code keydown} → press ({@code " "} as {@code Space}) with the held modifiers, on its target or
 *       the focused element; a modifier alone is skipped, composition keys are skipped
 *       ({@code UNSUPPORTED_KEY}), a character the adjacent input on the same field types is merged.</li>
 *   <li>{@code scroll} → scroll by {@code deltaX}/{@code deltaY}, or to {@code scrollX}/{@code scrollY},
 *       of the page or of its target element ({@code SCROLL_TARGET_UNRESOLVED} when that element cannot
 *       be located).</li>
 *   <li>{@code navigate} → the first one open; one a click leads to and checks
 *       ({@code postCondition.topUrl}) merged; one a page caused (link, form, redirect) the expect url
 *       of the step before ({@code WAIT_AS_EXPECT}); one repeating the page shown left out
 *       ({@code REDUNDANT_NAVIGATE}); one typed into the address bar ({@code transitionType typed},
 *       qualifier {@code from_address_bar}) navigate; {@code reload} reload; a frame's own navigation
 *       skipped. With {@link ImportOptions#preserveNavigate()} every one after the first is a navigate
 *       ({@code REDUNDANT_NAVIGATE}, {@code NAVIGATE_AFTER_CLICK} warnings).</li>
 *   <li>{@code postmessage} → an eval of {@code window.postMessage(<data>, <targetOrigin>)} (or of
 *       {@code targetWindow} parent/top/opener) in the frame it was sent from; {@code "*"} when no
 *       target origin is recorded ({@code DEFAULT_FILLED}, a warning).</li>
 *   <li>{@code wait} → a fixed wait of {@code waitMs} (at most 30,000 ms); longer than
 *       {@link ImportOptions#maxFixedWaitMs()} → {@code FIXED_WAIT_TOO_LONG} naming what to wait for.</li>
 *   <li>Frames: a step in a frame enters it with {@code frame <locator>} — the owner's css, else
 *       {@code url:<frame URL without query>*}, else {@code name:<name>} — and leaves with
 *       {@code frameMain}. Tabs: a step in another tab switches to it; a tab the user opened is opened
 *       with {@code tabNew}.</li>
 * </ul>
 *
 * <p><b>Blocking</b> (the step is left out, the quality {@code blocked}): an unknown step type
 * ({@code UNSUPPORTED_STEP}), an element no selector locates ({@code TARGET_UNRESOLVED}), a frame
 * without an owner selector, http(s) URL or name ({@code FRAME_UNRESOLVED}, or
 * {@code FRAME_RUNTIME_ID_ONLY} with only a frame id), a postMessage from such a frame
 * ({@code POSTMESSAGE_FRAME_UNRESOLVED}), a scroll inside an element that cannot be located
 * ({@code SCROLL_TARGET_UNRESOLVED}), a step whose tab no step opens or that names no tab in a
 * recording of several ({@code TAB_UNRESOLVED}), a missing required field ({@code FIELD_MISSING}),
 * a literal secret left in another value ({@code SECRET_POLICY_VIOLATION}). Lint's findings on
 * the result ({@code UNSTABLE_SELECTOR}, {@code FRAME_SELECTOR_UNSTABLE}, {@code FRAME_URL_DYNAMIC},
 * {@code VOLATILE_VALUE}, {@code SENSITIVE_VALUE}) are passed on at their source steps.
 */
final class RecordingPluginCodec extends JsonCodec {
  RecordingPluginCodec() {
    super(Format.RECORDING_PLUGIN, RecordingPluginCodec::isRecording);
  }

  private static boolean isRecording(JsonNode o) {
    String version = o.path("schemaVersion").asText("");
    if (!(version.equals("1") || version.startsWith("1.")) || o.has("kind") || o.has("schema") || !o.path("steps").isArray()) {
      return false;
    }
    boolean known = false;
    for (JsonNode s : o.get("steps")) {
      if (!s.path("type").isTextual()) {
        return false;
      }
      known |= PluginRecording.TYPES.contains(s.get("type").asText());
    }
    return known || o.path("session").isObject();
  }

  @Override
  public Conversion<Flow> read(String content, String origin) {
    return readWith(content, origin, ImportOptions.defaults());
  }

  @Override
  public Conversion<Flow> readWith(String content, String origin, ImportOptions options) {
    return PluginImport.run(PluginRecording.of(Json.parse(content, origin), origin), origin, options);
  }
}
