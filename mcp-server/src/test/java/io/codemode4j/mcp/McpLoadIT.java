package io.codemode4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Isolation;
import io.codemode4j.bridge.Poll;
import io.codemode4j.bridge.Principal;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.billing.BillingSample;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One long-lived Streamable HTTP server under load on loopback: 16 clients, each its own SDK client
 * on its own thread, call {@code run_javascript} in a fixed rotation of benign and hostile programs
 * as two principals of different tenants. Every result is checked for its exact content, every
 * hostile program is followed by a benign one that must work, and once everything is closed no
 * thread, file descriptor, running pass or worker process is left.
 *
 * <p>Decided: the whole fixture (warehouse, Code Mode, MCP server, clients) is opened and closed
 * inside each test, after one warm-up round of the same fixture, so that what is counted before and
 * after differs only by what the load left behind (the warm-up loads classes and opens the jars
 * they come from). Limits are small (a 3 s wall, 32 MiB of allocation, 8 inner calls) so that
 * hostile programs end quickly; the wall leaves a benign pass room on a machine loaded by other
 * builds too (load 14 was seen here; at a 2 s wall and a looper in every four clients, a benign
 * query and two memory hogs ran out of wall time at load 7 while a Trino pair ran beside CI). The
 * CPU limit is 500 ms, far above a benign pass's few milliseconds: a busy loop ends by it after
 * half a second of a core instead of burning three (it was the test's largest cost, 20 loops of 3 s
 * of CPU each, on a machine whose other builds' tests it slowed), or by the wall time where the
 * machine starves it of even that much CPU in 3 s; either is the sandbox holding.
 */
// Alone (no other class of this module beside it, issue 32): it compares the threads, descriptors
// and processes of the whole JVM before and after.
@Isolated
class McpLoadIT {

  static final JsonMapper JSON = JsonMapper.builder().build();

  static final int CLIENTS = 16;
  static final int ROUNDS = 10;
  static final int ROTATION = 16;

  /** As many as {@link Isolation#process()} has workers: a client more would be refused busy. */
  static final int WORKER_CLIENTS = 2;

  /**
   * Every eighth client sends the busy loop. With every client sending it, about seven loops ran at
   * once on the two cores (each holds its core for the whole wall time), and a pass around them
   * could be starved past a 1 s wall; two loopers keep them to about one at a time.
   */
  static final int LOOPER_EVERY = 8;

  static final int MAX_HOST_CALLS = 8;

  static final CodeExecutionLimits LIMITS =
      CodeExecutionLimits.defaults()
          .withMaxWallTime(Duration.ofSeconds(3))
          .withMaxCpuTime(Duration.ofMillis(500))
          .withMaxAllocatedBytes(32L * 1024 * 1024)
          .withMaxHostCalls(MAX_HOST_CALLS);

  static final String EMEA = "load-emea-0123456789abcdef0123456789abcdef";
  static final String APAC = "load-apac-0123456789abcdef0123456789abcdef";

  /** Computed through the warehouse directly for each tenant, then asked for over MCP. */
  static final String TOTALS_SQL =
      "SELECT COUNT(*) AS invoices, SUM(amount_cents) AS cents FROM invoices";

  static final String TOTALS =
      "async () => (await warehouse.query({sql: \"" + TOTALS_SQL + "\"})).rows[0]";

  static final String BUSY_LOOP = "async () => { let i = 0; for (;;) { i = (i + 1) | 0; } }";

  static final String MEMORY_HOG =
      "async () => { const keep = []; for (;;) keep.push(new ArrayBuffer(1 << 20)); }";

  /** Twice the inner-call budget at once: the first eight are admitted, the rest refused. */
  static final String CALL_FLOOD =
      "async () => Promise.all(Array.from({length: "
          + 2 * MAX_HOST_CALLS
          + "}, () => warehouse.tables({})))";

  static final String NEVER_SETTLES = "async () => { await new Promise(() => {}); }";

  /** What one client sends and what must come back. */
  record Call(String name, String code, Expect expect) {}

  /** A check of one result; returns what is wrong with it, or null. */
  @FunctionalInterface
  interface Expect {
    String check(JsonNode structured, boolean isError);
  }

  /** What a test counted at the end. */
  record Tally(int calls, Map<String, Integer> byProgram, List<String> mismatches) {}

  /** The two tenants' expected totals, read once per fixture through the warehouse itself. */
  record Expected(JsonNode emea, JsonNode apac) {}

  /** The fixture: everything a run opens, closed in reverse. */
  static final class Server implements AutoCloseable {
    final Warehouse warehouse;
    final CodeMode codeMode;
    final CodeModeMcp mcp;
    final McpHttpServer http;
    final Expected expected;

    Server(Isolation isolation) throws Exception {
      this(isolation, new PassStarts());
    }

    Server(Isolation isolation, PassStarts passStarts) throws Exception {
      warehouse =
          BillingSample.open(
              Path.of(System.getProperty("codemode.sampleDir", "../sample-data/parquet")),
              Path.of(System.getProperty("codemode.cacheDir", "target/codemode-cache")));
      codeMode =
          BillingSample.installTools(warehouse, CodeMode.builder())
              .describePerRun(true)
              .limits(LIMITS)
              .isolation(isolation)
              .listener(passStarts)
              .build();
      // Each principal's limit is above its eight clients, each of which has one call in flight at
      // a time, so no call of this test may be refused as busy.
      mcp = ServedWarehouse.builder(codeMode, warehouse).build();
      http =
          mcp.http(
              HttpOptions.loopback(0),
              Tokens.of(
                  Map.of(
                      Tokens.hash(EMEA),
                      new Grant(Principal.ofTenant("emea-analyst", Set.of("emea")), null, 16),
                      Tokens.hash(APAC),
                      new Grant(Principal.ofTenant("apac-analyst", Set.of("apac")), null, 16))));
      expected = new Expected(totals("emea"), totals("apac"));
    }

    private JsonNode totals(String tenant) throws Exception {
      return warehouse
          .query(TOTALS_SQL, warehouse.forTenant(new Tenant(Set.of(tenant))))
          .rows()
          .get(0);
    }

    McpSyncClient client(String token) {
      HttpClientStreamableHttpTransport transport =
          HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + http.port())
              .endpoint("/mcp")
              .jsonMapper(new JacksonMcpJsonMapper(JSON))
              .httpRequestCustomizer(
                  (request, method, uri, body, context) ->
                      request.header("Authorization", "Bearer " + token))
              .build();
      McpSyncClient client =
          McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build();
      client.initialize();
      return client;
    }

    @Override
    public void close() {
      http.close();
      mcp.close();
      codeMode.close();
      warehouse.close();
    }
  }

  @Test
  void callTool_sixteenClientsMixingHostilePrograms_everyResultIsRightAndNothingIsLeft()
      throws Exception {
    runLoad(Isolation.inProcess(), CLIENTS, 1);
    Leftovers before = Leftovers.now();

    Tally tally = runLoad(Isolation.inProcess(), CLIENTS, ROUNDS);

    assertThat(tally.mismatches()).isEmpty();
    int each = CLIENTS * ROUNDS;
    assertThat(tally.calls()).isEqualTo(each * ROTATION);
    int loopers = CLIENTS / LOOPER_EVERY;
    assertThat(tally.byProgram())
        .containsOnly(
            Map.entry("arithmetic", each * 6),
            Map.entry("totals", (loopers * 5 + (CLIENTS - loopers) * 6) * ROUNDS),
            Map.entry("busy loop", loopers * ROUNDS),
            Map.entry("memory hog", each),
            Map.entry("call flood", each),
            Map.entry("never settles", each),
            Map.entry("thrown", each));
    before.assertNothingLeftBy(Leftovers.now());
  }

  /**
   * Two clients and one round: every pass runs in one of the two worker processes, one client's
   * each, so none is refused busy for want of a worker.
   */
  @Test
  void callTool_aClientPerWorkerProcess_everyResultIsRightAndNoWorkerIsLeft() throws Exception {
    runLoad(Isolation.process(), 1, 1);
    Leftovers before = Leftovers.now();

    Tally tally = runLoad(Isolation.process(), WORKER_CLIENTS, 1);

    assertThat(tally.mismatches()).isEmpty();
    assertThat(tally.calls()).isEqualTo(WORKER_CLIENTS * ROTATION);
    before.assertNothingLeftBy(Leftovers.now());
  }

  /**
   * One worker and two principals: while one principal's program holds the worker, the other's is
   * refused busy at once (it used to wait for the worker up to its whole wall time), and runs once
   * the worker is free.
   */
  @Test
  void callTool_noWorkerFree_isBusyAtOnceForAnotherPrincipal() throws Exception {
    PassStarts passStarts = new PassStarts();
    try (Server server = new Server(new Isolation.Process(1, 512), passStarts);
        McpSyncClient emea = server.client(EMEA);
        McpSyncClient apac = server.client(APAC)) {
      CompletableFuture<McpSchema.CallToolResult> holding = new CompletableFuture<>();
      // Its own thread: the SDK client completes responses on the common pool.
      Thread.ofPlatform()
          .start(
              () ->
                  holding.complete(
                      emea.callTool(
                          new McpSchema.CallToolRequest(
                              "run_javascript",
                              Map.of(
                                  "code",
                                  "async () => { let i = 0; while (i < 2000000) { i = (i + 1) |"
                                      + " 0; } return i; }")))));
      passStarts.awaitNext();

      McpSchema.CallToolResult refused =
          apac.callTool(
              new McpSchema.CallToolRequest("run_javascript", Map.of("code", "async () => 1")));
      holding.get(60, TimeUnit.SECONDS);
      McpSchema.CallToolResult after =
          apac.callTool(
              new McpSchema.CallToolRequest("run_javascript", Map.of("code", "async () => 1")));

      JsonNode busy = JSON.valueToTree(refused.structuredContent());
      assertThat(busy.get("error").get("kind").asString()).isEqualTo("busy");
      assertThat(busy.get("error").get("message").asString())
          .contains("the server is at its limit of 1 program at once");
      assertThat(JSON.valueToTree(after.structuredContent()).get("result").asInt()).isEqualTo(1);
    }
  }

  /**
   * Opens the fixture, lets {@code clients} clients each make {@code rounds} rounds of the rotation
   * (each client starting at its own place in it), checks that no pass is still running, and closes
   * everything.
   */
  static Tally runLoad(Isolation isolation, int clientCount, int rounds) throws Exception {
    ConcurrentLinkedQueue<String> mismatches = new ConcurrentLinkedQueue<>();
    Map<String, AtomicInteger> byProgram = Collections.synchronizedMap(new TreeMap<>());
    AtomicInteger calls = new AtomicInteger();
    try (Server server = new Server(isolation)) {
      List<Thread> clients = new ArrayList<>();
      for (int c = 0; c < clientCount; c++) {
        int index = c;
        boolean emea = c % 2 == 0;
        List<Call> rotation =
            rotation(index, emea ? server.expected.emea() : server.expected.apac());
        clients.add(
            Thread.ofPlatform()
                .name("load-client-" + c)
                .start(
                    () -> {
                      try (McpSyncClient client = server.client(emea ? EMEA : APAC)) {
                        for (int i = 0; i < rounds * rotation.size(); i++) {
                          Call call = rotation.get((i + index) % rotation.size());
                          McpSchema.CallToolResult result =
                              client.callTool(
                                  new McpSchema.CallToolRequest(
                                      "run_javascript", Map.of("code", call.code())));
                          calls.incrementAndGet();
                          byProgram
                              .computeIfAbsent(call.name(), n -> new AtomicInteger())
                              .incrementAndGet();
                          String wrong = check(call, result);
                          if (wrong != null) {
                            mismatches.add("client " + index + " call " + i + ": " + wrong);
                          }
                        }
                      } catch (RuntimeException e) {
                        mismatches.add("client " + index + " failed: " + e);
                      }
                    }));
      }
      for (Thread client : clients) {
        client.join(Duration.ofMinutes(3));
        if (client.isAlive()) {
          mismatches.add(client.getName() + " did not finish within 3 minutes");
        }
      }
      int running = server.mcp.runningPasses();
      if (running != 0) {
        mismatches.add(running + " passes still running after every client had its answer");
      }
    }
    Map<String, Integer> counts =
        byProgram.entrySet().stream()
            .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().get()));
    return new Tally(calls.get(), counts, List.copyOf(mismatches));
  }

  /**
   * {@value #ROTATION} calls: each hostile program (the busy loop only for every {@value
   * #LOOPER_EVERY}th client) followed by a benign one, then benign ones up to the rotation's
   * length; the arithmetic answers differ per client and place so that a result sent to the wrong
   * call would show.
   */
  static List<Call> rotation(int client, JsonNode totals) {
    List<Call> calls = new ArrayList<>();
    List<Call> hostile = new ArrayList<>();
    if (client % LOOPER_EVERY == 0) {
      hostile.add(
          new Call(
              "busy loop",
              BUSY_LOOP,
              either(failure("limit", "cpu", null), failure("timeout", null, "wall-clock"))));
    }
    hostile.addAll(
        List.of(
            new Call("memory hog", MEMORY_HOG, failure("limit", "memory", null)),
            new Call("call flood", CALL_FLOOD, McpLoadIT::flood),
            new Call("never settles", NEVER_SETTLES, failure("timeout", null, "wall-clock")),
            new Call(
                "thrown",
                "async () => { throw new Error('load ' + " + client + "); }",
                failure("thrown", null, "load " + client))));
    int place = 0;
    for (Call h : hostile) {
      calls.add(h);
      calls.add(benign(client, place++, totals));
    }
    while (calls.size() < ROTATION) {
      calls.add(benign(client, place++, totals));
    }
    return List.copyOf(calls);
  }

  /** Arithmetic at even places, the tenant's totals at odd ones. */
  static Call benign(int client, int place, JsonNode totals) {
    if (place % 2 == 1) {
      return new Call("totals", TOTALS, success(totals));
    }
    int n = client * 100 + place;
    return new Call(
        "arithmetic",
        "async () => " + n + " * 3 + 1",
        success(JSON.getNodeFactory().numberNode(n * 3 + 1)));
  }

  static Expect success(JsonNode value) {
    return (json, isError) -> {
      if (isError || !json.path("ok").asBoolean(false)) {
        return "expected ok with " + value + ", got " + json;
      }
      // As text: the rows come back with longs where the parsed response holds ints.
      return json.get("result").toString().equals(value.toString())
          ? null
          : "expected " + value + ", got " + json;
    };
  }

  /** Right when {@code first} or {@code second} finds nothing wrong; otherwise both complaints. */
  static Expect either(Expect first, Expect second) {
    return (json, isError) -> {
      String one = first.check(json, isError);
      if (one == null) {
        return null;
      }
      String other = second.check(json, isError);
      return other == null ? null : one + "; or " + other;
    };
  }

  /** A failed pass of {@code kind} (and {@code limit}), its message containing {@code message}. */
  static Expect failure(String kind, String limit, String message) {
    return (json, isError) -> {
      JsonNode error = json.path("error");
      boolean right =
          isError
              && !json.path("ok").asBoolean(true)
              && error.path("kind").asString("").equals(kind)
              && Objects.equals(error.path("limit").asString(null), limit)
              && (message == null || error.path("message").asString("").contains(message));
      return right
          ? null
          : "expected " + kind + (limit == null ? "" : " " + limit) + ", got " + json;
    };
  }

  /**
   * The flood fails as thrown (Promise.all rejects with the first refusal), and its ledger holds
   * all sixteen calls: each of the eight admitted ones succeeded, or was running when the pass
   * ended (uncertain), or had not started by then (the bound runs four at a time); the eight after
   * them were refused for the budget.
   */
  static String flood(JsonNode json, boolean isError) {
    String wrong =
        failure("thrown", null, "call budget spent: this pass may make " + MAX_HOST_CALLS)
            .check(json, isError);
    if (wrong != null) {
      return wrong;
    }
    List<String> statuses = new ArrayList<>();
    for (JsonNode call : json.path("calls")) {
      statuses.add(
          call.path("method").asString()
              + " "
              + call.path("status").asString()
              + call.path("kind").asString(""));
    }
    boolean right =
        statuses.size() == 2 * MAX_HOST_CALLS
            && json.path("omittedCalls").asInt(-1) == 0
            && statuses.subList(0, MAX_HOST_CALLS).stream()
                .allMatch(
                    s ->
                        s.equals("warehouse.tables succeeded")
                            || s.equals("warehouse.tables uncertain")
                            || s.equals("warehouse.tables not-started"))
            && statuses.subList(MAX_HOST_CALLS, 2 * MAX_HOST_CALLS).stream()
                .allMatch(s -> s.equals("warehouse.tables failedbudget"));
    return right ? null : "expected 8 admitted and 8 refused calls, got " + json;
  }

  /** The structured content checked against the call's expectation and against the text. */
  static String check(Call call, McpSchema.CallToolResult result) {
    if (!(result.structuredContent() instanceof Object content)) {
      return call.name() + ": no structured content in " + result;
    }
    JsonNode json = JSON.valueToTree(content);
    if (result.content().size() != 1
        || !(result.content().get(0) instanceof McpSchema.TextContent text)
        || !JSON.readTree(text.text()).equals(json)) {
      return call.name() + ": the text content is not the structured content: " + result;
    }
    String wrong = call.expect().check(json, Boolean.TRUE.equals(result.isError()));
    return wrong == null ? null : call.name() + ": " + wrong;
  }

  /**
   * What the JVM holds that a server could leave behind: live platform threads by name, open file
   * descriptors, and descendant processes.
   */
  record Leftovers(Map<String, Long> threads, int fileDescriptors, Set<Long> descendants) {

    /**
     * The class of the virtual threads' carriers, JVM-wide and retired when idle (a JDK-internal
     * class, so matched by name).
     */
    static final String CARRIER = "jdk.internal.misc.CarrierThread";

    /**
     * Threads shared by the whole JVM, which come and go on their own schedules and belong to no
     * server: the common pool (the SDK client completes responses there), Reactor's global
     * schedulers (the SDK's sessions use them), both of which retire idle threads after a while,
     * and the JDK's process reapers (one waits on each child process; an idle one stays for a
     * minute after its process ended). Child processes themselves are checked apart.
     */
    static final List<String> JVM_WIDE =
        List.of(
            "ForkJoinPool.commonPool-worker-", "boundedElastic-", "parallel-", "process reaper");

    /** Descriptors that may differ without anything leaking: a jar opened by late class loading. */
    static final int FD_TOLERANCE = 8;

    static Leftovers now() {
      Map<String, Long> threads =
          Thread.getAllStackTraces().keySet().stream()
              .filter(Thread::isAlive)
              .filter(t -> !t.getClass().getName().equals(CARRIER))
              .map(Thread::getName)
              .filter(name -> JVM_WIDE.stream().noneMatch(name::startsWith))
              .collect(
                  Collectors.groupingBy(Function.identity(), TreeMap::new, Collectors.counting()));
      String[] fds = new File("/proc/self/fd").list();
      Set<Long> descendants =
          ProcessHandle.current()
              .descendants()
              .filter(ProcessHandle::isAlive)
              .map(ProcessHandle::pid)
              .collect(Collectors.toSet());
      return new Leftovers(threads, fds == null ? -1 : fds.length, descendants);
    }

    /**
     * Waits up to ten seconds for {@code after} to come back to this, re-reading it, then asserts:
     * threads that stop asynchronously after close (Jetty's, the JDK HTTP client's selector) need a
     * moment.
     */
    void assertNothingLeftBy(Leftovers after) throws InterruptedException {
      // Nothing announces that such a thread has stopped: poll.
      AtomicReference<Leftovers> latest = new AtomicReference<>(after);
      try {
        Poll.until(
            "nothing is left behind",
            Duration.ofSeconds(10),
            () -> {
              if (latest.get().isWithin(this)) {
                return true;
              }
              System.gc();
              latest.set(Leftovers.now());
              return latest.get().isWithin(this);
            });
      } catch (AssertionError e) {
        // The assertions below say what was left.
      }
      Leftovers now = latest.get();
      Map<String, Long> added = new TreeMap<>(now.threads);
      threads.forEach(
          (name, count) ->
              added.computeIfPresent(name, (n, c) -> c - count > 0 ? c - count : null));
      assertThat(added).as("threads left behind").isEmpty();
      if (fileDescriptors >= 0) {
        assertThat(now.fileDescriptors)
            .as("open file descriptors")
            .isLessThanOrEqualTo(fileDescriptors + FD_TOLERANCE);
      }
      Set<Long> newProcesses = new java.util.TreeSet<>(now.descendants);
      newProcesses.removeAll(descendants);
      assertThat(newProcesses).as("child processes left behind").isEmpty();
    }

    private boolean isWithin(Leftovers before) {
      boolean threadsBack =
          threads.entrySet().stream()
              .allMatch(e -> e.getValue() <= before.threads.getOrDefault(e.getKey(), 0L));
      Set<Long> extra = new java.util.HashSet<>(descendants);
      extra.removeAll(before.descendants);
      return threadsBack
          && fileDescriptors <= before.fileDescriptors + FD_TOLERANCE
          && extra.isEmpty();
    }
  }
}
