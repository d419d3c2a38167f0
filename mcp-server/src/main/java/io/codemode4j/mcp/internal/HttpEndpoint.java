package io.codemode4j.mcp.internal;

import io.codemode4j.mcp.Grant;
import io.codemode4j.mcp.Tokens;
import io.modelcontextprotocol.spec.McpSchema;
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
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

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
 * An authenticated request is then a POST of one JSON-RPC message in JSON, at most {@code
 * maxRequestBytes}, that {@link JsonRpcScreen} accepts; every other is answered with a JSON-RPC
 * error and the status that says why (405, 415, 406, 413, 400). Without sessions, the transport's
 * answer is sent through {@link HttpExchange}, which lets no exception text out. With kept
 * sessions, each token holds at most {@link KeptSessions#MAX_PER_GRANT} at once (429 past that),
 * GET (the session's stream) and DELETE (its end) go to the transport too, a POST may carry the
 * client's answer to a request of the server's (an elicitation), and the transport writes its event
 * streams itself, since they stay open while a call waits for that answer.
 */
public final class HttpEndpoint extends HttpServlet {

  /** The request attribute holding the authenticated grant, read by the transport's extractor. */
  public static final String GRANT = "io.codemode4j.mcp.grant";

  /**
   * The request attribute holding the {@link CallNotifier} of a {@code tools/call}, read by the
   * transport's extractor; {@link CallNotifier#NONE} for every other request.
   */
  public static final String NOTIFIER = "io.codemode4j.mcp.notifier";

  private static final long serialVersionUID = 1L;

  private static final int SC_TOO_MANY_REQUESTS = 429;

  private final transient Tokens tokens;
  private final transient Map<Grant, HttpServlet> transports;
  private final transient List<String> allowedOrigins;
  private final transient @Nullable Set<String> allowedHostNames;
  private final transient FailedAuthentications failures;
  private final transient JsonRpcScreen screen;
  private final transient JsonMapper mapper;
  private final int maxRequestBytes;

  /** The sessions each grant holds; null when the transports keep none. */
  private final transient @Nullable KeptSessions kept;

  /**
   * The level each grant's client asked for with {@code logging/setLevel}. Decided: the stateless
   * server keeps no session, so the level is the token's (every client of one token shares it) and
   * this instance's (behind a load balancer, a client sets it on each instance it may reach, as a
   * reconnecting client does); until it is set, no log message is sent over HTTP, so a client that
   * asks for none gets plain JSON answers as before.
   */
  private final transient Map<Grant, McpSchema.LoggingLevel> levels = new ConcurrentHashMap<>();

  /**
   * @param allowedHostNames the names (without port) a Host header may carry; null when not checked
   * @param kept the count of the sessions each grant holds, when the transports keep sessions; null
   *     when they keep none
   */
  public HttpEndpoint(
      Tokens tokens,
      Map<Grant, HttpServlet> transports,
      List<String> allowedOrigins,
      @Nullable Set<String> allowedHostNames,
      FailedAuthentications failures,
      JsonMapper mapper,
      int maxRequestBytes,
      @Nullable KeptSessions kept) {
    this.tokens = tokens;
    this.mapper = mapper;
    this.kept = kept;
    this.screen = new JsonRpcScreen(mapper, kept != null);
    this.maxRequestBytes = maxRequestBytes;
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
      deny(
          response,
          HttpServletResponse.SC_FORBIDDEN,
          "this server serves loopback only; Host "
              + (host == null ? "is missing" : "\"" + host + "\" is not a loopback name"));
      return;
    }
    String origin = request.getHeader("Origin");
    if (origin != null && !allowedOrigins.contains(origin)) {
      deny(
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
      deny(
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
      deny(
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
      deny(response, HttpServletResponse.SC_UNAUTHORIZED, "the bearer token is not valid");
      return;
    }
    HttpServlet transport = transports.get(grant);
    if (transport == null) {
      throw new IllegalStateException("no transport for the grant of " + grant.principal().id());
    }
    request.setAttribute(GRANT, grant);
    exchange(request, response, transport);
  }

  /**
   * One authenticated request: a POST of one JSON-RPC message, screened, then handed to the
   * transport; anything else answered here with a JSON-RPC error and the status that says why.
   */
  private void exchange(
      HttpServletRequest request, HttpServletResponse response, HttpServlet transport)
      throws ServletException, IOException {
    String verb = request.getMethod();
    if (kept != null && ("GET".equals(verb) || "DELETE".equals(verb))) {
      // A session's stream or end: the transport checks its Mcp-Session-Id and Accept.
      int status = HttpExchange.serveKept(transport, request, response, null, null, null, mapper);
      counted(request, status, "DELETE".equals(verb) && status == HttpServletResponse.SC_OK);
      return;
    }
    if (!"POST".equals(verb)) {
      response.setHeader("Allow", kept != null ? "GET, POST, DELETE" : "POST");
      refuse(
          response,
          HttpServletResponse.SC_METHOD_NOT_ALLOWED,
          kept != null
              ? verb + " is not served: POST a JSON-RPC message, GET a session's stream, DELETE it"
              : verb
                  + " is not served: this server keeps no session, so it opens no stream (GET)"
                  + " and ends none (DELETE); POST one JSON-RPC message (sessions are kept when"
                  + " the server is started with codemode mcp --sessions)");
      return;
    }
    String type = request.getContentType();
    if (type == null
        || !type.strip().toLowerCase(Locale.ROOT).matches("application/json\\s*(;.*)?")) {
      refuse(
          response,
          HttpServletResponse.SC_UNSUPPORTED_MEDIA_TYPE,
          "send the message as Content-Type: application/json"
              + (type == null ? "" : ", not " + JsonRpcErrors.shortened(type)));
      return;
    }
    String accept = request.getHeader("Accept");
    if (accept == null
        || !accept.contains("application/json")
        || !accept.contains("text/event-stream")) {
      refuse(
          response,
          HttpServletResponse.SC_NOT_ACCEPTABLE,
          "send Accept: application/json, text/event-stream, as MCP's Streamable HTTP asks");
      return;
    }
    byte[] body = HttpExchange.body(request, maxRequestBytes);
    if (body == null) {
      refuse(
          response,
          HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE,
          "the message is over " + maxRequestBytes + " bytes, the most this server reads");
      return;
    }
    JsonRpcScreen.Verdict verdict = screen.screen(new String(body, StandardCharsets.UTF_8));
    if (verdict instanceof JsonRpcScreen.Refused refused) {
      // A request with a readable id gets its answer (200, as for any JSON-RPC error); a message
      // that is not one, or a notification, is refused with 400.
      HttpExchange.write(
          response,
          refused.id() == null ? HttpServletResponse.SC_BAD_REQUEST : HttpServletResponse.SC_OK,
          HttpExchange.bytes(refused.toJson()));
      return;
    }
    JsonRpcScreen.Accepted accepted = (JsonRpcScreen.Accepted) verdict;
    String method = accepted.message().path("method").asString("");
    if (kept != null) {
      boolean initialize =
          accepted.kind() == JsonRpcScreen.Kind.REQUEST
              && McpSchema.METHOD_INITIALIZE.equals(method);
      Grant grant = (Grant) request.getAttribute(GRANT);
      if (initialize && !kept.mayStart(grant)) {
        HttpExchange.write(
            response,
            SC_TOO_MANY_REQUESTS,
            HttpExchange.bytes(
                new JsonRpcScreen.Refused(
                        accepted.id(),
                        JsonRpcScreen.Code.INVALID_REQUEST,
                        "this token holds "
                            + kept.max()
                            + " sessions, the most one token may hold at once: end one (DELETE,"
                            + " as a client does when it closes) or wait until one has been idle"
                            + " long enough to end",
                        false)
                    .toJson()));
        return;
      }
      int status =
          HttpExchange.serveKept(
              transport,
              request,
              response,
              HttpExchange.bytes(accepted.message()),
              accepted.id(),
              method.isEmpty() ? null : method,
              mapper);
      String started = response.getHeader("Mcp-Session-Id");
      if (initialize && status == HttpServletResponse.SC_OK && started != null) {
        kept.started(grant, started);
      } else {
        counted(request, status, false);
      }
      return;
    }
    Grant grant = (Grant) request.getAttribute(GRANT);
    if (accepted.kind() == JsonRpcScreen.Kind.REQUEST
        && McpSchema.METHOD_LOGGING_SET_LEVEL.equals(method)) {
      // The stateless SDK server has no session to keep a level in: answered here.
      levels.put(
          grant,
          McpSchema.LoggingLevel.valueOf(
              accepted.message().at("/params/level").asString().toUpperCase(Locale.ROOT)));
      ObjectNode answer = mapper.createObjectNode().put("jsonrpc", "2.0");
      answer.set("id", accepted.id());
      answer.putObject("result");
      HttpExchange.write(response, HttpServletResponse.SC_OK, HttpExchange.bytes(answer));
      return;
    }
    SseStream stream =
        accepted.kind() == JsonRpcScreen.Kind.REQUEST && McpSchema.METHOD_TOOLS_CALL.equals(method)
            ? new SseStream(response, levels.get(grant), mapper)
            : null;
    request.setAttribute(NOTIFIER, stream == null ? CallNotifier.NONE : stream);
    HttpExchange.serve(
        transport,
        request,
        response,
        HttpExchange.bytes(accepted.message()),
        accepted.id(),
        mapper,
        stream);
  }

  /**
   * Counts a served request of a session: its session ended when {@code ended} or when the
   * transport no longer has it (404), and was used otherwise.
   */
  private void counted(HttpServletRequest request, int status, boolean ended) {
    String session = request.getHeader("Mcp-Session-Id");
    if (kept == null || session == null) {
      return;
    }
    Grant grant = (Grant) request.getAttribute(GRANT);
    if (ended || status == HttpServletResponse.SC_NOT_FOUND) {
      kept.ended(grant, session);
    } else {
      kept.touched(grant, session);
    }
  }

  /** An HTTP-level refusal of a message: a JSON-RPC error without an id. */
  private static void refuse(HttpServletResponse response, int status, String message)
      throws IOException {
    HttpExchange.write(
        response,
        status,
        HttpExchange.bytes(
            new JsonRpcScreen.Refused(null, JsonRpcScreen.Code.INVALID_REQUEST, message, false)
                .toJson()));
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

  private static void deny(HttpServletResponse response, int status, String message)
      throws IOException {
    response.setStatus(status);
    response.setContentType("application/json");
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response
        .getWriter()
        .write(JsonNodeFactory.instance.objectNode().put("error", message).toString());
  }
}
