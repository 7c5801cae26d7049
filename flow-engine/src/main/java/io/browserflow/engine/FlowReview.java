package io.browserflow.engine;

import io.browserflow.api.Capability;
import io.browserflow.api.Condition;
import io.browserflow.api.Flow;
import io.browserflow.api.Step;
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
 * {@code file.download}, {@code tabs.multi}), the literal origins it visits plus its policy's, and
 * the SHA-256 digest of its canonical JSON. An engine built with
 * {@link FlowEngine.Builder#requireApproval(Approvals)} runs only approved digests.
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
    if (flow.tabs().size() > 1) {
      caps.add(Capability.TABS_MULTI);
    }
    flow.policy().ifPresent(p -> origins.addAll(p.allowedOrigins()));
    return ImmutableFlowReview.builder().flowId(flow.id()).digest(FlowJson.digest(flow))
        .capabilities(caps).origins(origins).build();
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
    for (Step s : steps) {
      s.expect().forEach(c -> scan(c, caps));
      scan(s.onError().fallback(), caps, origins);
      if (s instanceof Step.Open) {
        origin(((Step.Open) s).url()).ifPresent(origins::add);
        if (((Step.Open) s).tab().isPresent()) {
          caps.add(Capability.TABS_MULTI);
        }
      } else if (s instanceof Step.Navigate) {
        origin(((Step.Navigate) s).url()).ifPresent(origins::add);
      } else if (s instanceof Step.TabNew) {
        caps.add(Capability.TABS_MULTI);
        ((Step.TabNew) s).url().flatMap(FlowReview::origin).ifPresent(origins::add);
      } else if (s instanceof Step.TabSwitch || s instanceof Step.TabClose) {
        caps.add(Capability.TABS_MULTI);
      } else if (s instanceof Step.Click) {
        caps.add(Capability.UI_INTERACT);
        if (((Step.Click) s).newTab().isPresent()) {
          caps.add(Capability.TABS_MULTI);
        }
      } else if (s instanceof Step.Eval) {
        caps.add(Capability.SCRIPT_EVAL);
      } else if (s instanceof Step.Upload) {
        caps.add(Capability.UI_INTERACT);
        caps.add(Capability.FILE_UPLOAD);
      } else if (s instanceof Step.Wait) {
        ((Step.Wait) s).until().ifPresent(c -> scan(c, caps));
      } else if (s instanceof Step.Assert) {
        scan(((Step.Assert) s).condition(), caps);
      } else if (s instanceof Step.Foreach) {
        if (((Step.Foreach) s).concurrency() > 1) {
          caps.add(Capability.TABS_MULTI);
        }
        scan(((Step.Foreach) s).body(), caps, origins);
      } else if (s instanceof Step.Repeat) {
        scan(((Step.Repeat) s).body(), caps, origins);
      } else if (s instanceof Step.While) {
        scan(((Step.While) s).condition(), caps);
        scan(((Step.While) s).body(), caps, origins);
      } else if (s instanceof Step.If) {
        scan(((Step.If) s).condition(), caps);
        scan(((Step.If) s).then(), caps, origins);
        scan(((Step.If) s).otherwise(), caps, origins);
      } else if (s instanceof Step.Paginate) {
        caps.add(Capability.UI_INTERACT);
        scan(((Step.Paginate) s).body(), caps, origins);
      } else if (isInteraction(s)) {
        caps.add(Capability.UI_INTERACT);
      }
    }
  }

  private static boolean isInteraction(Step s) {
    return s instanceof Step.Dblclick || s instanceof Step.Contextmenu || s instanceof Step.Hover
        || s instanceof Step.Fill || s instanceof Step.Type || s instanceof Step.Press || s instanceof Step.Select
        || s instanceof Step.Check || s instanceof Step.Uncheck || s instanceof Step.Toggle
        || s instanceof Step.Scroll || s instanceof Step.Drag;
  }

  private static void scan(Condition c, Set<Capability> caps) {
    if (c instanceof Condition.Expression) {
      caps.add(Capability.SCRIPT_EVAL);
    } else if (c instanceof Condition.Download) {
      caps.add(Capability.FILE_DOWNLOAD);
    } else if (c instanceof Condition.Not) {
      scan(((Condition.Not) c).condition(), caps);
    }
  }
}
