package io.browserflow.playwright;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.microsoft.playwright.Frame;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.options.LoadState;
import com.microsoft.playwright.options.WaitForSelectorState;
import com.microsoft.playwright.options.WaitUntilState;
import io.browserflow.api.Condition;
import io.browserflow.api.DefaultConditionVisitor;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.FlowTimeoutException;
import io.browserflow.api.Glob;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.DownloadInfo;
import io.browserflow.engine.spi.Resolution;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Page conditions: {@code test} checks one now, {@code await} waits for it. Conditions Playwright
 * can wait for by itself (a URL, a load state, an expression, one element visible or attached) are
 * handed to Playwright when no fork shares the driver thread; the rest are checked again after each
 * DOM change until they hold or the time is up, and the timeout says what was last seen. Scripts
 * ({@code eval} and expression conditions) are evaluated here too, in the current frame.
 */
final class Conditions {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final SessionState state;
  private final TargetResolver resolver;

  Conditions(SessionState state, TargetResolver resolver) {
    this.state = state;
    this.resolver = resolver;
  }

  /** Whether a condition holds now, and what was seen (for timeout messages; never a field's value). */
  private record Check(boolean holds, String seen) {
  }

  boolean test(Condition condition) {
    return check(condition).holds;
  }

  private Check check(Condition c) {
    return c.accept(new Checks());
  }

  /** Checks a condition now: a page condition in one call on the driver thread; variable conditions are the engine's. */
  private final class Checks implements ConditionVisitor<Check> {
    @Override
    public Check visitNot(Condition.Not c) {
      Check inner = check(c.condition());
      return new Check(!inner.holds, inner.seen);
    }

    @Override
    public Check visitVar(Condition.Var c) {
      throw new FlowRunException(ErrorCode.UNSUPPORTED_STEP, "variable conditions are evaluated by the engine, not the page driver");
    }

    @Override
    public Check visitUrl(Condition.Url c) {
      return state.call(() -> {
        String url = state.contextFrame().url();
        return new Check(Glob.matchesUrl(c.glob(), url), "url " + NetworkGuard.withoutQuery(url));
      });
    }

    @Override
    public Check visitTitle(Condition.Title c) {
      return state.call(() -> {
        String title;
        try {
          title = state.contextFrame().title();
        } catch (PlaywrightException e) {
          if (!Failures.isContextGone(e)) {
            throw e;
          }
          title = "";
        }
        return new Check(Glob.matchesText(c.glob(), title), "title \"" + title + "\"");
      });
    }

    @Override
    public Check visitDownload(Condition.Download c) {
      return state.call(() -> {
        state.shared.downloads.settle();
        List<DownloadInfo> done = state.shared.downloads.completed();
        boolean any = done.stream().anyMatch(x -> Glob.matchesText(c.fileGlob(), x.suggestedName()));
        return new Check(any, done.isEmpty() ? "no completed download"
            : "downloads " + done.stream().map(DownloadInfo::suggestedName).reduce((a, b) -> a + ", " + b).orElse(""));
      });
    }

    @Override
    public Check visitLoad(Condition.Load c) {
      return state.call(() -> {
        LoadState loadState = loadState(c.state());
        try {
          state.page().waitForLoadState(loadState, new Page.WaitForLoadStateOptions().setTimeout(1));
          return new Check(true, "");
        } catch (PlaywrightException e) {
          if (Failures.isTimeout(e)) {
            return new Check(false, "load state not reached");
          }
          throw Failures.actionFailed("checking the load state", e);
        }
      });
    }

    @Override
    public Check visitExpression(Condition.Expression c) {
      return state.call(() -> {
        Object v = evaluate(state.contextFrame(), c.script());
        return new Check(truthy(v), "expression gave " + abbreviate(text(v)));
      });
    }

    @Override
    public Check visitCount(Condition.Count c) {
      return state.call(() -> {
        Frame f = resolver.frameNow(c.target());
        int n = 0;
        if (f != null) {
          try {
            n = TargetResolver.locator(f, c.target(), 0).count();
          } catch (PlaywrightException e) {
            if (!Failures.isContextGone(e)) {
              throw Failures.actionFailed("counting " + c.target().candidates().get(0).describe(), e);
            }
          }
        }
        return new Check(c.op().test(n, c.count()), c.target().candidates().get(0).describe() + " matched " + n);
      });
    }

    @Override
    public Check visitText(Condition.Text c) {
      if (c.target().isPresent()) {
        return state.call(() -> checkElement(c.target().get(), false, loc -> {
          String text = Reads.normalize(loc.innerText(new Locator.InnerTextOptions().setTimeout(1000)));
          return new Check(matches(text, c.text(), c.match()), "text \"" + abbreviate(text) + "\"");
        }));
      }
      return state.call(() -> {
        String all;
        try {
          all = text(state.contextFrame().evaluate(PageScripts.DEEP_TEXT));
        } catch (PlaywrightException e) {
          if (!Failures.isContextGone(e)) {
            throw e;
          }
          all = "";
        }
        return new Check(matches(all, c.text(), c.match()), "page text \"" + abbreviate(all) + "\"");
      });
    }

    @Override
    public Check visitElement(Condition.Element c) {
      return state.call(() -> checkElement(c.target(), c.state() == Condition.State.HIDDEN, loc -> elementState(loc, c.state())));
    }

    @Override
    public Check visitValue(Condition.Value c) {
      return state.call(() -> checkElement(c.target(), false, loc ->
          ifApplicable(() -> loc.inputValue(new Locator.InputValueOptions().setTimeout(1000)))
              .map(v -> new Check(v.equals(c.value()), "a different value"))
              .orElse(new Check(false, "the element has no value (not a form field)"))));
    }

    @Override
    public Check visitAttribute(Condition.Attribute c) {
      return state.call(() -> checkElement(c.target(), false, loc -> {
        String v = loc.getAttribute(c.name(), new Locator.GetAttributeOptions().setTimeout(1000));
        boolean holds = v != null && c.value().map(v::equals).orElse(true);
        return new Check(holds, v == null ? "no " + c.name() + " attribute" : c.name() + "=\"" + abbreviate(v) + "\"");
      }));
    }
  }

  /**
   * On the driver thread: an element condition (state, text, value, attribute) on the target's
   * unique element now. {@code holdsWhenAbsent}: the condition also holds when no candidate matches
   * anything (an element that must be hidden).
   */
  private Check checkElement(Target target, boolean holdsWhenAbsent, Function<Locator, Check> onElement) {
    Frame f = resolver.frameNow(target);
    Resolution r = f == null ? Resolution.of(Collections.nCopies(target.candidates().size(), 0), -1)
        : resolver.count(f, target, false);
    boolean absent = !r.resolved() && r.counts().stream().allMatch(x -> x <= 0);
    if (!r.resolved()) {
      return new Check(holdsWhenAbsent && absent, r.describe(target));
    }
    Locator loc = TargetResolver.locator(f, target, r.winner());
    try {
      return onElement.apply(loc);
    } catch (PlaywrightException e) {
      if (Failures.isStrictViolation(e) || Failures.isTimeout(e) || Failures.isContextGone(e)) {
        return new Check(false, "the element changed while being checked");
      }
      throw Failures.actionFailed("checking " + target.describe(), e);
    }
  }

  /**
   * On the driver thread: what {@code query} answers about the element, or empty when the element
   * cannot answer it (not a form field, not checkable). A strict violation, a timeout or a lost
   * context is no such answer: it is thrown on.
   */
  private static <T> Optional<T> ifApplicable(java.util.function.Supplier<T> query) {
    try {
      return Optional.of(query.get());
    } catch (PlaywrightException e) {
      if (Failures.isStrictViolation(e) || Failures.isTimeout(e) || Failures.isContextGone(e)) {
        throw e;
      }
      return Optional.empty();
    }
  }

  /** On the driver thread: whether the unique element is in {@code state}. */
  private static Check elementState(Locator loc, Condition.State state) {
    String seen = "the element is not " + state.name().toLowerCase(Locale.ROOT);
    return switch (state) {
      case EXISTS -> new Check(true, seen);
      case VISIBLE -> new Check(loc.isVisible(), seen);
      case HIDDEN -> new Check(!loc.isVisible(), seen);
      case ENABLED -> new Check(loc.isEnabled(new Locator.IsEnabledOptions().setTimeout(1000)), seen);
      case DISABLED -> new Check(!loc.isEnabled(new Locator.IsEnabledOptions().setTimeout(1000)), seen);
      case EDITABLE, NOT_EDITABLE -> {
        // an element one cannot ask is nothing one can type into
        boolean editable = ifApplicable(() -> loc.isEditable(new Locator.IsEditableOptions().setTimeout(1000))).orElse(false);
        yield new Check(editable == (state == Condition.State.EDITABLE),
            editable ? "the element is editable" : "the element is not editable");
      }
      case CHECKED, UNCHECKED -> ifApplicable(() -> loc.isChecked(new Locator.IsCheckedOptions().setTimeout(1000)))
          .map(checked -> new Check(checked == (state == Condition.State.CHECKED), seen))
          .orElse(new Check(false, "the element is not checkable"));
    };
  }

  private static boolean matches(String actual, String expected, Condition.Match match) {
    String e = Reads.normalize(expected);
    return switch (match) {
      case EQUALS -> actual.equals(e);
      case CONTAINS -> actual.contains(e);
      case GLOB -> Glob.matchesText(e, actual);
    };
  }

  private static LoadState loadState(Condition.LoadState s) {
    return switch (s) {
      case LOAD -> LoadState.LOAD;
      case DOMCONTENTLOADED -> LoadState.DOMCONTENTLOADED;
      case NETWORKIDLE -> LoadState.NETWORKIDLE;
    };
  }

  // =================================================================== waiting

  void await(Condition condition, Duration timeout) {
    Deadline d = Deadline.in(timeout);
    if (!state.concurrent() && fastAwait(condition, d)) {
      return;
    }
    while (true) {
      Check c = check(condition);
      if (c.holds) {
        return;
      }
      if (d.expired()) {
        throw new FlowTimeoutException(ErrorCode.TIMEOUT, describe(condition) + " did not hold within " + d.totalMillis()
            + " ms; last seen: " + c.seen, Map.of("seen", c.seen));
      }
      state.waitForChange(state.call(state::contextFrame), d);
    }
  }

  /** Conditions Playwright waits for by itself; true when it held, false to poll instead. */
  private boolean fastAwait(Condition c, Deadline d) {
    return c.accept(new DefaultConditionVisitor<Boolean>() {
      @Override
      public Boolean visitUrl(Condition.Url u) {
        try {
          state.raw(() -> { state.contextFrame().waitForURL(x -> Glob.matchesUrl(u.glob(), x),
              new Frame.WaitForURLOptions().setTimeout(d.remainingMs()).setWaitUntil(WaitUntilState.COMMIT)); return null; });
          return true;
        } catch (PlaywrightException e) {
          if (!Failures.isTimeout(e)) {
            throw Failures.actionFailed("waiting for the url", e);
          }
          String url = state.call(() -> state.contextFrame().url());
          throw new FlowTimeoutException(ErrorCode.TIMEOUT, describe(u) + " did not hold within " + d.totalMillis()
              + " ms; last seen: url " + NetworkGuard.withoutQuery(url), Map.of("seen", NetworkGuard.withoutQuery(url)));
        }
      }

      @Override
      public Boolean visitLoad(Condition.Load l) {
        LoadState loadState = loadState(l.state());
        try {
          state.raw(() -> {
            state.page().waitForLoadState(loadState, new Page.WaitForLoadStateOptions().setTimeout(d.remainingMs()));
            return null;
          });
          return true;
        } catch (PlaywrightException e) {
          if (!Failures.isTimeout(e)) {
            throw Failures.actionFailed("waiting for the load state", e);
          }
          throw new FlowTimeoutException(ErrorCode.TIMEOUT, describe(l) + " was not reached within " + d.totalMillis() + " ms",
              Map.of());
        }
      }

      @Override
      public Boolean visitExpression(Condition.Expression x) {
        // polled through check(): each evaluation awaits a Promise the expression gives, as the
        // reference's waitForFunction does; Playwright's waitForFunction would take the Promise as truthy
        return false;
      }

      @Override
      public Boolean visitElement(Condition.Element e) {
        WaitForSelectorState selectorState = switch (e.state()) {
          case VISIBLE -> WaitForSelectorState.VISIBLE;
          case EXISTS -> WaitForSelectorState.ATTACHED;
          case HIDDEN, ENABLED, DISABLED, CHECKED, UNCHECKED, EDITABLE, NOT_EDITABLE -> null; // polled
        };
        if (selectorState == null || e.target().candidates().size() != 1 || !e.target().framePath().isEmpty()) {
          return false;
        }
        try {
          state.raw(() -> {
            TargetResolver.locator(state.contextFrame(), e.target(), 0)
                .waitFor(new Locator.WaitForOptions().setState(selectorState).setTimeout(d.remainingMs()));
            return null;
          });
          return true;
        } catch (PlaywrightException x) {
          return false; // several matches, a timeout or a navigation: the polling loop decides and reports
        }
      }

      // polled (a variable condition too: the first check refuses it, the engine evaluates those)
      @Override public Boolean visitCondition(Condition condition) { return false; }
    });
  }

  private static String describe(Condition c) {
    return c.accept(new ConditionVisitor<String>() {
      @Override public String visitUrl(Condition.Url u) { return "url matching " + u.glob(); }
      @Override public String visitTitle(Condition.Title t) { return "title matching " + t.glob(); }

      @Override
      public String visitElement(Condition.Element e) {
        return e.target().describe() + " " + e.state().name().toLowerCase(Locale.ROOT);
      }

      @Override
      public String visitCount(Condition.Count n) {
        return "count of " + n.target().candidates().get(0).describe() + " " + n.op().symbol() + " " + n.count();
      }

      @Override
      public String visitText(Condition.Text t) {
        return "text " + t.match().name().toLowerCase(Locale.ROOT) + " \"" + t.text() + "\""
            + t.target().map(x -> " in " + x.describe()).orElse(" on the page");
      }

      @Override public String visitValue(Condition.Value v) { return "value of " + v.target().describe(); }
      @Override public String visitAttribute(Condition.Attribute a) { return "attribute " + a.name() + " of " + a.target().describe(); }
      @Override public String visitDownload(Condition.Download l) { return "download " + l.fileGlob(); }
      @Override public String visitLoad(Condition.Load l) { return "load state " + l.state().name().toLowerCase(Locale.ROOT); }
      @Override public String visitExpression(Condition.Expression x) { return "expression"; }
      @Override public String visitNot(Condition.Not n) { return "not (" + describe(n.condition()) + ")"; }
      // never awaited by the page driver (the engine evaluates it): the class name, as before
      @Override public String visitVar(Condition.Var v) { return v.getClass().getSimpleName(); }
    });
  }

  // =================================================================== scripts

  /** Evaluates a script in the current frame; its result as text. */
  String eval(String script) {
    return text(state.call(() -> evaluate(state.contextFrame(), script)));
  }

  /** On the driver thread. */
  private static Object evaluate(Frame f, String script) {
    try {
      return f.evaluate(script);
    } catch (PlaywrightException e) {
      if (Failures.isContextGone(e)) {
        throw new FlowRunException(ErrorCode.SCRIPT_ERROR, "the script's document went away while it ran: " + Failures.summary(e));
      }
      throw new FlowRunException(ErrorCode.SCRIPT_ERROR, "the script failed: " + Failures.summary(e));
    }
  }

  /** Script results as text: strings as they are, numbers without a needless {@code .0}, objects and arrays as JSON, nothing as "". */
  static String text(Object v) {
    if (v == null) {
      return "";
    }
    if (v instanceof String) {
      return (String) v;
    }
    if (v instanceof Double || v instanceof Float) {
      double x = ((Number) v).doubleValue();
      if (x == Math.rint(x) && !Double.isInfinite(x) && Math.abs(x) < 1e15) {
        return String.valueOf((long) x);
      }
      return String.valueOf(x);
    }
    if (v instanceof Number || v instanceof Boolean) {
      return String.valueOf(v);
    }
    try {
      return JSON.writeValueAsString(v);
    } catch (JsonProcessingException e) {
      return String.valueOf(v);
    }
  }

  private static boolean truthy(Object v) {
    if (v == null) {
      return false;
    }
    if (v instanceof Boolean) {
      return (Boolean) v;
    }
    if (v instanceof Number) {
      double x = ((Number) v).doubleValue();
      return x != 0 && !Double.isNaN(x);
    }
    if (v instanceof String) {
      return !((String) v).isEmpty();
    }
    return true;
  }

  private static String abbreviate(String s) {
    return s.length() > 120 ? s.substring(0, 120) + "…" : s;
  }
}
