package io.codemode4j.mcp;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Where and how the Streamable HTTP server listens.
 *
 * @param host the address to bind; {@code 127.0.0.1} unless the operator means to serve other
 *     machines
 * @param port the port; 0 picks a free one ({@link McpHttpServer#port()} tells which)
 * @param allowedOrigins the browser origins ({@code https://app.example}) whose requests are
 *     served; a request with any other {@code Origin} header is refused (DNS-rebinding defence);
 *     requests without one (not from a browser) are served
 * @param gracePeriod how long stopping waits for calls in flight
 * @param maxRequestBytes the largest request body read
 * @param sessions whether sessions are kept in this instance ({@link HttpSessions#KEPT}, so the
 *     server can ask the client's user to approve a call) or none is ({@link
 *     HttpSessions#STATELESS}, the default, so instances scale out without sticky sessions)
 */
public record HttpOptions(
    String host,
    int port,
    List<String> allowedOrigins,
    Duration gracePeriod,
    int maxRequestBytes,
    HttpSessions sessions) {

  public static final String LOOPBACK = "127.0.0.1";
  public static final Duration DEFAULT_GRACE = Duration.ofSeconds(30);
  public static final int DEFAULT_MAX_REQUEST_BYTES = 1024 * 1024;

  /** An Origin header's value: {@code scheme://host[:port]}, as browsers send it. */
  private static final Pattern ORIGIN =
      Pattern.compile("https?://(\\[[0-9a-fA-F:.]+\\]|[A-Za-z0-9.-]+)(:[0-9]{1,5})?");

  public HttpOptions {
    Objects.requireNonNull(host, "host");
    if (host.isBlank()) {
      throw new IllegalArgumentException("host must not be blank (127.0.0.1 serves this machine)");
    }
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be 0..65535, was " + port);
    }
    allowedOrigins = List.copyOf(allowedOrigins);
    for (String origin : allowedOrigins) {
      if (!ORIGIN.matcher(origin).matches()) {
        throw new IllegalArgumentException(
            "an allowed origin is a scheme, a host and an optional port, as a browser sends it in"
                + " its Origin header (https://app.example, http://localhost:3000), with no path"
                + " or trailing slash; was '"
                + origin
                + "'");
      }
    }
    Objects.requireNonNull(gracePeriod, "gracePeriod");
    if (gracePeriod.isNegative()) {
      throw new IllegalArgumentException("gracePeriod must not be negative, was " + gracePeriod);
    }
    if (maxRequestBytes < 1024) {
      throw new IllegalArgumentException(
          "maxRequestBytes must be at least 1024, was " + maxRequestBytes);
    }
    Objects.requireNonNull(sessions, "sessions");
  }

  /**
   * These options serving the browser origins {@code origins} too.
   *
   * @throws IllegalArgumentException naming an origin that is not {@code scheme://host[:port]}
   */
  public HttpOptions withAllowedOrigins(List<String> origins) {
    return new HttpOptions(host, port, origins, gracePeriod, maxRequestBytes, sessions);
  }

  /** These options keeping sessions, or not, as {@code kept} says. */
  public HttpOptions withSessions(HttpSessions kept) {
    return new HttpOptions(host, port, allowedOrigins, gracePeriod, maxRequestBytes, kept);
  }

  /**
   * Loopback on {@code port}, no browser origins, the default grace and request size, no sessions.
   */
  public static HttpOptions loopback(int port) {
    return new HttpOptions(
        LOOPBACK,
        port,
        List.of(),
        DEFAULT_GRACE,
        DEFAULT_MAX_REQUEST_BYTES,
        HttpSessions.STATELESS);
  }
}
