package io.codemode4j.bench;

import io.codemode4j.bridge.Isolation;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;

/**
 * Overlap efficiency: {@value BenchToolkit#HOST_CALLS} calls to a handler sleeping {@value
 * BenchToolkit#SLEEP_MS} ms, all started at once with {@code maxHostCallConcurrency} c, as the
 * ideal wall time ({@code ceil(64 / c) * 20 ms}) over the measured one. Baseline: the same sleeps
 * on plain virtual threads behind a semaphore of c permits, measured the same way.
 *
 * <p>Each level builds its own Code Mode, so its engine is new: 100 passes of the same program with
 * instant sleeps warm it first (with 5, the program's first passes on the new engine were the
 * samples: 0.71 at 64 calls in run 6). Levels whose passes are short take more rounds, so every
 * level spends about the same time sampling.
 */
final class OverlapScenario {

  static final List<Integer> CONCURRENCY = List.of(1, 4, 16, 64);

  private final Effort effort;
  private final Bench.Results results;

  OverlapScenario(Effort effort, Bench.Results results) {
    this.effort = effort;
    this.results = results;
  }

  void run() throws Exception {
    for (int concurrency : CONCURRENCY) {
      int rounds = effort.overlapRounds() * Math.max(1, concurrency / 4);
      results.progress(
          "overlap at concurrency "
              + concurrency
              + ": "
              + rounds
              + " passes of "
              + BenchToolkit.HOST_CALLS
              + " sleeping calls, each next to the plain-Java baseline");
      double ideal =
          Math.ceilDiv(BenchToolkit.HOST_CALLS, concurrency) * (double) BenchToolkit.SLEEP_MS;
      double[] efficiency = new double[rounds];
      double[] baseline = new double[rounds];
      try (BenchToolkit toolkit = new BenchToolkit(concurrency, Isolation.inProcess())) {
        toolkit.warmUp(BenchToolkit.TRIVIAL, 200);
        toolkit.warmUp(BenchToolkit.sleepingCalls(0), 100);
        int taken =
            Measure.repeat(
                rounds,
                effort.stepBudget(),
                round -> {
                  baseline[round] = ideal / Measure.millis(() -> plainSleeps(concurrency));
                  efficiency[round] =
                      ideal / Measure.millis(() -> toolkit.run(BenchToolkit.SLEEPING_CALLS));
                });
        results.measured(
            "overlap_efficiency_c" + concurrency,
            Stats.of(Arrays.copyOf(efficiency, taken)),
            OptionalDouble.of(Measure.median(Arrays.copyOf(baseline, taken))));
      }
    }
  }

  private static void plainSleeps(int concurrency) throws InterruptedException {
    Semaphore slots = new Semaphore(concurrency, true);
    CountDownLatch done = new CountDownLatch(BenchToolkit.HOST_CALLS);
    for (int i = 0; i < BenchToolkit.HOST_CALLS; i++) {
      Thread.ofVirtual()
          .start(
              () -> {
                try {
                  slots.acquire();
                  try {
                    Thread.sleep(BenchToolkit.SLEEP_MS);
                  } finally {
                    slots.release();
                  }
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                } finally {
                  done.countDown();
                }
              });
    }
    done.await();
  }
}
