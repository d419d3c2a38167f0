package io.codemode4j.bench.jmh;

import io.codemode4j.bench.BenchToolkit;
import io.codemode4j.bridge.Isolation;
import io.codemode4j.bridge.outcome.PassOutcome;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * 64 calls to a handler sleeping 20 ms at each {@code maxHostCallConcurrency} ({@code
 * overlap_efficiency_c*}): the ideal is {@code ceil(64 / c) * 20} ms, so efficiency is that over
 * the average time reported.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 3)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "--enable-native-access=ALL-UNNAMED",
      "--sun-misc-unsafe-memory-access=allow",
      "-XX:+UseSerialGC"
    })
public class OverlapBenchmarks {

  @Param({"1", "4", "16", "64"})
  public int concurrency;

  private BenchToolkit toolkit;

  @Setup(Level.Trial)
  public void setUp() {
    toolkit = new BenchToolkit(concurrency, Isolation.inProcess());
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    toolkit.close();
  }

  @Benchmark
  public PassOutcome sleepingCalls() {
    return toolkit.run(BenchToolkit.SLEEPING_CALLS);
  }
}
