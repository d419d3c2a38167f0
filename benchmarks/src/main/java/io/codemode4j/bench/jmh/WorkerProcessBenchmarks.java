package io.codemode4j.bench.jmh;

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
 * The warm pass in the worker-process executor, two pre-started worker JVMs ({@code
 * warm_pass_process_ms}). The warm-up is twice {@link PassBenchmarks}'s: the passes alternate
 * between the two workers, each a JVM whose C2 compiles GraalJS's interpreter on its own, so each
 * gets as much warm-up as the in-process pass does.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 30, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "--enable-native-access=ALL-UNNAMED",
      "--sun-misc-unsafe-memory-access=allow",
      "-XX:+UseSerialGC"
    })
public class WorkerProcessBenchmarks {

  private BenchToolkit toolkit;

  @Setup(Level.Trial)
  public void setUp() {
    toolkit =
        new BenchToolkit(
            CodeExecutionLimits.defaults().maxHostCallConcurrency(), Isolation.process());
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    toolkit.close();
  }

  @Benchmark
  public PassOutcome warmPass() {
    return toolkit.run(BenchToolkit.TRIVIAL);
  }
}
