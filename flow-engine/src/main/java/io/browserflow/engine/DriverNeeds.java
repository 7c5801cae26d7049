package io.browserflow.engine;

import io.browserflow.api.DataStep;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.Flow;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.PageStep;
import io.browserflow.api.Step;
import io.browserflow.api.StepFamilyVisitor;
import io.browserflow.api.StepVisitor;
import io.browserflow.engine.spi.AnswersDialogs;
import io.browserflow.engine.spi.DriverFeatures;
import io.browserflow.engine.spi.DriverSession;
import io.browserflow.engine.spi.EmulatesDevice;
import io.browserflow.engine.spi.EmulatesNetwork;
import io.browserflow.engine.spi.HasClipboard;
import io.browserflow.engine.spi.SendsHttp;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which optional driver features ({@link DriverFeatures}) a flow's steps need, checked against the
 * session before the first step runs: a step the driver cannot run is refused up front.
 */
final class DriverNeeds {
  /** A feature and what it lets a step do, in words. */
  private record Need(Class<?> feature, String what) {}

  private static final Need DEVICE = new Need(EmulatesDevice.class, "emulate a device (setViewport with deviceScaleFactor, mobile or touch)");
  private static final Need NETWORK = new Need(EmulatesNetwork.class, "emulate network conditions (emulateNetwork)");
  private static final Need HTTP = new Need(SendsHttp.class, "send http requests (http)");
  private static final Need CLIPBOARD = new Need(HasClipboard.class, "use a clipboard (clipboard)");
  private static final Need DIALOGS = new Need(AnswersDialogs.class, "answer native dialogs (dialogs)");

  private DriverNeeds() {}

  /**
   * {@code UNSUPPORTED_STEP} naming every step of the flow and of its called flows that needs a
   * feature {@code session} lacks; empty when the driver can run them all.
   */
  static Optional<FlowRunException> unmet(Flow flow, Collection<Flow> callees, DriverSession session, String driver) {
    Map<Need, List<String>> unmet = new LinkedHashMap<>();
    collect(flow.steps(), "steps", session, unmet);
    for (Flow callee : callees) {
      collect(callee.steps(), "flow " + callee.id() + " steps", session, unmet);
    }
    if (unmet.isEmpty()) {
      return Optional.empty();
    }
    List<String> parts = new ArrayList<>();
    unmet.forEach((need, paths) -> parts.add(need.what() + ": " + String.join(", ", paths)));
    String first = unmet.values().iterator().next().get(0);
    return Optional.of(new FlowRunException(ErrorCode.UNSUPPORTED_STEP, "the page driver " + driver + " cannot "
        + String.join("; nor ", parts) + ". Nothing ran: run the flow on a driver that can (the Playwright driver can "
        + "do all of these), or remove those steps", Map.of(FlowException.Details.PATH, first, "driver", driver)));
  }

  /**
   * The session as {@code feature}; {@code UNSUPPORTED_STEP} when it lacks it (a run's own steps are
   * checked before they start, so this is met only by callers outside a run).
   */
  static <T> T require(DriverSession session, Class<T> feature) {
    return DriverFeatures.of(session, feature).orElseThrow(() -> new FlowRunException(ErrorCode.UNSUPPORTED_STEP,
        "this page driver's session (" + session.getClass().getName() + ") is not " + feature.getSimpleName(),
        Map.of("driver", session.getClass().getName())));
  }

  private static void collect(List<Step> steps, String base, DriverSession session, Map<Need, List<String>> unmet) {
    for (int i = 0; i < steps.size(); i++) {
      Step step = steps.get(i);
      String path = base + "[" + i + "]";
      if (!step.disabled()) {
        List<Need> needs = new ArrayList<>();
        step.accept(NEED).ifPresent(needs::add);
        if (!step.dialogs().isEmpty()) {
          needs.add(DIALOGS);
        }
        needs.stream().filter(n -> !n.feature().isInstance(session))
            .forEach(n -> unmet.computeIfAbsent(n, k -> new ArrayList<>()).add(path + " (" + step.kind().op() + ")"));
      }
      for (Map.Entry<String, List<Step>> child : Walk.namedChildren(step)) {
        collect(child.getValue(), path + "." + child.getKey(), session, unmet);
      }
    }
  }

  private static final StepVisitor<Optional<Need>> NEED = new StepFamilyVisitor<>() {
    @Override public Optional<Need> visitSetViewport(PageStep.SetViewport s) { return s.emulatesDevice() ? Optional.of(DEVICE) : Optional.empty(); }
    @Override public Optional<Need> visitEmulateNetwork(PageStep.EmulateNetwork s) { return Optional.of(NETWORK); }
    @Override public Optional<Need> visitHttp(ExternalStep.Http s) { return Optional.of(HTTP); }
    @Override public Optional<Need> visitClipboard(DataStep.Clipboard s) { return Optional.of(CLIPBOARD); }

    // the driver's required methods run every other step
    @Override public Optional<Need> visitStep(Step step) { return Optional.empty(); }
  };
}
