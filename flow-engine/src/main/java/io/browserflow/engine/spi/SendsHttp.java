package io.browserflow.engine.spi;

import java.time.Duration;

/**
 * A {@link DriverSession} that can send an {@code http} step's request (checked before a run's first
 * step, {@link DriverFeatures#check}).
 */
public interface SendsHttp {

  /**
   * Sends the request with the session's cookies (a signed-in session carries over) and the
   * session's network rules: in network deny mode a request to an origin the session does not
   * allow is refused with {@code NETWORK_ATTEMPT} and listed in {@link DriverSession#blockedRequests()}.
   * Cookies the response sets join the session.
   *
   * @throws io.browserflow.api.FlowRunException {@code TIMEOUT} when no response came in time,
   *     {@code ACTION_FAILED} when the request could not be sent
   */
  HttpExchange.Response http(HttpExchange.Request request, Duration timeout);
}
