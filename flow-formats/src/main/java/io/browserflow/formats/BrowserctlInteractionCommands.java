package io.browserflow.formats;

import static io.browserflow.formats.BrowserctlCommandOptions.blankToNull;
import static io.browserflow.formats.BrowserctlCommandOptions.decorated;
import static io.browserflow.formats.BrowserctlCommandOptions.timeoutOf;

import io.browserflow.api.Capability;
import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.Target;
import io.browserflow.formats.BrowserctlDocument.Command;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps the browserctl commands that act on the page: pointer actions ({@code click}, {@code
 * dblclick}, {@code hover}, {@code check}, {@code uncheck}), typing ({@code fill}, {@code type},
 * {@code select}, {@code press}), {@code scroll} and {@code eval} (a plain {@code window.scroll*}
 * script becomes a scroll step).
 */
final class BrowserctlInteractionCommands {
  private static final Pattern SCROLL_SCRIPT = Pattern.compile(
      "\\s*window\\.scroll(To|By)\\(\\s*(-?\\d+)\\s*,\\s*(-?\\d+)\\s*\\)\\s*;?\\s*");

  private final BrowserctlImportState st;
  private final BrowserctlValues values;
  private final BrowserctlCommandOptions opts;

  BrowserctlInteractionCommands(BrowserctlImportState st, BrowserctlValues values, BrowserctlCommandOptions opts) {
    this.st = st;
    this.values = values;
    this.opts = opts;
  }

  void pointer(Command c, BrowserctlArgs a, String name) {
    boolean click = name.equals("click");
    opts.options(c, a, click ? Set.of("new-tab", "confirm", "timeout") : Set.of("timeout"));
    if (click && a.has("confirm")) {
      st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, c.path,
          "click --confirm asks a person before clicking; BrowserFlow clicks without asking");
    }
    if (!opts.require(c, a.at(0), "a selector")) {
      return;
    }
    Target target = values.target(a.at(0), c);
    if (target == null) {
      return;
    }
    act(c, a, name, target, null);
  }

  /** One pointer/typing step on a target; {@code value} for fill/type/select. */
  void act(Command c, BrowserctlArgs a, String action, Target target, String value) {
    Integer t = opts.timeout(c, a);
    Step s;
    if (action.equals("click")) {
      InteractionStep.Click.Builder b = InteractionStep.Click.builder().target(target);
      if (a.has("new-tab")) {
        String var = blankToNull(c.capture.get("tabId"));
        String alias;
        if (var != null) {
          alias = var;
          st.tabVars.put(var, alias);
        } else {
          alias = "tab" + (++st.generatedTabs);
          st.issues.info(ConversionCode.NEW_TAB_UNCAPTURED, c.path, "click --new-tab captures no tabId; the "
              + "new tab is bound to alias " + alias + " and no later command switches to it");
        }
        b.newTab(alias);
        opts.captureOthers(c, Set.of("tabId"));
      } else {
        opts.unusedCapture(c);
      }
      s = b.id(st.id(c)).build();
    } else {
      opts.unusedCapture(c);
      String id = st.id(c);
      switch (action) {
        case "dblclick": s = InteractionStep.Dblclick.builder().id(id).target(target).build(); break;
        case "hover": s = InteractionStep.Hover.builder().id(id).target(target).build(); break;
        case "check": s = InteractionStep.Check.builder().id(id).target(target).build(); break;
        case "uncheck": s = InteractionStep.Uncheck.builder().id(id).target(target).build(); break;
        case "fill": s = InteractionStep.Fill.builder().id(id).target(target).value(value).build(); break;
        case "type": s = InteractionStep.Type.builder().id(id).target(target).text(value).build(); break;
        case "select": s = InteractionStep.Select.builder().id(id).target(target).value(value).build(); break;
        default: throw new IllegalStateException(action);
      }
    }
    st.add(c, decorated(s, c, t));
  }

  void typing(Command c, BrowserctlArgs a, String name) {
    opts.options(c, a, Set.of("timeout", "text-file", "text-stdin"));
    if (a.has("text-file") || a.has("text-stdin")) {
      st.issues.blocking(ConversionCode.UNSUPPORTED_OPTION, c.path, name
          + " reads its text from a file or stdin, which a flow cannot carry: write the text or a ${KEY}");
      return;
    }
    if (name.equals("type") && a.positional.size() == 1) {
      opts.unusedCapture(c);
      String text = values.value(a.at(0), c);
      if (text == null) {
        return;
      }
      InteractionStep.Type.Builder b = InteractionStep.Type.builder().id(st.id(c)).text(text);
      timeoutOf(opts.timeout(c, a), b::timeoutMs);
      c.description(b::title);
      st.add(c, b.build());
      return;
    }
    if (!opts.require(c, a.at(0), "a selector") || !opts.require(c, a.at(1), "a text")) {
      return;
    }
    String raw = a.at(1);
    if (a.positional.size() > 2) {
      raw = String.join(" ", a.positional.subList(1, a.positional.size()));
      st.issues.info(ConversionCode.ARGUMENTS_JOINED, c.path, name + " got " + (a.positional.size() - 1)
          + " text words; they were joined with blanks");
    }
    Target target = values.target(a.at(0), c);
    String text = values.value(raw, c);
    if (target == null || text == null) {
      return;
    }
    act(c, a, name, target, text);
  }

  void select(Command c, BrowserctlArgs a) {
    opts.options(c, a, Set.of("timeout"));
    if (!opts.require(c, a.at(0), "a selector") || !opts.require(c, a.at(1), "a value")) {
      return;
    }
    if (a.positional.size() > 2) {
      st.issues.warning(ConversionCode.ARGUMENTS_DROPPED, c.path, "select names " + (a.positional.size() - 1)
          + " values; only the first is selected");
    }
    Target target = values.target(a.at(0), c);
    String v = values.value(a.at(1), c);
    if (target != null && v != null) {
      act(c, a, "select", target, v);
    }
  }

  void press(Command c, BrowserctlArgs a) {
    opts.options(c, a, Set.of("ctrl", "shift", "alt", "meta", "timeout"));
    opts.unusedCapture(c);
    if (!opts.require(c, a.at(0), "a key")) {
      return;
    }
    InteractionStep.Press.Builder b = InteractionStep.Press.builder().key(a.at(0));
    for (ModifierKey m : ModifierKey.values()) {
      if (a.has(m.shortName)) {
        b.addModifiers(m.key);
      }
    }
    if (a.at(1) != null) {
      Target target = values.target(a.at(1), c);
      if (target == null) {
        return;
      }
      b.target(target);
    }
    timeoutOf(opts.timeout(c, a), b::timeoutMs);
    c.description(b::title);
    st.add(c, b.id(st.id(c)).build());
  }

  void scroll(Command c, BrowserctlArgs a, String name) {
    opts.options(c, a, Set.of("to", "by", "timeout"));
    opts.unusedCapture(c);
    InteractionStep.Scroll.Builder b = InteractionStep.Scroll.builder();
    String first = a.at(0);
    if (name.equals("scrollintoview") || (first != null && !a.has("by") && !a.has("to") && !isDirection(first))) {
      if (!opts.require(c, first, "a selector")) {
        return;
      }
      Target target = values.target(first, c);
      if (target == null) {
        return;
      }
      b.mode(Step.ScrollMode.INTO_VIEW).target(target);
    } else if (first != null && isDirection(first)) {
      int px = 300;
      if (a.at(1) != null && a.at(1).matches("\\d+")) {
        px = Integer.parseInt(a.at(1));
      } else {
        st.issues.info(ConversionCode.DEFAULT_FILLED, c.path, "scroll " + first + " names no distance; 300 px assumed");
      }
      switch (first) {
        case "up": b.y(-px); break;
        case "down": b.y(px); break;
        case "left": b.x(-px); break;
        default: b.x(px);
      }
    } else {
      if (first != null) {
        Target target = values.target(first, c);
        if (target == null) {
          return;
        }
        b.target(target);
      }
      if (a.has("by")) {
        try {
          b.mode(Step.ScrollMode.BY).y(Integer.parseInt(String.valueOf(a.flag("by")).trim()));
        } catch (NumberFormatException e) {
          st.issues.blocking(ConversionCode.FIELD_INVALID, c.path, "scroll --by is not a number of pixels");
          return;
        }
      } else if (a.has("to")) {
        String to = String.valueOf(a.flag("to")).toLowerCase(Locale.ROOT);
        if (first != null) {
          st.issues.blocking(ConversionCode.SCROLL_TARGET_UNRESOLVED, c.path,
              "scrolling an element to its top or bottom has no BrowserFlow equivalent");
          return;
        }
        if (to.equals("top")) {
          b.mode(Step.ScrollMode.TO).x(0).y(0);
        } else if (to.equals("bottom")) {
          b.mode(Step.ScrollMode.TO).x(0).y(BrowserctlImport.SCROLL_BOTTOM);
        } else {
          st.issues.blocking(ConversionCode.FIELD_INVALID, c.path, "scroll --to " + to + " is not top or bottom");
          return;
        }
      } else {
        st.issues.warning(ConversionCode.FIELD_MISSING, c.path,
            "scroll names no distance, direction or element; it was left out");
        return;
      }
    }
    timeoutOf(opts.timeout(c, a), b::timeoutMs);
    c.description(b::title);
    st.add(c, b.id(st.id(c)).build());
  }

  private static boolean isDirection(String w) {
    return w.equals("up") || w.equals("down") || w.equals("left") || w.equals("right");
  }

  void eval(Command c, BrowserctlArgs a) {
    opts.options(c, a, Set.of("timeout", "file", "stdin"));
    if (a.has("file") || a.has("stdin")) {
      st.issues.blocking(ConversionCode.UNSUPPORTED_OPTION, c.path,
          "eval reads its script from a file or stdin, which a flow cannot carry: write the script inline");
      return;
    }
    if (!opts.require(c, a.at(0), "a script")) {
      return;
    }
    String script = String.join(" ", a.positional);
    Integer t = opts.timeout(c, a);
    Matcher m = SCROLL_SCRIPT.matcher(script);
    if (m.matches() && c.capture.isEmpty()) {
      InteractionStep.Scroll.Builder b = InteractionStep.Scroll.builder().id(st.id(c))
          .mode(m.group(1).equals("To") ? Step.ScrollMode.TO : Step.ScrollMode.BY)
          .x(Integer.parseInt(m.group(2))).y(Integer.parseInt(m.group(3)));
      timeoutOf(t, b::timeoutMs);
      c.description(b::title);
      st.issues.info(ConversionCode.EVAL_AS_SCROLL, c.path, "the window.scroll" + m.group(1)
          + " script became a scroll step");
      st.add(c, b.build());
      return;
    }
    st.scriptEval = true;
    st.issues.warning(ConversionCode.EVAL_USED, c.path, "eval runs a page script: the flow declares "
        + Capability.SCRIPT_EVAL.id() + " and a run must allow it");
    DataStep.Eval.Builder b = DataStep.Eval.builder().script(script);
    timeoutOf(t, b::timeoutMs);
    c.description(b::title);
    String id = st.id(c);
    st.output(c, id, "result");
    st.add(c, b.id(id).build());
  }
}
