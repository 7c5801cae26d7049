package io.browserflow.formats;

import static io.browserflow.formats.BrowserctlCommandsOfStep.list;

import io.browserflow.api.Step;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.DataStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Locale;

/**
 * The browserctl commands of the steps that need more than one word per field: a click (left
 * button only, {@code --new-tab} capturing the tab), a press with its modifier flags, a scroll
 * (vertical only, else a {@code window.scroll*} eval) and a read ({@code get}, capturing its
 * output).
 */
final class BrowserctlActionCommands {
  private final BrowserctlExportState st;
  private final BrowserctlExportValues values;
  private final BrowserctlTargets targets;

  BrowserctlActionCommands(BrowserctlExportState st, BrowserctlExportValues values, BrowserctlTargets targets) {
    this.st = st;
    this.values = values;
    this.targets = targets;
  }

  boolean click(InteractionStep.Click c, String p, BrowserctlCommandsOfStep out) {
    if (c.button() != Step.MouseButton.LEFT) {
      st.issues.blocking(ConversionCode.UNSUPPORTED_STEP, p, "browserctl clicks with the left button only; a "
          + c.button().name().toLowerCase(Locale.ROOT) + " click cannot be written");
      return false;
    }
    if (!c.modifiers().isEmpty()) {
      st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".modifiers", "browserctl click holds no modifier keys; "
          + String.join("+", c.modifiers()) + " was left out");
    }
    if (c.offset().isPresent()) {
      st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".offset", "browserctl clicks the element's center; the offset was left out");
    }
    if (c.delay().isPresent()) {
      st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".delay", "browserctl click holds the button for no time; "
          + "the delay of " + c.delay().getAsInt() + " ms was left out");
    }
    if (c.newTab().isEmpty()) {
      return targets.action(out, "click", c.target(), p, List.of(), List.of());
    }
    String alias = c.newTab().get();
    String var = st.tabVar(alias);
    if (!targets.action(out, "click", c.target(), p, List.of(), List.of("--new-tab"))) {
      return false;
    }
    out.commands.get(out.main).capture.put("tabId", var);
    st.tabRefs.put(alias, "${" + var + "}");
    return true;
  }

  boolean press(InteractionStep.Press k, String p, BrowserctlCommandsOfStep out) {
    if (k.phase() != Step.KeyPhase.PRESS) {
      st.issues.blocking(ConversionCode.UNSUPPORTED_OPTION, p + ".phase", "browserctl press sends a whole key press; a key only "
          + (k.phase() == Step.KeyPhase.DOWN ? "going down" : "coming up") + " has no command, so the step was left out");
      return false;
    }
    List<String> flags = new ArrayList<>();
    for (String m : k.modifiers()) {
      Optional<ModifierKey> modifier = ModifierKey.of(m);
      if (modifier.isPresent()) {
        flags.add("--" + modifier.get().shortName);
      } else {
        st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".modifiers", "browserctl press has no modifier " + m + "; it was left out");
      }
    }
    String key = values.out(k.key(), p);
    if (key == null) {
      return false;
    }
    if (k.target().isEmpty()) {
      List<String> argv = list("press", key);
      argv.addAll(flags);
      out.act(argv);
      return true;
    }
    BrowserctlTargets.Located loc = targets.locate(k.target().get(), p + ".target", false);
    if (loc == null) {
      return false;
    }
    List<String> argv = list("press", key, loc.selector);
    argv.addAll(flags);
    BrowserctlTargets.framed(out, loc, argv);
    return true;
  }

  boolean scroll(InteractionStep.Scroll s, String p, BrowserctlCommandsOfStep out) {
    return switch (s.mode()) {
      case INTO_VIEW -> scrollIntoView(s, p, out);
      case BY -> scrollBy(s, p, out);
      case TO -> scrollTo(s, p, out);
    };
  }

  private boolean scrollIntoView(InteractionStep.Scroll s, String p, BrowserctlCommandsOfStep out) {
    if (s.target().isEmpty()) {
      st.issues.blocking(ConversionCode.SCROLL_TARGET_UNRESOLVED, p, "scroll intoView names no element");
      return false;
    }
    BrowserctlTargets.Located loc = targets.locate(s.target().get(), p + ".target", false);
    if (loc == null) {
      return false;
    }
    BrowserctlTargets.framed(out, loc, list("scrollintoview", loc.selector));
    return true;
  }

  private boolean scrollBy(InteractionStep.Scroll s, String p, BrowserctlCommandsOfStep out) {
    if (s.target().isPresent()) {
      BrowserctlTargets.Located loc = targets.locate(s.target().get(), p + ".target", false);
      if (loc == null) {
        return false;
      }
      if (s.x() != 0) {
        st.issues.warning(ConversionCode.UNSUPPORTED_OPTION, p + ".x", "browserctl scrolls elements vertically only; x was left out");
      }
      BrowserctlTargets.framed(out, loc, list("scroll", loc.selector, "--by", String.valueOf(s.y())));
      return true;
    }
    if (s.x() == 0) {
      out.act(list("scroll", "--by", String.valueOf(s.y())));
    } else {
      st.issues.warning(ConversionCode.SCROLL_FALLBACK_TO_EVAL, p, "browserctl scrolls vertically only; written as an eval of window.scrollBy");
      out.act(list("eval", "window.scrollBy(" + s.x() + ", " + s.y() + ")"));
    }
    return true;
  }

  private boolean scrollTo(InteractionStep.Scroll s, String p, BrowserctlCommandsOfStep out) {
    if (s.target().isPresent()) {
      st.issues.blocking(ConversionCode.SCROLL_TARGET_UNRESOLVED, p, "browserctl cannot scroll an element to a position");
      return false;
    }
    if (s.x() == 0 && s.y() == 0) {
      out.act(list("scroll", "--to", "top"));
    } else if (s.x() == 0 && s.y() >= BrowserctlImport.SCROLL_BOTTOM) {
      out.act(list("scroll", "--to", "bottom"));
    } else {
      st.issues.warning(ConversionCode.SCROLL_FALLBACK_TO_EVAL, p, "browserctl scrolls to the top or bottom only; written as an eval of "
          + "window.scrollTo");
      out.act(list("eval", "window.scrollTo(" + s.x() + ", " + s.y() + ")"));
    }
    return true;
  }

  boolean read(DataStep.Read r, String p, BrowserctlCommandsOfStep out) {
    BrowserctlTargets.Located loc = targets.locate(r.target(), p + ".target", false);
    if (loc == null) {
      return false;
    }
    List<String> argv = switch (r.what()) {
      case TEXT -> list("get", "text", loc.selector);
      case VALUE -> list("get", "value", loc.selector);
      case ATTRIBUTE -> list("get", "attr", loc.selector, r.attribute().orElse(""));
    };
    String field = switch (r.what()) {
      case TEXT -> "text";
      case VALUE -> "value";
      case ATTRIBUTE -> "attribute";
    };
    BrowserctlTargets.framed(out, loc, argv);
    out.commands.get(out.main).capture.put(field, st.outputVar(r.id(), field));
    return true;
  }
}
