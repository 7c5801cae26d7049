package io.browserflow.playwright;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.ConsoleMessage;
import com.microsoft.playwright.Request;
import com.microsoft.playwright.Response;
import com.microsoft.playwright.WebError;
import io.browserflow.engine.ConsoleLine;
import io.browserflow.engine.RequestLine;
import io.browserflow.engine.StepActivityLimits;
import io.browserflow.engine.spi.PageActivity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the pages of one browser context report between two {@link #drain()} calls: console errors
 * and warnings, uncaught page errors, requests that failed or got a 4xx/5xx answer. Bounded: beyond
 * the limits lines are only counted. The browser's own request for {@code /favicon.ico} is left
 * out. Playwright delivers the events on the driver thread while it
 * runs a call, so an event is seen by the step during (or after) which the browser reported it.
 */
final class Activity {
  /** Requests that might still fail, and when they were sent (Playwright gives no timing to a request that got no answer). */
  private final Map<Request, Long> sent = new LinkedHashMap<>(64, 0.75f, false) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Request, Long> eldest) {
      return size() > 1_000;
    }
  };
  private final List<ConsoleLine> console = new ArrayList<>();
  private final List<RequestLine> requests = new ArrayList<>();
  private int dropped;

  /** On the driver thread: listens to the context's pages. */
  void watch(BrowserContext context) {
    context.onConsoleMessage(m -> guarded(() -> console(m)));
    context.onWebError(e -> guarded(() -> pageError(e)));
    context.onRequest(r -> guarded(() -> sent(r)));
    context.onResponse(r -> guarded(() -> response(r)));
    context.onRequestFailed(r -> guarded(() -> failed(r)));
  }

  /** A report that cannot be read is left out: listening must never fail the step that runs. */
  private static void guarded(Runnable handler) {
    try {
      handler.run();
    } catch (RuntimeException e) {
      // the event's data was incomplete (a page closing); nothing to report
    }
  }

  private synchronized void sent(Request r) {
    sent.put(r, System.nanoTime());
  }

  private void console(ConsoleMessage m) {
    ConsoleLine.Kind kind = switch (m.type()) {
      case "error", "assert" -> ConsoleLine.Kind.ERROR;
      case "warning" -> ConsoleLine.Kind.WARNING;
      default -> null;
    };
    String location = m.location();
    if (kind != null && !(location != null && isFavicon(location.replaceAll(":\\d+:\\d+$", "")))) {
      addConsole(ConsoleLine.of(kind, m.text(), location == null || location.isBlank() || location.equals(":0:0")
          ? Optional.empty() : Optional.of(location)));
    }
  }

  /** The icon Chromium asks every site for by itself: its absence is no page's fault. */
  private static boolean isFavicon(String url) {
    int query = url.indexOf('?');
    return (query < 0 ? url : url.substring(0, query)).endsWith("/favicon.ico");
  }

  private void pageError(WebError e) {
    addConsole(ConsoleLine.of(ConsoleLine.Kind.PAGE_ERROR, e.error(), Optional.empty()));
  }

  private void addConsole(ConsoleLine line) {
    keep(console, StepActivityLimits.MAX_CONSOLE, line);
  }

  private void response(Response r) {
    Request req = r.request();
    long ms = since(req);
    if (r.status() >= 400 && !isFavicon(r.url())) {
      addRequest(RequestLine.builder().method(req.method()).url(r.url()).status(r.status()).ms(ms).build());
    }
  }

  private void failed(Request req) {
    addRequest(RequestLine.builder().method(req.method()).url(req.url())
        .failure(Optional.ofNullable(req.failure()).orElse("failed")).ms(since(req)).build());
  }

  /** Milliseconds since the request was sent, forgetting it; 0 when it was sent before listening began. */
  private synchronized long since(Request req) {
    Long at = sent.remove(req);
    return at == null ? 0 : (System.nanoTime() - at) / 1_000_000;
  }

  private void addRequest(RequestLine line) {
    keep(requests, StepActivityLimits.MAX_REQUESTS, line);
  }

  /** Adds {@code line} while {@code lines} holds fewer than {@code max}, else counts it as dropped. */
  private synchronized <T> void keep(List<T> lines, int max, T line) {
    if (lines.size() < max) {
      lines.add(line);
    } else {
      dropped++;
    }
  }

  /** Requests sent within the last {@code windowNanos} that have had neither an answer nor a failure. */
  synchronized int awaiting(long windowNanos) {
    long since = System.nanoTime() - windowNanos;
    int n = 0;
    for (Long at : sent.values()) {
      if (at >= since) {
        n++;
      }
    }
    return n;
  }

  /** What was reported since the last call; forgets it. */
  synchronized PageActivity drain() {
    if (console.isEmpty() && requests.isEmpty() && dropped == 0) {
      return PageActivity.none();
    }
    PageActivity out = PageActivity.builder().console(console).requests(requests).dropped(dropped).build();
    console.clear();
    requests.clear();
    dropped = 0;
    return out;
  }
}
