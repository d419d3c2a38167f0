package io.codemode4j.bench;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.Isolation;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The pass metrics over synthetic tools: warm pass (in process and in worker processes), three-call
 * pass, per host call, throughput and resident memory per concurrent pass, the last four in
 * process.
 */
final class PassScenarios {

  /** Passes held open at once to measure the memory of one. */
  static final int HELD_PASSES = 16;

  private static final int CONCURRENCY = CodeExecutionLimits.defaults().maxHostCallConcurrency();

  private static final long HOLD_TIMEOUT_MS = 60_000;
  private static final double MIB = 1024.0 * 1024;

  private final Effort effort;
  private final Bench.Results results;

  PassScenarios(Effort effort, Bench.Results results) {
    this.effort = effort;
    this.results = results;
  }

  void run() throws Exception {
    try (BenchToolkit toolkit = new BenchToolkit(CONCURRENCY, Isolation.inProcess());
        BareContext bare = new BareContext()) {
      results.progress(
          "warming up: " + effort.warmUpPasses() + " trivial passes and as many bare contexts");
      Duration budget = effort.stepBudget();
      Measure.repeat(effort.warmUpPasses(), budget, i -> toolkit.run(BenchToolkit.TRIVIAL));
      Measure.repeat(effort.warmUpPasses() / 2, budget, i -> toolkit.run(BenchToolkit.THREE_CALLS));
      Measure.repeat(
          effort.warmUpPasses() / 20, budget, i -> toolkit.run(BenchToolkit.SEQUENTIAL_CALLS));
      Measure.repeat(effort.warmUpPasses(), budget, i -> bare.run());
      double warmPass = warmPass(toolkit, bare);
      processPass(warmPass);
      threeCallPass(toolkit, warmPass);
      hostCall(toolkit);
      throughput(toolkit, bare, 1, "passes_per_s_c1");
      throughput(toolkit, bare, 2, "passes_per_s_c2");
      throughput(toolkit, bare, 8, "passes_per_s_c8");
      residentMemory();
    }
  }

  /** Returns the warm pass's median, the baseline of the three-call pass. */
  private double warmPass(BenchToolkit toolkit, BareContext bare) throws Exception {
    int n = effort.passSamples();
    results.progress(
        "warm pass: " + n + " passes of async () => 1, each next to a bare GraalJS context");
    double[] pass = new double[n];
    double[] baseline = new double[n];
    int taken =
        Measure.repeat(
            n,
            effort.stepBudget(),
            i -> {
              baseline[i] = Measure.millis(bare::run);
              pass[i] = Measure.millis(() -> toolkit.run(BenchToolkit.TRIVIAL));
            });
    Stats stats = Stats.of(Arrays.copyOf(pass, taken));
    results.measured(
        "warm_pass_ms", stats, OptionalDouble.of(Measure.median(Arrays.copyOf(baseline, taken))));
    return stats.median();
  }

  /**
   * The warm pass in the worker-process executor ({@link Isolation#process()}: two pre-started
   * worker JVMs), against the in-process warm pass.
   *
   * <p>Decided: each worker JVM gets as many warm-up passes as the in-process pass got, so the
   * workers' pool hands each of them {@code warmUpPasses} in turn. Every worker compiles GraalJS's
   * interpreter with a C2 of its own, and until 2026-12-06 the two shared a quarter of the
   * in-process count (2,500 passes each): JMH measured the worker pass at 690-870 us p50 after 16 s
   * of warm-up and at 308-481 us after 60 s, the workers' compiler thread still at 19% of their CPU
   * in the first case. A worker serves passes for as long as it lives, so its warm state is the one
   * to compare.
   */
  private void processPass(double inProcessMedian) throws Exception {
    Isolation.Process isolation = (Isolation.Process) Isolation.process();
    try (BenchToolkit process = new BenchToolkit(CONCURRENCY, isolation)) {
      int warmUp = effort.warmUpPasses() * isolation.workers();
      results.progress(
          "warm pass in worker processes: "
              + warmUp
              + " warm-up passes, then "
              + effort.passSamples());
      Measure.repeat(warmUp, effort.stepBudget(), i -> process.run(BenchToolkit.TRIVIAL));
      double[] pass = new double[effort.passSamples()];
      int taken =
          Measure.repeat(
              pass.length,
              effort.stepBudget(),
              i -> pass[i] = Measure.millis(() -> process.run(BenchToolkit.TRIVIAL)));
      Stats stats = Stats.of(Arrays.copyOf(pass, taken));
      results.measured("warm_pass_process_ms", stats, OptionalDouble.of(inProcessMedian));
      results.measured(
          "warm_pass_process_vs_in_process", stats.over(inProcessMedian), OptionalDouble.empty());
    }
  }

  private void threeCallPass(BenchToolkit toolkit, double warmPassMedian) throws Exception {
    int n = effort.passSamples();
    results.progress(
        "three-call pass: " + n + " passes with three instant calls through Promise.all");
    double[] pass = new double[n];
    int taken =
        Measure.repeat(
            n,
            effort.stepBudget(),
            i -> pass[i] = Measure.millis(() -> toolkit.run(BenchToolkit.THREE_CALLS)));
    results.measured(
        "three_call_pass_ms",
        Stats.of(Arrays.copyOf(pass, taken)),
        OptionalDouble.of(warmPassMedian));
  }

  /**
   * Per call: a pass of 64 awaited instant calls minus the trivial pass next to it, over 64.
   * Baseline: the bare thread handoff such a call needs (start a virtual thread that hands the
   * handler's result through a queue to the waiting platform thread), per call.
   */
  private void hostCall(BenchToolkit toolkit) throws Exception {
    int n = effort.hostCallSamples();
    int calls = BenchToolkit.HOST_CALLS;
    results.progress(
        "host calls: "
            + n
            + " passes of "
            + calls
            + " awaited instant calls, each next to a trivial pass");
    double[] perCall = new double[n];
    double[] handoff = new double[n];
    int taken =
        Measure.repeat(
            n,
            effort.stepBudget(),
            i -> {
              double withCalls = Measure.millis(() -> toolkit.run(BenchToolkit.SEQUENTIAL_CALLS));
              double without = Measure.millis(() -> toolkit.run(BenchToolkit.TRIVIAL));
              perCall[i] = (withCalls - without) * 1000 / calls;
              handoff[i] = Measure.millis(() -> handoffs(calls)) * 1000 / calls;
            });
    results.measured(
        "host_call_us",
        Stats.of(Arrays.copyOf(perCall, taken)),
        OptionalDouble.of(Measure.median(Arrays.copyOf(handoff, taken))));
  }

  private static void handoffs(int calls) throws InterruptedException {
    BlockingQueue<Integer> completions = new LinkedBlockingQueue<>();
    for (int i = 0; i < calls; i++) {
      Thread.ofVirtual().start(() -> completions.add(1));
      completions.take();
    }
  }

  /**
   * Trivial passes per second on {@code threads} callers; baseline: bare contexts per second alike.
   */
  private void throughput(BenchToolkit toolkit, BareContext bare, int threads, String name)
      throws Exception {
    results.progress(
        "throughput: trivial passes and bare contexts on "
            + threads
            + " threads, "
            + effort.throughputWindows()
            + " windows of "
            + effort.throughputWindow().toMillis()
            + " ms each");
    double[] baseline =
        Measure.throughput(
            threads, effort.throughputWindow(), effort.throughputWindows(), bare::run);
    double[] passes =
        Measure.throughput(
            threads,
            effort.throughputWindow(),
            effort.throughputWindows(),
            () -> toolkit.run(BenchToolkit.TRIVIAL));
    results.measured(name, Stats.of(passes), OptionalDouble.of(Measure.median(baseline)));
  }

  /**
   * Resident memory of one pass: {@value #HELD_PASSES} passes held open at once (each waits in a
   * host call) against one finished pass, per pass, both after a full collection: the live heap
   * they add, plus what the process's resident set grows outside the heap (their threads' stacks,
   * native memory). The resident set alone would miss the heap part whenever the heap already has
   * the room committed. Each round uses a new Code Mode, so the pass threads are new too, as they
   * are when a host's concurrency grows.
   */
  private void residentMemory() throws Exception {
    if (Machine.residentMiB().isEmpty()) {
      results.notMeasured(
          "rss_per_pass_mb", "this OS does not report the resident set (/proc/self/status)");
      return;
    }
    results.progress(
        "resident memory: "
            + effort.rssRounds()
            + " rounds of "
            + HELD_PASSES
            + " passes held open, each on a new Code Mode");
    double[] perPass = new double[effort.rssRounds()];
    for (int round = 0; round < perPass.length; round++) {
      try (BenchToolkit toolkit = new BenchToolkit(CONCURRENCY, Isolation.inProcess())) {
        toolkit.warmUp(BenchToolkit.TRIVIAL, 20);
        Footprint before = Footprint.settled();
        BenchToolkit.Hold hold = toolkit.hold();
        hold.open();
        List<Thread> callers = new ArrayList<>();
        try {
          for (int i = 0; i < HELD_PASSES; i++) {
            callers.add(Thread.ofVirtual().start(() -> toolkit.run(BenchToolkit.HELD_CALL)));
          }
          if (!hold.awaitHeld(HELD_PASSES, HOLD_TIMEOUT_MS)) {
            throw new IllegalStateException(
                HELD_PASSES + " held passes did not all start within " + HOLD_TIMEOUT_MS + " ms");
          }
          perPass[round] = Footprint.settled().minus(before) / HELD_PASSES;
        } finally {
          hold.release();
          for (Thread caller : callers) {
            caller.join();
          }
        }
      }
    }
    results.measured("rss_per_pass_mb", Stats.of(perPass), OptionalDouble.empty());
  }

  /** The live heap, the committed heap and the resident set, in MiB. */
  private record Footprint(double liveHeap, double committedHeap, double resident) {

    /** Measured after a full collection. */
    static Footprint settled() throws InterruptedException {
      System.gc();
      Thread.sleep(100);
      MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
      return new Footprint(
          heap.getUsed() / MIB, heap.getCommitted() / MIB, Machine.residentMiB().orElseThrow());
    }

    /** Live heap growth plus resident growth outside the heap since {@code before}. */
    double minus(Footprint before) {
      double outsideHeap = (resident - committedHeap) - (before.resident - before.committedHeap);
      return liveHeap - before.liveHeap + outsideHeap;
    }
  }
}
