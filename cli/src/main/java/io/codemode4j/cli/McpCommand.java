package io.codemode4j.cli;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Durations;
import io.codemode4j.bridge.Isolation;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.discovery.ToolDiscovery;
import io.codemode4j.mcp.CodeModeMcp;
import io.codemode4j.mcp.Grant;
import io.codemode4j.mcp.HttpOptions;
import io.codemode4j.mcp.HttpSessions;
import io.codemode4j.mcp.McpHttpServer;
import io.codemode4j.mcp.McpPassLog;
import io.codemode4j.mcp.McpProgress;
import io.codemode4j.mcp.McpStdioServer;
import io.codemode4j.mcp.ResultLinks;
import io.codemode4j.mcp.Tokens;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.config.Tenancy;
import io.codemode4j.warehouse.engine.DescribedWarehouse;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code codemode mcp}: the run toolkit ({@code run_javascript}, {@code discover_tools}, the tables
 * and declarations as resources, the {@code analyst} prompt) served over MCP, to one client over
 * stdio or to many over Streamable HTTP.
 *
 * <p>Decided: over stdio the process's stdout carries nothing but protocol. The real stdout is
 * handed to the server and {@code System.out} is pointed at stderr for as long as it serves, so a
 * library that prints (a banner, a warning) cannot corrupt the stream a host parses; logs go to
 * stderr (slf4j-simple, see simplelogger.properties).
 */
@Command(
    name = "mcp",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:the server stopped", "1:the server failed", "2:usage error"},
    mixinStandardHelpOptions = true,
    subcommands = {McpCommand.HashToken.class, McpCommand.NewToken.class},
    description = {
      "Serve Code Mode over the Model Context Protocol: run_javascript and discover_tools, each"
          + " table and the declarations as resources, and the analyst prompt.",
      "stdio (default) serves the one client that started this process; http serves many, each"
          + " bearer token of --tokens acting as its own principal.",
      "stdio exits 0 when the client ends its input, after every response owed is written;"
          + " http runs until SIGTERM, which lets the calls in flight finish (exit 143). Exit 1"
          + " when it cannot start (the port is taken, the data cannot be read), 2 on a usage"
          + " error."
    })
final class McpCommand implements Callable<Integer> {

  /** Worker JVMs of {@code --isolation process}; a pass waits for a free one. */
  static final int PROCESS_WORKERS = 4;

  /** Each worker's heap, MiB: a heap bomb ends at this cap and takes only its worker down. */
  static final int PROCESS_WORKER_HEAP_MB = 512;

  /**
   * Trivial passes run before serving: the first pass of a fresh engine costs about a second, and
   * it should not be the first client's.
   */
  static final int WARM_UP_PASSES = 3;

  /**
   * The most a program may return by default: 8 MiB, since a result over {@code
   * --result-link-bytes} goes to the client by link, not through the model; the sandbox's own
   * default (64 KiB) would refuse every large result before it could be linked.
   */
  static final int DEFAULT_MAX_RESULT_BYTES = 8 * 1024 * 1024;

  /** The most {@code --max-result-bytes} may be: a worker's frame holds it with room to spare. */
  static final int MAX_RESULT_BYTES = 32 * 1024 * 1024;

  /** How much longer than a program's --timeout stopping the HTTP server waits for it. */
  static final Duration GRACE_BEYOND_TIMEOUT = Duration.ofSeconds(5);

  /** How long the shutdown hook waits, after the server stopped, for everything to be closed. */
  private static final Duration CLOSE_AFTER_STOP = Duration.ofSeconds(15);

  /** Counted down when {@link #serve} has closed everything it opened. */
  private final CountDownLatch stopped = new CountDownLatch(1);

  /** How long one wait for the end of input lasts before it is renewed; any length works. */
  private static final Duration END_POLL = Duration.ofMinutes(10);

  @Spec CommandSpec spec;

  @Mixin DataOptions data;

  @Mixin StateOptions state;

  @Option(
      names = "--transport",
      paramLabel = "stdio|http",
      defaultValue = "stdio",
      description =
          "stdio: one client over this process's stdin and stdout (default); http: Streamable"
              + " HTTP for many clients, with --tokens.")
  String transport;

  @Option(
      names = "--host",
      paramLabel = "H",
      defaultValue = "127.0.0.1",
      description =
          "With http: the address to bind (default: ${DEFAULT-VALUE}, this machine only).")
  String host;

  @Option(
      names = "--allow-origin",
      paramLabel = "ORIGIN",
      description =
          "With http: a browser origin whose requests are served (https://app.example); repeat"
              + " for more. A request with any other Origin header is refused; requests without"
              + " one (not from a browser) are served.")
  List<String> allowedOrigins = new ArrayList<>();

  @Option(
      names = "--port",
      paramLabel = "N",
      defaultValue = "8080",
      description =
          "With http: the port to listen on, 0 for any free one (default: ${DEFAULT-VALUE}).")
  int port;

  @Option(
      names = "--sessions",
      description =
          "With http: keep a session per client in this process (Mcp-Session-Id, a GET stream,"
              + " DELETE), so that --approve ask can ask the client's user during a call, as over"
              + " stdio. Behind a load balancer, route each session to the process that started"
              + " it. Without it the server keeps none, and any process answers any request.")
  boolean sessions;

  @Option(
      names = "--tenant",
      split = ",",
      paramLabel = "KEY",
      converter = TenantConverter.class,
      description =
          "With stdio: the client sees only these tenants' rows, values of the description's"
              + " tenancy key (over http each token's entry in --tokens says its tenant).")
  @Nullable List<String> regions;

  @Option(
      names = "--all-tenants",
      description =
          "With stdio: serve the client every tenant's rows. Required when the description keys"
              + " rows by tenant and no --tenant confines the client, so that no server reads every"
              + " tenant's rows by omission; its prompt then tells the model so.")
  boolean allTenants;

  /** The mode {@code --approve} gave, or its default; set as {@link #call} starts. */
  private ApprovalOptions.Mode approval = ApprovalOptions.Mode.NONE;

  /** The tenant {@code --tenant} gave, set as {@link #call} starts. */
  private @Nullable Tenant tenant;

  @Option(
      names = "--tokens",
      paramLabel = "FILE",
      description =
          "With http (required): the JSON file mapping each bearer token's SHA-256 hash (see `codemode"
              + " mcp hash-token`) to a principal, its regions and grants.")
  @Nullable Path tokens;

  @Option(
      names = "--isolation",
      paramLabel = "MODE",
      defaultValue = "in-process",
      description =
          "in-process (default) or process ("
              + PROCESS_WORKERS
              + " worker JVMs with a hard heap cap of "
              + PROCESS_WORKER_HEAP_MB
              + " MiB each; a crash or heap bomb takes one worker down, which is replaced).")
  String isolation;

  @Option(
      names = "--no-declarations",
      description =
          "Leave the TypeScript declarations out of run_javascript's description; the model finds"
              + " methods with discover_tools instead (a much shorter tool list).")
  boolean noDeclarations;

  @Option(
      names = "--timeout",
      paramLabel = "DURATION",
      defaultValue = "30s",
      converter = DurationConverter.class,
      description =
          "Wall-clock limit of each program, e.g. 500ms, 5s, 2m (default: ${DEFAULT-VALUE}).")
  Duration timeout;

  @Option(
      names = "--result-link-bytes",
      paramLabel = "BYTES",
      defaultValue = "" + ResultLinks.DEFAULT_THRESHOLD_BYTES,
      description =
          "A result whose JSON is over this many bytes (or that the model's budget cannot hold)"
              + " comes back as a resource_link to its rows, read page by page, and the model"
              + " reads a summary; 1024..67108864 (default: ${DEFAULT-VALUE}).")
  int resultLinkBytes;

  @Option(
      names = "--max-result-bytes",
      paramLabel = "BYTES",
      defaultValue = "" + DEFAULT_MAX_RESULT_BYTES,
      description =
          "The most a program may return, as JSON bytes (the sandbox's maxResultBytes); what is over"
              + " --result-link-bytes goes by link, so this bounds a linked result, 1..33554432"
              + " (default: ${DEFAULT-VALUE}).")
  int maxResultBytes;

  @Option(
      names = "--result-ttl",
      paramLabel = "DURATION",
      defaultValue = "15m",
      converter = DurationConverter.class,
      description =
          "How long a linked result or chart stays readable by the client whose call made it, up"
              + " to 24h (default: ${DEFAULT-VALUE}).")
  Duration resultTtl;

  @Option(
      names = "--no-charts",
      description =
          "Offer no chart with a result; by default a result that gives a chart or whose shape"
              + " suggests one comes with it as an MCP App (ui://) and its spec.")
  boolean noCharts;

  @Option(
      names = "--max-concurrent-passes",
      paramLabel = "N",
      defaultValue = "" + CodeModeMcp.DEFAULT_MAX_CONCURRENT_PASSES,
      description =
          "Programs running at once over all clients, 1..4096; a call over it is answered busy at"
              + " once (default: ${DEFAULT-VALUE}).")
  int maxConcurrentPasses;

  @Option(
      names = "--approve",
      paramLabel = "MODE",
      description =
          "Who approves writes that need a person's approval (billing.flagInvoice): ask (the"
              + " default: over stdio, a client that declares the elicitation capability is asked"
              + " for each call, showing the tool, its arguments and the tenant, and a client"
              + " without it has every such call denied, and over http likewise with --sessions;"
              + " over http without --sessions every such call is denied, since no session can"
              + " carry the question), none (every"
              + " such call is denied, writing nothing) or all (approve every one; only when given"
              + " on the command line).")
  @Nullable String approve;

  @Option(
      names = "--plans",
      description =
          "Offer plan mode: plan_javascript runs a program's reads and records its writes into a"
              + " plan (returned with its planId), and apply_plan asks the client's user, by"
              + " elicitation, to approve all of them at once, then runs each once, in order."
              + " Needs --approve ask; over http without --sessions every plan is denied, as every"
              + " such call is.")
  boolean plans;

  @Option(
      names = "--plan-ttl",
      paramLabel = "DURATION",
      defaultValue = "15m",
      converter = DurationConverter.class,
      description =
          "With --plans: how long a plan may wait to be applied, at most 1d (default:"
              + " ${DEFAULT-VALUE}).")
  Duration planTtl;

  @Option(
      names = "--approval-wait",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description =
          "With --approve ask over stdio or http --sessions: how long each call waits for the"
              + " client's answer"
              + " before it fails timeout (maxApprovalWait), added to --timeout; up to 1h. Unset,"
              + " the wait fits in --timeout (20s, or half of a shorter --timeout).")
  @Nullable Duration approvalWait;

  @Option(
      names = "--audit",
      paramLabel = "FILE",
      description =
          "Append one JSON line per inner call and one per pass to FILE (created if absent).")
  @Nullable Path audit;

  @Option(
      names = "--audit-arguments",
      description = "With --audit, also write each call's arguments (off by default).")
  boolean auditArguments;

  @Override
  public Integer call() {
    tenant = TenantConverter.tenant(spec, regions);
    PrintWriter err = spec.commandLine().getErr();
    approval = ApprovalOptions.mode(spec, approve, ApprovalOptions.Mode.ASK);
    String usage = usageError();
    if (usage != null) {
      throw CodemodeCli.usage(spec, usage);
    }
    if (tokens != null) {
      // Read before anything is opened: a wrong file is the operator's to fix, not a failure.
      Tokens httpTokens;
      try {
        httpTokens = Tokens.load(tokens);
      } catch (NoSuchFileException e) {
        throw CodemodeCli.usage(
            spec, "no tokens file " + tokens + " (give the path of the --tokens file)");
      } catch (IllegalArgumentException | IOException e) {
        throw CodemodeCli.usage(spec, "--tokens: " + e.getMessage());
      }
      return serve(err, System.out, httpTokens);
    }
    // Taken before anything else runs: from here on System.out is stderr (see the class comment).
    PrintStream protocol = System.out;
    System.setOut(System.err);
    try {
      return serve(err, protocol, null);
    } finally {
      System.setOut(protocol);
    }
  }

  /** Serves over HTTP to the holders of {@code httpTokens}, or over stdio when it is null. */
  private Integer serve(PrintWriter err, PrintStream protocol, @Nullable Tokens httpTokens) {
    Isolation mode =
        isolation.equals("process")
            ? new Isolation.Process(PROCESS_WORKERS, PROCESS_WORKER_HEAP_MB)
            : Isolation.inProcess();
    PassObservers observers;
    try {
      observers = PassObservers.open(audit, auditArguments, System.getenv());
    } catch (IllegalArgumentException | IOException e) {
      throw CodemodeCli.usage(spec, e);
    }
    McpProgress progress = new McpProgress();
    // Over stdio or http --sessions a person answers each elicitation within --approval-wait,
    // which the pass's wall time then holds besides the program's own --timeout; over http
    // without sessions no one is asked. Decided: unset, the wait fits in --timeout, so that ask,
    // the default, gives no program more time.
    boolean elicits = approval == ApprovalOptions.Mode.ASK;
    Duration wait = elicits && (httpTokens == null || sessions) ? approvalWait : null;
    CodeExecutionLimits limits =
        CodeExecutionLimits.defaults()
            .withMaxWallTime(wait == null ? timeout : timeout.plus(wait))
            .withMaxResultBytes(maxResultBytes);
    // As in `codemode run`: the engine warms on another core while this thread opens the warehouse.
    try (observers;
        EngineWarmUp warmUp = mode instanceof Isolation.InProcess ? EngineWarmUp.start() : null;
        DescribedWarehouse described = data.open();
        // describePerRun: a token whose grant hides methods gets a description declaring only the
        // methods it may call (without it such a token's every pass would be refused).
        CodeMode codeMode =
            approvals(
                    observers
                        .register(data.install(described, state.context(), CodeMode.builder()))
                        .limits(limits),
                    limits,
                    wait)
                .planTtl(planTtl)
                .isolation(mode)
                .includeDeclarations(!noDeclarations)
                .describePerRun(true)
                .listener(McpPassLog.listener())
                .listener(progress.listener())
                .build();
        CodeModeMcp mcp =
            CodeModeMcp.builder(codeMode)
                .progress(progress)
                .discovery(ToolDiscovery.of(List.of(codeMode)))
                .subject(described.warehouse().notes().subject())
                .tables(McpTables.of(described.warehouse()))
                .tenants(described.tenantValues())
                .maxConcurrentPasses(maxConcurrentPasses)
                .resultLinks(resultLinks())
                .charts(!noCharts)
                .openTelemetry(observers.openTelemetry())
                .version(version())
                .elicitApprovals(elicits)
                .planTools(plans)
                .build()) {
      String problem =
          httpTokens == null
              ? (tenant == null ? null : data.tenantProblem(described, tenant))
              : tokenTenantProblem(described, httpTokens);
      if (problem == null && httpTokens == null && tenant == null && !allTenants) {
        problem = unconfinedProblem(described);
      }
      if (problem != null) {
        throw CodemodeCli.usage(spec, problem);
      }
      if (warmUp != null) {
        warmUp.await();
      }
      codeMode.warmUp(WARM_UP_PASSES);
      return httpTokens == null ? stdio(mcp, protocol, err) : http(mcp, httpTokens, err);
    } catch (WarehouseException e) {
      err.println("error: " + TerminalText.message(e));
      return CodemodeCli.EXIT_FAILED;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println("error: interrupted before the server ended");
      return CodemodeCli.EXIT_FAILED;
    } catch (IOException e) {
      // Listening (the port is taken) or closing the audit file after serving.
      err.println("error: " + TerminalText.message(e));
      return CodemodeCli.EXIT_FAILED;
    } finally {
      stopped.countDown();
    }
  }

  /**
   * Gives {@code builder} the approval of {@code --approve}: {@code none} and {@code all} as for
   * {@code codemode run}; {@code ask} no channel of the Code Mode's own, since each client's is its
   * elicitation (see {@code CodeModeMcp.Builder#elicitApprovals}), waiting up to {@code wait}
   * (null: the Code Mode's default, which fits in the wall time).
   */
  private CodeMode.Builder approvals(
      CodeMode.Builder builder, CodeExecutionLimits limits, @Nullable Duration wait) {
    return switch (approval) {
      case NONE, ALL -> ApprovalOptions.installWithoutPerson(builder, limits, approval);
      case ASK -> wait == null ? builder : builder.maxApprovalWait(wait);
    };
  }

  /**
   * Serves every holder of a token until SIGTERM (or SIGINT): the JVM's shutdown hook closes the
   * server, which stops accepting requests and lets those in flight finish within its grace period,
   * and then waits until this thread has closed the Code Mode, the warehouse and the audit file.
   */
  private int http(CodeModeMcp mcp, Tokens httpTokens, PrintWriter err)
      throws IOException, InterruptedException {
    // A pass in flight may take up to --timeout, so the grace period covers at least that.
    Duration grace =
        timeout.plus(GRACE_BEYOND_TIMEOUT).compareTo(HttpOptions.DEFAULT_GRACE) > 0
            ? timeout.plus(GRACE_BEYOND_TIMEOUT)
            : HttpOptions.DEFAULT_GRACE;
    McpHttpServer server =
        mcp.http(
            new HttpOptions(
                host,
                port,
                allowedOrigins,
                grace,
                HttpOptions.DEFAULT_MAX_REQUEST_BYTES,
                sessions ? HttpSessions.KEPT : HttpSessions.STATELESS),
            httpTokens);
    Runtime.getRuntime()
        .addShutdownHook(
            Thread.ofPlatform()
                .name("codemode-mcp-stop")
                .unstarted(
                    () -> {
                      server.close();
                      try {
                        stopped.await(CLOSE_AFTER_STOP.toMillis(), TimeUnit.MILLISECONDS);
                      } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                      }
                    }));
    err.println(
        "codemode mcp: serving Streamable HTTP at "
            + server.endpoint()
            + " for "
            + httpTokens.grants().size()
            + (httpTokens.grants().size() == 1 ? " principal" : " principals")
            + (sessions ? ", with sessions" : ", without sessions")
            + "; writes needing approval "
            + switch (approval) {
              case ASK ->
                  sessions
                      ? "are asked of the client by elicitation"
                      : "are denied (no session to ask in: --sessions)";
              case NONE -> "are denied (--approve none)";
              case ALL -> "are approved (--approve all)";
            }
            + "; SIGTERM stops it");
    err.flush();
    server.join();
    return CodemodeCli.EXIT_OK;
  }

  /**
   * Why the one stdio client cannot be served unconfined, or {@code null}: the description keys
   * rows by tenant, and neither {@code --tenant} nor {@code --all-tenants} says what the client
   * reads.
   */
  private @Nullable String unconfinedProblem(DescribedWarehouse described)
      throws WarehouseException {
    if (!(described.description().tenancy() instanceof Tenancy.Keyed keyed)) {
      return null;
    }
    List<String> values = described.tenantValues();
    return "codemode mcp would serve its client every "
        + keyed.key()
        + "'s rows, since nothing confines it: confine it with --tenant "
        + keyed.key().toUpperCase(Locale.ROOT).replace(' ', '_')
        + (values.isEmpty()
            ? ""
            : " (its " + keyed.plural() + ": " + String.join(", ", values) + ")")
        + ", or give --all-tenants to serve it every "
        + keyed.key()
        + "'s rows";
  }

  /**
   * Why a token's tenant cannot be served: no tenancy to confine it, a key value the data lacks
   * (its every query would see nothing), or several values for one user per tenant.
   */
  private @Nullable String tokenTenantProblem(DescribedWarehouse described, Tokens httpTokens)
      throws WarehouseException {
    for (Grant grant : httpTokens.grants()) {
      Principal principal = grant.principal();
      if (principal.tenant() != null) {
        String subject = "--tokens: the tenant of " + principal.id();
        Tenant regions;
        try {
          regions = new Tenant(principal.tenant());
        } catch (IllegalArgumentException e) {
          return subject + " is not a list of tenant key values: " + e.getMessage();
        }
        String problem = data.tenantProblem(described, regions, subject);
        if (problem != null) {
          return problem;
        }
      }
    }
    return null;
  }

  /** Serves the one client on stdin and stdout until it ends its input. */
  private int stdio(CodeModeMcp mcp, PrintStream protocol, PrintWriter err)
      throws InterruptedException {
    Principal principal =
        tenant == null ? Principal.unconfined("mcp") : Principal.ofTenant("mcp", tenant.values());
    // The one client may use the whole server: a grant's default of 8 passes at once would cap a
    // larger --max-concurrent-passes without saying so.
    Grant grant = new Grant(principal, null, Math.min(maxConcurrentPasses, Grant.MAX_CONCURRENT));
    McpStdioServer server = mcp.stdio(grant, System.in, protocol);
    err.println(
        "codemode mcp: serving stdio as "
            + (tenant == null ? "an unconfined principal" : "tenant " + tenant.values())
            + "; writes needing approval "
            + switch (approval) {
              case ASK -> "are asked of the client by elicitation";
              case NONE -> "are denied (--approve none)";
              case ALL -> "are approved (--approve all)";
            }
            + "; end the input to stop");
    try {
      while (!server.awaitEnd(END_POLL)) {
        // Renewed until the client ends its input; awaitEnd has then written every response owed
        // and closed the server.
      }
    } catch (InterruptedException e) {
      server.close();
      throw e;
    }
    return CodemodeCli.EXIT_OK;
  }

  /** What is wrong with the command line beyond what picocli checks, or null. */
  private ResultLinks resultLinks() {
    return ResultLinks.DEFAULTS.withThresholdBytes(resultLinkBytes).withTtl(resultTtl);
  }

  private @Nullable String usageError() {
    if (!transport.equals("stdio") && !transport.equals("http")) {
      return "--transport must be stdio or http, was '" + transport + "'";
    }
    if (!isolation.equals("in-process") && !isolation.equals("process")) {
      return "--isolation must be in-process or process, was '" + isolation + "'";
    }
    if (maxResultBytes < 1 || maxResultBytes > MAX_RESULT_BYTES) {
      return "--max-result-bytes must be 1.." + MAX_RESULT_BYTES + ", was " + maxResultBytes;
    }
    try {
      resultLinks();
    } catch (IllegalArgumentException e) {
      return "--result-link-bytes / --result-ttl: " + e.getMessage();
    }
    if (maxConcurrentPasses < 1 || maxConcurrentPasses > 4096) {
      return "--max-concurrent-passes must be 1..4096, was " + maxConcurrentPasses;
    }
    boolean http = transport.equals("http");
    if (plans && approval != ApprovalOptions.Mode.ASK) {
      return "--plans needs --approve ask: only the client's user approves a plan (by"
          + " elicitation); remove --plans, or --approve "
          + approval.name().toLowerCase(Locale.ROOT);
    }
    if (planTtl.compareTo(Duration.ofDays(1)) > 0) {
      return "--plan-ttl must be at most 1d, was " + Durations.format(planTtl);
    }
    if (allTenants && tenant != null) {
      return "--all-tenants and --tenant contradict each other: keep --tenant to confine the"
          + " client, or --all-tenants to serve it every tenant's rows";
    }
    if (http && allTenants) {
      return "--all-tenants applies to --transport stdio only: over http a --tokens entry says"
          + " \"allTenants\": true for a token that reads every tenant's rows";
    }
    if (http && tenant != null) {
      return "--tenant applies to --transport stdio only: over http each client's principal and"
          + " regions come from its token's entry in --tokens; remove --tenant";
    }
    if (http && tokens == null) {
      return "codemode mcp --transport http needs --tokens FILE, the bearer tokens it accepts:"
          + " {\"tokens\": [{\"sha256\": \"<hex>\", \"principal\": \"emea-analyst\","
          + " \"tenant\": [\"emea\"]}]}, each token stored as its SHA-256 (`codemode mcp new-token`"
          + " prints a token and its hash) with the principal it acts as and its regions (or"
          + " \"allTenants\": true; optional: \"methods\", \"maxConcurrentPasses\"); the server refuses to start without one, so"
          + " that no client is served unauthenticated";
    }
    if (!http) {
      for (String httpOnly :
          List.of("--tokens", "--host", "--port", "--allow-origin", "--sessions")) {
        if (spec.commandLine().getParseResult().hasMatchedOption(httpOnly)) {
          return httpOnly
              + " applies to --transport http only; over stdio the one client is the process that"
              + " started this one (and --tenant its regions)";
        }
      }
    }
    if (approvalWait != null && approvalWait.compareTo(Duration.ofHours(1)) > 0) {
      return "--approval-wait must be above zero and at most 1h, was "
          + Durations.format(approvalWait);
    }
    if (port < 0 || port > 65_535) {
      return "--port must be 0..65535, was " + port;
    }
    try {
      HttpOptions.loopback(0).withAllowedOrigins(allowedOrigins);
    } catch (IllegalArgumentException e) {
      return "--allow-origin: " + e.getMessage();
    }
    return null;
  }

  private static String version() {
    String version = McpCommand.class.getPackage().getImplementationVersion();
    return version == null ? "development" : version;
  }

  /**
   * {@code codemode mcp hash-token}: the hash a tokens file stores for a bearer token, so the token
   * itself is never written to disk.
   */
  @Command(
      name = "hash-token",
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {"0:printed", "2:the input is empty or holds more than one line"},
      mixinStandardHelpOptions = true,
      description = {
        "Read one bearer token from standard input and print its SHA-256 as lowercase hex, the form"
            + " a --tokens file stores.",
        "A final line break is not part of the token."
      })
  static final class HashToken implements Callable<Integer> {

    /** More than any sensible token; the rest of a larger input is never read. */
    static final int MAX_TOKEN_BYTES = 4096;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws IOException {
      PrintWriter err = spec.commandLine().getErr();
      byte[] input = System.in.readNBytes(MAX_TOKEN_BYTES + 1);
      if (input.length > MAX_TOKEN_BYTES) {
        throw CodemodeCli.usage(spec, "the token is longer than " + MAX_TOKEN_BYTES + " bytes");
      }
      String token = new String(input, StandardCharsets.UTF_8);
      if (token.endsWith("\n")) {
        token = token.substring(0, token.length() - (token.endsWith("\r\n") ? 2 : 1));
      }
      if (token.isEmpty()) {
        throw CodemodeCli.usage(
            spec,
            "no token on standard input: pipe one in, e.g. `printf %s \"$TOKEN\" | codemode"
                + " mcp hash-token`");
      }
      if (token.indexOf('\n') >= 0 || token.indexOf('\r') >= 0) {
        throw CodemodeCli.usage(
            spec,
            "standard input holds more than one line: hash one token at a time (a bearer"
                + " token is one line)");
      }
      String weakness = Tokens.weakness(token);
      if (weakness != null) {
        throw CodemodeCli.usage(spec, weakness);
      }
      PrintWriter out = spec.commandLine().getOut();
      out.println(Tokens.hash(token));
      out.flush();
      return CodemodeCli.EXIT_OK;
    }
  }

  /**
   * {@code codemode mcp new-token}: a strong bearer token and the hash a tokens file stores for it,
   * so an operator never has to invent one.
   */
  @Command(
      name = "new-token",
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {"0:printed"},
      mixinStandardHelpOptions = true,
      description = {
        "Print a new random bearer token (256 bits, base64url) on the first line and its SHA-256,"
            + " the form a --tokens file stores, on the second.",
        "Give the token to the client and the hash to the tokens file; the token is shown once."
      })
  static final class NewToken implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Override
    public Integer call() {
      String token = Tokens.generate();
      PrintWriter out = spec.commandLine().getOut();
      out.println(token);
      out.println(Tokens.hash(token));
      out.flush();
      return CodemodeCli.EXIT_OK;
    }
  }
}
