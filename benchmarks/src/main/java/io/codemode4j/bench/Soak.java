package io.codemode4j.bench;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Isolation;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.bridge.tool.ToolFailure;
import io.codemode4j.bridge.tool.ToolSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The soak of issue 4: many passes at a given concurrency mixing benign programs, hostile programs
 * (escapes, CPU loops, allocation and stack bombs, output floods, huge results, hostile {@code
 * toJSON}, call floods, tampering and state leaks between passes) and failing, crashing or hanging
 * handlers. Every pass's outcome and ledger must be what its scenario expects; once Code Mode is
 * closed no thread, handler, file handle, worker process or heap may be left behind.
 *
 * <p>{@code codemode bench --soak} runs a long soak; {@code SoakIT} a short one in CI. The hostile
 * programs here are a cross-section of the corpus of {@code
 * codemode-bridge/src/test/resources/hostile}, which runs program by program against both
 * executors.
 */
public final class Soak {

  /** Mismatches kept in the report; later ones are only counted. */
  public static final int MAX_MISMATCHES_KEPT = 20;

  /**
   * Calls one pass may make: the call flood makes more and the rest are refused with {@code
   * budget}.
   */
  private static final int MAX_HOST_CALLS = 64;

  private static final int FLOOD_CALLS = 100;

  /**
   * Sixteen passes share two cores (and, in CI, the machine's other builds): the wall-clock limit
   * leaves the benign programs room to finish and the CPU-bound ones room to reach their CPU limit
   * first.
   */
  private static final CodeExecutionLimits LIMITS =
      CodeExecutionLimits.defaults()
          .withMaxWallTime(Duration.ofSeconds(10))
          .withMaxCpuTime(Duration.ofMillis(300))
          .withMaxAllocatedBytes(32L * 1024 * 1024)
          .withMaxStackFrames(300)
          .withMaxLogBytes(16 * 1024)
          .withMaxResultBytes(64 * 1024)
          .withMaxHostCalls(MAX_HOST_CALLS);

  /** Heap still in use after Code Mode is closed, beyond the baseline, that counts as a leak. */
  private static final long HEAP_SLACK_BYTES = 64L * 1024 * 1024;

  /** File handles the JVM may open on its own meanwhile (jars, class data), beyond the baseline. */
  private static final long FILE_SLACK = 4;

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** A program and what its outcome and ledger must be. */
  record Scenario(String name, String code, Expect expect, List<CallStatus> statuses) {
    Scenario {
      statuses = List.copyOf(statuses);
    }
  }

  /**
   * An expected outcome: success with the given result as JSON text, or a failure whose kind (wire
   * name), followed by its limit when it has one, is one of {@code failures}, e.g. {@code "limit
   * cpu"}, {@code "timeout"}.
   */
  record Expect(boolean ok, String result, Set<String> failures) {
    static Expect success(String resultJson) {
      return new Expect(true, resultJson, Set.of());
    }

    static Expect failure(String... failures) {
      return new Expect(false, "", Set.of(failures));
    }
  }

  /** Resources the soak checks for leaks. */
  public record Resources(long threads, long openFiles, long heapBytes, long childProcesses) {}

  private static final CallStatus S = CallStatus.SUCCEEDED;
  private static final CallStatus F = CallStatus.FAILED;
  private static final CallStatus U = CallStatus.UNCERTAIN;

  /**
   * The scenarios, run in turn. A CPU-bound program may also end by wall time: on a loaded machine
   * sixteen passes can leave it less than its CPU limit's share of a core within the wall-clock
   * limit. Either way it ends with a typed outcome and takes nothing else down, which is what the
   * soak checks.
   */
  static final List<Scenario> SCENARIOS =
      List.of(
          new Scenario(
              "fan-out",
              "async () => { const [a, b] = await Promise.all([soak.echo({value: 1}), soak.echo({value: 2, sleepMs: 5})]);"
                  + " return a.value + b.value; }",
              Expect.success("3"),
              List.of(S, S)),
          new Scenario(
              "caught-failure",
              "async () => { try { await soak.fail({kind: 'failed'}); } catch (e) { return e.kind; } }",
              Expect.success("\"failed\""),
              List.of(F)),
          new Scenario(
              "handler-crash",
              "async () => { await soak.fail({kind: 'crash'}); }",
              Expect.failure("thrown"),
              List.of(F)),
          new Scenario(
              "hanging-handler",
              "async () => { await soak.hang({}); }",
              Expect.failure("timeout"),
              List.of(U)),
          new Scenario(
              "never-settles",
              "async () => { await new Promise(() => {}); }",
              Expect.failure("timeout"),
              List.of()),
          new Scenario(
              "cpu-loop",
              "async () => { for (;;) {} }",
              Expect.failure("limit cpu", "timeout"),
              List.of()),
          new Scenario(
              "await-loop",
              "async () => { for (;;) await null; }",
              Expect.failure("limit cpu", "limit memory", "timeout"),
              List.of()),
          new Scenario(
              "allocation-bomb",
              "async () => { const keep = []; for (;;) keep.push(new Array(10000).fill(1)); }",
              Expect.failure("limit memory", "limit cpu", "timeout"),
              List.of()),
          new Scenario(
              "stack-bomb",
              "async () => { const f = (n) => f(n + 1) + 1; return f(0); }",
              Expect.failure("limit stack"),
              List.of()),
          new Scenario(
              "output-flood",
              "async () => { for (;;) console.log('x'.repeat(1000)); }",
              Expect.failure("limit maxLogBytes", "limit cpu", "timeout"),
              List.of()),
          new Scenario(
              "huge-result",
              "async () => 'x'.repeat(100000)",
              Expect.failure("limit maxResultBytes"),
              List.of()),
          new Scenario(
              "hostile-tojson",
              "async () => ({ toJSON() { for (;;) {} } })",
              Expect.failure("limit cpu", "timeout"),
              List.of()),
          new Scenario(
              "thrown-error",
              "async () => { throw new Error('boom'); }",
              Expect.failure("thrown"),
              List.of()),
          new Scenario(
              "call-flood",
              "async () => (await Promise.allSettled(Array.from({length: "
                  + FLOOD_CALLS
                  + "}, () => soak.echo({value: 1}))))"
                  + ".filter(r => r.status === 'rejected' && r.reason.kind === 'budget').length",
              Expect.success(Integer.toString(FLOOD_CALLS - MAX_HOST_CALLS)),
              flood()),
          new Scenario(
              "escape-globals",
              "async () => [typeof Java, typeof Polyglot, typeof Packages, typeof load, typeof require, typeof process,"
                  + " typeof fetch, typeof quit, typeof print, typeof read].join()",
              Expect.success("\"" + String.join(",", Collections.nCopies(10, "undefined")) + "\""),
              List.of()),
          new Scenario(
              "escape-constructor",
              "async () => soak.echo.constructor('return this')()",
              Expect.failure("thrown"),
              List.of()),
          new Scenario(
              "pollute",
              "async () => { Object.prototype.polluted = 1; Array.prototype.push = null; globalThis.leak = 1;"
                  + " try { soak.echo = null; } catch (e) {} return typeof leak; }",
              Expect.success("\"number\""),
              List.of()),
          // Issue 12: values the host cannot read back, memory outside the heap, host names in
          // stacks, arguments over the call limit.
          new Scenario(
              "deep-result",
              "async () => { let v = 0; for (let i = 0; i < 450; i++) v = [v]; return v; }",
              Expect.failure("not_json"),
              List.of()),
          new Scenario(
              "deep-arguments",
              "async () => { let v = 0; for (let i = 0; i < 450; i++) v = [v];"
                  + " try { await soak.echo({value: v}); } catch (e) { return e.kind; } }",
              Expect.success("\"invalid_arguments\""),
              List.of(F)),
          new Scenario(
              "lone-surrogate-key",
              "async () => ({['\\uD800']: 1})",
              Expect.failure("not_json"),
              List.of()),
          new Scenario(
              "deep-thrown",
              "async () => { let v = 0; for (let i = 0; i < 3000; i++) v = [v]; throw v; }",
              Expect.failure("thrown"),
              List.of()),
          new Scenario(
              "off-heap-buffers",
              "async () => typeof SharedArrayBuffer + typeof Atomics",
              Expect.success("\"undefinedundefined\""),
              List.of()),
          new Scenario(
              "prelude-stack",
              "async () => { let s = ''; await soak.echo({value: {toJSON() { s = new Error().stack; return 1; }}});"
                  + " return /jar:|file:|\\.java|io\\.codemode4j/.test(s); }",
              Expect.success("false"),
              List.of(S)),
          new Scenario(
              "oversized-arguments",
              "async () => { try { await soak.echo({value: 'x'.repeat(1100000)}); }"
                  + " catch (e) { return e.kind; } }",
              Expect.success("\"too_large\""),
              List.of(F)),
          new Scenario(
              "clean-realm",
              "async () => [typeof ({}).polluted, typeof [].push, typeof leak, typeof soak.echo, Object.isFrozen(soak)]",
              Expect.success("[\"undefined\",\"function\",\"undefined\",\"function\",true]"),
              List.of()));

  private Soak() {}

  /** Scenarios a soak runs in turn: a soak runs at least this many passes. */
  public static int scenarioCount() {
    return SCENARIOS.size();
  }

  /** Runs the soak; the report says whether every pass was right and whether anything leaked. */
  public static SoakReport run(SoakOptions options) {
    Objects.requireNonNull(options, "options");
    Resources before = measure();
    SoakTools tools = new SoakTools();
    Map<String, Integer> byScenario = new LinkedHashMap<>();
    List<String> mismatches = Collections.synchronizedList(new ArrayList<>());
    AtomicInteger mismatchCount = new AtomicInteger();
    AtomicInteger noFreeWorker = new AtomicInteger();
    long started;
    long finished;
    options
        .progress()
        .accept(
            String.format(
                "soak: %,d passes of %d scenarios at concurrency %d",
                options.passes(), SCENARIOS.size(), options.concurrency()));
    try (CodeMode codeMode = tools.codeMode(options)) {
      codeMode.warmUp(20);
      started = System.nanoTime();
      runPasses(codeMode, options, byScenario, mismatches, mismatchCount, noFreeWorker);
      finished = System.nanoTime();
      PassOutcome after = codeMode.run("async () => 'after the soak'", run());
      if (!(after instanceof PassSuccess s) || !s.result().asString().equals("after the soak")) {
        mismatchCount.incrementAndGet();
        mismatches.add("the benign pass after the soak: " + describe(after));
      }
    }
    options.progress().accept("soak: passes done, checking for leaks");
    List<String> leaks = new ArrayList<>();
    awaitAtMost(
        Duration.ofSeconds(20),
        () ->
            ownThreads().isEmpty()
                && tools.running.get() == 0
                && ProcessHandle.current().children().count() <= before.childProcesses());
    if (!ownThreads().isEmpty()) {
      leaks.add("Code Mode threads still alive after close: " + ownThreads());
    }
    if (tools.running.get() != 0) {
      leaks.add(tools.running.get() + " handlers still running after close");
    }
    Resources after = measure();
    if (after.threads() > before.threads()) {
      leaks.add(
          "threads: "
              + before.threads()
              + " before, "
              + after.threads()
              + " after: "
              + threadNames());
    }
    if (after.openFiles() > before.openFiles() + FILE_SLACK) {
      leaks.add("file handles: " + before.openFiles() + " before, " + after.openFiles() + " after");
    }
    if (after.heapBytes() > before.heapBytes() + HEAP_SLACK_BYTES) {
      leaks.add(
          String.format(
              "heap after GC: %.1f MiB before, %.1f MiB after",
              before.heapBytes() / 1048576.0, after.heapBytes() / 1048576.0));
    }
    if (after.childProcesses() > before.childProcesses()) {
      leaks.add(
          "child processes: "
              + before.childProcesses()
              + " before, "
              + after.childProcesses()
              + " after");
    }
    return new SoakReport(
        options.isolation(),
        options.passes(),
        options.concurrency(),
        Duration.ofNanos(finished - started),
        byScenario,
        mismatches,
        mismatchCount.get(),
        noFreeWorker.get(),
        before,
        after,
        leaks);
  }

  /** Runs the scenarios in turn from the caller threads and checks every outcome and ledger. */
  private static void runPasses(
      CodeMode codeMode,
      SoakOptions options,
      Map<String, Integer> byScenario,
      List<String> mismatches,
      AtomicInteger mismatchCount,
      AtomicInteger noFreeWorker) {
    ExecutorService callers = Executors.newFixedThreadPool(options.concurrency());
    try {
      List<Future<?>> futures = new ArrayList<>(options.passes());
      AtomicInteger done = new AtomicInteger();
      int tenth = Math.max(1, options.passes() / 10);
      for (int i = 0; i < options.passes(); i++) {
        Scenario scenario = SCENARIOS.get(i % SCENARIOS.size());
        byScenario.merge(scenario.name(), 1, Integer::sum);
        futures.add(
            callers.submit(
                () -> {
                  PassOutcome outcome = codeMode.run(scenario.code(), run());
                  if (options.isolation() instanceof Isolation.Process && foundNoWorker(outcome)) {
                    noFreeWorker.incrementAndGet();
                  } else {
                    String wrong = mismatch(scenario, outcome);
                    if (wrong != null && mismatchCount.incrementAndGet() <= MAX_MISMATCHES_KEPT) {
                      mismatches.add(scenario.name() + ": " + wrong);
                    }
                  }
                  int n = done.incrementAndGet();
                  if (n % tenth == 0) {
                    options
                        .progress()
                        .accept(String.format("soak: %,d of %,d passes", n, options.passes()));
                  }
                }));
      }
      for (Future<?> future : futures) {
        future.get();
      }
    } catch (Exception e) {
      throw new IllegalStateException("the soak's caller threads failed: " + e, e);
    } finally {
      callers.shutdownNow();
    }
  }

  /**
   * A pass that waited for a worker process longer than it may and never ran: more callers than
   * workers, several of them holding a worker for their whole wall time (hanging handlers,
   * unsettled promises). Its outcome is typed and its ledger empty, which is right; it only does
   * not test its scenario.
   */
  private static boolean foundNoWorker(PassOutcome outcome) {
    return outcome instanceof PassFailure failure
        && failure.kind() == FailureKind.TIMEOUT
        && failure.calls().isEmpty()
        && failure.message().startsWith("no worker process became free");
  }

  /**
   * What is wrong with {@code outcome} for {@code scenario}, or null when it is what the scenario
   * expects.
   */
  static @Nullable String mismatch(Scenario scenario, PassOutcome outcome) {
    Expect expect = scenario.expect();
    List<CallStatus> statuses = outcome.calls().stream().map(CallRecord::status).toList();
    if (!statuses.equals(scenario.statuses())) {
      return "calls "
          + counts(statuses)
          + ", expected "
          + counts(scenario.statuses())
          + " ("
          + describe(outcome)
          + ")";
    }
    if (expect.ok()) {
      if (outcome instanceof PassSuccess success
          && success.result().equals(JSON.readTree(expect.result()))) {
        return null;
      }
      return "expected ok " + expect.result() + ", got " + describe(outcome);
    }
    if (outcome instanceof PassFailure failure && expect.failures().contains(label(failure))) {
      return null;
    }
    return "expected "
        + String.join(" or ", expect.failures().stream().sorted().toList())
        + ", got "
        + describe(outcome);
  }

  private static String label(PassFailure failure) {
    return failure.kind().wireName()
        + (failure.limit() == null ? "" : " " + failure.limit().wireName());
  }

  private static String describe(PassOutcome outcome) {
    if (outcome instanceof PassSuccess success) {
      String result = success.result().toString();
      return "ok " + (result.length() > 80 ? result.substring(0, 80) + "..." : result);
    }
    PassFailure failure = (PassFailure) outcome;
    return label(failure) + ": " + failure.message();
  }

  /** Statuses as runs, e.g. {@code 64 x succeeded, 36 x failed}. */
  private static String counts(List<CallStatus> statuses) {
    if (statuses.isEmpty()) {
      return "none";
    }
    List<String> runs = new ArrayList<>();
    int from = 0;
    for (int i = 1; i <= statuses.size(); i++) {
      if (i == statuses.size() || statuses.get(i) != statuses.get(from)) {
        runs.add((i - from) + " x " + statuses.get(from).name().toLowerCase());
        from = i;
      }
    }
    return String.join(", ", runs);
  }

  private static List<CallStatus> flood() {
    List<CallStatus> statuses = new ArrayList<>(Collections.nCopies(MAX_HOST_CALLS, S));
    statuses.addAll(Collections.nCopies(FLOOD_CALLS - MAX_HOST_CALLS, F));
    return statuses;
  }

  private static RunContext run() {
    return RunContext.of("soak", Principal.unconfined("soak"));
  }

  /** Resources in use now; the heap after three collections. */
  static Resources measure() {
    for (int i = 0; i < 3; i++) {
      System.gc();
      sleep(100);
    }
    long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    long threads =
        Thread.getAllStackTraces().keySet().stream().filter(t -> !isJdkScheduler(t)).count();
    return new Resources(threads, openFiles(), heap, ProcessHandle.current().children().count());
  }

  /** Threads Code Mode started (passes, watchdogs, handlers, worker readers). */
  private static List<String> ownThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .map(Thread::getName)
        .filter(name -> name.startsWith("codemode-"))
        .sorted()
        .toList();
  }

  private static List<String> threadNames() {
    return Thread.getAllStackTraces().keySet().stream().map(Thread::getName).sorted().toList();
  }

  /**
   * Threads the JDK keeps after their first use, by design: virtual-thread carriers, process
   * reapers (idle ones end after a minute), and the soak's own caller pool, which winds down after
   * {@code shutdownNow}.
   */
  private static boolean isJdkScheduler(Thread thread) {
    String name = thread.getName();
    return name.startsWith("ForkJoinPool-")
        || name.startsWith("VirtualThread-")
        || name.equals("process reaper")
        || name.startsWith("pool-");
  }

  private static long openFiles() {
    Path fds = Path.of("/proc/self/fd");
    if (!Files.isDirectory(fds)) {
      return 0;
    }
    try (Stream<Path> list = Files.list(fds)) {
      return list.count();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void awaitAtMost(Duration limit, BooleanSupplier condition) {
    long until = System.nanoTime() + limit.toNanos();
    while (!condition.getAsBoolean() && System.nanoTime() < until) {
      sleep(100);
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the soak waited", e);
    }
  }

  /**
   * The soak's tools: {@code soak.echo}, {@code soak.fail} and {@code soak.hang}; counts running
   * handlers.
   */
  private static final class SoakTools {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    final AtomicInteger running = new AtomicInteger();

    CodeMode codeMode(SoakOptions options) {
      return CodeMode.builder()
          .method(
              "soak",
              "echo",
              new Tool(
                  spec(
                      "echo",
                      "Returns {value} after sleepMs.",
                      """
              {"type": "object", "properties": {"value": {}, "sleepMs": {"type": "integer", "minimum": 0, "maximum": 100}},
               "required": ["value"], "additionalProperties": false}"""),
                  (arguments, context) -> {
                    running.incrementAndGet();
                    try {
                      int sleep = arguments.path("sleepMs").asInt(0);
                      if (sleep > 0) {
                        Thread.sleep(sleep);
                      }
                      return NODES.objectNode().set("value", arguments.get("value"));
                    } finally {
                      running.decrementAndGet();
                    }
                  }))
          .method(
              "soak",
              "fail",
              new Tool(
                  spec(
                      "fail",
                      "Fails (kind failed) or crashes (kind crash).",
                      """
              {"type": "object", "properties": {"kind": {"enum": ["failed", "crash"]}}, "required": ["kind"],
               "additionalProperties": false}"""),
                  (arguments, context) -> {
                    if (arguments.get("kind").asString().equals("crash")) {
                      throw new IllegalStateException("the soak's handler crashed on purpose");
                    }
                    throw new ToolFailure(
                        ToolFailure.Kind.FAILED, "the soak's handler failed on purpose");
                  }))
          .method(
              "soak",
              "hang",
              new Tool(
                  spec(
                      "hang",
                      "Never returns; ends only when interrupted.",
                      "{\"type\": \"object\", \"additionalProperties\": false}"),
                  (arguments, context) -> {
                    running.incrementAndGet();
                    try {
                      for (; ; ) {
                        Thread.sleep(Long.MAX_VALUE);
                      }
                    } finally {
                      running.decrementAndGet();
                    }
                  }))
          .limits(LIMITS)
          .isolation(options.isolation())
          .build();
    }

    private static ToolSpec spec(String name, String description, String parameters) {
      return new ToolSpec(
          name,
          description,
          JSON.readTree(parameters),
          JSON.readTree("{}"),
          ExecutionClass.READONLY);
    }
  }
}
