package io.browserflow.playwright;

import com.microsoft.playwright.APIResponse;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.Request;
import com.microsoft.playwright.Route;
import io.browserflow.api.Origins;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Network deny mode: every HTTP request and WebSocket of a context whose origin is not allowed is
 * aborted (WebSockets bypass {@code route()}, hence {@code routeWebSocket}) and recorded without its
 * query string and fragment. Pages, {@code fetch} and XHR requests follow redirects one hop at a
 * time, each hop checked before it is sent; other resources' hops, which {@code route()} does not
 * see, are recorded when the browser makes them. {@code data:}, {@code blob:} and {@code about:} URLs never touch the
 * network and pass. Handlers run on the driver thread while a Playwright call is in progress.
 */
final class NetworkGuard {
  private static final Set<String> LOCAL_SCHEMES = Set.of("data", "blob", "about", "javascript");
  /** Requests whose redirects are followed hop by hop, each hop checked before it is sent. */
  private static final Set<String> FOLLOWED = Set.of("document", "fetch", "xhr");

  /** The allowed origins as {@link Origins} patterns, normalised as {@link #origin(String)} does. */
  private final Set<String> allowed = new LinkedHashSet<>();
  private final Set<String> blocked = new LinkedHashSet<>();

  NetworkGuard(List<String> allowedOrigins) {
    for (String o : allowedOrigins) {
      boolean anyPort = o.endsWith(Origins.ANY_PORT);
      String n = origin(anyPort ? o.substring(0, o.length() - Origins.ANY_PORT.length()) : o);
      if (n != null) {
        allowed.add(anyPort ? n + Origins.ANY_PORT : n);
      }
    }
  }

  void install(BrowserContext context) {
    context.route(url -> true, route -> {
      Request request = route.request();
      String url = request.url();
      if (!allows(url)) {
        record(url);
        route.abort("blockedbyclient");
      } else if (FOLLOWED.contains(request.resourceType())) {
        followHop(route, url);
      } else {
        route.resume();
      }
    });
    // hops route() never sees (a stylesheet or image through a redirect): recorded, so a strict run fails
    context.onRequest(request -> {
      if (request.redirectedFrom() != null && !allows(request.url())) {
        record(request.url());
      }
    });
    context.routeWebSocket(url -> true, ws -> {
      if (allows(ws.url())) {
        ws.connectToServer();
      } else {
        record(ws.url());
        ws.close();
      }
    });
  }

  /**
   * Pages and script requests (what carries form data and secrets) take one hop at a time: the
   * request is made without following redirects, and a redirect to an origin the policy does not
   * allow is refused before the browser sends anything there (a 307 would resend a posted
   * password). An allowed redirect is handed to the browser, whose next request comes through here.
   */
  private void followHop(Route route, String url) {
    APIResponse response;
    try {
      response = route.fetch(new Route.FetchOptions().setMaxRedirects(0));
    } catch (PlaywrightException e) {
      route.resume(); // the browser reports the network error itself
      return;
    }
    String location = response.headers().get("location");
    if (response.status() >= 300 && response.status() < 400 && location != null) {
      String next;
      try {
        next = URI.create(url).resolve(location.strip()).toString();
      } catch (IllegalArgumentException e) {
        next = location;
      }
      if (!allows(next)) {
        record(next);
        route.abort("blockedbyclient");
        return;
      }
    }
    route.fulfill(new Route.FulfillOptions().setResponse(response));
  }

  boolean allows(String url) {
    int colon = url.indexOf(':');
    if (colon > 0 && LOCAL_SCHEMES.contains(url.substring(0, colon).toLowerCase(Locale.ROOT))) {
      return true;
    }
    String o = origin(url);
    return o != null && Origins.admits(allowed, o);
  }

  synchronized List<String> blocked() {
    return new ArrayList<>(blocked);
  }

  private synchronized void record(String url) {
    blocked.add(withoutQuery(url));
  }

  /** Records a request the session refused itself (an http step's). */
  void block(String url) {
    record(url);
  }

  static String withoutQuery(String url) {
    int cut = url.length();
    int q = url.indexOf('?');
    int h = url.indexOf('#');
    if (q >= 0) {
      cut = q;
    }
    if (h >= 0 && h < cut) {
      cut = h;
    }
    return url.substring(0, cut);
  }

  /** {@code scheme://host[:port]} lower-cased, default ports dropped (ws/wss count as http/https); null when not a URL. */
  static String origin(String url) {
    try {
      URI u = URI.create(url.trim());
      String scheme = u.getScheme();
      String host = u.getHost();
      if (scheme == null || host == null) {
        return null;
      }
      scheme = scheme.toLowerCase(Locale.ROOT);
      if (scheme.equals("ws")) {
        scheme = "http";
      } else if (scheme.equals("wss")) {
        scheme = "https";
      }
      int port = u.getPort();
      boolean defaultPort = port == -1 || (scheme.equals("http") && port == 80) || (scheme.equals("https") && port == 443);
      return scheme + "://" + host.toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
