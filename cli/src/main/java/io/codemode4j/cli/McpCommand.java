package io.codemode4j.cli;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Isolation;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.discovery.ToolDiscovery;
import io.codemode4j.mcp.CodeModeMcp;
import io.codemode4j.mcp.Grant;
import io.codemode4j.mcp.McpStdioServer;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.billing.BillingSample;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
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
    mixinStandardHelpOptions = true,
    subcommands = McpCommand.HashToken.class,
    description = {
      "Serve Code Mode over the Model Context Protocol: run_javascript and discover_tools, each"
          + " table and the declarations as resources, and the analyst prompt.",
      "stdio (default) serves the one client that started this process; http serves many, each"
          + " bearer token of --tokens acting as its own principal.",
      "Exit 0 when the client ended its input (stdio) or the server was stopped, 2 on a usage"
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
      names = "--port",
      paramLabel = "N",
      defaultValue = "8080",
      description =
          "With http: the port to listen on, 0 for any free one (default: ${DEFAULT-VALUE}).")
  int port;

  @Option(
      names = "--tenant",
      paramLabel = "REGION[,REGION]",
      converter = TenantConverter.class,
      description =
          "With stdio: the client sees only these regions (over http each token's entry in"
              + " --tokens says its regions).")
  @Nullable Tenant tenant;

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
      names = "--max-concurrent-passes",
      paramLabel = "N",
      defaultValue = "" + CodeModeMcp.DEFAULT_MAX_CONCURRENT_PASSES,
      description =
          "Programs running at once over all clients, 1..4096; a call over it is answered busy at"
              + " once (default: ${DEFAULT-VALUE}).")
  int maxConcurrentPasses;

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
    PrintWriter err = spec.commandLine().getErr();
    String usage = usageError();
    if (usage != null) {
      err.println("error: " + usage);
      return CodemodeCli.EXIT_USAGE;
    }
    boolean stdio = transport.equals("stdio");
    // Taken before anything else runs: from here on System.out is stderr (see the class comment).
    PrintStream protocol = System.out;
    if (stdio) {
      System.setOut(System.err);
    }
    try {
      return serve(err, protocol);
    } finally {
      System.setOut(protocol);
    }
  }

  private Integer serve(PrintWriter err, PrintStream protocol) {
    Isolation mode =
        isolation.equals("process")
            ? new Isolation.Process(PROCESS_WORKERS, PROCESS_WORKER_HEAP_MB)
            : Isolation.inProcess();
    PassObservers observers;
    try {
      observers = PassObservers.open(audit, auditArguments, System.getenv());
    } catch (IllegalArgumentException | IOException e) {
      err.println("error: " + TerminalText.message(e));
      return CodemodeCli.EXIT_USAGE;
    }
    // As in `codemode run`: the engine warms on another core while this thread opens the warehouse.
    try (observers;
        EngineWarmUp warmUp = mode instanceof Isolation.InProcess ? EngineWarmUp.start() : null;
        Warehouse warehouse = data.openWarehouse();
        // describePerRun: a token whose grant hides methods gets a description declaring only the
        // methods it may call (without it such a token's every pass would be refused).
        CodeMode codeMode =
            observers
                .register(
                    BillingSample.installTools(warehouse, state.openFlags(), CodeMode.builder()))
                .limits(CodeExecutionLimits.defaults().withMaxWallTime(timeout))
                .isolation(mode)
                .includeDeclarations(!noDeclarations)
                .describePerRun(true)
                .build();
        CodeModeMcp mcp =
            CodeModeMcp.builder(codeMode)
                .discovery(ToolDiscovery.of(List.of(codeMode)))
                .warehouse(warehouse)
                .maxConcurrentPasses(maxConcurrentPasses)
                .openTelemetry(observers.openTelemetry())
                .version(version())
                .build()) {
      String unknown = tenant == null ? null : DataOptions.unknownRegions(warehouse, tenant);
      if (unknown != null) {
        err.println("error: " + unknown);
        return CodemodeCli.EXIT_USAGE;
      }
      if (warmUp != null) {
        warmUp.await();
      }
      codeMode.warmUp(WARM_UP_PASSES);
      return stdio(mcp, protocol, err);
    } catch (WarehouseException e) {
      err.println("error: " + TerminalText.message(e));
      return CodemodeCli.EXIT_FAILED;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println("error: interrupted before the server ended");
      return CodemodeCli.EXIT_FAILED;
    } catch (IOException e) {
      // Only closing the audit file throws it, after serving: its last lines may be lost.
      err.println("error: closing the audit file: " + TerminalText.message(e));
      return CodemodeCli.EXIT_FAILED;
    }
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
  private @Nullable String usageError() {
    if (!transport.equals("stdio") && !transport.equals("http")) {
      return "--transport must be stdio or http, was '" + transport + "'";
    }
    if (!isolation.equals("in-process") && !isolation.equals("process")) {
      return "--isolation must be in-process or process, was '" + isolation + "'";
    }
    if (maxConcurrentPasses < 1 || maxConcurrentPasses > 4096) {
      return "--max-concurrent-passes must be 1..4096, was " + maxConcurrentPasses;
    }
    boolean http = transport.equals("http");
    if (http && tenant != null) {
      return "--tenant applies to --transport stdio only: over http each client's principal and"
          + " regions come from its token's entry in --tokens; remove --tenant";
    }
    if (http && tokens == null) {
      return "codemode mcp --transport http needs --tokens FILE: a JSON file of the bearer tokens"
          + " it accepts, each stored as its SHA-256 hex (`echo TOKEN | codemode mcp"
          + " hash-token`) with the principal it acts as and that principal's regions; the server"
          + " refuses to start without one, so that no client is served unauthenticated";
    }
    if (!http) {
      for (String httpOnly : List.of("--tokens", "--host", "--port")) {
        if (spec.commandLine().getParseResult().hasMatchedOption(httpOnly)) {
          return httpOnly
              + " applies to --transport http only; over stdio the one client is the process that"
              + " started this one (and --tenant its regions)";
        }
      }
    }
    if (port < 0 || port > 65_535) {
      return "--port must be 0..65535, was " + port;
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
      mixinStandardHelpOptions = true,
      description = {
        "Read one bearer token from standard input and print its SHA-256 as lowercase hex, the form"
            + " a --tokens file stores.",
        "A final line break is not part of the token. Exit 0 printed, 2 when the input is empty"
            + " or holds more than one line."
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
        err.println("error: the token is longer than " + MAX_TOKEN_BYTES + " bytes");
        return CodemodeCli.EXIT_USAGE;
      }
      String token = new String(input, StandardCharsets.UTF_8);
      if (token.endsWith("\n")) {
        token = token.substring(0, token.length() - (token.endsWith("\r\n") ? 2 : 1));
      }
      if (token.isEmpty()) {
        err.println(
            "error: no token on standard input: pipe one in, e.g. `printf %s \"$TOKEN\" | codemode"
                + " mcp hash-token`");
        return CodemodeCli.EXIT_USAGE;
      }
      if (token.indexOf('\n') >= 0 || token.indexOf('\r') >= 0) {
        err.println(
            "error: standard input holds more than one line: hash one token at a time (a bearer"
                + " token is one line)");
        return CodemodeCli.EXIT_USAGE;
      }
      PrintWriter out = spec.commandLine().getOut();
      out.println(sha256Hex(token));
      out.flush();
      return CodemodeCli.EXIT_OK;
    }

    static String sha256Hex(String token) {
      try {
        return HexFormat.of()
            .formatHex(
                MessageDigest.getInstance("SHA-256")
                    .digest(token.getBytes(StandardCharsets.UTF_8)));
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException("every JDK has SHA-256", e);
      }
    }
  }
}
