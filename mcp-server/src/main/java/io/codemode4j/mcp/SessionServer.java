package io.codemode4j.mcp;

import io.codemode4j.mcp.internal.AnalystPrompt;
import io.codemode4j.mcp.internal.CallNotifier;
import io.codemode4j.mcp.internal.ChartLinks;
import io.codemode4j.mcp.internal.McpFeatures;
import io.codemode4j.mcp.internal.PlanApproval;
import io.codemode4j.mcp.internal.TableTemplate;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * One grant's features on a transport that keeps sessions (stdio, and Streamable HTTP with {@link
 * HttpSessions#KEPT}): each handler receives its client's {@link McpAsyncServerExchange}, so a call
 * can ask that client's user to approve a write, and its kept results belong to the session.
 *
 * <p>Decided: both transports share this one assembly, so a tool, resource or prompt behaves alike
 * on each; what differs is passed in: where replies are sent from ({@code replies}: the stdio
 * server sends every message from one thread) and how a call's notifications reach its client.
 */
final class SessionServer {

  /** Why a client's writes cannot be asked of its user. */
  private static final String NO_CAPABILITY =
      "this MCP client did not declare the elicitation capability, through which the server asks"
          + " its user";

  private SessionServer() {}

  /**
   * Builds the server of {@code grant} on {@code spec}, a builder of the SDK's for a transport with
   * sessions.
   *
   * @param notifier the notifications of one call, sent to its client
   * @param replies where every answer is published from
   */
  static McpAsyncServer build(
      McpServer.AsyncSpecification<?> spec,
      McpFeatures features,
      Grant grant,
      String version,
      Function<McpAsyncServerExchange, CallNotifier> notifier,
      Scheduler replies) {
    AnalystPrompt prompt = features.prompt(grant);
    List<McpServerFeatures.AsyncToolSpecification> tools =
        features.tools(grant).stream()
            .map(
                t ->
                    new McpServerFeatures.AsyncToolSpecification(
                        t.tool(),
                        (exchange, request) ->
                            t.handler()
                                .apply(call(exchange, request, grant, notifier, replies))
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
    return spec.serverInfo(McpFeatures.SERVER_NAME, version)
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
   * One call as the tools see it. Who approves its writes, one at a time or as a plan: the client's
   * user, by elicitation, when the client declared the capability; else no one, and each such call
   * or plan is denied saying so.
   */
  private static McpFeatures.CallInfo call(
      McpAsyncServerExchange exchange,
      McpSchema.CallToolRequest request,
      Grant grant,
      Function<McpAsyncServerExchange, CallNotifier> notifier,
      Scheduler replies) {
    CallNotifier notifications = notifier.apply(exchange);
    if (ElicitationApproval.supported(exchange)) {
      ElicitationApproval user = new ElicitationApproval(exchange, replies);
      return new McpFeatures.CallInfo(
          request, exchange.sessionId(), grant, notifications, user, user);
    }
    return new McpFeatures.CallInfo(
        request,
        exchange.sessionId(),
        grant,
        notifications,
        ElicitationApproval.unavailable(NO_CAPABILITY),
        PlanApproval.unavailable(NO_CAPABILITY));
  }
}
