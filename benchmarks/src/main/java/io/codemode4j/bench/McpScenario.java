package io.codemode4j.bench;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.Isolation;
import io.codemode4j.bridge.Principal;
import io.codemode4j.mcp.CodeModeMcp;
import io.codemode4j.mcp.Grant;
import io.codemode4j.mcp.HttpOptions;
import io.codemode4j.mcp.McpHttpServer;
import io.codemode4j.mcp.McpStdioServer;
import io.codemode4j.mcp.Tokens;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The MCP metrics of issue 17, over the synthetic toolkit's Code Mode so that a call costs the
 * server and the trivial pass and nothing of a warehouse: the stdio round trip above the bare pass,
 * and trivial calls per second with their p99 latency over Streamable HTTP at {@value #CLIENTS}
 * concurrent clients.
 *
 * <p>Decided:
 *
 * <ul>
 *   <li>stdio: the server reads and writes an OS pipe each way ({@link Pipe}) and the bench writes
 *       the JSON-RPC lines itself. The SDK's classic client reaches a stdio server only as a
 *       process it starts, and its stream-based client ({@code modern} package) speaks a protocol
 *       the classic server rejects; {@code java.io}'s piped streams fail once the thread that last
 *       wrote has ended, which the server's pool threads do. Each round trip is timed from the
 *       request's write to the response's line, so it holds the server, the pass and two pipe hops,
 *       and no client library; its content is checked after the clock stops.
 *   <li>HTTP: the SDK's own Java client, one per caller thread, each on its own platform thread
 *       (the client completes responses on the common pool, where a blocking call would wait for
 *       itself). Calls are counted by the window they ended in, after a warm-up; the baseline is
 *       the same trivial pass through {@code CodeMode.run} on as many threads, windowed alike.
 *   <li>Each transport gets its own {@link CodeModeMcp} over the same Code Mode: a server's pass
 *       gate keeps one place count per principal, sized by the first grant it sees, so the stdio
 *       grant (8 passes) would otherwise bound the HTTP clients. The HTTP grant allows exactly
 *       {@value #CLIENTS} passes, one per client.
 * </ul>
 */
final class McpScenario {

  static final int CLIENTS = 16;

  private static final int CONCURRENCY = CodeExecutionLimits.defaults().maxHostCallConcurrency();
  private static final String TOKEN = "bench-token-0123456789abcdef0123456789abcdef";
  private static final Duration STDIO_END = Duration.ofSeconds(10);
  private static final int STDIO_ANSWER_SECONDS = 30;
  private static final Duration STDIO_ANSWER = Duration.ofSeconds(STDIO_ANSWER_SECONDS);
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Principal PRINCIPAL = Principal.unconfined("bench");

  private final Effort effort;
  private final Bench.Results results;

  McpScenario(Effort effort, Bench.Results results) {
    this.effort = effort;
    this.results = results;
  }

  void run() throws Exception {
    try (BenchToolkit toolkit = new BenchToolkit(CONCURRENCY, Isolation.inProcess())) {
      try (CodeModeMcp mcp = CodeModeMcp.builder(toolkit.codeMode()).build()) {
        stdio(toolkit, mcp);
      }
      try (CodeModeMcp mcp = CodeModeMcp.builder(toolkit.codeMode()).build()) {
        http(toolkit, mcp);
      }
    }
  }

  /**
   * Per pair, in alternating order: an MCP stdio round trip of the trivial program minus the bare
   * pass next to it.
   */
  private void stdio(BenchToolkit toolkit, CodeModeMcp mcp) throws Exception {
    results.progress(
        "MCP over stdio: "
            + effort.mcpWarmUpCalls()
            + " warm-up round trips, then "
            + effort.mcpSamples()
            + " pairs of a round trip and a bare pass");
    try (StdioClient client = new StdioClient(mcp)) {
      Measure.repeat(
          effort.mcpWarmUpCalls(),
          effort.stepBudget(),
          i -> {
            client.check(client.call());
            toolkit.run(BenchToolkit.TRIVIAL);
          });
      int n = effort.mcpSamples();
      double[] overhead = new double[n];
      double[] bare = new double[n];
      String[] response = new String[1];
      int taken =
          Measure.repeat(
              n,
              effort.stepBudget(),
              i -> {
                double roundTrip;
                if (i % 2 == 0) {
                  bare[i] = Measure.millis(() -> toolkit.run(BenchToolkit.TRIVIAL));
                  roundTrip = Measure.millis(() -> response[0] = client.call());
                } else {
                  roundTrip = Measure.millis(() -> response[0] = client.call());
                  bare[i] = Measure.millis(() -> toolkit.run(BenchToolkit.TRIVIAL));
                }
                client.check(response[0]);
                overhead[i] = roundTrip - bare[i];
              });
      results.measured(
          "mcp_stdio_overhead_ms",
          Stats.of(Arrays.copyOf(overhead, taken)),
          OptionalDouble.of(Measure.median(Arrays.copyOf(bare, taken))));
    }
  }

  /** Trivial calls per second and their p99 per window, against bare passes on as many threads. */
  private void http(BenchToolkit toolkit, CodeModeMcp mcp) throws Exception {
    results.progress(
        "MCP over Streamable HTTP: "
            + CLIENTS
            + " clients calling the trivial program, and as many threads running it bare; "
            + effort.throughputWindows()
            + " windows of "
            + effort.mcpWindow().toMillis()
            + " ms each after "
            + effort.mcpWarmUp().toMillis()
            + " ms of warm-up");
    Windows bare = windows(() -> () -> toolkit.run(BenchToolkit.TRIVIAL));
    Tokens tokens = Tokens.of(Map.of(Tokens.hash(TOKEN), new Grant(PRINCIPAL, null, CLIENTS)));
    try (McpHttpServer server = mcp.http(HttpOptions.loopback(0), tokens)) {
      Windows calls = windows(() -> new HttpCaller(server));
      results.measured(
          "mcp_http_calls_per_s_c" + CLIENTS,
          Stats.of(calls.rates()),
          OptionalDouble.of(Measure.median(bare.rates())));
      results.measured(
          "mcp_http_p99_ms_c" + CLIENTS,
          Stats.of(calls.p99s()),
          OptionalDouble.of(Measure.median(bare.p99s())));
    }
  }

  /** One caller's way to make a call; closed on its own thread when the load stops. */
  private interface Caller extends AutoCloseable {
    void call() throws Exception;

    @Override
    default void close() {}
  }

  /** Opens one caller, on the thread that will use it. */
  @FunctionalInterface
  private interface Callers {
    Caller open() throws Exception;
  }

  /** Per measured window: calls completed per second, and the p99 of their latencies in ms. */
  private record Windows(double[] rates, double[] p99s) {}

  /** When each call of one caller ended and how long it took, in nanoseconds. */
  private static final class Samples {
    private long[] ends = new long[4096];
    private long[] nanos = new long[4096];
    private int size;

    void add(long end, long took) {
      if (size == ends.length) {
        ends = Arrays.copyOf(ends, size * 2);
        nanos = Arrays.copyOf(nanos, size * 2);
      }
      ends[size] = end;
      nanos[size] = took;
      size++;
    }
  }

  /**
   * {@value #CLIENTS} platform threads, each with its own caller, call as fast as they can through
   * the warm-up and then the measured windows; each call counts in the window it ended in.
   */
  private Windows windows(Callers callers) throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    AtomicReference<@Nullable Exception> failure = new AtomicReference<>();
    CountDownLatch opened = new CountDownLatch(CLIENTS);
    List<Samples> samples = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < CLIENTS; i++) {
      Samples own = new Samples();
      samples.add(own);
      threads.add(
          Thread.ofPlatform()
              .name("bench-mcp-" + i)
              .daemon(true)
              .start(
                  () -> {
                    Caller caller;
                    try {
                      caller = callers.open();
                    } catch (Exception e) {
                      failure.compareAndSet(null, e);
                      stop.set(true);
                      return;
                    } finally {
                      opened.countDown();
                    }
                    try (caller) {
                      while (!stop.get()) {
                        long start = System.nanoTime();
                        caller.call();
                        long end = System.nanoTime();
                        own.add(end, end - start);
                      }
                    } catch (Exception e) {
                      failure.compareAndSet(null, e);
                      stop.set(true);
                    }
                  }));
    }
    int windows = effort.throughputWindows();
    long[] bounds = new long[windows + 1];
    try {
      opened.await();
      Thread.sleep(effort.mcpWarmUp());
      bounds[0] = System.nanoTime();
      for (int w = 0; w < windows && !stop.get(); w++) {
        Thread.sleep(effort.mcpWindow());
        bounds[w + 1] = System.nanoTime();
      }
    } finally {
      stop.set(true);
      for (Thread thread : threads) {
        thread.join();
      }
    }
    Exception failed = failure.get();
    if (failed != null) {
      throw new IllegalStateException("an MCP caller failed: " + failed.getMessage(), failed);
    }
    double[] rates = new double[windows];
    double[] p99s = new double[windows];
    for (int w = 0; w < windows; w++) {
      List<Double> latencies = new ArrayList<>();
      for (Samples s : samples) {
        for (int k = 0; k < s.size; k++) {
          if (s.ends[k] >= bounds[w] && s.ends[k] < bounds[w + 1]) {
            latencies.add(s.nanos[k] / 1e6);
          }
        }
      }
      if (latencies.isEmpty()) {
        throw new IllegalStateException("no call ended within measured window " + w);
      }
      rates[w] = latencies.size() / ((bounds[w + 1] - bounds[w]) / 1e9);
      p99s[w] = Stats.of(latencies.stream().mapToDouble(Double::doubleValue).toArray()).p99();
    }
    return new Windows(rates, p99s);
  }

  /** The SDK's client over Streamable HTTP, checking that each call answered 1. */
  private static final class HttpCaller implements Caller {
    private static final McpSchema.CallToolRequest TRIVIAL =
        new McpSchema.CallToolRequest("run_javascript", Map.of("code", BenchToolkit.TRIVIAL));

    private final McpSyncClient client;

    HttpCaller(McpHttpServer server) {
      HttpClientStreamableHttpTransport transport =
          HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + server.port())
              .endpoint("/mcp")
              .jsonMapper(new JacksonMcpJsonMapper(JSON))
              .httpRequestCustomizer(
                  (request, method, uri, body, context) ->
                      request.header("Authorization", "Bearer " + TOKEN))
              .build();
      this.client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build();
      client.initialize();
    }

    @Override
    public void call() {
      McpSchema.CallToolResult result = client.callTool(TRIVIAL);
      if (Boolean.TRUE.equals(result.isError())
          || !(result.structuredContent() instanceof Map<?, ?> json
              && json.get("result") instanceof Number value
              && value.intValue() == 1)) {
        throw new IllegalStateException("the trivial call did not answer 1: " + result);
      }
    }

    @Override
    public void close() {
      client.close();
    }
  }

  /**
   * The JSON-RPC lines of one stdio session, written and read by hand over two OS pipes.
   *
   * <p>Decided: a watchdog closes the response pipe when an answer is {@value
   * #STDIO_ANSWER_SECONDS} s late, so that the read fails and the bench reports the metric as not
   * measured instead of waiting forever: the SDK's stdio transport can drop a response (two
   * responses sent at once, one of them spinning for more than its 100 ms while the other's virtual
   * thread waits for a carrier), after which the session answers nothing. A timestamp per call
   * costs the round trip nothing measurable; a timed read on another thread would cost a handoff.
   */
  private static final class StdioClient implements AutoCloseable {
    private static final long IDLE = -1;

    private final McpStdioServer server;
    private final OutputStream requests;
    private final BufferedReader responses;
    private final Pipe.SourceChannel answers;
    private final Thread watchdog;
    private volatile long waitingSince = IDLE;
    private volatile boolean late;
    private long id;

    StdioClient(CodeModeMcp mcp) throws IOException {
      Pipe in = Pipe.open();
      Pipe out = Pipe.open();
      this.answers = out.source();
      this.watchdog =
          Thread.ofPlatform().name("bench-mcp-stdio-watchdog").daemon(true).start(this::watch);
      this.server =
          mcp.stdio(
              Grant.of(PRINCIPAL),
              Channels.newInputStream(in.source()),
              Channels.newOutputStream(out.sink()));
      this.requests = Channels.newOutputStream(in.sink());
      this.responses =
          new BufferedReader(
              new InputStreamReader(Channels.newInputStream(out.source()), StandardCharsets.UTF_8));
      String initialized =
          exchange(
              "initialize",
              "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                  + "\"clientInfo\":{\"name\":\"codemode-bench\",\"version\":\"1\"}}");
      JsonNode json = JSON.readTree(initialized);
      if (json.path("id").asLong(-1) != id || !json.path("result").has("serverInfo")) {
        throw new IllegalStateException("the stdio server did not initialize: " + initialized);
      }
      write("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    }

    /** One {@code tools/call} of the trivial program; its response line, unchecked (see check). */
    String call() throws IOException {
      return exchange(
          "tools/call",
          "{\"name\":\"run_javascript\",\"arguments\":{\"code\":\""
              + BenchToolkit.TRIVIAL
              + "\"}}");
    }

    /**
     * Fails unless {@code response} answers the last request with a successful result of 1. Only
     * requests are written, one at a time, and the server sends this client no request or
     * notification of its own, so the line read after a request is its response.
     */
    void check(String response) {
      JsonNode json = JSON.readTree(response);
      JsonNode result = json.path("result");
      if (json.path("id").asLong(-1) != id
          || result.path("isError").asBoolean(true)
          || result.path("structuredContent").path("result").asInt(0) != 1) {
        throw new IllegalStateException("the trivial call did not answer 1: " + response);
      }
    }

    private String exchange(String method, String params) throws IOException {
      id++;
      write(
          "{\"jsonrpc\":\"2.0\",\"id\":"
              + id
              + ",\"method\":\""
              + method
              + "\",\"params\":"
              + params
              + "}");
      waitingSince = System.nanoTime();
      String line;
      try {
        line = responses.readLine();
      } catch (IOException e) {
        if (late) {
          throw new IOException(
              "the stdio server did not answer "
                  + method
                  + " within "
                  + STDIO_ANSWER_SECONDS
                  + " s",
              e);
        }
        throw e;
      } finally {
        waitingSince = IDLE;
      }
      if (line == null) {
        throw new IOException("the stdio server ended its output before answering " + method);
      }
      return line;
    }

    /** Closes the response pipe once an answer is late; ends when the client closes. */
    private void watch() {
      try {
        while (true) {
          Thread.sleep(1000);
          long since = waitingSince;
          if (since != IDLE && System.nanoTime() - since > STDIO_ANSWER.toNanos()) {
            late = true;
            answers.close();
            return;
          }
        }
      } catch (InterruptedException e) {
        // Closed: nothing is awaited any more.
      } catch (IOException e) {
        // Closing the pipe failed; the read goes on waiting, as it would without a watchdog.
      }
    }

    private void write(String line) throws IOException {
      requests.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      requests.flush();
    }

    /** Ends the server's input and waits for it to finish, as a host closing stdin does. */
    @Override
    public void close() throws IOException, InterruptedException {
      watchdog.interrupt();
      requests.close();
      try {
        if (!server.awaitEnd(STDIO_END)) {
          server.close();
          throw new IllegalStateException(
              "the stdio server did not end within " + STDIO_END.toSeconds() + " s of its input");
        }
      } finally {
        responses.close();
      }
    }
  }
}
