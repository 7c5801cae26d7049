package io.browserflow.playwright;

import com.microsoft.playwright.APIResponse;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.options.HttpHeader;
import com.microsoft.playwright.options.RequestOptions;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.api.FlowTimeoutException;
import io.browserflow.engine.spi.HttpExchange;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The session's {@code http} requests and clipboard. Requests go through the browser context's
 * request API, so they carry the context's cookies and the cookies a response sets join it.
 * Redirects are followed here, one hop at a time (at most {@value #MAX_REDIRECTS}), so network
 * deny mode checks every hop: the request API bypasses {@code route()}.
 */
final class HttpCalls {
  static final int MAX_REDIRECTS = 20;

  private final SessionState state;

  HttpCalls(SessionState state) {
    this.state = state;
  }

  HttpExchange.Response send(HttpExchange.Request request, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    String method = request.method();
    String url = request.url();
    java.util.Optional<String> body = request.body();
    for (int hop = 0; ; hop++) {
      guard(url);
      APIResponse response = once(method, url, request.headers(), body, deadline, request.method());
      int status = response.status();
      String location = header(response, "location");
      if (status >= 300 && status < 400 && status != 304 && location != null) {
        state.call(() -> {
          response.dispose();
          return null;
        });
        if (hop == MAX_REDIRECTS) {
          throw new FlowRunException(ErrorCode.ACTION_FAILED, request.method() + " " + NetworkGuard.withoutQuery(request.url())
              + " redirected more than " + MAX_REDIRECTS + " times");
        }
        url = URI.create(url).resolve(location).toString();
        if (status != 307 && status != 308) { // 301, 302 and 303 go on as a GET without a body, as browsers do
          method = method.equals("HEAD") ? "HEAD" : "GET";
          body = java.util.Optional.empty();
        }
        continue;
      }
      return state.call(() -> {
        Map<String, String> headers = new TreeMap<>();
        for (HttpHeader h : response.headersArray()) {
          headers.merge(h.name.toLowerCase(Locale.ROOT), h.value, (a, b) -> a + ", " + b);
        }
        String text = request.method().equals("HEAD") ? "" : response.text();
        response.dispose();
        return HttpExchange.Response.builder().status(status).headers(headers).body(text).build();
      });
    }
  }

  private void guard(String url) {
    NetworkGuard guard = state.shared.guard;
    if (guard != null && !guard.allows(url)) {
      guard.block(url);
      throw new FlowRunException(ErrorCode.NETWORK_ATTEMPT, "network access is denied for "
          + NetworkGuard.withoutQuery(url) + " (origin not in the allowed origins)",
          Map.of(FlowException.Details.URL, NetworkGuard.withoutQuery(url)));
    }
  }

  private APIResponse once(String method, String url, Map<String, String> headers, java.util.Optional<String> body,
      long deadline, String what) {
    long leftMs = (deadline - System.nanoTime()) / 1_000_000;
    if (leftMs <= 0) {
      throw timeout(what, url);
    }
    RequestOptions options = RequestOptions.create().setMethod(method).setMaxRedirects(0).setFailOnStatusCode(false)
        .setTimeout(leftMs);
    headers.forEach(options::setHeader);
    body.ifPresent(options::setData);
    try {
      return state.raw(() -> state.shared.context.request().fetch(url, options));
    } catch (PlaywrightException e) {
      if (Failures.isTimeout(e)) {
        throw timeout(what, url);
      }
      // the message may quote the request: the secrets of its headers and body are scrubbed
      throw Failures.actionFailed(what + " " + NetworkGuard.withoutQuery(url), e,
          headers.values().toArray(new String[0]));
    }
  }

  private static FlowTimeoutException timeout(String method, String url) {
    return new FlowTimeoutException(ErrorCode.TIMEOUT, method + " " + NetworkGuard.withoutQuery(url)
        + " got no response in time", Map.of(FlowException.Details.URL, NetworkGuard.withoutQuery(url)));
  }

  private String header(APIResponse response, String name) {
    return state.call(() -> response.headers().get(name));
  }

  // ------------------------------------------------------------------ clipboard

  String clipboardRead() {
    return withClipboard(() -> (String) state.page().evaluate("() => navigator.clipboard.readText()"));
  }

  void clipboardWrite(String text) {
    withClipboard(() -> state.page().evaluate("t => navigator.clipboard.writeText(t)", text));
  }

  /** Grants the clipboard to the page's origin for the call, and takes every grant back after. */
  private <T> T withClipboard(java.util.function.Supplier<T> work) {
    return state.call(() -> {
      String origin = NetworkGuard.origin(state.page().url());
      if (origin == null) {
        throw new FlowRunException(ErrorCode.ACTION_FAILED, "the clipboard belongs to a web page: open one first (the "
            + "current page is " + NetworkGuard.withoutQuery(state.page().url()) + ")");
      }
      BrowserContext context = state.shared.context;
      context.grantPermissions(List.of("clipboard-read", "clipboard-write"),
          new BrowserContext.GrantPermissionsOptions().setOrigin(origin));
      try {
        state.page().bringToFront(); // the clipboard API wants the document focused
        return work.get();
      } catch (PlaywrightException e) {
        throw Failures.actionFailed("the clipboard", e);
      } finally {
        context.clearPermissions();
      }
    });
  }
}
