package io.codemode4j.mcp;

import io.codemode4j.bridge.approval.ApprovalChannel;
import io.codemode4j.mcp.internal.AnalystPrompt;
import io.codemode4j.mcp.internal.CallNotifier;
import io.codemode4j.mcp.internal.ChartLinks;
import io.codemode4j.mcp.internal.FailedAuthentications;
import io.codemode4j.mcp.internal.HttpEndpoint;
import io.codemode4j.mcp.internal.McpFeatures;
import io.codemode4j.mcp.internal.PlanApproval;
import io.codemode4j.mcp.internal.TableTemplate;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpStatelessAsyncServer;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.server.transport.HttpServletStatelessServerTransport;
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

/**
 * Code Mode over Streamable HTTP for many clients: {@code POST /mcp} with a bearer token from a
 * {@link Tokens} file, and {@code GET /health}.
 *
 * <p>Decided:
 *
 * <ul>
 *   <li>The SDK's stateless servlet transport: no session lives in an instance, so several run
 *       behind a load balancer without sticky sessions; the warehouse and the flag store are the
 *       shared parts.
 *   <li>One stateless MCP server per group of grants that see the same methods, so each token's
 *       {@code tools/list} declares only what that token may call; the grant travels to the handler
 *       in the transport context, and its principal confines the rows.
 *   <li>Jetty's request threads are virtual, and so are the handlers' (see {@code McpFeatures}): a
 *       slow pass holds no pool thread; the pass gate is the only bound on concurrency.
 *   <li>{@link #close()} stops accepting requests and waits up to the grace period for those in
 *       flight (Jetty's {@code GracefulHandler}), so a SIGTERM drains.
 * </ul>
 */
public final class McpHttpServer implements AutoCloseable {

  /**
   * Approval over HTTP when the server elicits approvals: denied, saying why. Decided: the SDK's
   * stateless transport answers each POST on its own and keeps no session, so the server has no
   * stream on which to send the client an {@code elicitation/create} request during a call and
   * receive its answer; rather than approve without a person, every such call fails closed.
   */
  static final ApprovalChannel NO_ELICITATION =
      ElicitationApproval.unavailable(
          "this server serves Streamable HTTP statelessly, where it cannot send the client an"
              + " elicitation request during a call (approval by elicitation needs the stdio"
              + " transport)");

  /** A plan's approval over HTTP: denied, as {@link #NO_ELICITATION} says. */
  static final PlanApproval NO_PLAN_ELICITATION =
      PlanApproval.unavailable(
          "this server serves Streamable HTTP statelessly, where it cannot send the client an"
              + " elicitation request during a call (approval by elicitation needs the stdio"
              + " transport)");

  private static final Logger LOG = LoggerFactory.getLogger("io.codemode4j.mcp");

  private final Server server;
  private final ServerConnector connector;
  private final List<McpStatelessAsyncServer> servers;
  private final String host;

  private McpHttpServer(
      Server server,
      ServerConnector connector,
      List<McpStatelessAsyncServer> servers,
      String host) {
    this.server = server;
    this.connector = connector;
    this.servers = servers;
    this.host = host;
  }

  static McpHttpServer start(CodeModeMcp mcp, HttpOptions options, Tokens tokens)
      throws IOException {
    McpFeatures features = mcp.features();
    JacksonMcpJsonMapper json = new JacksonMcpJsonMapper(mcp.mapper());
    Map<List<String>, HttpServlet> byMethods = new HashMap<>();
    Map<Grant, HttpServlet> transports = new HashMap<>();
    List<McpStatelessAsyncServer> servers = new ArrayList<>();
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
                servers.add(server(features, grant, mcp.version(), t));
                return t;
              });
      transports.put(grant, transport);
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
                options.maxRequestBytes()));
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
    return new McpHttpServer(server, connector, servers, options.host());
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
   * Idempotent.
   */
  @Override
  public void close() {
    stopQuietly(server);
    for (McpStatelessAsyncServer s : servers) {
      s.closeGracefully().block(Duration.ofSeconds(5));
    }
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
