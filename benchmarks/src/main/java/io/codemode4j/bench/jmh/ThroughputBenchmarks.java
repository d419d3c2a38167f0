package io.codemode4j.bench.jmh;

import io.codemode4j.bench.BareContext;
import io.codemode4j.bench.BenchToolkit;
import io.codemode4j.bridge.CodeExecutionLimits;
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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Trivial passes per second on a shared Code Mode, next to bare contexts per second ({@code
 * passes_per_s_*}). Two threads by default, as the target is set; run {@code -t 1} and {@code -t 8}
 * for the other levels.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(2)
@Warmup(iterations = 15, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "--enable-native-access=ALL-UNNAMED",
      "--sun-misc-unsafe-memory-access=allow",
      "-XX:+UseSerialGC"
    })
public class ThroughputBenchmarks {

  private BenchToolkit toolkit;
  private BareContext bare;

  @Setup(Level.Trial)
  public void setUp() {
    toolkit =
        new BenchToolkit(
            CodeExecutionLimits.defaults().maxHostCallConcurrency(), Isolation.inProcess());
    bare = new BareContext();
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    toolkit.close();
    bare.close();
  }

  @Benchmark
  public PassOutcome trivialPass() {
    return toolkit.run(BenchToolkit.TRIVIAL);
  }

  @Benchmark
  public int bareContext() {
    return bare.run();
  }
}
