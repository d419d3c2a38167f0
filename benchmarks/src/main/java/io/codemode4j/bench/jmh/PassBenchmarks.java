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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Warm pass, three-call pass and 64 awaited host calls in process, next to a bare GraalJS context
 * (the scenarios of {@code warm_pass_ms}, {@code three_call_pass_ms} and {@code host_call_us}).
 * Sample time gives the percentiles; per call is {@code (sequentialCalls - warmPass) / 64}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 15, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "--enable-native-access=ALL-UNNAMED",
      "--sun-misc-unsafe-memory-access=allow",
      "-XX:+UseSerialGC"
    })
public class PassBenchmarks {

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
  public PassOutcome warmPass() {
    return toolkit.run(BenchToolkit.TRIVIAL);
  }

  @Benchmark
  public int bareContext() {
    return bare.run();
  }

  @Benchmark
  public PassOutcome threeCallPass() {
    return toolkit.run(BenchToolkit.THREE_CALLS);
  }

  @Benchmark
  public PassOutcome sequentialCalls() {
    return toolkit.run(BenchToolkit.SEQUENTIAL_CALLS);
  }
}
