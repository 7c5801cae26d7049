package io.browserflow.formats;

import static io.browserflow.formats.BrowserctlCommandOptions.timeoutOf;

import io.browserflow.api.Candidate;
import io.browserflow.api.Step;
import io.browserflow.api.DataStep;
import io.browserflow.api.Target;
import io.browserflow.formats.BrowserctlDocument.Command;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Maps {@code find} (a locator strategy, a query and an action: the strategies become candidates
 * that match exactly, positional ones a warning) and {@code get} (a read step whose output later
 * commands reference through the captured variable).
 */
final class BrowserctlFindCommands {
  private static final Set<String> FIND_STRATEGIES = Set.of("role", "text", "label", "placeholder", "testid", "alt",
      "title", "first", "last", "nth");
  private static final List<String> FIND_FLAG_STRATEGIES = List.of("role", "testid", "label", "placeholder", "text",
      "alt", "title");

  /** The candidate each strategy that finds an element by a text of its own makes of the query. */
  private static final Map<String, Function<String, Candidate>> TEXT_CANDIDATES = Map.of("text", Candidate::text,
      "label", Candidate::label, "placeholder", Candidate::placeholder);

  private final BrowserctlImportState st;
  private final BrowserctlValues values;
  private final BrowserctlCommandOptions opts;
  private final BrowserctlInteractionCommands interactions;

  BrowserctlFindCommands(BrowserctlImportState st, BrowserctlValues values, BrowserctlCommandOptions opts,
      BrowserctlInteractionCommands interactions) {
    this.st = st;
    this.values = values;
    this.opts = opts;
    this.interactions = interactions;
  }

  void find(Command c, BrowserctlArgs a) {
    String strategy;
    String query;
    String action;
    String rest;
    boolean flagged = FIND_FLAG_STRATEGIES.stream().anyMatch(f -> a.flag(f) != null);
    boolean positional = a.at(0) != null && FIND_STRATEGIES.contains(a.at(0))
        && (!flagged || a.positional.size() >= (a.at(0).equals("nth") ? 4 : 3));
    if (positional) {
      strategy = a.at(0);
      int q = strategy.equals("nth") ? 2 : 1;
      if (strategy.equals("nth") && a.at(1) != null) {
        st.issues.warning(ConversionCode.FIND_POSITIONAL, c.path, "find nth " + a.at(1)
            + " picks one of several matches; a BrowserFlow target must match exactly one element");
      }
      query = a.at(q);
      action = a.at(q + 1);
      rest = a.at(q + 2);
    } else {
      action = a.at(0);
      strategy = null;
      query = null;
      for (String s : FIND_FLAG_STRATEGIES) {
        if (a.has(s) && a.flag(s) != null) {
          strategy = s;
          query = a.flag(s);
          break;
        }
      }
      rest = a.at(1);
    }
    Set<String> known = new HashSet<>(Set.of("name", "exact", "timeout"));
    known.addAll(FIND_FLAG_STRATEGIES);
    opts.options(c, a, known);
    if (strategy == null || query == null) {
      st.issues.blocking(ConversionCode.FIELD_MISSING, c.path, "find needs a strategy (role, text, label, "
          + "placeholder, testid, alt, title, first, last, nth) and a query");
      return;
    }
    if (!opts.require(c, action, "an action")) {
      return;
    }
    Target target;
    boolean exact = a.has("exact");
    String q = values.value(query, c);
    if (q == null) {
      return;
    }
    switch (strategy) {
      case "role": {
        String n = a.flag("name");
        String name = n == null ? null : values.value(n, c);
        target = Target.of(name == null ? Candidate.role(q) : Candidate.role(q, name));
        if (name != null && !exact) {
          inexact(c, "role name");
        }
        break;
      }
      case "text":
      case "label":
      case "placeholder":
        target = Target.of(TEXT_CANDIDATES.get(strategy).apply(q));
        if (!exact) {
          inexact(c, strategy);
        }
        break;
      case "testid":
        target = Target.of(Candidate.testId(q));
        break;
      case "alt":
      case "title":
        target = Target.of(Candidate.css("[" + strategy + "=" + CssStrings.quote(q) + "]"));
        break;
      default:
        if (!strategy.equals("nth")) {
          st.issues.warning(ConversionCode.FIND_POSITIONAL, c.path, "find " + strategy
              + " picks one of several matches; a BrowserFlow target must match exactly one element");
        }
        target = values.target(query, c);
        if (target == null) {
          return;
        }
    }
    switch (action) {
      case "click":
      case "dblclick":
      case "hover":
      case "check":
      case "uncheck":
        interactions.act(c, a, action, target, null);
        break;
      case "fill":
      case "type":
      case "select": {
        if (!opts.require(c, rest, "a value")) {
          return;
        }
        String v = values.value(rest, c);
        if (v != null) {
          interactions.act(c, a, action, target, v);
        }
        break;
      }
      case "text":
      case "value":
        read(c, a, target, action.equals("text") ? Step.ReadKind.TEXT : Step.ReadKind.VALUE, null);
        break;
      case "focus":
        st.issues.warning(ConversionCode.UNSUPPORTED_STEP, c.path, "find ... focus has no BrowserFlow step; "
            + "a later press or type without a selector may reach another element");
        opts.unusedCapture(c);
        break;
      default:
        st.issues.blocking(ConversionCode.UNSUPPORTED_STEP, c.path, "find action \"" + action
            + "\" has no BrowserFlow equivalent");
        opts.unusedCapture(c);
    }
  }

  private void inexact(Command c, String what) {
    st.issues.info(ConversionCode.MATCH_EXACT, c.path, "find without --exact matches the " + what
        + " loosely; BrowserFlow matches the whole " + what + " exactly");
  }

  void get(Command c, BrowserctlArgs a) {
    opts.options(c, a, Set.of("timeout"));
    String what = a.at(0);
    if (what == null) {
      st.issues.blocking(ConversionCode.FIELD_MISSING, c.path, "get needs what to read");
      return;
    }
    switch (what) {
      case "text":
      case "value": {
        if (!opts.require(c, a.at(1), "a selector")) {
          return;
        }
        Target target = values.target(a.at(1), c);
        if (target != null) {
          read(c, a, target, what.equals("text") ? Step.ReadKind.TEXT : Step.ReadKind.VALUE, null);
        }
        return;
      }
      case "attr":
      case "attribute": {
        if (!opts.require(c, a.at(1), "a selector") || !opts.require(c, a.at(2), "an attribute name")) {
          return;
        }
        Target target = values.target(a.at(1), c);
        if (target != null) {
          read(c, a, target, Step.ReadKind.ATTRIBUTE, a.at(2));
        }
        return;
      }
      default:
        if (c.capture.isEmpty()) {
          st.issues.info(ConversionCode.COMMAND_SKIPPED, c.path, "get " + what
              + " only observes the page; it has no step in a flow");
        } else {
          opts.unusedCapture(c);
        }
    }
  }

  private void read(Command c, BrowserctlArgs a, Target target, Step.ReadKind what, String attribute) {
    DataStep.Read.Builder b = DataStep.Read.builder().target(target).what(what);
    if (attribute != null) {
      b.attribute(attribute);
    }
    timeoutOf(opts.timeout(c, a), b::timeoutMs);
    c.description(b::title);
    String id = st.id(c);
    st.output(c, id, what.name().toLowerCase(Locale.ROOT));
    st.add(c, b.id(id).build());
  }
}
