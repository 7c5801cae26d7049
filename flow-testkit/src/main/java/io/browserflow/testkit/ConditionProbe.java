package io.browserflow.testkit;

import io.browserflow.api.Condition;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.FlowTimeoutException;
import io.browserflow.api.Glob;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.DownloadInfo;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jsoup.nodes.Element;

/**
 * Evaluates page conditions for {@code test} and {@code await}, remembering what it saw so a timeout
 * can say it. Never puts expected or observed field values in messages (they may be secrets).
 */
final class ConditionProbe {
  record Observation(boolean holds, String observed) {}

  private final SessionState state;
  private final TargetResolver resolver;

  ConditionProbe(SessionState state, TargetResolver resolver) {
    this.state = state;
    this.resolver = resolver;
  }

  boolean test(Condition condition) {
    state.requireOpen();
    return observe(condition).holds();
  }

  void await(Condition condition, Duration timeout) {
    state.requireOpen();
    Deadline d = state.deadline(timeout);
    Observation[] last = {null};
    Optional<Boolean> held = state.clock.waitFor(d.at(), () -> {
      Observation o = observe(condition);
      last[0] = o;
      return o.holds() ? Optional.of(true) : Optional.empty();
    });
    if (held.isEmpty()) {
      String what = describe(condition);
      throw new FlowTimeoutException(ErrorCode.TIMEOUT, "timed out after " + d.millis() + " ms waiting for " + what
          + "; last observed: " + last[0].observed(), Map.of(FlowException.Details.CONDITION, what, FlowException.Details.OBSERVED, last[0].observed()));
    }
  }

  Observation observe(Condition c) {
    return c.accept(observer);
  }

  private final ConditionVisitor<Observation> observer = new ConditionVisitor<>() {
    @Override
    public Observation visitNot(Condition.Not n) {
      Observation o = observe(n.condition());
      return new Observation(!o.holds(), o.observed());
    }

    @Override
    public Observation visitVar(Condition.Var v) {
      throw new FlowRunException(ErrorCode.UNSUPPORTED_STEP,
          "var conditions are evaluated by the engine, not by a page driver", Map.of(FlowException.Details.CONDITION, describe(v)));
    }

    @Override
    public Observation visitExpression(Condition.Expression x) {
      throw new FlowRunException(ErrorCode.UNSUPPORTED_STEP,
          "the in-memory driver runs no scripts, so it cannot evaluate an expression condition", Map.of());
    }

    @Override
    public Observation visitUrl(Condition.Url u) {
      String url = state.hasTab() ? state.currentDocument().url : "";
      return new Observation(Glob.matchesUrl(u.glob(), url), "url " + url);
    }

    @Override
    public Observation visitTitle(Condition.Title t) {
      String title = state.hasTab() ? state.currentDocument().title() : "";
      return new Observation(Glob.matchesText(t.glob(), title), "title '" + title + "'");
    }

    @Override
    public Observation visitLoad(Condition.Load l) {
      return new Observation(state.hasTab(), state.hasTab() ? "page loaded" : "no open tab");
    }

    @Override
    public Observation visitDownload(Condition.Download dl) {
      String glob = dl.fileGlob();
      boolean any = state.downloads.stream().anyMatch(d -> Glob.matchesText(glob, d.suggestedName()));
      return new Observation(any, "downloads " + state.downloads.stream().map(DownloadInfo::suggestedName)
          .collect(Collectors.joining(", ", "[", "]")));
    }

    @Override
    public Observation visitCount(Condition.Count count) {
      int n = resolver.countFirst(count.target());
      return new Observation(count.op().test(n, count.count()), "count " + n);
    }

    @Override
    public Observation visitElement(Condition.Element e) {
      return element(e);
    }

    @Override
    public Observation visitText(Condition.Text t) {
      if (t.target().isEmpty()) {
        PageDocument doc = state.currentDocument();
        String text = RenderedText.normalize(RenderedText.innerText(doc.body()));
        return new Observation(textMatches(t.match(), text, t.text()), "page text of " + text.length() + " characters");
      }
      TargetResolver.Probe p = resolver.probe(t.target().get());
      if (p.element() == null) {
        return new Observation(false, unresolved(t.target().get(), p));
      }
      String text = RenderedText.normalize(RenderedText.innerText(p.element()));
      return new Observation(textMatches(t.match(), text, t.text()), "text '" + abbreviate(text) + "'");
    }

    @Override
    public Observation visitValue(Condition.Value v) {
      TargetResolver.Probe p = resolver.probe(v.target());
      if (p.element() == null) {
        return new Observation(false, unresolved(v.target(), p));
      }
      String value = ElementState.value(p.element());
      String actual = value == null ? "" : value;
      return new Observation(actual.equals(v.value()), "a value of " + actual.length() + " characters");
    }

    @Override
    public Observation visitAttribute(Condition.Attribute a) {
      TargetResolver.Probe p = resolver.probe(a.target());
      if (p.element() == null) {
        return new Observation(false, unresolved(a.target(), p));
      }
      String actual = Dom.attr(p.element(), a.name().toLowerCase(java.util.Locale.ROOT));
      boolean holds = actual != null && a.value().map(actual::equals).orElse(true);
      return new Observation(holds, actual == null ? "no attribute " + a.name() : "attribute " + a.name() + " present");
    }
  };

  private Observation element(Condition.Element c) {
    TargetResolver.Probe p = resolver.probe(c.target());
    Element e = p.element();
    if (e == null) {
      boolean absent = p.frameError() != null || p.resolution().counts().stream().allMatch(n -> n <= 0);
      return new Observation(c.state() == Condition.State.HIDDEN && absent, unresolved(c.target(), p));
    }
    boolean visible = ElementState.visible(e);
    boolean holds = switch (c.state()) {
      case EXISTS -> true;
      case VISIBLE -> visible;
      case HIDDEN -> !visible;
      case ENABLED -> ElementState.enabled(e);
      case DISABLED -> !ElementState.enabled(e);
      case CHECKED -> ElementState.checked(e);
      case UNCHECKED -> !ElementState.checked(e);
      case EDITABLE -> ElementState.editable(e);
      case NOT_EDITABLE -> !ElementState.editable(e);
    };
    return new Observation(holds, "one element, " + (visible ? "visible" : "hidden") + ", "
        + (ElementState.enabled(e) ? "enabled" : "disabled") + (ElementState.isCheckable(e)
        ? ", " + (ElementState.checked(e) ? "checked" : "unchecked") : ""));
  }

  private static String unresolved(Target target, TargetResolver.Probe p) {
    return p.frameError() != null ? p.frameError().getMessage() : p.resolution().describe(target);
  }

  static boolean textMatches(Condition.Match match, String actual, String expected) {
    String exp = RenderedText.normalize(expected);
    return switch (match) {
      case EQUALS -> actual.equals(exp);
      case GLOB -> Glob.matchesText(exp, actual);
      case CONTAINS -> actual.contains(exp);
    };
  }

  private static String abbreviate(String s) {
    return s.length() <= 80 ? s : s.substring(0, 77) + "...";
  }

  /** A short description of a condition, without field values. */
  static String describe(Condition c) {
    return c.accept(DESCRIBE);
  }

  private static final ConditionVisitor<String> DESCRIBE = new ConditionVisitor<>() {
    @Override
    public String visitUrl(Condition.Url u) {
      return "url matching '" + u.glob() + "'";
    }

    @Override
    public String visitTitle(Condition.Title t) {
      return "title matching '" + t.glob() + "'";
    }

    @Override
    public String visitElement(Condition.Element e) {
      return e.target().describe() + " " + e.state().name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public String visitCount(Condition.Count n) {
      return "count of " + n.target().describe() + " " + n.op().symbol() + " " + n.count();
    }

    @Override
    public String visitText(Condition.Text t) {
      return t.target().map(x -> "text of " + x.describe()).orElse("page text") + " "
          + t.match().name().toLowerCase(java.util.Locale.ROOT) + " '" + t.text() + "'";
    }

    @Override
    public String visitValue(Condition.Value v) {
      return "value of " + v.target().describe() + " equal to the expected value";
    }

    @Override
    public String visitAttribute(Condition.Attribute a) {
      return "attribute " + a.name() + " of " + a.target().describe() + a.value().map(v -> " equal to '" + v + "'").orElse("");
    }

    @Override
    public String visitDownload(Condition.Download d) {
      return "a download matching '" + d.fileGlob() + "'";
    }

    @Override
    public String visitLoad(Condition.Load l) {
      return "load state " + l.state().name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public String visitNot(Condition.Not n) {
      return "not (" + n.condition().accept(this) + ")";
    }

    @Override
    public String visitVar(Condition.Var v) {
      return "var " + v.op().name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public String visitExpression(Condition.Expression x) {
      return "expression";
    }
  };
}
