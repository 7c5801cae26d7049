package io.browserflow.testkit;

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
import java.util.Optional;
import org.jsoup.nodes.Element;

/**
 * Resolves targets and frame locators under the strict rule: a target's candidates are matched in
 * the current frame context, then its frame path and shadow path; the first candidate matching
 * exactly one element wins, re-evaluated on the virtual clock until the deadline. Interactions also
 * wait for the needed state, spend the configured action delay and meet injected failures here.
 */
final class TargetResolver {
  /** What an element must be before an action proceeds. */
  enum Need { NONE, VISIBLE, ACTIONABLE, EDITABLE }

  /** One evaluation of a target: the counts, the winning element if any, or why its frame path failed. */
  record Probe(Resolution resolution, Element element, FlowRunException frameError, List<Element> scopes) {}

  record Located(Element element, Resolution resolution) {}

  private final SessionState state;

  TargetResolver(SessionState state) {
    this.state = state;
  }

  Resolution resolve(Target target, Duration timeout) {
    state.requireOpen();
    return locate(target, state.deadline(timeout), Need.NONE).resolution();
  }

  /** Waits for a unique match in the needed state; throws the target, frame or timeout error otherwise. */
  Located locate(Target target, Deadline d, Need need) {
    Probe[] last = {null};
    String[] reason = {null};
    Optional<Located> found = state.clock.waitFor(d.at(), () -> {
      Probe p = probe(target);
      last[0] = p;
      if (p.element() == null) {
        return Optional.empty();
      }
      reason[0] = unactionable(p.element(), need);
      return reason[0] == null ? Optional.of(new Located(p.element(), p.resolution())) : Optional.empty();
    });
    if (found.isPresent()) {
      return found.get();
    }
    Probe p = last[0];
    if (p.frameError() != null) {
      throw p.frameError();
    }
    if (p.element() == null) {
      throw new TargetException(target, p.resolution());
    }
    throw new FlowTimeoutException(ErrorCode.TIMEOUT, "timed out after " + d.millis() + " ms waiting for "
        + target.describe() + " to be actionable: " + reason[0],
        Map.of(FlowException.Details.TARGET, target.describe(), FlowException.Details.CANDIDATES, p.resolution().describe(target), "reason", reason[0]));
  }

  /** {@link #locate}, then the configured action delay and any injected failure. */
  Located interactable(Target target, Deadline d, Need need) {
    Located l = locate(target, d, need);
    spend(state.driver.actionDelayMillis(), d, "acting on " + target.describe());
    injectFault(target, l);
    return l;
  }

  private static String unactionable(Element e, Need need) {
    if (need == Need.NONE) {
      return null;
    }
    if (!ElementState.visible(e)) {
      return "element is hidden";
    }
    if (need == Need.VISIBLE) {
      return null;
    }
    if (!ElementState.enabled(e)) {
      return "element is disabled";
    }
    if (need == Need.EDITABLE && ElementState.readonly(e)) {
      return "element is readonly";
    }
    return null;
  }

  void spend(long delayMs, Deadline d, String what) {
    if (delayMs <= 0) {
      return;
    }
    if (state.clock.now() + delayMs > d.at()) {
      state.clock.advanceTo(d.at());
      throw new FlowTimeoutException(ErrorCode.TIMEOUT, what + " takes " + delayMs + " ms (configured action delay), "
          + "longer than the " + d.millis() + " ms timeout", Map.of("delayMs", String.valueOf(delayMs)));
    }
    state.clock.advanceBy(delayMs);
  }

  void injectFault(Target target, Located l) {
    Optional<ErrorCode> code = state.driver.faults().consume(l.element());
    if (code.isEmpty()) {
      return;
    }
    String message = "injected failure (InMemoryPageDriver.failNext) on " + target.describe();
    Map<String, String> details = Map.of("target", target.describe(), "injected", "true");
    int n = target.candidates().size();
    switch (code.get()) {
      case TARGET_NOT_FOUND:
        throw new TargetException(target, Resolution.of(Collections.nCopies(n, 0), -1));
      case TARGET_AMBIGUOUS: {
        List<Integer> counts = new ArrayList<>(Collections.nCopies(n, 0));
        if (n > 0) {
          counts.set(0, 2);
        }
        throw new TargetException(target, Resolution.of(counts, -1));
      }
      case TIMEOUT:
      case NAVIGATION_TIMEOUT:
        throw new FlowTimeoutException(code.get(), message, details);
      default:
        throw new FlowRunException(code.get(), message, details);
    }
  }

  /** One evaluation of a target in the current frame context, then its frame path and shadow path. */
  Probe probe(Target target) {
    Probe scopes = scopesOf(target);
    if (scopes.frameError() != null) {
      return scopes;
    }
    List<Integer> counts = new ArrayList<>();
    Element winner = null;
    for (Candidate c : target.candidates()) {
      if (winner != null) {
        counts.add(-1);
        continue;
      }
      List<Element> m = CandidateQuery.matches(c, scopes.scopes());
      counts.add(m.size());
      if (m.size() == 1) {
        winner = m.get(0);
      }
    }
    return new Probe(Resolution.strict(counts), winner, null, scopes.scopes());
  }

  /** The roots a target's candidates are matched in; a frame path that does not resolve gives a frame error. */
  Probe scopesOf(Target target) {
    PageDocument doc = state.currentDocument();
    for (String f : target.framePath()) {
      FrameLookup l = lookupFrame(doc, f);
      if (l.nonFrame != null) {
        throw frameError(l);
      }
      if (l.owner == null) {
        List<Integer> none = Collections.nCopies(target.candidates().size(), -1);
        return new Probe(Resolution.of(none, -1), null, frameError(l), List.of());
      }
      doc = ElementData.of(l.owner).contentDocument;
    }
    List<Element> scopes = new ArrayList<>(List.of(doc.dom));
    for (String host : target.shadowPath()) {
      List<Element> next = new ArrayList<>();
      for (Element h : CssQuery.parse(host).select(scopes, true)) {
        ShadowRoot root = ShadowRoot.of(h);
        if (root != null && root.open) {
          next.add(root.container);
        }
      }
      scopes = next;
    }
    return new Probe(null, null, null, scopes);
  }

  /** Number of elements the first candidate matches (frame path and shadow path honoured; 0 when the frame is missing). */
  int countFirst(Target target) {
    Probe p = scopesOf(target);
    if (p.frameError() != null || target.candidates().isEmpty()) {
      return 0;
    }
    return CandidateQuery.matches(target.candidates().get(0), p.scopes()).size();
  }

  // ------------------------------------------------------------------ frames

  static final class FrameLookup {
    String locator;
    PageDocument doc;
    Element owner;
    int count;
    Element nonFrame;
  }

  static FrameLookup lookupFrame(PageDocument doc, String locator) {
    FrameLookup l = new FrameLookup();
    l.locator = locator;
    l.doc = doc;
    List<Element> found = FrameLocator.parse(locator).find(doc);
    l.count = found.size();
    if (found.size() == 1) {
      Element e = found.get(0);
      if (FrameLocator.isFrame(e)) {
        l.owner = e;
      } else {
        l.nonFrame = e;
      }
    }
    return l;
  }

  static FlowRunException frameError(FrameLookup l) {
    Map<String, String> details = Map.of("frame", l.locator, "url", l.doc.url);
    if (l.nonFrame != null) {
      return new FlowRunException(ErrorCode.FRAME_OWNER_NOT_IFRAME, "frame locator '" + l.locator + "' matches a <"
          + l.nonFrame.normalName() + ">, not an iframe or frame", details);
    }
    if (l.count > 1) {
      return new FlowRunException(ErrorCode.FRAME_AMBIGUOUS, l.count + " frames match '" + l.locator + "' in "
          + l.doc.url + "; use a more specific selector, url: or name:", details);
    }
    return new FlowRunException(ErrorCode.FRAME_NOT_FOUND, "no frame matches '" + l.locator + "' in " + l.doc.url,
        details);
  }
}
