package io.codemode4j.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.jspecify.annotations.Nullable;

/** Timing helpers shared by the scenarios. */
final class Measure {

  /** Work that may fail; timed as a whole. */
  @FunctionalInterface
  interface Work {
    void run() throws Exception;
  }

  /** One step of a loop, given its index. */
  @FunctionalInterface
  interface Step {
    void run(int index) throws Exception;
  }

  private Measure() {}

  static double millis(Work work) throws Exception {
    long start = System.nanoTime();
    work.run();
    return (System.nanoTime() - start) / 1e6;
  }

  /**
   * Runs {@code step} for indexes 0, 1, ... until it ran {@code count} times, or once {@code
   * budget} is spent after the first run; returns how many times it ran.
   */
  static int repeat(int count, Duration budget, Step step) throws Exception {
    long deadline = System.nanoTime() + budget.toNanos();
    int runs = 0;
    while (runs < count && (runs == 0 || System.nanoTime() - deadline < 0)) {
      step.run(runs);
      runs++;
    }
    return runs;
  }

  static double median(double[] values) {
    return Stats.of(values).median();
  }

  /**
   * Runs {@code op} on {@code threads} platform threads for a discarded window and then {@code
   * windows} measured windows of {@code window} each, and returns the completed operations per
   * second of each measured window.
   */
  static double[] throughput(int threads, Duration window, int windows, Work op)
      throws InterruptedException {
    LongAdder done = new LongAdder();
    AtomicBoolean stop = new AtomicBoolean();
    AtomicReference<@Nullable Exception> failure = new AtomicReference<>();
    List<Thread> workers = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      workers.add(
          Thread.ofPlatform()
              .name("bench-worker-" + i)
              .daemon(true)
              .start(
                  () -> {
                    try {
                      while (!stop.get()) {
                        op.run();
                        done.increment();
                      }
                    } catch (Exception e) {
                      failure.compareAndSet(null, e);
                      stop.set(true);
                    }
                  }));
    }
    double[] rates = new double[windows];
    try {
      Thread.sleep(window);
      for (int i = 0; i < windows && !stop.get(); i++) {
        long before = done.sum();
        long start = System.nanoTime();
        Thread.sleep(window);
        rates[i] = (done.sum() - before) / ((System.nanoTime() - start) / 1e9);
      }
    } finally {
      stop.set(true);
      for (Thread worker : workers) {
        worker.join();
      }
    }
    if (failure.get() != null) {
      throw new IllegalStateException(
          "a throughput worker failed: " + failure.get().getMessage(), failure.get());
    }
    return rates;
  }
}
