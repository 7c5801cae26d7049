package io.browserflow.playwright.recorder;

import com.fasterxml.jackson.databind.JsonNode;
import io.browserflow.api.Candidate;
import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Dialog;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowMeta;
import io.browserflow.api.Glob;
import io.browserflow.api.Point;
import io.browserflow.api.Policy;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.Target;
import io.browserflow.api.lint.FlowLint;
import io.browserflow.api.lint.LintCode;
import io.browserflow.api.lint.LintReport;
import io.browserflow.api.lint.LintWarning;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Turns captured events into steps: keeps the tab and frame context the replay will be in, merges
 * what belongs together (a click that only focused a field and its fill, the clicks of a double
 * click, consecutive scrolls), turns navigations caused by an action into {@code expect url}, and
 * names credentials and inputs. Not thread-safe: the {@link Recording} serializes calls.
 *
 * <p>The merges and the navigations are decided here; the tab and frame context is kept by
 * {@link ReplayContext}, the credentials, inputs and {@code BASE_URL} by {@link DraftParameters}, and
 * the steps so far, the listener's notifications and the capacity limits by {@link DraftSteps}.
 */
final class DraftBuilder {
  static final String MAIN = "main";
  private static final long NAVIGATION_WINDOW_MS = 10_000;
  private static final long POPUP_WINDOW_MS = 5_000;
  private static final long SELF_CLOSE_WINDOW_MS = 2_000;

  /** A frame an event came from: owner selectors from the main frame down, and each frame's URL. */
  static final class FrameRef {
    final List<String> owners;
    final List<String> urls;

    FrameRef(List<String> owners, List<String> urls) {
      this.owners = List.copyOf(owners);
      this.urls = List.copyOf(urls);
    }

    static final FrameRef MAIN_FRAME = new FrameRef(List.of(), List.of());
  }

  private final RecorderOptions options;
  private final DraftSteps steps;
  private final ReplayContext context;
  private final DraftParameters parameters;
  /** Tabs whose page said a script is closing it (window.close): their close is not a {@code tabClose} step. */
  private final Set<String> closingByScript = new HashSet<>();
  /** Tabs showing a "leave this page?" dialog not yet known to be answered, and when it opened. */
  private final Map<String, Long> leaving = new HashMap<>();

  DraftBuilder(RecorderOptions options) {
    this.options = options;
    this.steps = new DraftSteps(options.limits());
    this.context = new ReplayContext(steps);
    this.parameters = new DraftParameters(options.parameterize(), steps::warn);
  }

  // ================================================================= state

  boolean paused() {
    return steps.paused();
  }

  void pause() {
    steps.pause();
  }

  void resume() {
    steps.resume();
  }

  Optional<String> limitReached() {
    return steps.limitReached();
  }

  int stepCount() {
    return steps.size();
  }

  boolean knows(String alias) {
    return context.knows(alias);
  }

  /** The listener calls queued since the last take, in order; the recording delivers them after releasing its lock. */
  List<Consumer<RecordingListener>> takeNotifications() {
    return steps.takeNotifications();
  }

  // ================================================================= events

  /** The recording starts on {@code url} in the main tab (nothing to record for blank pages). */
  void start(String url) {
    if (url != null && !url.isBlank() && !url.equals("about:blank")) {
      context.shows(MAIN, url);
      steps.add(PageStep.Open.builder().id(steps.id()).url(parameters.pageUrl(url)).title("Open " + shortUrl(url)).build(),
          MAIN, 0, "", false);
    }
  }

  void event(String tab, FrameRef frame, JsonNode ev, long now) {
    if (steps.paused() || !context.knows(tab)) {
      return;
    }
    String type = ev.path("type").asText();
    if (type.equals("closing")) {
      closingByScript.add(tab);
      return;
    }
    if (type.equals("dialog")) {
      dialog(tab, ev);
      return;
    }
    stayed(tab);
    if (type.equals("skip")) {
      steps.warn(LintWarning.of(LintCode.OVERLAY_CLICK, LintWarning.Severity.WARNING, "", null,
          "a click on what looks like a loading mask or overlay (" + ev.path("what").asText() + ") was not recorded",
          "if the click was meant, record it again once the overlay is gone, or add it by hand"));
      return;
    }
    JsonNode tn = ev.get("target");
    Target target = tn == null ? null : target(tn);
    // the key names the element: tab, frames and candidates (a page scroll has no target, only its tab and frames)
    String key = tab + " | " + String.join(" > ", frame.owners) + " | " + (tn == null ? "" : tn.path("c") + "" + tn.path("shadow"));
    context.sync(tab, frame, now);
    DraftSteps.Entry last = steps.last(); // after sync: merges never swallow a context step
    RecordedStep previous = last == null ? RecordedStep.OTHER : RecordedStep.of(last.step);
    switch (type) {
      case "click": {
        InteractionStep.Click.Builder b = InteractionStep.Click.builder().id(steps.id()).target(target).title("Click " + label(target));
        if (ev.path("button").asText().equals("middle")) {
          b.button(Step.MouseButton.MIDDLE);
        }
        ev.path("modifiers").forEach(m -> b.addModifiers(m.asText()));
        if (ev.has("offset")) {
          b.offset(Point.of(ev.path("offset").path("x").asDouble(), ev.path("offset").path("y").asDouble()));
        }
        steps.add(b.build(), tab, now, key, ev.path("field").asBoolean());
        break;
      }
      case "dblclick": {
        // the page fires click, click, dblclick; the capture drops the second click, the first is folded in here
        if (last != null && previous.click().isPresent() && last.key.equals(key) && now - last.at < 1500) {
          steps.removeLast();
        }
        steps.add(InteractionStep.Dblclick.builder().id(steps.id()).target(target).title("Double-click " + label(target)).build(),
            tab, now, key, false);
        break;
      }
      case "contextmenu":
        steps.add(InteractionStep.Contextmenu.builder().id(steps.id()).target(target).title("Right-click " + label(target)).build(),
            tab, now, key, false);
        break;
      case "hover":
        steps.add(InteractionStep.Hover.builder().id(steps.id()).target(target).title("Hover " + label(target)).build(), tab, now, key, false);
        break;
      case "fill":
        fill(tab, frame, ev, now, target, key, last, previous);
        break;
      case "select": {
        InteractionStep.Select.Builder b = InteractionStep.Select.builder().id(steps.id()).target(target);
        String value = ev.path("value").asText();
        String text = ev.path("label").asText();
        if (!value.isEmpty()) {
          b.value(value);
        } else {
          b.label(text);
        }
        steps.add(b.title("Select " + (text.isEmpty() ? value : text) + " in " + label(target)).build(), tab, now, key, false);
        break;
      }
      case "check":
        steps.add(InteractionStep.Check.builder().id(steps.id()).target(target).title("Check " + label(target)).build(), tab, now, key, false);
        break;
      case "uncheck":
        steps.add(InteractionStep.Uncheck.builder().id(steps.id()).target(target).title("Uncheck " + label(target)).build(),
            tab, now, key, false);
        break;
      case "press": {
        InteractionStep.Press.Builder b = InteractionStep.Press.builder().id(steps.id()).key(ev.path("key").asText());
        ev.path("modifiers").forEach(m -> b.addModifiers(m.asText()));
        if (target != null) {
          b.target(target);
        }
        String keys = (ev.path("modifiers").size() > 0 ? joinText(ev.path("modifiers")) + "+" : "") + ev.path("key").asText();
        steps.add(b.title("Press " + keys + (target == null ? "" : " in " + label(target))).build(), tab, now, key, false);
        break;
      }
      case "scroll": {
        InteractionStep.Scroll.Builder b = InteractionStep.Scroll.builder().id(steps.id()).mode(Step.ScrollMode.TO)
            .x(ev.path("x").asInt()).y(ev.path("y").asInt());
        if (target != null) {
          b.target(target);
        }
        Step scroll = b.title("Scroll " + (target == null ? "the page" : label(target)) + " to " + ev.path("x").asInt()
            + ", " + ev.path("y").asInt()).build();
        if (last != null && previous.scroll() && last.key.equals(key)) {
          steps.replaceLast(scroll.withId(last.step.id()), tab, now, key, false);
        } else {
          steps.add(scroll, tab, now, key, false);
        }
        break;
      }
      case "drag": {
        Target from = target(ev.get("from"));
        Target to = target(ev.get("to"));
        steps.add(InteractionStep.Drag.builder().id(steps.id()).source(from).destination(to)
            .title("Drag " + label(from) + " onto " + label(to)).build(), tab, now, "", false);
        break;
      }
      case "upload": {
        int count = Math.max(1, ev.path("count").asInt());
        List<String> files = parameters.uploadInputs(ev.path("hint").asText(), count, label(target));
        steps.add(InteractionStep.Upload.builder().id(steps.id()).target(target).files(files).title("Upload into " + label(target)).build(),
            tab, now, key, false);
        break;
      }
      default:
        // an event type this recorder version does not know: say so instead of dropping it silently
        steps.warn(LintWarning.of(LintCode.UNSUPPORTED_EVENT, LintWarning.Severity.WARNING, "", null,
            "a captured event of type '" + type + "' has no step equivalent and was not recorded", "record it by hand"));
    }
  }

  /**
   * A value typed into a field: from a credential when the field is secret, else the value (or an
   * input defaulting to it). Typing on in the same field, or filling the field a click just focused,
   * replaces that step.
   */
  private void fill(String tab, FrameRef frame, JsonNode ev, long now, Target target, String key, DraftSteps.Entry last,
      RecordedStep previous) {
    String value;
    String title;
    if (ev.path("secret").asBoolean()) {
      // one credential per secret field, even when its candidates change (a show-password toggle)
      String field = ev.path("field").asInt() > 0 ? tab + " | " + String.join(" > ", frame.owners) + " | secret#"
          + ev.path("field").asInt() : key;
      String secretId = ev.path("secretId").asText();
      // typing on in the same field keeps its credential; another value elsewhere gets its own
      Optional<String> typingOn = last != null && last.key.equals(key)
          ? previous.fill().map(f -> parameters.credentialKeyOf(f.value())).filter(k -> k != null) : Optional.empty();
      if (typingOn.isEmpty() && ev.path("secretContinues").asBoolean()) {
        typingOn = parameters.credentialOfField(field);
      }
      String cred = typingOn.isPresent() ? parameters.sameSecret(typingOn.get(), secretId)
          : parameters.credentialFor(field, ev.path("secretKind").asText(), ev.path("hint").asText(), secretId);
      value = "${credential." + cred + "}";
      title = "Fill " + label(target) + " from credential " + cred;
    } else {
      String typed = ev.path("value").asText();
      if (typed.length() > options.limits().maxValueChars()) {
        steps.limit("a value of " + typed.length() + " characters was typed into " + label(target) + "; the limit is "
            + options.limits().maxValueChars());
        return;
      }
      if (parameters.parameterize()) {
        // typing goes on in the same field: its input keeps its key and takes the longer value as default
        String k = last != null && last.key.equals(key)
            ? previous.fill().map(f -> parameters.inputKeyOf(f.value())).orElse(null) : null;
        if (k != null) {
          parameters.defaultValue(k, typed);
        } else {
          k = parameters.inputFor(key, typed, ev.path("hint").asText(), label(target));
        }
        value = "${input." + k + "}";
      } else {
        value = typed;
      }
      title = "Fill " + label(target);
    }
    Step fill = InteractionStep.Fill.builder().id(steps.id()).target(target).value(value).title(title).build();
    if (last != null && last.key.equals(key) && (previous.fill().isPresent() || (previous.click().isPresent() && last.field))) {
      // a dialog the click (or the typing so far) opened stays declared on the step that replaces it
      steps.replaceLast(fill.withId(last.step.id()).withDialogs(last.step.dialogs()), tab, now, key, false);
    } else {
      steps.add(fill, tab, now, key, false);
    }
  }

  /**
   * An alert, confirm or prompt the person answered in {@code tab}: declared, with its message and
   * answer, on the last action recorded there (which opened it: the capture sends an action before
   * the page's own handlers run).
   */
  private void dialog(String tab, JsonNode ev) {
    Dialog.Type type;
    switch (ev.path("kind").asText()) {
      case "alert":
        type = Dialog.Type.ALERT;
        break;
      case "confirm":
        type = Dialog.Type.CONFIRM;
        break;
      case "prompt":
        type = Dialog.Type.PROMPT;
        break;
      default:
        return; // not sent by the capture script
    }
    Dialog.Builder b = Dialog.builder().type(type).message(ev.path("message").asText());
    if (ev.path("answer").asText().equals("dismiss")) {
      b.answer(Dialog.Answer.DISMISS);
    } else if (type == Dialog.Type.PROMPT && ev.has("text")) {
      b.text(ev.path("text").asText());
    }
    declare(steps.lastIn(tab), b.build());
  }

  /**
   * The page in {@code tab} asked "leave this page?" (its beforeunload); how the person answered
   * shows next: the tab navigates or closes (Leave), or anything else happens there (Stay).
   */
  void beforeUnload(String tab, long now) {
    if (!steps.paused() && context.knows(tab)) {
      stayed(tab);
      leaving.put(tab, now);
    }
  }

  /** A "leave this page?" shown in {@code tab} before anything else happened there was answered Stay. */
  private void stayed(String tab) {
    Long asked = leaving.remove(tab);
    if (asked == null) {
      return;
    }
    DraftSteps.Entry last = steps.lastIn(tab);
    if (last != null && asked - last.at < NAVIGATION_WINDOW_MS) {
      declare(last, Dialog.beforeUnload().dismiss());
    } else {
      declare(null, Dialog.beforeUnload().dismiss());
    }
  }

  /** The person left the page in {@code tab} through its "leave this page?": declared on {@code step}, what left it. */
  private void left(String tab, DraftSteps.Entry step) {
    if (leaving.remove(tab) != null) {
      declare(step, Dialog.beforeUnload());
    }
  }

  private void declare(DraftSteps.Entry entry, Dialog dialog) {
    if (entry == null || !entry.step.kind().opensDialogs()) {
      steps.warn(LintWarning.of(LintCode.UNRECORDED_DIALOG, LintWarning.Severity.WARNING, "", null,
          "a " + dialog.describe() + " dialog was answered where no recorded step opened it; it is not declared",
          "add it by hand to the step that opens it (\"dialogs\" in JSON, .dialog(...) in Java)"));
      return;
    }
    List<Dialog> dialogs = new ArrayList<>(entry.step.dialogs());
    dialogs.add(dialog);
    steps.amend(entry, entry.step.withDialogs(dialogs));
  }

  /** How the capture script fingerprints secret values: a value typed as a secret is never written into a URL check. */
  void recognizeSecrets(Function<String, String> fingerprint) {
    parameters.fingerprints(fingerprint);
  }

  /**
   * The main frame of {@code tab} now shows {@code url}; {@code byBrowser} when the browser started
   * the navigation itself (an address typed, a bookmark, the embedding code): then it is a
   * {@code navigate} step even right after an action, which did not cause it.
   */
  void navigated(String tab, String url, long now, boolean byBrowser) {
    if (!context.knows(tab) || url == null || url.isEmpty() || url.equals("about:blank") || url.equals(context.url(tab))) {
      return;
    }
    String previous = context.url(tab);
    context.shows(tab, url);
    if (steps.paused()) {
      return;
    }
    if (previous == null) {
      if (tab.equals(MAIN) && !steps.anyIn(MAIN)) {
        steps.add(PageStep.Open.builder().id(steps.id()).url(parameters.pageUrl(url)).title("Open " + shortUrl(url)).build(),
            MAIN, now, "", false);
      }
      return;
    }
    DraftSteps.Entry last = steps.last();
    if (!byBrowser && last != null && !last.tab.equals(tab) && isAction(last.step) && now - last.at < NAVIGATION_WINDOW_MS) {
      // an action in another tab (a popup signing in, say) moved this one: the switch back to it expects the URL
      left(tab, last);
      return;
    }
    if (!byBrowser && last != null && last.tab.equals(tab) && isAction(last.step) && now - last.at < NAVIGATION_WINDOW_MS) {
      List<Condition> expect = last.step.expect().stream().filter(c -> !RecordedStep.isExpectUrl(c)).collect(Collectors.toList());
      expect.add(Condition.Url.of(urlCheck(url)));
      steps.amend(last, last.step.withExpect(expect));
      left(tab, last);
      return;
    }
    context.sync(tab, FrameRef.MAIN_FRAME, now); // leaves the replay in the main frame of tab
    if (steps.add(PageStep.Navigate.builder().id(steps.id()).url(parameters.pageUrl(url)).title("Go to " + shortUrl(url)).build(),
        tab, now, "", false)) {
      left(tab, steps.last());
    }
  }

  /**
   * The URL check after an action that navigated: a glob without the origin and with volatile parts
   * generalized, or, where that glob would match every page of the site, the whole address with
   * only its volatile parts generalized.
   */
  private String urlCheck(String url) {
    Predicate<String> variable = v -> parameters.isInputValue(v) || parameters.isSecretValue(v);
    String glob = UrlGlobs.of(url, variable);
    if (!Glob.matchesEveryPage(glob)) {
      return glob;
    }
    return UrlGlobs.anchored(parameters.pageUrl(url), variable);
  }

  /** A page opened by {@code openerTab}; the alias it is bound to, or empty when no recorded click opened it. */
  Optional<String> popup(String openerTab, long now) {
    if (steps.paused()) {
      return Optional.empty();
    }
    DraftSteps.Entry opener = steps.lastIn(openerTab);
    Optional<InteractionStep.Click> click = opener == null ? Optional.empty()
        : RecordedStep.of(opener.step).click().filter(c -> c.newTab().isEmpty());
    if (click.isEmpty() || now - opener.at > POPUP_WINDOW_MS) {
      steps.warn(LintWarning.of(LintCode.UNRECORDED_TAB, LintWarning.Severity.INFO, "", null,
          "a tab opened that no recorded click opened; it is not recorded",
          "call addCurrentTab() (or press the add-tab key) to record it as a new tab"));
      return Optional.empty();
    }
    if (context.tabCount() >= options.limits().maxTabAliases()) {
      steps.limit("the flow reached the limit of " + options.limits().maxTabAliases() + " tabs");
      return Optional.empty();
    }
    String alias = context.bindPopup(openerTab);
    steps.amend(opener, InteractionStep.Click.builder().from(click.get()).newTab(alias).build());
    return Optional.of(alias);
  }

  /** A tab the person opened by hand, recorded from now on as {@code tabNew}. */
  Optional<String> addTab(String url, long now) {
    if (context.tabCount() >= options.limits().maxTabAliases()) {
      steps.limit("the flow reached the limit of " + options.limits().maxTabAliases() + " tabs");
      return Optional.empty();
    }
    boolean shows = url != null && !url.isBlank() && !url.equals("about:blank");
    String alias = context.bindNewTab(shows ? url : null);
    PageStep.TabNew.Builder b = PageStep.TabNew.builder().id(steps.id()).alias(alias).title("Open a new tab " + alias);
    if (shows) {
      b.url(parameters.pageUrl(url)).title("Open " + shortUrl(url) + " in a new tab " + alias);
    }
    if (!steps.add(b.build(), alias, now, "", false)) {
      context.unbind(alias);
      return Optional.empty();
    }
    context.switchedTo(alias);
    return Optional.of(alias);
  }

  void tabClosed(String tab, long now) {
    if (!context.knows(tab) || tab.equals(MAIN)) {
      return;
    }
    DraftSteps.Entry last = steps.last();
    // a script closed it (it said so before going), or it went right after an action in it (the
    // saying may not have arrived: a page closing itself from a timer of its own)
    boolean closedByPage = closingByScript.remove(tab)
        || last != null && last.tab.equals(tab) && isAction(last.step) && now - last.at < SELF_CLOSE_WINDOW_MS;
    if (!closedByPage && !steps.paused()
        && steps.add(PageStep.TabClose.builder().id(steps.id()).alias(tab).title("Close tab " + tab).build(),
            context.currentTab(), now, "", false)) {
      left(tab, steps.last());
    } else {
      left(tab, steps.lastIn(tab));
    }
    context.closed(tab, closedByPage);
  }

  // ================================================================= the draft

  /** The recording stops: a "leave this page?" still unanswered by a navigation or a close was answered Stay. */
  void stop() {
    for (String tab : List.copyOf(leaving.keySet())) {
      stayed(tab);
    }
  }

  FlowDraft build() {
    List<Step> recorded = new ArrayList<>();
    int n = 0;
    for (Step s : steps.steps()) {
      recorded.add(s.withId("s" + (++n)));
    }
    Flow.Builder b = Flow.builder().name(options.name())
        .meta(FlowMeta.builder().createdAt(Instant.now().truncatedTo(ChronoUnit.SECONDS).toString())
            .source("recorder").recorderVersion("1").build());
    parameters.declareIn(b);
    context.declareIn(b);
    b.addAllSteps(recorded);
    if (recorded.stream().anyMatch(s -> RecordedStep.of(s).upload())) {
      b.policy(Policy.builder().addCapabilities(Capability.FILE_UPLOAD).build());
    }
    Flow flow = b.build();
    List<LintWarning> all = new ArrayList<>(steps.warnings());
    all.addAll(FlowLint.lint(flow).warnings());
    return new FlowDraft(flow, LintReport.of(all), steps.limitReached().orElse(null));
  }

  // ================================================================= helpers

  private static boolean isAction(Step s) {
    return RecordedStep.of(s).action();
  }

  static Target target(JsonNode t) {
    Target.Builder b = Target.builder();
    for (JsonNode c : t.path("c")) {
      String v = c.path("v").asText();
      b.addCandidates(switch (c.path("k").asText()) {
        case "testId" -> Candidate.testId(v);
        case "id" -> Candidate.id(v);
        case "role" -> c.hasNonNull("n") ? Candidate.role(v, c.path("n").asText()) : Candidate.role(v);
        case "label" -> Candidate.label(v);
        case "placeholder" -> Candidate.placeholder(v);
        case "text" -> Candidate.text(v);
        default -> Candidate.css(v);
      });
    }
    t.path("shadow").forEach(h -> b.addShadowPath(h.asText()));
    return b.build();
  }

  private static String label(Target t) {
    if (t == null || t.candidates().isEmpty()) {
      return "the focused element";
    }
    Candidate c = t.candidates().get(0);
    return switch (c.kind()) {
      case ROLE -> c.name().map(n -> c.value() + " \"" + n + "\"").orElse(c.value());
      case ID -> "#" + c.value();
      case CSS -> c.value();
      case TEST_ID, LABEL, PLACEHOLDER, TEXT, XPATH, ARIA, TEXT_CONTAINS -> "\"" + c.value() + "\"";
    };
  }

  private static String shortUrl(String url) {
    return url.length() <= 80 ? url : url.substring(0, 77) + "...";
  }

  private static String joinText(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return String.join("+", out);
  }
}
