package io.browserflow.playwright;

import com.microsoft.playwright.Frame;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.options.AriaRole;
import com.microsoft.playwright.options.WaitForSelectorState;
import io.browserflow.api.Candidate;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.FlowTimeoutException;
import io.browserflow.api.Target;
import io.browserflow.engine.spi.Resolution;
import io.browserflow.engine.spi.TargetException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The strict rule of one session: a target (or a frame locator) designates exactly one element (or
 * frame), or the session keeps looking until its time is up and then says what every candidate
 * matched. Each candidate becomes a locator through {@link CandidateLocators}.
 *
 * <p>A single-candidate target is acted on directly with Playwright's strict locator (one round trip,
 * like hand-written Playwright); a strict-mode violation (several matches) or a timeout falls back to
 * counting. Multi-candidate targets are counted in order, stopping at the first candidate matching
 * exactly one element, and re-counted after each DOM change (or at most every 200 ms) until one wins
 * or the time is up.
 */
final class TargetResolver {
  /** The longest a fork's browser call may hold the shared driver thread while waiting. */
  private static final double SLICE_MS = 1000;

  private final SessionState state;

  TargetResolver(SessionState state) {
    this.state = state;
  }

  /** What to do with the winning element, on the driver thread, within the given milliseconds. */
  @FunctionalInterface
  interface ElementAction<T> {
    T apply(Locator locator, double timeoutMs);
  }

  /** What the action on the winning element gave, and how the target resolved. */
  record Acted<T>(T value, Resolution resolution) {
  }

  private enum Outcome { DONE, AMBIGUOUS, TIMED_OUT, RETRY }

  /** What a fast action made of one locator. */
  enum FastOutcome {
    /** It designated exactly one element and the action is done. */
    DONE,
    /** It designated exactly one element, which is Playwright's to act on. */
    ONE,
    /** Not known to designate exactly one element (none, several, or the page was changing). */
    UNKNOWN,
    /** Not counted: the aria roles the locator asks for no longer cover the page. */
    STALE
  }

  /**
   * An action's fast path on one locator, on the driver thread, which counts the locator's elements
   * in the same page round trip as it checks and acts: resolving the first candidate of a
   * multi-candidate target and acting on it cost one call instead of a count and then an action.
   */
  @FunctionalInterface
  interface FastAction {
    /** {@code roles}: what an aria locator asks for, for {@link AriaRoles#guard()} (null: no aria locator, or every role). */
    FastOutcome tryOn(Locator locator, List<String> roles);
  }

  private record Attempt<T>(Outcome outcome, T value) {
  }

  // =================================================================== frames

  /** Waits until {@code locator} designates exactly one frame of {@code scope}. */
  Frame findFrame(Frame scope, String locator, Deadline d) {
    while (true) {
      FrameLookup r = state.call(() -> {
        if (scope.isDetached()) {
          throw new FlowRunException(ErrorCode.FRAME_CONTEXT_LOST, "the frame to look for '" + locator + "' in was detached",
              Map.of(FlowException.Details.LOCATOR, locator));
        }
        try {
          return FrameLookup.find(scope, locator);
        } catch (PlaywrightException e) {
          if (Failures.isContextGone(e) || Failures.isTimeout(e) || Failures.isStrictViolation(e)) {
            return null;
          }
          throw new FlowRunException(ErrorCode.ACTION_FAILED, "frame locator '" + locator + "' could not be evaluated: "
              + Failures.summary(e), Map.of(FlowException.Details.LOCATOR, locator));
        }
      });
      if (r != null && r.kind == FrameLookup.Kind.FOUND) {
        return r.frame;
      }
      if (r != null && r.kind == FrameLookup.Kind.NOT_IFRAME) {
        throw new FlowRunException(ErrorCode.FRAME_OWNER_NOT_IFRAME, "frame locator '" + locator + "' designates a <"
            + r.candidates.get(0).get("tag") + "> element, not an iframe or frame", Map.of("locator", locator));
      }
      if (d.expired()) {
        if (r != null && r.kind == FrameLookup.Kind.MANY) {
          throw new FlowRunException(ErrorCode.FRAME_AMBIGUOUS, "frame locator '" + locator + "' matched "
              + r.candidates.size() + " frames: " + r.candidatesJson() + "; narrow it (an owner css, url: or name:)",
              Map.of(FlowException.Details.LOCATOR, locator, FlowException.Details.CANDIDATES, r.candidatesJson()));
        }
        throw new FlowRunException(ErrorCode.FRAME_NOT_FOUND, "no frame matched '" + locator + "' within "
            + d.totalMillis() + " ms", Map.of(FlowException.Details.LOCATOR, locator));
      }
      state.waitForChange(scope, d);
    }
  }

  /** The frame a target's candidates are matched in: the current context, then the target's frame path (waited for). */
  Frame targetFrame(Target t, Deadline d) {
    Frame f = state.call(state::contextFrame);
    for (String locator : t.framePath()) {
      f = findFrame(f, locator, d);
    }
    return f;
  }

  /** On the driver thread: the target's frame now, or null when its frame path does not resolve yet. */
  Frame frameNow(Target target) {
    Frame f = state.contextFrame();
    for (String locator : target.framePath()) {
      FrameLookup r;
      try {
        r = FrameLookup.find(f, locator);
      } catch (PlaywrightException e) {
        return null;
      }
      if (r.kind != FrameLookup.Kind.FOUND) {
        return null;
      }
      f = r.frame;
    }
    return f;
  }

  // =================================================================== candidates

  static Locator locator(Frame f, Target t, int i) {
    return CandidateLocators.locate(f, t.shadowPath(), t.candidates().get(i));
  }

  /** On the driver thread: counts candidates in order; {@code all} = false stops at the first unique one (the rest stay -1). */
  Resolution count(Frame f, Target t, boolean all) {
    state.contextFrame();
    AriaRoles.forget(f);
    int n = t.candidates().size();
    List<Integer> counts = new ArrayList<>(Collections.nCopies(n, -1));
    for (int i = 0; i < n; i++) {
      int c;
      try {
        c = locator(f, t, i).count();
      } catch (PlaywrightException e) {
        if (!Failures.isContextGone(e)) {
          throw new FlowRunException(ErrorCode.ACTION_FAILED, "candidate " + t.candidates().get(i).describe()
              + " could not be evaluated: " + Failures.summary(e), Map.of("candidate", t.candidates().get(i).describe()));
        }
        c = 0;
      }
      counts.set(i, c);
      if (c == 1 && !all) {
        if (i > 0) {
          recountEarlier(f, t, counts, i);
        }
        break;
      }
    }
    return Resolution.strict(counts);
  }

  /**
   * A later candidate won while the page may still have been rendering (a view swapping in after a
   * navigation): count the earlier ones once more, so a preferred candidate that just appeared wins
   * instead of a fallback being reported for a timing accident.
   */
  private void recountEarlier(Frame f, Target t, List<Integer> counts, int winner) {
    for (int i = 0; i < winner; i++) {
      try {
        counts.set(i, locator(f, t, i).count());
      } catch (PlaywrightException e) {
        return; // keep the first count; the winner stands
      }
      if (counts.get(i) == 1) {
        for (int j = i + 1; j < counts.size(); j++) {
          counts.set(j, -1);
        }
        return;
      }
    }
  }

  // =================================================================== resolving and acting

  /** Waits until a candidate matches exactly one element (no action). */
  Resolution resolve(Target target, Duration timeout) {
    return act(target, timeout, null, false).resolution;
  }

  /**
   * Resolves the target under the strict rule and applies {@code action} (null: resolve only) to the
   * winning element. {@code interactive}: the action needs a visible, enabled element. {@code scrub}:
   * values the action types, kept out of error messages.
   */
  <T> Acted<T> act(Target target, Duration timeout, ElementAction<T> action, boolean interactive, String... scrub) {
    return act(target, timeout, null, action, interactive, scrub);
  }

  /**
   * As {@link #act(Target, Duration, ElementAction, boolean, String...)}, trying {@code fast} (null:
   * none) on the first candidate of a multi-candidate target before any counting: when that
   * candidate designates exactly one element it wins under the strict rule (counts {@code [1, -, ...]}),
   * and the fast action is done or {@code action} acts on it; otherwise the candidates are counted as
   * always. The fast action of a single-candidate target is {@code action}'s own business.
   */
  <T> Acted<T> act(Target target, Duration timeout, FastAction fast, ElementAction<T> action, boolean interactive,
      String... scrub) {
    Deadline d = Deadline.in(timeout);
    int n = target.candidates().size();
    if (fast != null && n > 1 && target.framePath().isEmpty() && !state.concurrent()) {
      Locator[] first = new Locator[1];
      FastOutcome o;
      try {
        o = state.raw(() -> {
          Frame f = state.contextFrame();
          Candidate c = target.candidates().get(0);
          Set<AriaRole> roles = c.kind() == Candidate.Kind.ARIA ? AriaRoles.lastKnown(f) : null;
          first[0] = CandidateLocators.locate(f, target.shadowPath(), c, roles);
          FastOutcome r = fast.tryOn(first[0], roles == null ? null : AriaRoles.names(roles));
          if (r == FastOutcome.STALE) {
            AriaRoles.forget(f);
          }
          return r;
        });
      } catch (FlowRunException e) {
        throw e;
      } catch (PlaywrightException e) {
        if (!Failures.isContextGone(e) || Failures.isClosed(e)) {
          throw Failures.actionFailed("the action", e, scrub);
        }
        o = FastOutcome.UNKNOWN;
      }
      List<Integer> counts = new ArrayList<>(Collections.nCopies(n, -1));
      counts.set(0, 1);
      if (o == FastOutcome.DONE) {
        return new Acted<>(null, Resolution.strict(counts));
      }
      if (o == FastOutcome.ONE) {
        Attempt<T> a = attempt(first[0], d, action, interactive, scrub);
        if (a.outcome == Outcome.DONE) {
          return new Acted<>(a.value, Resolution.strict(counts));
        }
        if (a.outcome == Outcome.TIMED_OUT) {
          return timedOut(target, state.call(state::contextFrame), first[0], 0, d);
        }
      }
    }
    if (n == 1 && target.framePath().isEmpty() && !state.concurrent()) {
      // the common case costs what hand-written Playwright costs: one strict locator call
      Locator[] only = new Locator[1];
      ElementAction<T> first = action != null ? action : (loc, ms) -> {
        loc.waitFor(new Locator.WaitForOptions().setState(WaitForSelectorState.ATTACHED).setTimeout(ms));
        return null;
      };
      Attempt<T> a = attempt(() -> only[0] = locator(state.contextFrame(), target, 0), d, first, interactive, scrub);
      if (a.outcome == Outcome.DONE) {
        return new Acted<>(a.value, Resolution.of(List.of(1), 0));
      }
      if (a.outcome == Outcome.TIMED_OUT) {
        return timedOut(target, state.call(state::contextFrame), only[0], 0, d);
      }
    }
    Frame scope = targetFrame(target, d);
    while (true) {
      if (!target.framePath().isEmpty() && state.call(scope::isDetached)) {
        scope = targetFrame(target, d);
      }
      Frame s = scope;
      Resolution r = state.call(() -> {
        state.contextFrame();
        return count(s, target, false);
      });
      if (r.resolved()) {
        if (action == null) {
          return new Acted<>(null, r);
        }
        Locator loc = state.call(() -> locator(s, target, r.winner()));
        // a fallback won: rank the page as it is before acting, so the step's result can say what to promote
        Resolution seen = r.fallbackUsed() ? suggested(s, target, r) : r;
        Attempt<T> a = attempt(loc, d, action, interactive, scrub);
        if (a.outcome == Outcome.DONE) {
          return new Acted<>(a.value, seen);
        }
        if (a.outcome == Outcome.TIMED_OUT) {
          return timedOut(target, s, loc, r.winner(), d);
        }
      }
      if (d.expired()) {
        Resolution full = state.call(() -> count(s, target, true));
        throw new TargetException(target, suggested(s, target, Resolution.of(full.counts(), -1)));
      }
      state.waitForChange(s, d);
    }
  }

  private <T> Attempt<T> attempt(Locator loc, Deadline d, ElementAction<T> action, boolean interactive, String... scrub) {
    return attempt(() -> loc, d, action, interactive, scrub);
  }

  /** Applies the action to the located element (located on the driver thread, in the same call). */
  private <T> Attempt<T> attempt(Supplier<Locator> locate, Deadline d, ElementAction<T> action, boolean interactive,
      String... scrub) {
    boolean sliced = state.concurrent();
    try {
      return state.raw(() -> {
        Locator loc = locate.get();
        if (sliced && interactive) {
          // forks share the driver thread: never hold it for a whole timeout waiting for actionability
          if (!loc.isVisible() || !loc.isEnabled(new Locator.IsEnabledOptions().setTimeout(SLICE_MS))) {
            return new Attempt<T>(d.expired() ? Outcome.TIMED_OUT : Outcome.RETRY, null);
          }
        }
        return new Attempt<>(Outcome.DONE, action.apply(loc, sliced ? Math.min(SLICE_MS, d.remainingMs()) : d.remainingMs()));
      });
    } catch (FlowRunException e) {
      throw e;
    } catch (PlaywrightException e) {
      if (Failures.isStrictViolation(e)) {
        return new Attempt<>(Outcome.AMBIGUOUS, null);
      }
      if (Failures.isTimeout(e)) {
        // actions time out only while waiting to act (Playwright no longer waits for navigations after acting)
        return new Attempt<>(sliced && !d.expired() ? Outcome.RETRY : Outcome.TIMED_OUT, null);
      }
      if (Failures.isContextGone(e) && !Failures.isClosed(e)) {
        return new Attempt<>(Outcome.RETRY, null);
      }
      throw Failures.actionFailed("the action", e, scrub);
    }
  }

  /** The action ran out of time: not found, ambiguous, or found but never actionable. */
  private <T> Acted<T> timedOut(Target target, Frame f, Locator loc, int index, Deadline d) {
    Resolution full = state.call(() -> count(f, target, true));
    int c = full.counts().get(index);
    if (c == 1 && full.winner() == index) {
      String why = state.call(() -> whyNotActionable(loc));
      Map<String, String> details = Map.of(FlowException.Details.CANDIDATES, full.describe(target), "reason", why);
      throw new FlowTimeoutException(ErrorCode.TIMEOUT, target.candidates().get(index).describe()
          + " matched one element but it stayed " + why + " for " + d.totalMillis() + " ms", details);
    }
    throw new TargetException(target, suggested(f, target, Resolution.of(full.counts(), -1)));
  }

  /** {@code r} with the elements of {@code f} closest to the target (a failure or a fallback win). */
  private Resolution suggested(Frame f, Target target, Resolution r) {
    return r.withSuggested(state.call(() -> SuggestionRanker.rank(f, target)));
  }

  /** On the driver thread: why an element that matched was not acted on. */
  private static String whyNotActionable(Locator loc) {
    try {
      if (!loc.isVisible()) {
        return "hidden";
      }
      if (!loc.isEnabled(new Locator.IsEnabledOptions().setTimeout(1000))) {
        return "disabled";
      }
    } catch (PlaywrightException e) {
      // changed meanwhile: say what is generally the case
    }
    return "not ready (moving, covered by another element, or waiting for an option)";
  }
}
