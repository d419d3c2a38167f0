package io.codemode4j.bench.jmh;

import io.codemode4j.bench.BenchToolkit;
import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.Isolation;
import io.codemode4j.bridge.outcome.PassOutcome;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * The process CPU of a trivial pass (the bench's {@code cpu_per_pass_ms}), as the secondary results
 * {@code processCpuMicros} over {@code passes} next to the time: every thread of the JVM counts
 * (the pass thread, the thread that prepares contexts ahead, GraalJS's own threads, the JIT and the
 * GC), which is what issue 28 compares with QuickJS. {@code pooledPass} is Code Mode as shipped
 * (contexts prepared on a background thread); {@code unpooledPass} builds each context on the pass
 * thread, so its time alone holds the fresh context's cost. Run with {@code -prof gc} for the bytes
 * a pass allocates. A change that adds work per context (a sandbox option with a thread of its own,
 * a longer prelude) shows here first.
 */
@BenchmarkMode(Mode.AverageTime)
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
public class CpuPerPassBenchmarks {

  /** Code Mode with contexts prepared ahead, and one that prepares each on the pass thread. */
  @State(Scope.Benchmark)
  public static class Toolkits {
    BenchToolkit pooled;
    BenchToolkit unpooled;

    @Setup(Level.Trial)
    public void setUp() {
      int concurrency = CodeExecutionLimits.defaults().maxHostCallConcurrency();
      pooled = new BenchToolkit(concurrency, Isolation.inProcess());
      unpooled = BenchToolkit.unpooled(concurrency);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      pooled.close();
      unpooled.close();
    }
  }

  /**
   * The JVM's CPU time over an iteration and the passes it ran, read when JMH collects the
   * iteration. JMH sums event counters over the iterations, so {@code processCpuMicros / passes} is
   * the CPU per pass over the whole measurement.
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class ProcessCpu {
    private static final com.sun.management.OperatingSystemMXBean OS =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private long cpuAtStart;

    /** The passes of this iteration. */
    public long passes;

    @Setup(Level.Iteration)
    public void start() {
      passes = 0;
      cpuAtStart = OS.getProcessCpuTime();
    }

    /** Microseconds of the process's CPU time since this iteration started. */
    public long processCpuMicros() {
      return (OS.getProcessCpuTime() - cpuAtStart) / 1_000;
    }
  }

  @Benchmark
  public PassOutcome pooledPass(Toolkits toolkits, ProcessCpu cpu) {
    cpu.passes++;
    return toolkits.pooled.run(BenchToolkit.TRIVIAL);
  }

  @Benchmark
  public PassOutcome unpooledPass(Toolkits toolkits, ProcessCpu cpu) {
    cpu.passes++;
    return toolkits.unpooled.run(BenchToolkit.TRIVIAL);
  }
}
