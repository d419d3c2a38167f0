package io.codemode4j.mcp;

import io.codemode4j.bridge.approval.ApprovalChannel;
import io.codemode4j.mcp.internal.AnalystPrompt;
import io.codemode4j.mcp.internal.CallNotifier;
import io.codemode4j.mcp.internal.ChartLinks;
import io.codemode4j.mcp.internal.McpFeatures;
import io.codemode4j.mcp.internal.PlanApproval;
import io.codemode4j.mcp.internal.StdioDrain;
import io.codemode4j.mcp.internal.TableTemplate;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.json.JsonMapper;

/**
 * One client over stdio, acting as one {@link Grant}: the server an MCP host starts as a
 * subprocess.
 *
 * <p>Decided: on end of input the responses still owed are written first (see {@code StdioDrain}),
 * so {@link #awaitEnd} returns only when the client has everything it asked for. {@code
 * notifications/cancelled} is not handled by the SDK's session server (SDK issue 130): a cancelled
 * program runs on until it ends or reaches its wall-clock limit, and its response is then written
 * and ignored by the client. Every line read is screened ({@code JsonRpcScreen}) and every error
 * written made safe ({@code JsonRpcErrors}); a line is read up to the HTTP server's largest
 * request, {@link HttpOptions#DEFAULT_MAX_REQUEST_BYTES}.
 */
public final class McpStdioServer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger("io.codemode4j.mcp");

  /** How long end of input waits for responses still owed, by default. */
  public static final Duration DEFAULT_GRACE = Duration.ofSeconds(60);

  private final StdioDrain drain;
  private final McpAsyncServer server;

  /**
   * One thread sends every reply of ours: the SDK's stdio transport tolerates concurrent sends only
   * by spinning up to 100 ms, and replies completing at once on the handlers' threads under load
   * lost responses ("Failed to enqueue message"), after which the session answered nothing more.
   */
  private final Scheduler replies = Schedulers.newSingle("codemode-mcp-stdio-replies");

  McpStdioServer(
      McpFeatures features,
      Grant grant,
      String version,
      JsonMapper mapper,
      InputStream in,
      OutputStream out) {
    this.drain = new StdioDrain(mapper, DEFAULT_GRACE, HttpOptions.DEFAULT_MAX_REQUEST_BYTES);
    StdioServerTransportProvider transport =
        new StdioServerTransportProvider(
            new JacksonMcpJsonMapper(ElicitationApproval.writable(mapper)),
            drain.input(in),
            drain.output(out));
    AnalystPrompt prompt = features.prompt(grant);
    List<McpServerFeatures.AsyncToolSpecification> tools =
        features.tools(grant).stream()
            .map(
                t ->
                    new McpServerFeatures.AsyncToolSpecification(
                        t.tool(),
                        (exchange, request) ->
                            t.handler()
                                .apply(
                                    new McpFeatures.CallInfo(
                                        request,
                                        exchange.sessionId(),
                                        grant,
                                        notifier(exchange),
                                        approval(exchange),
                                        planApproval(exchange)))
                                .publishOn(replies)))
            .toList();
    List<McpServerFeatures.AsyncResourceSpecification> resources =
        features.resources(grant).stream()
            .map(
                r ->
                    new McpServerFeatures.AsyncResourceSpecification(
                        r.resource(),
                        (exchange, request) -> Mono.just(r.read()).publishOn(replies)))
            .toList();
    List<McpServerFeatures.AsyncCompletionSpecification> completions = new ArrayList<>();
    completions.add(
        new McpServerFeatures.AsyncCompletionSpecification(
            new McpSchema.PromptReference(AnalystPrompt.NAME),
            (exchange, request) ->
                Mono.fromCallable(
                        () ->
                            prompt.complete(request.argument().name(), request.argument().value()))
                    .publishOn(replies)));
    List<McpServerFeatures.AsyncResourceTemplateSpecification> templates = new ArrayList<>();
    templates.add(
        new McpServerFeatures.AsyncResourceTemplateSpecification(
            features.results().template(),
            (exchange, request) ->
                Mono.fromCallable(
                        () ->
                            features
                                .results()
                                .read(
                                    McpFeatures.owner(exchange.sessionId(), grant), request.uri()))
                    .publishOn(replies)));
    ChartLinks charts = features.charts();
    if (charts != null) {
      templates.add(
          new McpServerFeatures.AsyncResourceTemplateSpecification(
              charts.template(),
              (exchange, request) ->
                  Mono.fromCallable(
                          () ->
                              charts.read(
                                  McpFeatures.owner(exchange.sessionId(), grant), request.uri()))
                      .publishOn(replies)));
    }
    TableTemplate table = features.tableTemplate(grant);
    if (table != null) {
      templates.add(
          new McpServerFeatures.AsyncResourceTemplateSpecification(
              table.template(),
              (exchange, request) ->
                  Mono.fromCallable(() -> table.read(request.uri())).publishOn(replies)));
      completions.add(
          new McpServerFeatures.AsyncCompletionSpecification(
              new McpSchema.ResourceReference(TableTemplate.URI),
              (exchange, request) ->
                  Mono.fromCallable(
                          () ->
                              table.complete(request.argument().name(), request.argument().value()))
                      .publishOn(replies)));
    }
    this.server =
        McpServer.async(transport)
            .serverInfo(McpFeatures.SERVER_NAME, version)
            // An elicitation waits for a person: the broker bounds it by maxApprovalWait, which is
            // under the pass's wall time, and the SDK's default of 10 seconds would cut it short.
            .requestTimeout(features.maxWallTime())
            .capabilities(McpFeatures.CAPABILITIES)
            .validateToolInputs(false)
            .tools(tools)
            .resources(resources)
            .resourceTemplates(templates)
            .completions(completions)
            .prompts(
                new McpServerFeatures.AsyncPromptSpecification(
                    prompt.prompt(),
                    (exchange, request) ->
                        Mono.fromCallable(() -> prompt.get(request.arguments(), grant.principal()))
                            .publishOn(replies)))
            .build();
  }

  /**
   * Who approves a call of this client: its user, by elicitation, when it declared the capability;
   * else no one, and the call is denied saying so.
   */
  private ApprovalChannel approval(McpAsyncServerExchange exchange) {
    return ElicitationApproval.supported(exchange)
        ? new ElicitationApproval(exchange, replies)
        : ElicitationApproval.unavailable(
            "this MCP client did not declare the elicitation capability, through which the server"
                + " asks its user");
  }

  /** Who approves a plan of this client: as {@link #approval}, for all of its writes at once. */
  private PlanApproval planApproval(McpAsyncServerExchange exchange) {
    return ElicitationApproval.supported(exchange)
        ? new ElicitationApproval(exchange, replies)
        : PlanApproval.unavailable(
            "this MCP client did not declare the elicitation capability, through which the server"
                + " asks its user");
  }

  /**
   * The session's notifications for one call, sent on the replies' thread: queued there before the
   * call's answer, they reach the client before it. Log messages only once the client has set a
   * level, which the SDK then filters by.
   */
  private CallNotifier notifier(McpAsyncServerExchange exchange) {
    return new CallNotifier() {
      @Override
      public void log(McpSchema.LoggingMessageNotification message) {
        if (drain.logLevelSet()) {
          send(exchange.loggingNotification(message));
        }
      }

      @Override
      public void progress(McpSchema.ProgressNotification progress) {
        send(exchange.progressNotification(progress));
      }

      private void send(Mono<Void> notification) {
        notification
            .subscribeOn(replies)
            .subscribe(null, e -> LOG.debug("a notification was not sent: {}", e.getMessage()));
      }
    };
  }

  /**
   * Blocks until the client ends its input and every response owed is written, or {@code timeout}
   * passes; then closes the server.
   *
   * @return whether input ended within {@code timeout}
   */
  public boolean awaitEnd(Duration timeout) throws InterruptedException {
    boolean ended = drain.awaitEnd(timeout);
    if (ended) {
      close();
    }
    return ended;
  }

  @Override
  public void close() {
    server.closeGracefully().block(Duration.ofSeconds(5));
    replies.dispose();
  }
}
