package io.browserflow.testkit;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.FlowException;
import io.browserflow.api.FlowRunException;
import io.browserflow.engine.spi.SessionOptions;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Network deny mode: a URL whose origin is not allowed is never loaded, and is recorded without its
 * query string and fragment. {@code about:}, {@code data:} and other local schemes never touch the
 * network and pass. While the network is emulated offline, every load of a network URL fails
 * ({@link #offline(String)}), as {@code net::ERR_INTERNET_DISCONNECTED} does in a browser.
 */
final class NetworkGuard {
  private final SessionOptions options;
  private final List<String> blocked;
  private final SessionState state;

  NetworkGuard(SessionState state) {
    this.state = state;
    this.options = state.options;
    this.blocked = state.blocked;
  }

  boolean denied(String url) {
    if (!options.denyNetwork()) {
      return false;
    }
    String origin = origin(url);
    if (origin == null) {
      return false; // about:, data: and other local schemes never touch the network
    }
    for (String allowed : options.allowedOrigins()) {
      String a = origin(allowed);
      if (origin.equals(a != null ? a : allowed.toLowerCase(Locale.ROOT))) {
        return false;
      }
    }
    return true;
  }

  /** {@code scheme://host[:port]} in lower case, default ports dropped; null for non-network URLs. */
  static String origin(String url) {
    try {
      URI u = URI.create(url.trim());
      String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
      if (!List.of("http", "https", "ws", "wss").contains(scheme) || u.getHost() == null) {
        return null;
      }
      int port = u.getPort();
      boolean defaultPort = port == -1 || (port == 80 && (scheme.equals("http") || scheme.equals("ws")))
          || (port == 443 && (scheme.equals("https") || scheme.equals("wss")));
      return scheme + "://" + u.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** Whether loading {@code url} needs the network while it is emulated offline (local schemes never do). */
  boolean offline(String url) {
    return state.network.offline() && origin(url) != null;
  }

  /**
   * Refuses a load the page did not ask for itself (open, navigate, an http step): blocked with
   * {@code NETWORK_ATTEMPT} in deny mode, failed as {@code net::ERR_INTERNET_DISCONNECTED} offline.
   */
  void refuseExplicit(String url, String what) {
    if (denied(url)) {
      block(url);
      throw new FlowRunException(ErrorCode.NETWORK_ATTEMPT, "network access is denied for "
          + stripQuery(url) + " (origin not in the allowed origins)", Map.of(FlowException.Details.URL, stripQuery(url)));
    }
    if (offline(url)) {
      throw new FlowRunException(ErrorCode.ACTION_FAILED, what + " " + stripQuery(url)
          + " failed: net::ERR_INTERNET_DISCONNECTED (the network is emulated offline; emulateNetwork with neither "
          + "offline nor throttling brings it back)", Map.of(FlowException.Details.URL, stripQuery(url)));
    }
  }

  void block(String url) {
    blocked.add(stripQuery(url));
  }

  static String stripQuery(String url) {
    return InMemoryPageDriver.withoutQuery(InMemoryPageDriver.withoutFragment(url));
  }
}
