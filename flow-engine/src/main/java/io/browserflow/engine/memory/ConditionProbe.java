package io.browserflow.engine.memory;

import io.browserflow.api.Glob;
import io.browserflow.api.Condition;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.FlowTimeoutException;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.DownloadInfo;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Evaluates page conditions for {@code test} and {@code await}, remembering what it saw so a timeout
 * can say it. Never puts expected or observed field values in messages (they may be secrets).
 */
final class ConditionProbe {
  record Observation(boolean holds, String observed) {}

  private final InMemorySession session;

  ConditionProbe(InMemorySession session) {
    this.session = session;
  }

  void await(Condition condition, InMemorySession.Deadline d) {
    Observation[] last = {null};
    Optional<Boolean> held = session.clock.waitFor(d.at(), () -> {
      Observation o = observe(condition);
      last[0] = o;
      return o.holds() ? Optional.of(true) : Optional.empty();
    });
    if (held.isEmpty()) {
      String what = describe(condition);
      throw new FlowTimeoutException(ErrorCode.TIMEOUT, "timed out after " + d.millis() + " ms waiting for " + what
          + "; last observed: " + last[0].observed(), Map.of("condition", what, "observed", last[0].observed()));
    }
  }

  Observation observe(Condition c) {
    if (c instanceof Condition.Not) {
      Observation o = observe(((Condition.Not) c).condition());
      return new Observation(!o.holds(), o.observed());
    }
    if (c instanceof Condition.Var) {
      throw new FlowRunException(ErrorCode.UNSUPPORTED_STEP,
          "var conditions are evaluated by the engine, not by a page driver", Map.of("condition", describe(c)));
    }
    if (c instanceof Condition.Expression) {
      throw new FlowRunException(ErrorCode.UNSUPPORTED_STEP,
          "the in-memory driver runs no scripts, so it cannot evaluate an expression condition", Map.of());
    }
    if (c instanceof Condition.Url) {
      String url = session.topUrl();
      return new Observation(Glob.matchesUrl(((Condition.Url) c).glob(), url), "url " + url);
    }
    if (c instanceof Condition.Title) {
      String title = session.topTitle();
      return new Observation(Glob.matchesText(((Condition.Title) c).glob(), title), "title '" + title + "'");
    }
    if (c instanceof Condition.Load) {
      return new Observation(session.hasTab(), session.hasTab() ? "page loaded" : "no open tab");
    }
    if (c instanceof Condition.Download) {
      String glob = ((Condition.Download) c).fileGlob();
      boolean any = session.downloads().stream().anyMatch(d -> Glob.matchesText(glob, d.suggestedName()));
      return new Observation(any, "downloads " + session.downloads().stream().map(DownloadInfo::suggestedName)
          .collect(Collectors.joining(", ", "[", "]")));
    }
    if (c instanceof Condition.Count) {
      Condition.Count count = (Condition.Count) c;
      int n = session.countFirst(count.target());
      return new Observation(count.op().test(n, count.count()), "count " + n);
    }
    if (c instanceof Condition.Element) {
      return element((Condition.Element) c);
    }
    if (c instanceof Condition.Text) {
      Condition.Text t = (Condition.Text) c;
      if (t.target().isEmpty()) {
        PageDocument doc = session.currentDocument();
        String text = RenderedText.normalize(RenderedText.innerText(doc.body));
        return new Observation(textMatches(t.match(), text, t.text()), "page text of " + text.length() + " characters");
      }
      InMemorySession.Probe p = session.probe(t.target().get());
      if (p.element() == null) {
        return new Observation(false, unresolved(t.target().get(), p));
      }
      String text = RenderedText.normalize(RenderedText.innerText(p.element()));
      return new Observation(textMatches(t.match(), text, t.text()), "text '" + abbreviate(text) + "'");
    }
    if (c instanceof Condition.Value) {
      Condition.Value v = (Condition.Value) c;
      InMemorySession.Probe p = session.probe(v.target());
      if (p.element() == null) {
        return new Observation(false, unresolved(v.target(), p));
      }
      String value = ElementState.value(p.element());
      String actual = value == null ? "" : value;
      return new Observation(actual.equals(v.value()), "a value of " + actual.length() + " characters");
    }
    if (c instanceof Condition.Attribute) {
      Condition.Attribute a = (Condition.Attribute) c;
      InMemorySession.Probe p = session.probe(a.target());
      if (p.element() == null) {
        return new Observation(false, unresolved(a.target(), p));
      }
      String actual = p.element().attr(a.name().toLowerCase(java.util.Locale.ROOT));
      boolean holds = actual != null && a.value().map(actual::equals).orElse(true);
      return new Observation(holds, actual == null ? "no attribute " + a.name() : "attribute " + a.name() + " present");
    }
    throw new FlowRunException(ErrorCode.UNSUPPORTED_STEP, "unknown condition " + c.getClass().getSimpleName(), Map.of());
  }

  private Observation element(Condition.Element c) {
    InMemorySession.Probe p = session.probe(c.target());
    Element e = p.element();
    if (e == null) {
      boolean absent = p.frameError() != null || p.resolution().counts().stream().allMatch(n -> n <= 0);
      return new Observation(c.state() == Condition.State.HIDDEN && absent, unresolved(c.target(), p));
    }
    boolean visible = ElementState.visible(e);
    boolean holds;
    switch (c.state()) {
      case EXISTS:
        holds = true;
        break;
      case VISIBLE:
        holds = visible;
        break;
      case HIDDEN:
        holds = !visible;
        break;
      case ENABLED:
        holds = ElementState.enabled(e);
        break;
      case DISABLED:
        holds = !ElementState.enabled(e);
        break;
      case CHECKED:
        holds = ElementState.checked(e);
        break;
      default:
        holds = !ElementState.checked(e);
        break;
    }
    return new Observation(holds, "one element, " + (visible ? "visible" : "hidden") + ", "
        + (ElementState.enabled(e) ? "enabled" : "disabled") + (ElementState.isCheckable(e)
        ? ", " + (ElementState.checked(e) ? "checked" : "unchecked") : ""));
  }

  private static String unresolved(Target target, InMemorySession.Probe p) {
    return p.frameError() != null ? p.frameError().getMessage() : p.resolution().describe(target);
  }

  static boolean textMatches(Condition.Match match, String actual, String expected) {
    String exp = RenderedText.normalize(expected);
    switch (match) {
      case EQUALS:
        return actual.equals(exp);
      case GLOB:
        return Glob.matchesText(exp, actual);
      default:
        return actual.contains(exp);
    }
  }

  private static String abbreviate(String s) {
    return s.length() <= 80 ? s : s.substring(0, 77) + "...";
  }

  /** A short description of a condition, without field values. */
  static String describe(Condition c) {
    if (c instanceof Condition.Url) {
      return "url matching '" + ((Condition.Url) c).glob() + "'";
    }
    if (c instanceof Condition.Title) {
      return "title matching '" + ((Condition.Title) c).glob() + "'";
    }
    if (c instanceof Condition.Element) {
      Condition.Element e = (Condition.Element) c;
      return e.target().describe() + " " + e.state().name().toLowerCase(java.util.Locale.ROOT);
    }
    if (c instanceof Condition.Count) {
      Condition.Count n = (Condition.Count) c;
      return "count of " + n.target().describe() + " " + n.op().symbol() + " " + n.count();
    }
    if (c instanceof Condition.Text) {
      Condition.Text t = (Condition.Text) c;
      return t.target().map(x -> "text of " + x.describe()).orElse("page text") + " "
          + t.match().name().toLowerCase(java.util.Locale.ROOT) + " '" + t.text() + "'";
    }
    if (c instanceof Condition.Value) {
      return "value of " + ((Condition.Value) c).target().describe() + " equal to the expected value";
    }
    if (c instanceof Condition.Attribute) {
      Condition.Attribute a = (Condition.Attribute) c;
      return "attribute " + a.name() + " of " + a.target().describe() + a.value().map(v -> " equal to '" + v + "'").orElse("");
    }
    if (c instanceof Condition.Download) {
      return "a download matching '" + ((Condition.Download) c).fileGlob() + "'";
    }
    if (c instanceof Condition.Load) {
      return "load state " + ((Condition.Load) c).state().name().toLowerCase(java.util.Locale.ROOT);
    }
    if (c instanceof Condition.Not) {
      return "not (" + describe(((Condition.Not) c).condition()) + ")";
    }
    if (c instanceof Condition.Var) {
      return "var " + ((Condition.Var) c).op().name().toLowerCase(java.util.Locale.ROOT);
    }
    return "expression";
  }
}
