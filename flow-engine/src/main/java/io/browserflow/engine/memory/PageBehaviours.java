package io.browserflow.engine.memory;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the page does when it is used: the declarative {@code data-*} behaviours (the same ones
 * {@code contract-runtime.js} implements in real browsers) and the native defaults of links, form
 * controls, labels and forms.
 */
final class PageBehaviours {
  /** Events that leave shadow roots, as their DOM counterparts do; change and submit stop at the root. */
  private static final Set<String> COMPOSED = Set.of("click", "dblclick", "contextmenu", "hover", "input", "drop");
  private static final Set<String> VERBS = Set.of("show", "hide", "toggle", "enable", "disable", "text", "remove",
      "title", "navigate", "popup", "download");

  private final InMemorySession session;

  PageBehaviours(InMemorySession session) {
    this.session = session;
  }

  // ------------------------------------------------------------------ timers at load

  void scheduleTimers(PageDocument doc) {
    for (Element e : doc.allDescendants()) {
      Long show = millis(e, "data-show-after");
      if (show != null) {
        e.set("hidden", "");
        session.clock.schedule(show, doc, () -> show(e));
      }
      Long hide = millis(e, "data-hide-after");
      if (hide != null) {
        session.clock.schedule(hide, doc, () -> hide(e));
      }
      Long attach = millis(e, "data-attach-after");
      if (attach != null && e.parent != null) {
        Container parent = e.parent;
        int index = parent.children.indexOf(e);
        Node next = index + 1 < parent.children.size() ? parent.children.get(index + 1) : null;
        e.detach();
        session.clock.schedule(attach, doc, () -> {
          if (next != null && next.parent == parent) {
            parent.insert(parent.children.indexOf(next), e);
          } else {
            parent.append(e);
          }
        });
      }
      Long detach = millis(e, "data-detach-after");
      if (detach != null) {
        session.clock.schedule(detach, doc, e::detach);
      }
    }
  }

  private static Long millis(Element e, String attribute) {
    String v = e.attr(attribute);
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
          attribute + " must be a number of milliseconds, not '" + v + "' on " + e, Map.of("attribute", attribute));
    }
  }

  // ------------------------------------------------------------------ events

  /** Dispatches an event: runs the {@code data-on-<event>} lists of the target and of its ancestors. */
  void fire(Element target, String event) {
    PageDocument doc = target.document();
    if (doc == null) {
      return;
    }
    String attribute = "data-on-" + event;
    boolean composed = COMPOSED.contains(event);
    for (Element e = target; e != null; e = composed ? e.parentOrHost() : e.parentElement()) {
      if (!doc.live) {
        return;
      }
      String actions = e.attr(attribute);
      if (actions == null) {
        continue;
      }
      Long delay = millis(e, attribute + "-delay");
      Element source = e;
      if (delay != null && delay > 0) {
        session.clock.schedule(delay, doc, () -> run(source, actions, attribute));
      } else {
        run(source, actions, attribute);
      }
    }
  }

  private void run(Element source, String list, String attribute) {
    PageDocument doc = source.document();
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
            + source + "; known: " + String.join(", ", new java.util.TreeSet<>(VERBS)), Map.of("attribute", attribute));
      }
      String value = "";
      if (verb.equals("text")) {
        List<String> sides = splitTopLevel(arg, '=');
        if (sides.size() < 2) {
          throw new FlowRunException(ErrorCode.ACTION_FAILED, "behaviour 'text' needs <css>=<text> in " + attribute
              + " of " + source, Map.of("attribute", attribute));
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
        each(doc, arg).forEach(e -> e.remove("disabled"));
        break;
      case "disable":
        each(doc, arg).forEach(e -> e.set("disabled", ""));
        break;
      case "text":
        each(doc, arg).forEach(e -> e.setTextContent(value));
        break;
      case "remove":
        each(doc, arg).forEach(Node::detach);
        break;
      case "title":
        doc.setTitle(arg);
        break;
      case "navigate":
        session.navigateFrom(doc, session.resolveUrl(doc.baseUrl, arg));
        break;
      case "popup":
        session.openPopup(doc, session.resolveUrl(doc.baseUrl, arg));
        break;
      case "download":
        session.download(arg, arg.getBytes(StandardCharsets.UTF_8));
        break;
      default: // parse() admits only the VERBS
        throw new IllegalStateException("behaviour '" + verb + "' is in VERBS but has no action");
    }
  }

  /** Elements of the document and of each open shadow root matching {@code css} within that root. */
  private static List<Element> each(PageDocument doc, String css) {
    CssSelector sel = CssSelector.parse(css);
    List<Element> out = new ArrayList<>();
    for (Element e : doc.descendants(true)) {
      if (sel.matches(e, false)) {
        out.add(e);
      }
    }
    return out;
  }

  static void show(Element e) {
    e.remove("hidden");
    String style = e.attr("style");
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
      e.set("style", kept.toString());
    }
  }

  static void hide(Element e) {
    e.set("hidden", "");
  }

  private static boolean shown(Element e) {
    if (e.has("hidden")) {
      return false;
    }
    String style = e.attrOr("style", "").toLowerCase(Locale.ROOT).replace(" ", "");
    return !(style.contains("display:none") || style.contains("visibility:hidden") || style.contains("visibility:collapse"));
  }

  // ------------------------------------------------------------------ pointer and keyboard

  /** A primary-button click: pre-activation (checkbox/radio), handlers, then the native default. */
  void click(Element e, List<String> modifiers) {
    PageDocument doc = e.document();
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
    if (doc.live && e.attached()) {
      defaultAction(e, modifiers);
    }
  }

  void doubleClick(Element e) {
    PageDocument doc = e.document();
    click(e, List.of());
    if (doc != null && doc.live && e.attached()) {
      click(e, List.of());
    }
    if (doc != null && doc.live && e.attached()) {
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
    Element label = e.closest("label");
    if (label != null && !isInteractive(e)) {
      Element control = Aria.labelControl(label);
      if (control != null && !control.isInclusiveAncestorOf(e) && ElementState.enabled(control)) {
        click(control, List.of());
      }
      return;
    }
    Element summary = e.closest("summary");
    if (summary != null && summary.parentElement() != null && summary.parentElement().is("details")) {
      Element details = summary.parentElement();
      if (details.has("open")) {
        details.remove("open");
      } else {
        details.set("open", "");
      }
    }
  }

  private static boolean isInteractive(Element e) {
    return Set.of("a", "button", "input", "select", "textarea").contains(e.tag);
  }

  private static Element closestLink(Element e) {
    for (Element x = e; x != null; x = x.parentOrHost()) {
      if ((x.is("a") || x.is("area")) && x.has("href")) {
        return x;
      }
    }
    return null;
  }

  private static Element closestSubmitter(Element e) {
    for (Element x = e; x != null; x = x.parentElement()) {
      if (x.is("button")) {
        String type = x.attrOr("type", "submit").trim().toLowerCase(Locale.ROOT);
        return type.equals("submit") || type.isEmpty() ? x : null;
      }
      if (x.is("input")) {
        String type = x.inputType();
        return type.equals("submit") || type.equals("image") ? x : null;
      }
      if (x.is("form")) {
        return null;
      }
    }
    return null;
  }

  private void followLink(Element link, List<String> modifiers) {
    PageDocument doc = link.document();
    String href = link.attr("href").trim();
    if (href.toLowerCase(Locale.ROOT).startsWith("javascript:")) {
      return;
    }
    String url = session.resolveUrl(doc.baseUrl, href);
    if (link.has("download")) {
      String name = link.attr("download").trim();
      if (name.isEmpty()) {
        String path = InMemoryPageDriver.withoutQuery(InMemoryPageDriver.withoutFragment(url));
        name = path.substring(path.lastIndexOf('/') + 1);
      }
      session.download(name.isEmpty() ? "download" : name, session.pageBytes(url));
      return;
    }
    String target = link.attrOr("target", "").trim().toLowerCase(Locale.ROOT);
    boolean modified = modifiers.stream().map(m -> m.toLowerCase(Locale.ROOT))
        .anyMatch(m -> m.equals("control") || m.equals("meta") || m.equals("shift") || m.equals("controlormeta"));
    if (modified || (!target.isEmpty() && !target.equals("_self") && !target.equals("_top") && !target.equals("_parent"))) {
      session.openPopup(doc, url);
    } else if (target.equals("_top")) {
      session.navigateFrom(session.topDocument(doc), url);
    } else if (target.equals("_parent") && doc.owner != null && doc.owner.document() != null) {
      session.navigateFrom(doc.owner.document(), url);
    } else {
      session.navigateFrom(doc, url);
    }
  }

  /** Submits a form: its {@code data-on-submit} list when it has one, else a navigation to its action. */
  void submit(Element form) {
    PageDocument doc = form.document();
    if (doc == null) {
      return;
    }
    if (form.has("data-on-submit")) {
      fire(form, "submit");
      return;
    }
    String action = form.attrOr("action", "").trim();
    String base = action.isEmpty() ? doc.url : session.resolveUrl(doc.baseUrl, action);
    base = InMemoryPageDriver.withoutQuery(InMemoryPageDriver.withoutFragment(base));
    boolean post = form.attrOr("method", "get").trim().equalsIgnoreCase("post");
    String query = post ? "" : formData(form);
    session.navigateFrom(doc, query.isEmpty() ? base : base + "?" + query);
  }

  private static String formData(Element form) {
    List<String> pairs = new ArrayList<>();
    PageDocument doc = form.document();
    for (Element e : doc.descendants(false)) {
      if (ElementState.formOwner(e) != form || !e.has("name") || e.attr("name").isEmpty()
          || ElementState.nativelyDisabled(e)) {
        continue;
      }
      String value = null;
      if (e.is("input")) {
        String t = e.inputType();
        if (t.equals("checkbox") || t.equals("radio")) {
          value = ElementState.checked(e) ? ElementState.value(e) : null;
        } else if (!Set.of("submit", "button", "reset", "image", "file").contains(t)) {
          value = ElementState.value(e);
        }
      } else if (e.is("select") || e.is("textarea")) {
        value = ElementState.value(e);
      }
      if (value != null) {
        pairs.add(URLEncoder.encode(e.attr("name"), StandardCharsets.UTF_8) + "="
            + URLEncoder.encode(value, StandardCharsets.UTF_8));
      }
    }
    return String.join("&", pairs);
  }

  /** A key press on an element (Playwright key names: Enter, Backspace, Space or " ", one character, Shift+A ...). */
  void press(Element target, String key, List<String> modifiers) {
    if (target == null || !target.attached()) {
      return;
    }
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
        if (target.is("textarea") || (editable && ElementState.isContentEditable(target))) {
          insert(target, "\n");
        } else if (target.is("input") && ElementState.isTextField(target)) {
          Element form = ElementState.formOwner(target);
          if (form != null) {
            submit(form);
          }
        } else if (target.is("button") || target.is("a") || target.is("summary")
            || (target.is("input") && Set.of("submit", "button", "reset", "image").contains(target.inputType()))) {
          click(target, List.of());
        }
        break;
      case " ":
      case "Space":
        if (editable) {
          insert(target, " ");
        } else if (target.is("button") || ElementState.isCheckbox(target) || ElementState.isRadio(target)
            || (target.is("input") && Set.of("submit", "button", "reset").contains(target.inputType()))) {
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
        if (editable && !shortcut && k.codePointCount(0, k.length()) == 1) {
          insert(target, shift ? k.toUpperCase(Locale.ROOT) : k);
        }
        break;
    }
  }

  /** Types text at the end of a field's value. */
  void insert(Element e, String text) {
    ElementState.setValue(e, ElementState.value(e) + text);
    fire(e, "input");
  }
}
