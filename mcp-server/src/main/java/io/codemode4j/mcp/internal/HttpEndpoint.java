package io.codemode4j.mcp.internal;

import io.codemode4j.mcp.Grant;
import io.codemode4j.mcp.Tokens;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The {@code /mcp} endpoint: checks the request's Host and Origin, authenticates its bearer token,
 * and hands it to the stateless transport of the token's grant group.
 *
 * <p>Decided: every check is here, before the SDK reads a byte, with one answer format ({@code
 * {"error": message}} and the status that says why): 403 for a Host or Origin this server does not
 * serve, 401 with {@code WWW-Authenticate: Bearer} for a missing or unknown token, 429 with {@code
 * Retry-After} for a client that failed too often ({@link FailedAuthentications}). The Host check
 * applies when the server is bound to loopback, where a hostile web page could otherwise reach it
 * through DNS rebinding; bound elsewhere, names are the operator's and Origin plus the token guard.
 */
public final class HttpEndpoint extends HttpServlet {

  /** The request attribute holding the authenticated grant, read by the transport's extractor. */
  public static final String GRANT = "io.codemode4j.mcp.grant";

  private static final long serialVersionUID = 1L;

  private static final int SC_TOO_MANY_REQUESTS = 429;

  private final transient Tokens tokens;
  private final transient Map<Grant, HttpServlet> transports;
  private final transient List<String> allowedOrigins;
  private final transient @Nullable Set<String> allowedHostNames;
  private final transient FailedAuthentications failures;

  /**
   * @param allowedHostNames the names (without port) a Host header may carry; null when not checked
   */
  public HttpEndpoint(
      Tokens tokens,
      Map<Grant, HttpServlet> transports,
      List<String> allowedOrigins,
      @Nullable Set<String> allowedHostNames,
      FailedAuthentications failures) {
    this.tokens = tokens;
    this.failures = failures;
    this.transports = Map.copyOf(transports);
    this.allowedOrigins = List.copyOf(allowedOrigins);
    this.allowedHostNames = allowedHostNames == null ? null : Set.copyOf(allowedHostNames);
  }

  @Override
  public void init(ServletConfig config) throws ServletException {
    super.init(config);
    for (HttpServlet transport : transports.values()) {
      transport.init(config);
    }
  }

  @Override
  protected void service(HttpServletRequest request, HttpServletResponse response)
      throws ServletException, IOException {
    String host = request.getHeader("Host");
    if (allowedHostNames != null
        && (host == null || !allowedHostNames.contains(hostName(host).toLowerCase(Locale.ROOT)))) {
      refuse(
          response,
          HttpServletResponse.SC_FORBIDDEN,
          "this server serves loopback only; Host "
              + (host == null ? "is missing" : "\"" + host + "\" is not a loopback name"));
      return;
    }
    String origin = request.getHeader("Origin");
    if (origin != null && !allowedOrigins.contains(origin)) {
      refuse(
          response,
          HttpServletResponse.SC_FORBIDDEN,
          "Origin \""
              + origin
              + "\" is not allowed; the operator lists browser origins with --allow-origin");
      return;
    }
    String client = request.getRemoteAddr();
    long retryAfter = failures.retryAfterSeconds(client);
    if (retryAfter > 0) {
      response.setHeader("Retry-After", Long.toString(retryAfter));
      refuse(
          response,
          SC_TOO_MANY_REQUESTS,
          "too many failed authentications from this address: try again in "
              + retryAfter
              + " s with a valid bearer token");
      return;
    }
    String authorization = request.getHeader("Authorization");
    if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      failures.failed(client, "no bearer token");
      response.setHeader("WWW-Authenticate", "Bearer realm=\"codemode4j\"");
      refuse(
          response,
          HttpServletResponse.SC_UNAUTHORIZED,
          "send a bearer token: Authorization: Bearer <token>");
      return;
    }
    Grant grant = tokens.grant(authorization.substring(7).strip());
    if (grant == null) {
      failures.failed(client, "a bearer token that is not valid");
      response.setHeader(
          "WWW-Authenticate", "Bearer realm=\"codemode4j\", error=\"invalid_token\"");
      refuse(response, HttpServletResponse.SC_UNAUTHORIZED, "the bearer token is not valid");
      return;
    }
    HttpServlet transport = transports.get(grant);
    if (transport == null) {
      throw new IllegalStateException("no transport for the grant of " + grant.principal().id());
    }
    request.setAttribute(GRANT, grant);
    transport.service(request, response);
  }

  /** {@code localhost:8080} to {@code localhost}, {@code [::1]:8080} to {@code [::1]}. */
  private static String hostName(String host) {
    if (host.startsWith("[")) {
      int end = host.indexOf(']');
      return end < 0 ? host : host.substring(0, end + 1);
    }
    int colon = host.lastIndexOf(':');
    return colon < 0 ? host : host.substring(0, colon);
  }

  private static void refuse(HttpServletResponse response, int status, String message)
      throws IOException {
    response.setStatus(status);
    response.setContentType("application/json");
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response
        .getWriter()
        .write(JsonNodeFactory.instance.objectNode().put("error", message).toString());
  }
}
