package io.browserflow.engine.spi;

import java.util.Map;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * An http step's request and the response to it, as a driver sends and receives them
 * ({@link DriverSession#http}). The request is bound (placeholders resolved, credentials in
 * headers included): a driver keeps it in memory only and never logs it.
 */
@Value.Enclosing
public final class HttpExchange {
  private HttpExchange() {}

  /** What to send. */
  @Value.Immutable
  public interface Request {
    String method();

    /** Absolute http(s) URL. */
    String url();

    Map<String, String> headers();

    Optional<String> body();

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Request}. */
    final class Builder extends ImmutableHttpExchange.Request.Builder {}
  }

  /** What came back. */
  @Value.Immutable
  public interface Response {
    int status();

    /** Header names in lower case; repeated headers joined with {@code ", "}. */
    Map<String, String> headers();

    /** The body as text (UTF-8 unless the response says otherwise). */
    String body();

    static Builder builder() {
      return new Builder();
    }

    /** Builder of {@link Response}. */
    final class Builder extends ImmutableHttpExchange.Response.Builder {}
  }
}
