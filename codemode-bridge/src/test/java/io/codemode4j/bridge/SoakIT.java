package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Many passes at concurrency 16 mixing benign programs, hostile programs and failing or hanging handlers:
 * every ledger is right, and once Code Mode is closed no thread, file handle or heap is left behind. CI runs
 * {@value #CI_PASSES} passes; {@code -Dcodemode.soak.passes=N} runs a long soak.
 */
@Tag("soak")
class SoakIT {

  private static final int CI_PASSES = 240;
  private static final int CONCURRENCY = 16;

  /** A program and what its ledger must say. */
  private record Scenario(String code, boolean ok, List<CallStatus> statuses) {}

  private static final List<Scenario> SCENARIOS = List.of(
      new Scenario("async () => (await Promise.all([t.echo({value: 1}), t.echo({value: 2, sleepMs: 5})])).length",
          true, List.of(CallStatus.SUCCEEDED, CallStatus.SUCCEEDED)),
      new Scenario("async () => { try { await t.fail({kind: 'failed'}); } catch (e) { return e.kind; } }",
          true, List.of(CallStatus.FAILED)),
      new Scenario("async () => { await t.block({}); }", false, List.of(CallStatus.UNCERTAIN)),
      new Scenario("async () => { for (;;) {} }", false, List.of()),
      new Scenario("async () => { const keep = []; for (;;) keep.push(new Array(10000).fill(1)); }", false, List.of()),
      new Scenario("async () => { const f = (n) => f(n + 1) + 1; return f(0); }", false, List.of()),
      new Scenario("async () => { throw new Error('boom'); }", false, List.of()),
      new Scenario("async () => { Object.prototype.polluted = 1; globalThis.leak = 1; return typeof leak; }",
          true, List.of()));

  @Test
  void soak_mixedPassesAtConcurrency16_leaveCorrectLedgersAndNoLeaks() throws Exception {
    int passes = Integer.getInteger("codemode.soak.passes", CI_PASSES);
    long threadsBefore = Thread.getAllStackTraces().keySet().stream().filter(t -> !isJdkScheduler(t)).count();
    long filesBefore = openFiles();
    long heapBefore = usedHeapAfterGc();

    TestTools tools = new TestTools();
    CodeExecutionLimits limits = CodeExecutionLimits.defaults()
        // Sixteen passes share two cores: wall time leaves CPU-bound programs room to meet their CPU limit.
        .withMaxWallTime(Duration.ofSeconds(5))
        .withMaxCpuTime(Duration.ofMillis(300))
        .withMaxAllocatedBytes(32L * 1024 * 1024)
        .withMaxStackFrames(300);
    try (CodeMode codeMode = tools.codeMode().limits(limits).build()) {
      codeMode.warmUp(20);
      runMixedPasses(codeMode, passes, CONCURRENCY);
      assertThat(codeMode.run("async () => 'after the soak'", TestTools.run()))
          .isInstanceOfSatisfying(PassSuccess.class, s -> assertThat(s.result().asString()).isEqualTo("after the soak"));
    }

    awaitAtMost(Duration.ofSeconds(20), () -> ownThreads().isEmpty());
    assertThat(ownThreads()).isEmpty();
    assertThat(Thread.getAllStackTraces().keySet().stream().filter(t -> !isJdkScheduler(t)).count())
        .as("threads now: %s", Thread.getAllStackTraces().keySet().stream().map(Thread::getName).sorted().toList())
        .isLessThanOrEqualTo(threadsBefore);
    assertThat(openFiles()).isLessThanOrEqualTo(filesBefore + 4);
    assertThat(usedHeapAfterGc()).isLessThan(heapBefore + 96L * 1024 * 1024);
  }

  /** Runs the scenarios in turn from {@code concurrency} callers and checks every outcome and ledger. */
  private static void runMixedPasses(CodeMode codeMode, int passes, int concurrency) throws Exception {
    ExecutorService callers = Executors.newFixedThreadPool(concurrency);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int i = 0; i < passes; i++) {
        Scenario scenario = SCENARIOS.get(i % SCENARIOS.size());
        futures.add(callers.submit(() -> {
          PassOutcome outcome = codeMode.run(scenario.code(), TestTools.run());
          assertThat(outcome.ok()).as(scenario.code() + " -> " + outcome).isEqualTo(scenario.ok());
          assertThat(TestTools.statuses(outcome)).as(scenario.code()).isEqualTo(scenario.statuses());
          return null;
        }));
      }
      for (Future<?> future : futures) {
        future.get();
      }
    } finally {
      callers.shutdown();
    }
  }

  /** Threads Code Mode started (passes, watchdogs, handlers): all must be gone once it is closed. */
  private static List<String> ownThreads() {
    return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
        .filter(name -> name.startsWith("codemode-")).toList();
  }

  /** The JDK's virtual-thread carriers, which outlive any one user of virtual threads by design. */
  private static boolean isJdkScheduler(Thread thread) {
    return thread.getName().startsWith("ForkJoinPool-") || thread.getName().startsWith("VirtualThread-")
        || thread.getName().startsWith("pool-");
  }

  @Test
  void soak_workerProcesses_leaveCorrectLedgersAndNoWorkerBehind() throws Exception {
    long childrenBefore = ProcessHandle.current().children().count();
    TestTools tools = new TestTools();
    CodeExecutionLimits limits = CodeExecutionLimits.defaults()
        .withMaxWallTime(Duration.ofSeconds(5))
        .withMaxCpuTime(Duration.ofMillis(300))
        .withMaxAllocatedBytes(32L * 1024 * 1024)
        .withMaxStackFrames(300);
    try (CodeMode codeMode = tools.codeMode().limits(limits).isolation(new Isolation.Process(2, 256)).build()) {
      runMixedPasses(codeMode, 48, 4);
    }
    awaitAtMost(Duration.ofSeconds(10), () -> ProcessHandle.current().children().count() <= childrenBefore);
    assertThat(ProcessHandle.current().children().count()).isLessThanOrEqualTo(childrenBefore);
  }

  private static long openFiles() throws IOException {
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      return fds.count();
    }
  }

  private static long usedHeapAfterGc() throws InterruptedException {
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(100);
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  private static void awaitAtMost(Duration limit, java.util.function.BooleanSupplier condition) throws InterruptedException {
    long until = System.nanoTime() + limit.toNanos();
    while (!condition.getAsBoolean() && System.nanoTime() < until) {
      Thread.sleep(100);
    }
  }
}
