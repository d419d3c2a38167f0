package io.codemode4j.mcp;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Isolation;
import io.codemode4j.bridge.discovery.ToolDiscovery;
import io.codemode4j.mcp.internal.McpFeatures;
import io.codemode4j.mcp.internal.McpTelemetry;
import io.codemode4j.mcp.internal.PassGate;
import io.modelcontextprotocol.spec.McpSchema;
import io.opentelemetry.api.OpenTelemetry;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A Code Mode served over MCP: {@code run_javascript} (its description declaring what each client
 * may call), {@code discover_tools}, each table's schema and notes the caller gives ({@link
 * TableResource}) and the declarations as resources, and an {@code analyst} prompt. Start it over
 * {@link #stdio stdio} for one local client, or over {@link #http Streamable HTTP} for many clients
 * with bearer tokens.
 *
 * <p>Decided: this class owns nothing it was given: the Code Mode and the discovery stay the
 * caller's to close; closing this stops only the handlers' threads.
 */
public final class CodeModeMcp implements AutoCloseable {

  /** Passes running at once over all clients, by default. */
  public static final int DEFAULT_MAX_CONCURRENT_PASSES = 64;

  private final McpFeatures features;
  private final PassGate gate;
  private final String version;
  private final JsonMapper mapper;

  private CodeModeMcp(Builder b, String subject, List<McpFeatures.ResourceFeature> tables) {
    this.mapper = JsonMapper.builder().build();
    this.gate = new PassGate(admitted(b.maxConcurrentPasses, b.codeMode.isolation()));
    this.version = b.version;
    this.features =
        new McpFeatures(
            b.codeMode,
            b.discovery,
            subject,
            tables,
            b.tenants,
            gate,
            b.progress.routes(),
            new McpTelemetry(b.openTelemetry),
            mapper,
            b.elicitApprovals,
            b.planTools,
            b.resultLinks,
            b.charts,
            b.clock);
  }

  /**
   * Passes admitted at once: {@code maxConcurrentPasses}, and under process isolation no more than
   * the workers. Decided: a pass admitted with no worker free waited for one as long as its wall
   * time, so one principal's flood made every other's programs queue for tens of seconds; admitted
   * only as a worker can take it, a pass over the pool is refused {@code busy} at once, like any
   * other over the limit, and the other principals' next calls find a worker.
   */
  static int admitted(int maxConcurrentPasses, Isolation isolation) {
    return isolation instanceof Isolation.Process process
        ? Math.min(maxConcurrentPasses, process.workers())
        : maxConcurrentPasses;
  }

  public static Builder builder(CodeMode codeMode) {
    return new Builder(codeMode);
  }

  /**
   * Serves one client over {@code in} and {@code out} (the process's stdin and stdout), acting as
   * {@code grant}; returns once the server reads requests. Nothing but protocol is written to
   * {@code out}.
   */
  public McpStdioServer stdio(Grant grant, InputStream in, OutputStream out) {
    return new McpStdioServer(features, grant, version, mapper, in, out);
  }

  /**
   * Serves every token of {@code tokens} over Streamable HTTP, as {@code options} say; returns once
   * the server listens.
   *
   * @throws IOException when it cannot listen there
   */
  public McpHttpServer http(HttpOptions options, Tokens tokens) throws IOException {
    return McpHttpServer.start(this, options, tokens);
  }

  /** Passes running now, over all clients. */
  public int runningPasses() {
    return gate.running();
  }

  McpFeatures features() {
    return features;
  }

  String version() {
    return version;
  }

  JsonMapper mapper() {
    return mapper;
  }

  @Override
  public void close() {
    features.close();
  }

  /** Collects the server's parts. */
  public static final class Builder {
    private final CodeMode codeMode;
    private @Nullable ToolDiscovery discovery;
    private String subject = "the warehouse";
    private List<TableResource> tables = List.of();
    private List<String> tenants = List.of();
    private OpenTelemetry openTelemetry = OpenTelemetry.noop();
    private int maxConcurrentPasses = DEFAULT_MAX_CONCURRENT_PASSES;
    private McpProgress progress = new McpProgress();
    private String version = "0.1.0";
    private boolean elicitApprovals;
    private boolean planTools;
    private ResultLinks resultLinks = ResultLinks.DEFAULTS;
    private boolean charts = true;
    private Clock clock = Clock.systemUTC();

    private Builder(CodeMode codeMode) {
      this.codeMode = Objects.requireNonNull(codeMode, "codeMode");
    }

    /** Offers {@code discover_tools} over this discovery. */
    public Builder discovery(ToolDiscovery value) {
      this.discovery = Objects.requireNonNull(value, "discovery");
      return this;
    }

    /**
     * What the data is about, as the analyst prompt names it ("the billing warehouse"); "the
     * warehouse" by default.
     */
    public Builder subject(String value) {
      Objects.requireNonNull(value, "subject");
      if (value.isBlank()) {
        throw new IllegalArgumentException("a subject names what the data is about");
      }
      this.subject = value;
      return this;
    }

    /** Publishes each of {@code value} as a resource (none by default). */
    public Builder tables(List<TableResource> value) {
      this.tables = List.copyOf(value);
      return this;
    }

    /**
     * Every tenant of the data (none by default): what the analyst prompt's {@code tenant} argument
     * completes to for a principal that is not confined; a confined one completes to its own.
     */
    public Builder tenants(List<String> value) {
      this.tenants = List.copyOf(value);
      return this;
    }

    /** Where the {@code tools/call} spans go (none by default). */
    public Builder openTelemetry(OpenTelemetry value) {
      this.openTelemetry = Objects.requireNonNull(value, "openTelemetry");
      return this;
    }

    /** Passes running at once over all clients, 1..4096. */
    /**
     * Where the server's calls find their passes' progress; its listener must be registered on the
     * Code Mode the server serves (see {@link McpProgress}). Without it, a call that carries a
     * progress token gets only the last notification.
     */
    public Builder progress(McpProgress value) {
      this.progress = Objects.requireNonNull(value, "progress");
      return this;
    }

    public Builder maxConcurrentPasses(int value) {
      if (value < 1 || value > 4096) {
        throw new IllegalArgumentException("maxConcurrentPasses must be 1..4096, was " + value);
      }
      this.maxConcurrentPasses = value;
      return this;
    }

    /** How large results go by reference ({@link ResultLinks#DEFAULTS} by default). */
    public Builder resultLinks(ResultLinks value) {
      this.resultLinks = Objects.requireNonNull(value, "resultLinks");
      return this;
    }

    /**
     * Whether a pass's result that gives a chart, or whose shape suggests one, comes with it as an
     * MCP App (true by default); see {@code ChartLinks}.
     */
    public Builder charts(boolean value) {
      this.charts = value;
      return this;
    }

    /** The clock result links expire by: for tests. */
    Builder clock(Clock value) {
      this.clock = Objects.requireNonNull(value, "clock");
      return this;
    }

    /** The server version clients are told ({@code serverInfo.version}). */
    public Builder version(String value) {
      this.version = Objects.requireNonNull(value, "version");
      return this;
    }

    /**
     * Whether the calls of {@code needsApproval} tools are approved by the client's user through
     * MCP elicitation (off by default). On: over stdio, and over Streamable HTTP with {@link
     * HttpSessions#KEPT}, a client that declares the {@code elicitation} capability is asked for
     * each such call (accept with {@code approve: true} approves; decline, cancel or no answer
     * within {@code maxApprovalWait} refuses it); a client without it, and every client over
     * Streamable HTTP without sessions (where no session can carry a request to the client during a
     * call), has each such call denied, saying why. Off: the Code Mode's own channel ({@link
     * CodeMode.Builder#approval}) decides, or none does and the calls fail closed.
     *
     * <p>Decided: off by default, so that a host's own channel is never replaced by a client's
     * answer unless the host asks for it.
     */
    public Builder elicitApprovals(boolean value) {
      this.elicitApprovals = value;
      return this;
    }

    /**
     * Whether the server offers plan mode (off by default): {@code plan_javascript} runs a
     * program's reads and records its writes into a plan, and {@code apply_plan} asks the client's
     * user, by elicitation, to approve all of them at once, then runs each once, in order. Needs
     * {@link #elicitApprovals} on: only the client's user approves a plan, never the model. Over
     * Streamable HTTP without sessions every plan is denied, as every such call is (see {@link
     * #elicitApprovals}).
     *
     * <p>Decided: off by default, since two more tools cost every model's context their
     * descriptions, and a host opts in where its users review plans.
     */
    public Builder planTools(boolean value) {
      this.planTools = value;
      return this;
    }

    /**
     * @throws IllegalArgumentException when {@link #planTools} is on without {@link
     *     #elicitApprovals}
     */
    public CodeModeMcp build() {
      return new CodeModeMcp(this, subject, tables.stream().map(Builder::resource).toList());
    }

    private static McpFeatures.ResourceFeature resource(TableResource table) {
      ObjectNode json = JsonNodeFactory.instance.objectNode().put("table", table.name());
      if (table.note() != null) {
        json.put("note", table.note());
      }
      ArrayNode columns = json.putArray("columns");
      for (TableResource.Column column : table.columns()) {
        ObjectNode c = columns.addObject().put("name", column.name()).put("type", column.type());
        if (column.note() != null) {
          c.put("note", column.note());
        }
      }
      return new McpFeatures.ResourceFeature(
          McpSchema.Resource.builder()
              .uri("codemode://tables/" + table.name())
              .name(table.name())
              .title("Table " + table.name())
              .description(
                  table.note() != null
                      ? table.note()
                      : "Columns of " + table.name() + " as warehouse.query reads them.")
              .mimeType("application/json")
              .build(),
          json.toString());
    }
  }
}
