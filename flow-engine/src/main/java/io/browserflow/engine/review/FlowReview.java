package io.browserflow.engine.review;

import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.DefaultConditionVisitor;
import io.browserflow.api.ConditionVisitor;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
import io.browserflow.api.PageStep;
import io.browserflow.api.InteractionStep;
import io.browserflow.api.ExternalStep;
import io.browserflow.api.DataStep;
import io.browserflow.api.ControlStep;
import io.browserflow.api.CheckStep;
import io.browserflow.api.StepFamilyVisitor;
import io.browserflow.api.StepVisitor;
import io.browserflow.api.TabAlias;
import io.browserflow.api.json.FlowJson;
import java.net.URI;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.immutables.value.Value;

/**
 * What a flow needs before it may run, for a person to approve: the capability manifest
 * ({@code ui.observe}, {@code ui.interact}, {@code script.eval}, {@code file.upload},
 * {@code file.download}, {@code tabs.multi}, {@code http.request}, {@code file.read}, {@code file.write}), the literal origins it visits
 * plus its policy's (its subflows' included), and the SHA-256 digest of its canonical JSON. An engine built with
 * {@link io.browserflow.engine.FlowEngine.Builder#requireApproval(Approvals)} runs only approved
 * digests.
 *
 * <pre>{@code
 * FlowReview review = FlowReview.of(flow);
 * review.capabilities();   // [ui.observe, ui.interact, tabs.multi]
 * approvals.approve(review);
 * }</pre>
 */
@Value.Immutable
public interface FlowReview {
  String flowId();

  String digest();

  Set<Capability> capabilities();

  /** Origins ({@code scheme://host[:port]}) of literal URLs in the flow and of its policy. */
  Set<String> origins();

  static FlowReview of(Flow flow) {
    Set<Capability> caps = EnumSet.of(Capability.UI_OBSERVE);
    Set<String> origins = new LinkedHashSet<>();
    flow.tabs().stream().map(TabAlias::url).flatMap(Optional::stream).forEach(u -> origin(u).ifPresent(origins::add));
    scan(flow.steps(), caps, origins);
    for (Flow sub : flow.subflows()) { // the document holds them: they are reviewed with it
      FlowReview own = of(sub);
      caps.addAll(own.capabilities());
      origins.addAll(own.origins());
    }
    if (flow.tabs().size() > 1) {
      caps.add(Capability.TABS_MULTI);
    }
    flow.policy().ifPresent(p -> origins.addAll(p.allowedOrigins()));
    return ImmutableFlowReview.builder().flowId(flow.id()).digest(FlowJson.digest(flow))
        .capabilities(caps).origins(origins).build();
  }

  /**
   * This review with what {@code other} needs added (a flow its run calls from the flow library):
   * the union of capabilities and origins, this flow's id and digest.
   */
  default FlowReview with(FlowReview other) {
    Set<Capability> caps = EnumSet.copyOf(capabilities());
    caps.addAll(other.capabilities());
    Set<String> all = new LinkedHashSet<>(origins());
    all.addAll(other.origins());
    return ImmutableFlowReview.builder().from(this).capabilities(caps).origins(all).build();
  }

  /** The origin of a literal absolute http(s) URL; empty for relative URLs or URLs starting with a placeholder. */
  static Optional<String> origin(String url) {
    if (url.startsWith("${") || !(url.startsWith("http://") || url.startsWith("https://"))) {
      return Optional.empty();
    }
    String literalPrefix = url.contains("${") ? url.substring(0, url.indexOf("${")) : url;
    try {
      URI uri = URI.create(literalPrefix.replace(" ", "%20"));
      if (uri.getHost() == null) {
        return Optional.empty();
      }
      return Optional.of(uri.getScheme().toLowerCase() + "://" + uri.getHost().toLowerCase()
          + (uri.getPort() >= 0 ? ":" + uri.getPort() : ""));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private static void scan(List<Step> steps, Set<Capability> caps, Set<String> origins) {
    StepVisitor<Void> needs = new StepFamilyVisitor<>() {
      @Override
      public Void visitOpen(PageStep.Open s) {
        origin(s.url()).ifPresent(origins::add);
        if (s.tab().isPresent()) {
          caps.add(Capability.TABS_MULTI);
        }
        return null;
      }

      @Override
      public Void visitNavigate(PageStep.Navigate s) {
        origin(s.url()).ifPresent(origins::add);
        return null;
      }

      @Override
      public Void visitTabNew(PageStep.TabNew s) {
        s.url().flatMap(FlowReview::origin).ifPresent(origins::add);
        return null;
      }

      @Override
      public Void visitClick(InteractionStep.Click s) {
        if (s.newTab().isPresent()) {
          caps.add(Capability.TABS_MULTI);
        }
        return null;
      }

      @Override
      public Void visitHttp(ExternalStep.Http s) {
        origin(s.url()).ifPresent(origins::add);
        return null;
      }

      @Override
      public Void visitUpload(InteractionStep.Upload s) {
        caps.add(Capability.UI_INTERACT);
        return null;
      }

      @Override
      public Void visitWait(CheckStep.Wait s) {
        s.until().ifPresent(c -> scan(c, caps));
        return null;
      }

      @Override
      public Void visitAssert(CheckStep.Assert s) {
        scan(s.condition(), caps);
        return null;
      }

      @Override
      public Void visitForeach(ControlStep.Foreach s) {
        if (s.concurrency() > 1) {
          caps.add(Capability.TABS_MULTI);
        }
        scan(s.body(), caps, origins);
        return null;
      }

      @Override
      public Void visitRepeat(ControlStep.Repeat s) {
        scan(s.body(), caps, origins);
        return null;
      }

      @Override
      public Void visitWhile(ControlStep.While s) {
        scan(s.condition(), caps);
        scan(s.body(), caps, origins);
        return null;
      }

      @Override
      public Void visitIf(ControlStep.If s) {
        scan(s.condition(), caps);
        scan(s.then(), caps, origins);
        scan(s.otherwise(), caps, origins);
        return null;
      }

      @Override
      public Void visitPaginate(DataStep.Paginate s) {
        scan(s.body(), caps, origins);
        return null;
      }

      // other steps need what their kind names (Step.Kind.capability(), added for every step below);
      // their expect conditions are scanned with every step
      @Override public Void visitStep(Step step) { return null; }
    };
    for (Step s : steps) {
      s.expect().forEach(c -> scan(c, caps));
      scan(s.onError().fallback(), caps, origins);
      s.kind().capability().ifPresent(caps::add);
      s.accept(needs);
    }
  }

  private static void scan(Condition c, Set<Capability> caps) {
    c.accept(new DefaultConditionVisitor<Optional<Capability>>() {
      @Override
      public Optional<Capability> visitExpression(Condition.Expression e) {
        return Optional.of(Capability.SCRIPT_EVAL);
      }

      @Override
      public Optional<Capability> visitDownload(Condition.Download d) {
        return Optional.of(Capability.FILE_DOWNLOAD);
      }

      @Override
      public Optional<Capability> visitNot(Condition.Not n) {
        return n.condition().accept(this);
      }

      // observing the page or the run's values needs no more than ui.observe
      @Override public Optional<Capability> visitCondition(Condition condition) { return Optional.empty(); }
    }).ifPresent(caps::add);
  }
}
