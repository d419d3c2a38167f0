package io.codemode4j.mcp.internal;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.OuterTool;
import io.codemode4j.bridge.OuterToolResult;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.approval.ApprovalChannel;
import io.codemode4j.bridge.audit.LogText;
import io.codemode4j.bridge.discovery.ToolDiscovery;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.bridge.schema.DescribeOptions;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.ToolSpec;
import io.codemode4j.mcp.Grant;
import io.codemode4j.mcp.ResultLinks;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * What an MCP server offers one {@link Grant}, independent of the transport: the outer tools with
 * their handlers, the resources and the {@code analyst} prompt. The stdio and the HTTP servers wrap
 * these in the SDK's session or stateless specifications.
 *
 * <p>Decided: every handler is asynchronous and runs its work on a virtual thread, so that no pass
 * waits for one of Reactor's bounded threads (twenty on two cores) and the only bound is the {@link
 * PassGate}; a cancelled subscription interrupts that thread, which ends the pass as {@code
 * interrupted}. Whatever the program does comes back as a tool result, {@code isError} when it
 * failed, never as a JSON-RPC error, which the model would not read.
 */
public final class McpFeatures {

  private static final Logger LOG = LoggerFactory.getLogger("io.codemode4j.mcp");

  /**
   * What both transports' servers offer: tools, resources and prompts, none of them changing, log
   * messages, and completions of the prompt's arguments and the table template's name.
   */
  public static final McpSchema.ServerCapabilities CAPABILITIES =
      McpSchema.ServerCapabilities.builder()
          .tools(false)
          .resources(false, false)
          .prompts(false)
          .logging()
          .completions()
          .build();

  /** The server's name in {@code serverInfo}. */
  public static final String SERVER_NAME = "codemode4j";

  static final String DECLARATIONS_URI = "codemode://declarations";
  static final String TABLES_URI = "codemode://tables/";

  /** The namespace of the warehouse's methods, whose callers read the tables. */
  static final String WAREHOUSE_NAMESPACE = "warehouse.";

  /** A tool of the server: the protocol's tool and its handler. */
  public record ToolFeature(
      McpSchema.Tool tool,
      String name,
      Function<CallInfo, Mono<McpSchema.CallToolResult>> handler) {}

  /**
   * One {@code tools/call} as the transport saw it, where its notifications go, and who its client
   * can ask to approve a call ({@code approval}: an elicitation to the client's user, or a channel
   * that denies, saying why the client cannot be asked), used only when the server elicits
   * approvals.
   */
  public record CallInfo(
      McpSchema.CallToolRequest request,
      @Nullable String sessionId,
      Grant grant,
      CallNotifier notifier,
      ApprovalChannel approval,
      PlanApproval planApproval) {}

  /** A tool's answer before it becomes a protocol result: its structured content. */
  record Answer(ObjectNode json, boolean isError) {}

  /**
   * What a tool's call takes of the server. Decided: applying a plan runs no program (no context,
   * no worker), so, like discovery, it takes no place of the gate.
   */
  private enum Kind {
    /** A program's pass: a place of the gate, progress, and its log lines as messages. */
    PASS,
    /** Neither: discovery, and applying a plan. */
    PLAIN
  }

  /** A tool's work on the call's thread. */
  @FunctionalInterface
  private interface Work {
    McpSchema.CallToolResult answer(CallInfo call, RunContext run);
  }

  private final CodeMode codeMode;
  private final @Nullable ToolDiscovery discovery;
  private final String subject;
  private final List<ResourceFeature> tables;
  private final List<String> tenants;
  private final PassGate gate;
  private final ProgressRoutes routes;
  private final McpTelemetry telemetry;
  private final JsonMapper mapper;
  private final boolean elicitApprovals;
  private final @Nullable PlanTools planTools;
  private final LargeResults results;
  private final @Nullable ChartLinks charts;
  private final ExecutorService threads =
      Executors.newThreadPerTaskExecutor(
          Thread.ofVirtual().name("codemode-mcp-call-", 0).factory());
  private final Scheduler scheduler = Schedulers.fromExecutorService(threads, "codemode-mcp");

  /** A resource of the server, what reading it answers, and that answer's {@code _meta}. */
  public record ResourceFeature(
      McpSchema.Resource resource, String text, @Nullable Map<String, Object> meta) {
    public ResourceFeature(McpSchema.Resource resource, String text) {
      this(resource, text, null);
    }

    public McpSchema.ReadResourceResult read() {
      return new McpSchema.ReadResourceResult(
          List.of(
              new McpSchema.TextResourceContents(resource.uri(), resource.mimeType(), text, meta)));
    }
  }

  public McpFeatures(
      CodeMode codeMode,
      @Nullable ToolDiscovery discovery,
      String subject,
      List<ResourceFeature> tables,
      List<String> tenants,
      PassGate gate,
      ProgressRoutes routes,
      McpTelemetry telemetry,
      JsonMapper mapper,
      boolean elicitApprovals,
      boolean planTools,
      ResultLinks links,
      boolean charts,
      Clock clock) {
    this.codeMode = codeMode;
    this.discovery = discovery;
    this.subject = subject;
    this.tables = List.copyOf(tables);
    this.tenants = List.copyOf(tenants);
    this.gate = gate;
    this.routes = routes;
    this.telemetry = telemetry;
    this.mapper = mapper;
    this.elicitApprovals = elicitApprovals;
    if (planTools && !elicitApprovals) {
      throw new IllegalArgumentException(
          "the plan tools need elicited approvals: only the client's user approves a plan");
    }
    this.planTools = planTools ? new PlanTools(codeMode) : null;
    this.results = new LargeResults(links, clock);
    this.charts = charts ? new ChartLinks(links, clock) : null;
  }

  /** Whether a call's approval is the client's to give (see {@link CallInfo#approval}). */
  public boolean elicitApprovals() {
    return elicitApprovals;
  }

  /** The longest a pass runs: a request to the client during one never needs to wait longer. */
  public Duration maxWallTime() {
    return codeMode.limits().maxWallTime();
  }

  /**
   * Who a kept result belongs to: the stdio session ({@code sessionId}), or over HTTP, where no
   * session lives, the token's principal.
   */
  public static String owner(@Nullable String sessionId, Grant grant) {
    return sessionId != null ? "session:" + sessionId : "principal:" + grant.principal().id();
  }

  /** The large results' pages, read by their owner. */
  public LargeResults results() {
    return results;
  }

  /** The charts' apps, read by their owner; null when the server offers no charts. */
  public @Nullable ChartLinks charts() {
    return charts;
  }

  /** {@code run_javascript} as {@code grant} sees it, then {@code discover_tools} if present. */
  public List<ToolFeature> tools(Grant grant) {
    RunContext probe = grant.run("mcp-list", "mcp-list");
    List<ToolFeature> tools = new ArrayList<>();
    OuterTool run = codeMode.outerTool();
    ToolSpec runSpec = codeMode.tool(probe);
    tools.add(feature(runSpec, run, true));
    if (discovery != null) {
      tools.add(feature(discovery.tool(), discovery.outerTool(), false));
    }
    if (planTools != null) {
      tools.addAll(planFeatures(planTools, runSpec));
    }
    return tools;
  }

  /**
   * The declarations {@code grant} may read, then each table's schema and notes when it may query
   * the warehouse: a principal reads no name of what it cannot use.
   */
  public List<ResourceFeature> resources(Grant grant) {
    List<ResourceFeature> resources = new ArrayList<>();
    List<String> visible =
        codeMode.visibleMethods(grant.run("mcp-list", "mcp-list")).stream()
            .map(m -> m.path())
            .toList();
    if (!visible.isEmpty()) {
      String declarations =
          codeMode.describe(visible, new DescribeOptions(DescribeOptions.MAX_BYTES));
      resources.add(
          new ResourceFeature(
              McpSchema.Resource.builder()
                  .uri(DECLARATIONS_URI)
                  .name("declarations")
                  .title("TypeScript declarations of the methods")
                  .description(
                      "Every method a "
                          + codeMode.toolName()
                          + " program may call, as TypeScript declarations.")
                  .mimeType("text/plain")
                  .build(),
              declarations));
    }
    if (readsTables(visible)) {
      resources.addAll(tables);
    }
    if (charts != null) {
      resources.add(charts.app());
    }
    return resources;
  }

  /** Whether the methods {@code visible} include the warehouse's, which read the tables. */
  private static boolean readsTables(List<String> visible) {
    return visible.stream().anyMatch(path -> path.startsWith(WAREHOUSE_NAMESPACE));
  }

  /** The method paths {@code grant} sees: grants with the same paths share a tool list. */
  public List<String> visiblePaths(Grant grant) {
    return codeMode.visibleMethods(grant.run("mcp-list", "mcp-list")).stream()
        .map(m -> m.path())
        .toList();
  }

  /**
   * The {@code analyst} prompt as {@code grant} reads it: its tables only when it may query, and
   * its own tenants when it is confined (every tenant the host listed when it is not).
   */
  public AnalystPrompt prompt(Grant grant) {
    boolean queries = readsTables(visiblePaths(grant));
    Set<String> own = grant.principal().tenant();
    return new AnalystPrompt(
        codeMode.toolName(),
        discovery != null,
        subject,
        queries ? tables.stream().map(table -> table.resource().name()).toList() : List.of(),
        own != null ? new TreeSet<>(own).stream().toList() : tenants);
  }

  /** The table template when {@code grant} may query the tables (and there are some), else null. */
  public @Nullable TableTemplate tableTemplate(Grant grant) {
    return tables.isEmpty() || !readsTables(visiblePaths(grant)) ? null : new TableTemplate(tables);
  }

  /** Stops the handlers' threads; passes still running are interrupted. */
  public void close() {
    scheduler.dispose();
    threads.shutdownNow();
  }

  private ToolFeature feature(ToolSpec spec, OuterTool outer, boolean pass) {
    boolean readOnly = spec.executionClass() == ExecutionClass.READONLY;
    McpSchema.Tool.Builder tool =
        McpSchema.Tool.builder()
            .name(spec.name())
            .description(spec.description())
            .inputSchema(toMap(spec.parameters()))
            .outputSchema(toMap(pass ? withLinks(spec.success()) : successOrError(spec.success())))
            .annotations(
                McpSchema.ToolAnnotations.builder()
                    .readOnlyHint(readOnly)
                    .idempotentHint(readOnly)
                    .openWorldHint(false)
                    .build());
    if (pass && charts != null) {
      tool.meta(ChartLinks.toolMeta());
    }
    return new ToolFeature(
        tool.build(),
        spec.name(),
        call ->
            handle(
                outer.name(),
                pass ? Kind.PASS : Kind.PLAIN,
                call,
                (c, run) -> answer(outer, pass, c, run)));
  }

  /**
   * {@code plan_javascript} (its input {@code run_javascript}'s) and {@code apply_plan}; see {@link
   * PlanTools}.
   */
  private List<ToolFeature> planFeatures(PlanTools plans, ToolSpec runSpec) {
    McpSchema.Tool plan =
        McpSchema.Tool.builder()
            .name(PlanTools.PLAN)
            .description(plans.planDescription())
            .inputSchema(toMap(runSpec.parameters()))
            .outputSchema(toMap(PlanTools.planOutputSchema(runSpec.success())))
            .annotations(
                McpSchema.ToolAnnotations.builder()
                    .readOnlyHint(false)
                    .idempotentHint(false)
                    .openWorldHint(false)
                    .build())
            .build();
    McpSchema.Tool apply =
        McpSchema.Tool.builder()
            .name(PlanTools.APPLY)
            .description(PlanTools.applyDescription())
            .inputSchema(toMap(PlanTools.applyInputSchema()))
            .outputSchema(toMap(PlanTools.applyOutputSchema()))
            .annotations(
                McpSchema.ToolAnnotations.builder()
                    .readOnlyHint(false)
                    .destructiveHint(false)
                    .idempotentHint(true)
                    .openWorldHint(false)
                    .build())
            .build();
    return List.of(
        new ToolFeature(
            plan,
            PlanTools.PLAN,
            call ->
                handle(
                    PlanTools.PLAN,
                    Kind.PASS,
                    call,
                    (c, run) -> {
                      Answer answer =
                          plans.plan(arguments(c), owner(c.sessionId(), c.grant()), run);
                      return result(answer.json(), answer.isError());
                    })),
        new ToolFeature(
            apply,
            PlanTools.APPLY,
            call ->
                handle(
                    PlanTools.APPLY,
                    Kind.PLAIN,
                    call,
                    (c, run) -> {
                      Answer answer =
                          plans.apply(
                              arguments(c), owner(c.sessionId(), c.grant()), run, c.planApproval());
                      return result(answer.json(), answer.isError());
                    })));
  }

  private @Nullable JsonNode arguments(CallInfo call) {
    Map<String, Object> arguments = call.request().arguments();
    return arguments == null ? null : mapper.valueToTree(arguments);
  }

  private Mono<McpSchema.CallToolResult> handle(String name, Kind kind, CallInfo call, Work work) {
    boolean pass = kind == Kind.PASS;
    String callId = "mcp-" + UUID.randomUUID();
    String runId = call.sessionId() != null ? "mcp-session-" + call.sessionId() : callId;
    RunContext grantRun = call.grant().run(runId, callId);
    // Decided: the client's channel is the run's own, so it takes the place of the Code Mode's
    // (CodeMode.Builder.approval) only when the host asked for elicitation.
    RunContext run = elicitApprovals ? grantRun.withApproval(call.approval()) : grantRun;
    McpTelemetry.CallSpan span = telemetry.start(call.request(), name, call.sessionId());
    PassGate.Permit permit = pass ? gate.tryAcquire(call.grant()) : PassGate.Permit.NONE;
    if (permit == null) {
      McpSchema.CallToolResult busy = result(busy(call.grant()), true);
      span.end(busy, callId);
      return Mono.just(busy);
    }
    // Decided: the place is given back when the pass ends, before its answer is emitted (the
    // transport writes the response then), so that a client calling one at a time at its limit is
    // never told it is busy; a cancelled pass keeps its place until it has really stopped. Only a
    // call cancelled before its pass started gives it back in doFinally (release is idempotent).
    AtomicBoolean started = new AtomicBoolean();
    return Mono.fromCallable(
            () -> {
              started.set(true);
              Object token = pass ? call.request().progressToken() : null;
              CallProgress progress =
                  token == null ? null : new CallProgress(token, call.notifier());
              if (progress != null) {
                routes.register(callId, progress);
              }
              try {
                McpSchema.CallToolResult result = span.inScope(() -> work.answer(call, run));
                if (progress != null) {
                  progress.finish();
                }
                if (pass) {
                  PassMessages.send(name, result, call.notifier());
                }
                return result;
              } finally {
                if (progress != null) {
                  routes.unregister(callId);
                }
                permit.release();
              }
            })
        .subscribeOn(scheduler)
        .doOnNext(result -> span.end(result, callId))
        .doOnNext(result -> log(name, call.grant(), callId, result))
        .doOnCancel(() -> span.cancelled(callId))
        .doFinally(
            signal -> {
              if (!started.get()) {
                permit.release();
              }
            });
  }

  private McpSchema.CallToolResult answer(
      OuterTool outer, boolean pass, CallInfo call, RunContext run) {
    Map<String, Object> arguments = call.request().arguments();
    JsonNode json = arguments == null ? null : mapper.valueToTree(arguments);
    OuterToolResult result;
    try {
      if (pass && json != null && isProgram(json)) {
        return pass(json.get("code").asString(), call, run);
      }
      result = outer.handler().handle(json, run);
    } catch (RuntimeException e) {
      // A fault of the host (e.g. a grant that hides a method the description declares): the model
      // cannot fix it, and still gets a result rather than a JSON-RPC error.
      LOG.error("{} failed in the host for {}", outer.name(), run.principal().id(), LogText.of(e));
      ObjectNode error = pass ? egressShaped() : JsonNodeFactory.instance.objectNode();
      error
          .putObject("error")
          .put("kind", "internal")
          .put("message", "the server failed to run " + outer.name() + ": " + e.getMessage());
      return result(error, true);
    }
    return result(result.json(), result.isError());
  }

  /**
   * Arguments as the pass's input schema has them, exactly {@code {"code": string}}: run here, so
   * that the server reads the whole result; anything else goes to the outer tool, which says what
   * is wrong.
   */
  private static boolean isProgram(JsonNode json) {
    return json.isObject() && json.size() == 1 && json.path("code").isString();
  }

  /**
   * One pass, answered as {@code CodeMode#call} answers it (the egress, {@code isError} when it
   * failed), and for a success a link to a large result (the model reading a summary) and its chart
   * as an MCP App. Decided: nothing is linked when the Code Mode redacts its egress, since the
   * links would give the result unredacted.
   */
  private McpSchema.CallToolResult pass(String code, CallInfo call, RunContext run) {
    PassOutcome outcome = codeMode.run(code, run);
    ObjectNode egress = outcome.egress().json();
    if (!(outcome instanceof PassSuccess success) || codeMode.redactsEgress()) {
      return result(egress, !outcome.ok());
    }
    String owner = owner(call.sessionId(), call.grant());
    List<McpSchema.Content> links = new ArrayList<>();
    LargeResults.Linked large =
        results.link(
            owner, egress, success.result(), outcome.egress().omittedParts().contains("result"));
    if (large != null) {
      egress = large.egress();
      links.add(large.link());
    }
    Map<String, Object> meta = null;
    ChartLinks.Linked chart = charts == null ? null : chart(owner, success.result(), run);
    if (chart != null) {
      egress.set("chart", chart.chart());
      if (chart.link() != null) {
        links.add(chart.link());
        meta = chart.meta();
      }
    }
    McpSchema.CallToolResult.Builder answer =
        McpSchema.CallToolResult.builder()
            .addTextContent(egress.toString())
            .structuredContent(egress)
            .isError(false);
    links.forEach(answer::addContent);
    if (meta != null) {
      answer.meta(meta);
    }
    return answer.build();
  }

  /**
   * The result's chart; null, and logged, when making it failed in the server: a chart only ever
   * accompanies an answer and never spoils it.
   */
  private ChartLinks.@Nullable Linked chart(String owner, JsonNode result, RunContext run) {
    try {
      return Objects.requireNonNull(charts).link(owner, result);
    } catch (RuntimeException e) {
      LOG.warn(
          "no chart for a result of {}: the server failed to make it",
          run.parentCallId(),
          LogText.of(e));
      return null;
    }
  }

  private void log(String tool, Grant grant, String callId, McpSchema.CallToolResult result) {
    if (LOG.isInfoEnabled()) {
      Object error =
          result.structuredContent() instanceof ObjectNode json && json.path("error").isObject()
              ? json.get("error").path("kind").asString()
                  + ": "
                  + json.get("error").path("message").asString()
              : "none";
      LOG.info(
          "tools/call tool={} principal={} callId={} isError={} error={}",
          tool,
          grant.principal().id(),
          callId,
          Boolean.TRUE.equals(result.isError()),
          // The message is often the program's own (a thrown error's): one escaped line.
          LogText.of(String.valueOf(error)));
    }
  }

  private ObjectNode busy(Grant grant) {
    ObjectNode json = egressShaped();
    json.putObject("error").put("kind", "busy").put("message", gate.busyMessage(grant));
    return json;
  }

  /**
   * What a tool other than the pass's answers: its success, or its failure {@code {"error": {kind,
   * message}}} (arguments it refused, a fault of the host). Decided: the output schema covers both,
   * so that every {@code structuredContent} the server sends matches the schema it declared; the
   * pass's own schema (the egress) covers its failures already.
   */
  private static ObjectNode successOrError(JsonNode success) {
    ObjectNode schema = JsonNodeFactory.instance.objectNode().put("type", "object");
    ArrayNode either = schema.putArray("anyOf");
    either.add(success);
    ObjectNode failure = either.addObject().put("type", "object");
    ObjectNode error = failure.putObject("properties").putObject("error").put("type", "object");
    ObjectNode fields = error.putObject("properties");
    fields.putObject("kind").put("type", "string");
    fields.putObject("message").put("type", "string");
    error.putArray("required").add("kind").add("message");
    failure.putArray("required").add("error");
    failure.put("additionalProperties", false);
    return schema;
  }

  /**
   * The pass's egress schema with what this server adds to a success: {@code resultLink} (a large
   * result's summary and link) and {@code chart} (its chart's app and spec, or why it was refused).
   */
  private static ObjectNode withLinks(JsonNode egress) {
    ObjectNode schema = (ObjectNode) egress.deepCopy();
    ObjectNode properties = (ObjectNode) schema.get("properties");
    ObjectNode link = properties.putObject("resultLink").put("type", "object");
    link.put(
        "description",
        "Present when the result was too large to show: uri (page 0 of all of it), rowCount,"
            + " columns, shownRows (result holds the first ones), pages, pageRows, expiresAt.");
    link.putArray("required").add("uri").add("pages").add("expiresAt");
    ObjectNode chart = properties.putObject("chart").put("type", "object");
    chart.put(
        "description",
        "The result's Vega-Lite chart: uri (an MCP App, text/html;profile=mcp-app), origin (given"
            + " or proposed), rows, spec (without data); or error when the chart given fails a"
            + " check.");
    return schema;
  }

  static ObjectNode egressShaped() {
    ObjectNode json = JsonNodeFactory.instance.objectNode().put("ok", false);
    json.putNull("result");
    json.putArray("logs");
    json.putArray("calls");
    json.put("omittedCalls", 0);
    return json;
  }

  private static McpSchema.CallToolResult result(ObjectNode json, boolean isError) {
    return McpSchema.CallToolResult.builder()
        .addTextContent(json.toString())
        .structuredContent(json)
        .isError(isError)
        .build();
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> toMap(JsonNode schema) {
    return mapper.convertValue(schema, Map.class);
  }
}
