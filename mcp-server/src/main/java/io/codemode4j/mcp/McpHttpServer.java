package io.codemode4j.mcp;

import io.codemode4j.bridge.approval.ApprovalChannel;
import io.codemode4j.mcp.internal.AnalystPrompt;
import io.codemode4j.mcp.internal.CallNotifier;
import io.codemode4j.mcp.internal.ChartLinks;
import io.codemode4j.mcp.internal.FailedAuthentications;
import io.codemode4j.mcp.internal.HttpEndpoint;
import io.codemode4j.mcp.internal.KeptSessions;
import io.codemode4j.mcp.internal.McpFeatures;
import io.codemode4j.mcp.internal.PlanApproval;
import io.codemode4j.mcp.internal.TableTemplate;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpStatelessAsyncServer;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.server.transport.HttpServletStatelessServerTransport;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Code Mode over Streamable HTTP for many clients: {@code POST /mcp} with a bearer token from a
 * {@link Tokens} file, and {@code GET /health}.
 *
 * <p>Decided:
 *
 * <ul>
 *   <li>By default the SDK's stateless servlet transport: no session lives in an instance, so
 *       several run behind a load balancer without sticky sessions; the warehouse and the flag
 *       store are the shared parts. One stateless MCP server per group of grants that see the same
 *       methods, so each token's {@code tools/list} declares only what that token may call; the
 *       grant travels to the handler in the transport context, and its principal confines the rows.
 *   <li>With {@link HttpSessions#KEPT}, the SDK's transport with sessions, one per grant, so the
 *       server can ask the client's user to approve a write during a call (elicitation, sent on the
 *       call's own event stream and answered by a POST in the same session), as over stdio.
 *   <li>Either way {@code HttpEndpoint} checks every request first (Host, Origin, token, method,
 *       type, size, the message itself).
 *   <li>Jetty's request threads are virtual, and so are the handlers' (see {@code McpFeatures}): a
 *       slow pass holds no pool thread; the pass gate is the only bound on concurrency.
 *   <li>{@link #close()} stops accepting requests and waits up to the grace period for those in
 *       flight (Jetty's {@code GracefulHandler}), so a SIGTERM drains.
 * </ul>
 */
public final class McpHttpServer implements AutoCloseable {

  /**
   * Approval over HTTP without sessions when the server elicits approvals: denied, saying why.
   * Decided: the SDK's stateless transport answers each POST on its own and keeps no session, so
   * the server has no stream on which to send the client an {@code elicitation/create} request
   * during a call and receive its answer; rather than approve without a person, every such call
   * fails closed.
   */
  static final ApprovalChannel NO_ELICITATION =
      ElicitationApproval.unavailable(
          "this server serves Streamable HTTP without sessions, where it cannot send the client"
              + " an elicitation request during a call (approval by elicitation needs kept"
              + " sessions: codemode mcp --sessions, HttpSessions.KEPT; or the stdio transport)");

  /** A plan's approval over HTTP without sessions: denied, as {@link #NO_ELICITATION} says. */
  static final PlanApproval NO_PLAN_ELICITATION =
      PlanApproval.unavailable(
          "this server serves Streamable HTTP without sessions, where it cannot send the client"
              + " an elicitation request during a call (approval by elicitation needs kept"
              + " sessions: codemode mcp --sessions, HttpSessions.KEPT; or the stdio transport)");

  private static final Logger LOG = LoggerFactory.getLogger("io.codemode4j.mcp");

  /**
   * The least time an idle kept session lives (twice the longest pass, when that is more): a client
   * that comes back within it finds its session and its kept results.
   */
  static final Duration SESSION_SWEEP = Duration.ofMinutes(30);

  private final Server server;
  private final ServerConnector connector;

  /** How each MCP server behind the endpoint closes gracefully. */
  private final List<Supplier<Mono<Void>>> servers;

  private final String host;
  private final HttpSessions sessions;

  private McpHttpServer(
      Server server,
      ServerConnector connector,
      List<Supplier<Mono<Void>>> servers,
      String host,
      HttpSessions sessions) {
    this.server = server;
    this.connector = connector;
    this.servers = servers;
    this.host = host;
    this.sessions = sessions;
  }

  static McpHttpServer start(CodeModeMcp mcp, HttpOptions options, Tokens tokens)
      throws IOException {
    McpFeatures features = mcp.features();
    Map<Grant, HttpServlet> transports = new HashMap<>();
    List<Supplier<Mono<Void>>> servers = new ArrayList<>();
    if (options.sessions() == HttpSessions.KEPT) {
      kept(mcp, options, tokens, transports, servers);
    } else {
      stateless(mcp, options, tokens, transports, servers);
    }
    QueuedThreadPool threads = new QueuedThreadPool();
    threads.setName("codemode-mcp-http");
    threads.setVirtualThreadsExecutor(Executors.newVirtualThreadPerTaskExecutor());
    Server server = new Server(threads);
    // No Server or X-Powered-By header: a client learns nothing of what serves it.
    HttpConfiguration http = new HttpConfiguration();
    http.setSendServerVersion(false);
    http.setSendXPoweredBy(false);
    ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(http));
    connector.setHost(options.host());
    connector.setPort(options.port());
    server.addConnector(connector);
    // Resolved once: a host name may take a DNS lookup.
    @Nullable Set<String> loopbackNames = loopbackNames(options.host());
    ServletContextHandler context = new ServletContextHandler();
    ServletHolder endpoint =
        new ServletHolder(
            "mcp",
            new HttpEndpoint(
                tokens,
                transports,
                options.allowedOrigins(),
                loopbackNames,
                new FailedAuthentications(),
                mcp.mapper(),
                options.maxRequestBytes(),
                options.sessions() == HttpSessions.KEPT
                    ? new KeptSessions(sweep(features))
                    : null));
    endpoint.setAsyncSupported(true);
    context.addServlet(endpoint, "/mcp");
    context.addServlet(new ServletHolder("health", new Health()), "/health");
    server.setHandler(new GracefulHandler(context));
    server.setStopTimeout(options.gracePeriod().toMillis());
    server.setStopAtShutdown(false);
    try {
      server.start();
    } catch (Exception e) {
      stopQuietly(server);
      throw new IOException(
          "the MCP HTTP server could not listen on "
              + options.host()
              + ":"
              + options.port()
              + " ("
              + e.getMessage()
              + "): pick another --port, or stop what holds this one",
          e);
    }
    if (loopbackNames == null) {
      LOG.warn(
          "serving {}:{}, which is not a loopback address: bearer tokens and results travel in"
              + " clear over plain HTTP, so serve it behind a proxy that terminates TLS",
          options.host(),
          connector.getLocalPort());
    }
    return new McpHttpServer(server, connector, servers, options.host(), options.sessions());
  }

  /** The port listened on (the one picked, when the options asked for 0). */
  public int port() {
    return connector.getLocalPort();
  }

  /** {@code http://host:port/mcp}. */
  public URI endpoint() {
    String h = host.contains(":") ? "[" + host + "]" : host;
    return URI.create("http://" + h + ":" + port() + "/mcp");
  }

  /** Blocks until the server has stopped. */
  public void join() throws InterruptedException {
    server.join();
  }

  /**
   * Stops accepting requests, waits up to the grace period for those in flight, then stops.
   * Idempotent. Decided: with kept sessions, the sessions are closed first: their GET streams stay
   * open as long as their clients, so Jetty would otherwise wait out the whole grace period for
   * them; calls in flight still finish on their own streams.
   */
  @Override
  public void close() {
    if (sessions == HttpSessions.KEPT) {
      closeServers();
    }
    stopQuietly(server);
    if (sessions == HttpSessions.STATELESS) {
      closeServers();
    }
  }

  private void closeServers() {
    for (Supplier<Mono<Void>> s : servers) {
      s.get().block(Duration.ofSeconds(5));
    }
  }

  /**
   * No session: one stateless server per group of grants that see the same methods, each grant's
   * identity carried to the handler in the transport context.
   */
  private static void stateless(
      CodeModeMcp mcp,
      HttpOptions options,
      Tokens tokens,
      Map<Grant, HttpServlet> transports,
      List<Supplier<Mono<Void>>> servers) {
    McpFeatures features = mcp.features();
    JacksonMcpJsonMapper json = new JacksonMcpJsonMapper(mcp.mapper());
    Map<List<String>, HttpServlet> byMethods = new HashMap<>();
    for (Grant grant : tokens.grants()) {
      HttpServlet transport =
          byMethods.computeIfAbsent(
              features.visiblePaths(grant),
              paths -> {
                HttpServletStatelessServerTransport t =
                    HttpServletStatelessServerTransport.builder()
                        .jsonMapper(json)
                        .messageEndpoint("/mcp")
                        .maxRequestSize(options.maxRequestBytes())
                        .contextExtractor(
                            (HttpServletRequest request) ->
                                McpTransportContext.create(
                                    Map.of(
                                        HttpEndpoint.GRANT,
                                        request.getAttribute(HttpEndpoint.GRANT),
                                        HttpEndpoint.NOTIFIER,
                                        request.getAttribute(HttpEndpoint.NOTIFIER))))
                        .build();
                servers.add(server(features, grant, mcp.version(), t)::closeGracefully);
                return t;
              });
      transports.put(grant, transport);
    }
  }

  /**
   * Sessions kept: one session server per grant, built as stdio's is, on the SDK's Streamable HTTP
   * transport with sessions. Decided: a transport per grant, not per group of grants, so a session
   * is found only through the grant that started it; another token that sends its {@code
   * Mcp-Session-Id} reaches a transport that never heard of it (404), and cannot call in it, read
   * its results or answer its elicitations. A session no request touched for {@link #SESSION_SWEEP}
   * is ended by the SDK's sweeper.
   */
  private static void kept(
      CodeModeMcp mcp,
      HttpOptions options,
      Tokens tokens,
      Map<Grant, HttpServlet> transports,
      List<Supplier<Mono<Void>>> servers) {
    McpFeatures features = mcp.features();
    JacksonMcpJsonMapper json =
        new JacksonMcpJsonMapper(ElicitationApproval.writable(mcp.mapper()));
    Duration sweep = sweep(features);
    for (Grant grant : tokens.grants()) {
      HttpServletStreamableServerTransportProvider transport =
          HttpServletStreamableServerTransportProvider.builder()
              .jsonMapper(json)
              .mcpEndpoint("/mcp")
              .maxRequestSize(options.maxRequestBytes())
              .sessionSweepInterval(sweep)
              .build();
      McpAsyncServer server =
          SessionServer.build(
              McpServer.async(transport),
              features,
              grant,
              mcp.version(),
              McpHttpServer::notifier,
              Schedulers.immediate());
      servers.add(server::closeGracefully);
      transports.put(grant, transport);
    }
  }

  /** The sweep interval of kept sessions: {@link #SESSION_SWEEP}, or twice the longest pass. */
  private static Duration sweep(McpFeatures features) {
    Duration twice = features.maxWallTime().multipliedBy(2);
    return twice.compareTo(SESSION_SWEEP) > 0 ? twice : SESSION_SWEEP;
  }

  /**
   * A call's notifications in a kept session: sent on the call's own event stream, log messages at
   * or above the session's level (the SDK's default, info, until the client sets one).
   */
  private static CallNotifier notifier(McpAsyncServerExchange exchange) {
    return new CallNotifier() {
      @Override
      public void log(McpSchema.LoggingMessageNotification message) {
        send(exchange.loggingNotification(message));
      }

      @Override
      public void progress(McpSchema.ProgressNotification progress) {
        send(exchange.progressNotification(progress));
      }

      private void send(Mono<Void> notification) {
        notification.subscribe(
            null, e -> LOG.debug("a notification was not sent: {}", e.getMessage()));
      }
    };
  }

  private static void stopQuietly(Server server) {
    try {
      server.stop();
    } catch (Exception e) {
      // Stopping is best effort; the connector is closed first, so nothing new arrives.
      Thread.currentThread().interrupt();
    }
  }

  private static McpStatelessAsyncServer server(
      McpFeatures features,
      Grant grant,
      String version,
      HttpServletStatelessServerTransport transport) {
    AnalystPrompt prompt = features.prompt(grant);
    List<McpStatelessServerFeatures.AsyncToolSpecification> tools =
        features.tools(grant).stream()
            .map(
                t ->
                    new McpStatelessServerFeatures.AsyncToolSpecification(
                        t.tool(),
                        (context, request) ->
                            t.handler()
                                .apply(
                                    new McpFeatures.CallInfo(
                                        request,
                                        null,
                                        (Grant) context.get(HttpEndpoint.GRANT),
                                        (CallNotifier) context.get(HttpEndpoint.NOTIFIER),
                                        NO_ELICITATION,
                                        NO_PLAN_ELICITATION))))
            .toList();
    List<McpStatelessServerFeatures.AsyncResourceSpecification> resources =
        features.resources(grant).stream()
            .map(
                r ->
                    new McpStatelessServerFeatures.AsyncResourceSpecification(
                        r.resource(), (context, request) -> Mono.just(r.read())))
            .toList();
    List<McpStatelessServerFeatures.AsyncCompletionSpecification> completions = new ArrayList<>();
    completions.add(
        new McpStatelessServerFeatures.AsyncCompletionSpecification(
            new McpSchema.PromptReference(AnalystPrompt.NAME),
            (context, request) ->
                Mono.fromCallable(
                    () -> prompt.complete(request.argument().name(), request.argument().value()))));
    List<McpStatelessServerFeatures.AsyncResourceTemplateSpecification> templates =
        new ArrayList<>();
    templates.add(
        new McpStatelessServerFeatures.AsyncResourceTemplateSpecification(
            features.results().template(),
            (context, request) ->
                Mono.fromCallable(() -> features.results().read(owner(context), request.uri()))));
    ChartLinks charts = features.charts();
    if (charts != null) {
      templates.add(
          new McpStatelessServerFeatures.AsyncResourceTemplateSpecification(
              charts.template(),
              (context, request) ->
                  Mono.fromCallable(() -> charts.read(owner(context), request.uri()))));
    }
    TableTemplate table = features.tableTemplate(grant);
    if (table != null) {
      templates.add(
          new McpStatelessServerFeatures.AsyncResourceTemplateSpecification(
              table.template(),
              (context, request) -> Mono.fromCallable(() -> table.read(request.uri()))));
      completions.add(
          new McpStatelessServerFeatures.AsyncCompletionSpecification(
              new McpSchema.ResourceReference(TableTemplate.URI),
              (context, request) ->
                  Mono.fromCallable(
                      () ->
                          table.complete(request.argument().name(), request.argument().value()))));
    }
    return McpServer.async(transport)
        .serverInfo(McpFeatures.SERVER_NAME, version)
        .capabilities(McpFeatures.CAPABILITIES)
        .validateToolInputs(false)
        .tools(tools)
        .resources(resources)
        .resourceTemplates(templates)
        .completions(completions)
        .prompts(
            new McpStatelessServerFeatures.AsyncPromptSpecification(
                prompt.prompt(),
                (context, request) ->
                    Mono.fromCallable(
                        () ->
                            prompt.get(
                                request.arguments(),
                                ((Grant) context.get(HttpEndpoint.GRANT)).principal()))))
        .build();
  }

  /** Who a kept result of this request's token belongs to: its principal. */
  private static String owner(McpTransportContext context) {
    return McpFeatures.owner(null, (Grant) context.get(HttpEndpoint.GRANT));
  }

  /**
   * The names a Host header may carry when bound to a loopback address (any of {@code 127.0.0.0/8},
   * {@code ::1}, or a name that resolves to loopback alone): the usual loopback names and the bound
   * host itself; null when bound elsewhere.
   */
  static @Nullable Set<String> loopbackNames(String host) {
    String bare =
        host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    InetAddress[] addresses;
    try {
      addresses = InetAddress.getAllByName(bare);
    } catch (UnknownHostException e) {
      return null;
    }
    for (InetAddress address : addresses) {
      if (!address.isLoopbackAddress()) {
        return null;
      }
    }
    Set<String> names = new HashSet<>(Set.of("127.0.0.1", "localhost", "[::1]"));
    names.add(bare.contains(":") ? "[" + bare + "]" : bare.toLowerCase(Locale.ROOT));
    return Set.copyOf(names);
  }

  /**
   * {@code GET /health}: 200 {@code {"status": "ok"}} while serving, and nothing else: it answers
   * without a token, so it tells no activity, version or name.
   */
  private static final class Health extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      response.setContentType("application/json");
      response.getWriter().write("{\"status\":\"ok\"}");
    }
  }
}
