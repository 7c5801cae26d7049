package io.browserflow.testkit;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;

/**
 * What the page does when it is used: the declarative {@code data-*} behaviours (the same ones
 * {@code contract-runtime.js} implements in real browsers) and the native defaults of links, form
 * controls, labels and forms.
 */
final class PageBehaviours {
  /** Events that leave shadow roots, as their DOM counterparts do; change and submit stop at the root. */
  private static final Set<String> COMPOSED = Set.of("click", "dblclick", "contextmenu", "hover", "input", "drop",
      "keydown", "keyup", "mousedown", "mouseup", "mouseout");
  private static final Set<String> VERBS = Set.of("show", "hide", "toggle", "enable", "disable", "text", "append",
      "remove", "title", "navigate", "popup", "download", "alert", "confirm", "prompt");

  private final VirtualClock clock;
  private final PageLoader loader;
  private final Artifacts artifacts;

  PageBehaviours(VirtualClock clock, PageLoader loader, Artifacts artifacts) {
    this.clock = clock;
    this.loader = loader;
    this.artifacts = artifacts;
  }

  // ------------------------------------------------------------------ timers at load

  void scheduleTimers(PageDocument doc) {
    for (Element e : Dom.allDescendants(doc.dom)) {
      Long show = millis(e, "data-show-after");
      if (show != null) {
        e.attr("hidden", "");
        clock.schedule(show, doc, () -> show(e));
      }
      Long hide = millis(e, "data-hide-after");
      if (hide != null) {
        clock.schedule(hide, doc, () -> hide(e));
      }
      Long attach = millis(e, "data-attach-after");
      if (attach != null && e.parent() != null) {
        Element parent = e.parent();
        Node next = e.nextSibling();
        e.remove();
        clock.schedule(attach, doc, () -> {
          if (next != null && next.parent() == parent) {
            next.before(e);
          } else {
            parent.appendChild(e);
          }
        });
      }
      Long detach = millis(e, "data-detach-after");
      if (detach != null) {
        clock.schedule(detach, doc, e::remove);
      }
    }
  }

  private static Long millis(Element e, String attribute) {
    String v = Dom.attr(e, attribute);
    if (v == null) {
      return null;
    }
    try {
      long ms = Long.parseLong(v.trim());
      if (ms < 0) {
        throw new NumberFormatException();
      }
      return ms;
    } catch (NumberFormatException ex) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED,
          attribute + " must be a number of milliseconds, not '" + v + "' on " + Dom.describe(e), Map.of(FlowException.Details.ATTRIBUTE, attribute));
    }
  }

  // ------------------------------------------------------------------ events

  /** Dispatches an event: runs the {@code data-on-<event>} lists of the target and of its ancestors. */
  void fire(Element target, String event) {
    PageDocument doc = Dom.document(target);
    if (doc == null) {
      return;
    }
    String attribute = "data-on-" + event;
    boolean composed = COMPOSED.contains(event);
    for (Element e = target; e != null; e = composed ? Dom.parentOrHost(e) : Dom.parentElement(e)) {
      if (!doc.live) {
        return;
      }
      String actions = Dom.attr(e, attribute);
      if (actions == null) {
        continue;
      }
      Long delay = millis(e, attribute + "-delay");
      Element source = e;
      if (delay != null && delay > 0) {
        clock.schedule(delay, doc, () -> run(source, actions, attribute));
      } else {
        run(source, actions, attribute);
      }
    }
  }

  private void run(Element source, String list, String attribute) {
    PageDocument doc = Dom.document(source);
    if (doc == null || !doc.live) {
      return;
    }
    for (String[] action : parse(list, attribute, source)) {
      if (!doc.live) {
        return;
      }
      apply(doc, action[0], action[1], action[2]);
    }
  }

  /** Splits {@code verb:arg; verb:arg} into {verb, selector-or-arg, value}; {@code text:} splits at the first top-level {@code =}. */
  static List<String[]> parse(String list, String attribute, Element source) {
    List<String[]> out = new ArrayList<>();
    for (String part : splitTopLevel(list, ';')) {
      String p = part.trim();
      if (p.isEmpty()) {
        continue;
      }
      int colon = p.indexOf(':');
      String verb = (colon < 0 ? p : p.substring(0, colon)).trim().toLowerCase(Locale.ROOT);
      String arg = colon < 0 ? "" : p.substring(colon + 1).trim();
      if (!VERBS.contains(verb)) {
        throw new FlowRunException(ErrorCode.ACTION_FAILED, "unknown behaviour '" + verb + "' in " + attribute + " of "
            + Dom.describe(source) + "; known: " + String.join(", ", new java.util.TreeSet<>(VERBS)), Map.of(FlowException.Details.ATTRIBUTE, attribute));
      }
      String value = "";
      if (verb.equals("text") || verb.equals("append") || verb.equals("confirm") || verb.equals("prompt")) {
        List<String> sides = splitTopLevel(arg, '=');
        if (sides.size() < 2) {
          throw new FlowRunException(ErrorCode.ACTION_FAILED, "behaviour '" + verb + "' needs <css>=<text> in " + attribute
              + " of " + Dom.describe(source), Map.of(FlowException.Details.ATTRIBUTE, attribute));
        }
        int eq = sides.get(0).length();
        value = arg.substring(eq + 1);
        arg = arg.substring(0, eq).trim();
      }
      out.add(new String[] {verb, arg, value});
    }
    return out;
  }

  private static List<String> splitTopLevel(String s, char separator) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    char quote = 0;
    int start = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '[' || c == '(') {
        depth++;
      } else if (c == ']' || c == ')') {
        depth--;
      } else if (c == separator && depth <= 0) {
        out.add(s.substring(start, i));
        start = i + 1;
      }
    }
    out.add(s.substring(start));
    return out;
  }

  private void apply(PageDocument doc, String verb, String arg, String value) {
    switch (verb) {
      case "show":
        each(doc, arg).forEach(PageBehaviours::show);
        break;
      case "hide":
        each(doc, arg).forEach(PageBehaviours::hide);
        break;
      case "toggle":
        each(doc, arg).forEach(e -> {
          if (shown(e)) {
            hide(e);
          } else {
            show(e);
          }
        });
        break;
      case "enable":
        each(doc, arg).forEach(e -> e.removeAttr("disabled"));
        break;
      case "disable":
        each(doc, arg).forEach(e -> e.attr("disabled", ""));
        break;
      case "text":
        each(doc, arg).forEach(e -> Dom.setTextContent(e, value));
        break;
      case "append":
        each(doc, arg).forEach(e -> Dom.setTextContent(e, Dom.textContent(e) + value));
        break;
      case "remove":
        each(doc, arg).forEach(Node::remove);
        break;
      case "title":
        doc.setTitle(arg);
        break;
      case "navigate":
        loader.navigateFrom(doc, loader.resolveUrl(doc.baseUrl, arg));
        break;
      case "popup":
        loader.openPopup(doc, loader.resolveUrl(doc.baseUrl, arg));
        break;
      case "download":
        artifacts.download(arg, arg.getBytes(StandardCharsets.UTF_8));
        break;
      case "alert":
        loader.dialog(io.browserflow.api.Dialog.Type.ALERT, arg);
        break;
      case "confirm": {
        // confirm:<css>=<message>: the answer ("true" / "false") becomes the text of <css>
        boolean ok = loader.dialog(io.browserflow.api.Dialog.Type.CONFIRM, value).isPresent();
        each(doc, arg).forEach(e -> Dom.setTextContent(e, String.valueOf(ok)));
        break;
      }
      case "prompt": {
        // prompt:<css>=<message>: the typed answer (or "null" when cancelled) becomes the text of <css>
        String typed = loader.dialog(io.browserflow.api.Dialog.Type.PROMPT, value).orElse("null");
        each(doc, arg).forEach(e -> Dom.setTextContent(e, typed));
        break;
      }
      default: // parse() admits only the VERBS
        throw new IllegalStateException("behaviour '" + verb + "' is in VERBS but has no action");
    }
  }

  /** Elements of the document and of each open shadow root matching {@code css} within that root. */
  private static List<Element> each(PageDocument doc, String css) {
    CssQuery query = CssQuery.parse(css);
    List<Element> composed = Dom.descendants(doc.dom, true);
    List<Element> roots = new ArrayList<>(List.of(doc.dom));
    for (Element e : composed) {
      ShadowRoot root = ShadowRoot.of(e);
      if (root != null && root.open) {
        roots.add(root.container);
      }
    }
    Set<Element> matched = Collections.newSetFromMap(new IdentityHashMap<>());
    matched.addAll(query.select(roots, false));
    List<Element> out = new ArrayList<>();
    for (Element e : composed) {
      if (matched.contains(e)) {
        out.add(e);
      }
    }
    return out;
  }

  static void show(Element e) {
    e.removeAttr("hidden");
    String style = Dom.attr(e, "style");
    if (style != null) {
      StringBuilder kept = new StringBuilder();
      for (String decl : style.split(";")) {
        String d = decl.toLowerCase(Locale.ROOT).replace(" ", "").trim();
        if (d.isEmpty() || d.startsWith("display:none") || d.startsWith("visibility:hidden")
            || d.startsWith("visibility:collapse")) {
          continue;
        }
        kept.append(decl.trim()).append(';');
      }
      e.attr("style", kept.toString());
    }
  }

  static void hide(Element e) {
    e.attr("hidden", "");
  }

  private static boolean shown(Element e) {
    if (e.hasAttr("hidden")) {
      return false;
    }
    String style = Dom.attrOr(e, "style", "").toLowerCase(Locale.ROOT).replace(" ", "");
    return !(style.contains("display:none") || style.contains("visibility:hidden") || style.contains("visibility:collapse"));
  }

  // ------------------------------------------------------------------ pointer and keyboard

  /** A primary-button click: pre-activation (checkbox/radio), handlers, then the native default. */
  void click(Element e, List<String> modifiers) {
    PageDocument doc = Dom.document(e);
    if (doc == null || !doc.live) {
      return;
    }
    boolean checkable = ElementState.isCheckbox(e) || ElementState.isRadio(e);
    boolean was = ElementState.checked(e);
    if (ElementState.isCheckbox(e)) {
      ElementState.setChecked(e, !was);
    } else if (ElementState.isRadio(e) && !was) {
      ElementState.setChecked(e, true);
    }
    fire(e, "click");
    if (!doc.live) {
      return;
    }
    if (checkable && ElementState.checked(e) != was) {
      fire(e, "input");
      fire(e, "change");
    }
    if (doc.live && Dom.attached(e)) {
      defaultAction(e, modifiers);
    }
  }

  void doubleClick(Element e) {
    PageDocument doc = Dom.document(e);
    click(e, List.of());
    if (doc != null && doc.live && Dom.attached(e)) {
      click(e, List.of());
    }
    if (doc != null && doc.live && Dom.attached(e)) {
      fire(e, "dblclick");
    }
  }

  void contextMenu(Element e) {
    fire(e, "contextmenu");
  }

  /** Middle button: no click event; a link opens in a new tab. */
  void auxClick(Element e) {
    Element link = closestLink(e);
    if (link != null) {
      followLink(link, List.of("Control"));
    }
  }

  void hover(Element e) {
    fire(e, "hover");
  }

  void drop(Element destination) {
    fire(destination, "drop");
  }

  private void defaultAction(Element e, List<String> modifiers) {
    Element link = closestLink(e);
    if (link != null) {
      followLink(link, modifiers);
      return;
    }
    Element submitter = closestSubmitter(e);
    if (submitter != null) {
      Element form = ElementState.formOwner(submitter);
      if (form != null) {
        submit(form);
      }
      return;
    }
    if (ElementState.isCheckbox(e) || ElementState.isRadio(e)) {
      return;
    }
    Element label = Dom.closest(e, "label");
    if (label != null && !isInteractive(e)) {
      Element control = Aria.labelControl(label);
      if (control != null && !Dom.isInclusiveAncestorOf(control, e) && ElementState.enabled(control)) {
        click(control, List.of());
      }
      return;
    }
    Element summary = Dom.closest(e, "summary");
    if (summary != null && Dom.parentElement(summary) != null && Dom.is(Dom.parentElement(summary), "details")) {
      Element details = Dom.parentElement(summary);
      if (details.hasAttr("open")) {
        details.removeAttr("open");
      } else {
        details.attr("open", "");
      }
    }
  }

  private static boolean isInteractive(Element e) {
    return Set.of("a", "button", "input", "select", "textarea").contains(e.normalName());
  }

  private static Element closestLink(Element e) {
    for (Element x = e; x != null; x = Dom.parentOrHost(x)) {
      if ((Dom.is(x, "a") || Dom.is(x, "area")) && x.hasAttr("href")) {
        return x;
      }
    }
    return null;
  }

  private static Element closestSubmitter(Element e) {
    for (Element x = e; x != null; x = Dom.parentElement(x)) {
      if (Dom.is(x, "button")) {
        String type = Dom.attrOr(x, "type", "submit").trim().toLowerCase(Locale.ROOT);
        return type.equals("submit") || type.isEmpty() ? x : null;
      }
      if (Dom.is(x, "input")) {
        String type = Dom.inputType(x);
        return type.equals("submit") || type.equals("image") ? x : null;
      }
      if (Dom.is(x, "form")) {
        return null;
      }
    }
    return null;
  }

  private void followLink(Element link, List<String> modifiers) {
    PageDocument doc = Dom.document(link);
    String href = Dom.attr(link, "href").trim();
    if (href.toLowerCase(Locale.ROOT).startsWith("javascript:")) {
      return;
    }
    String url = loader.resolveUrl(doc.baseUrl, href);
    if (link.hasAttr("download")) {
      String name = Dom.attr(link, "download").trim();
      if (name.isEmpty()) {
        String path = InMemoryPageDriver.withoutQuery(InMemoryPageDriver.withoutFragment(url));
        name = path.substring(path.lastIndexOf('/') + 1);
      }
      artifacts.download(name.isEmpty() ? "download" : name, loader.pageBytes(url));
      return;
    }
    String target = Dom.attrOr(link, "target", "").trim().toLowerCase(Locale.ROOT);
    boolean modified = modifiers.stream().map(m -> m.toLowerCase(Locale.ROOT))
        .anyMatch(m -> m.equals("control") || m.equals("meta") || m.equals("shift") || m.equals("controlormeta"));
    if (modified || (!target.isEmpty() && !target.equals("_self") && !target.equals("_top") && !target.equals("_parent"))) {
      loader.openPopup(doc, url);
    } else if (target.equals("_top")) {
      loader.navigateFrom(loader.topDocument(doc), url);
    } else if (target.equals("_parent") && doc.owner != null && Dom.document(doc.owner) != null) {
      loader.navigateFrom(Dom.document(doc.owner), url);
    } else {
      loader.navigateFrom(doc, url);
    }
  }

  /** Submits a form: its {@code data-on-submit} list when it has one, else a navigation to its action. */
  void submit(Element form) {
    PageDocument doc = Dom.document(form);
    if (doc == null) {
      return;
    }
    if (form.hasAttr("data-on-submit")) {
      fire(form, "submit");
      return;
    }
    String action = Dom.attrOr(form, "action", "").trim();
    String base = action.isEmpty() ? doc.url : loader.resolveUrl(doc.baseUrl, action);
    base = InMemoryPageDriver.withoutQuery(InMemoryPageDriver.withoutFragment(base));
    boolean post = Dom.attrOr(form, "method", "get").trim().equalsIgnoreCase("post");
    String query = post ? "" : formData(form);
    loader.navigateFrom(doc, query.isEmpty() ? base : base + "?" + query);
  }

  private static String formData(Element form) {
    List<String> pairs = new ArrayList<>();
    PageDocument doc = Dom.document(form);
    for (Element e : Dom.descendants(doc.dom, false)) {
      if (ElementState.formOwner(e) != form || !e.hasAttr("name") || Dom.attr(e, "name").isEmpty()
          || ElementState.nativelyDisabled(e)) {
        continue;
      }
      String value = null;
      if (Dom.is(e, "input")) {
        String t = Dom.inputType(e);
        if (t.equals("checkbox") || t.equals("radio")) {
          value = ElementState.checked(e) ? ElementState.value(e) : null;
        } else if (!Set.of("submit", "button", "reset", "image", "file").contains(t)) {
          value = ElementState.value(e);
        }
      } else if (Dom.is(e, "select") || Dom.is(e, "textarea")) {
        value = ElementState.value(e);
      }
      if (value != null) {
        pairs.add(URLEncoder.encode(Dom.attr(e, "name"), StandardCharsets.UTF_8) + "="
            + URLEncoder.encode(value, StandardCharsets.UTF_8));
      }
    }
    return String.join("&", pairs);
  }

  /** The keys that act as modifiers while held down. */
  static final Set<String> MODIFIER_KEYS = Set.of("Shift", "Control", "Alt", "Meta");

  /**
   * A key going down: what a press does, except that a space activates buttons and check boxes
   * only when it comes up (text fields take the space on the way down).
   */
  void keyDown(Element target, String key, List<String> modifiers) {
    if (target == null || !Dom.attached(target)) {
      return;
    }
    fire(target, "keydown");
    if (!MODIFIER_KEYS.contains(key) && !(isSpace(key) && !ElementState.isTextField(target))) {
      effect(target, key, modifiers);
    }
  }

  /** A key coming up: a space activates the button or check box it went down on. */
  void keyUp(Element target, String key, List<String> modifiers) {
    if (target == null || !Dom.attached(target)) {
      return;
    }
    if (isSpace(key) && !ElementState.isTextField(target)) {
      effect(target, key, modifiers);
    }
    if (Dom.attached(target)) {
      fire(target, "keyup");
    }
  }

  private static boolean isSpace(String key) {
    return key.equals(" ") || key.equals("Space");
  }

  /** A key press on an element (Playwright key names: Enter, Backspace, Space or " ", one character, Shift+A ...). */
  void press(Element target, String key, List<String> modifiers) {
    keyDown(target, key, modifiers);
    keyUp(target, key, modifiers);
  }

  /** What a key does to the element it is pressed on: text typed, a form submitted, a button activated. */
  private void effect(Element target, String key, List<String> modifiers) {
    List<String> mods = new ArrayList<>(modifiers);
    String k = key;
    if (key.length() > 1 && key.contains("+")) {
      String[] parts = key.split("\\+");
      for (int i = 0; i < parts.length - 1; i++) {
        mods.add(parts[i]);
      }
      k = parts[parts.length - 1];
    }
    boolean shortcut = mods.stream().map(m -> m.toLowerCase(Locale.ROOT))
        .anyMatch(m -> m.equals("control") || m.equals("meta") || m.equals("alt") || m.equals("controlormeta"));
    boolean shift = mods.stream().anyMatch(m -> m.equalsIgnoreCase("shift"));
    boolean editable = ElementState.isTextField(target) && ElementState.enabled(target) && !ElementState.readonly(target);
    switch (k) {
      case "Enter":
        if (Dom.is(target, "textarea") || (editable && ElementState.isContentEditable(target))) {
          insert(target, "\n");
        } else if (Dom.is(target, "input") && ElementState.isTextField(target)) {
          Element form = ElementState.formOwner(target);
          if (form != null) {
            submit(form);
          }
        } else if (Dom.is(target, "button") || Dom.is(target, "a") || Dom.is(target, "summary")
            || (Dom.is(target, "input") && Set.of("submit", "button", "reset", "image").contains(Dom.inputType(target)))) {
          click(target, List.of());
        }
        break;
      case " ":
      case "Space":
        if (editable) {
          insert(target, " ");
        } else if (Dom.is(target, "button") || ElementState.isCheckbox(target) || ElementState.isRadio(target)
            || (Dom.is(target, "input") && Set.of("submit", "button", "reset").contains(Dom.inputType(target)))) {
          click(target, List.of());
        }
        break;
      case "Backspace":
        if (editable) {
          String v = ElementState.value(target);
          if (!v.isEmpty()) {
            ElementState.setValue(target, v.substring(0, v.offsetByCodePoints(v.length(), -1)));
            fire(target, "input");
          }
        }
        break;
      default:
        // as Playwright types: a character is typed as named; a key code (KeyA) takes the held Shift
        if (editable && !shortcut && k.codePointCount(0, k.length()) == 1) {
          insert(target, k);
        } else if (editable && !shortcut && k.matches("Key[A-Z]")) {
          String letter = k.substring(3);
          insert(target, shift ? letter : letter.toLowerCase(Locale.ROOT));
        } else if (editable && !shortcut && k.matches("Digit[0-9]") && !shift) {
          insert(target, k.substring(5));
        }
        break;
    }
  }

  /**
   * Types text key by key at the end of a field's value, as a keyboard does: keydown, the character
   * inserted (input), keyup, for each character.
   */
  void typeKeys(Element e, String text) {
    PageDocument doc = Dom.document(e);
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      String ch = new String(Character.toChars(cp));
      i += ch.length();
      if (doc == null || !doc.live || !Dom.attached(e)) {
        return;
      }
      fire(e, "keydown");
      if (ElementState.isTextField(e) && ElementState.enabled(e) && !ElementState.readonly(e)) {
        insert(e, ch);
      }
      fire(e, "keyup");
    }
  }

  /** Types text at the end of a field's value. */
  void insert(Element e, String text) {
    ElementState.setValue(e, ElementState.value(e) + text);
    fire(e, "input");
  }
}
