package io.codemode4j.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Cold start: {@code ./codemode run examples/top-region.js} end to end as a new process, its wall
 * time and peak resident set (the largest {@code VmHWM} of the process and its descendants, polled
 * every {@value #POLL_MS} ms). Baseline: {@code ./codemode --version}, the launcher and a JVM that
 * starts and exits without Code Mode.
 *
 * <p>The launcher runs with {@code CODEMODE_BUILD=never}, so the bench never builds the CLI while
 * it measures; that also skips the launcher's check that its jar is current (a {@code find} over
 * the repository, a few milliseconds).
 */
final class ColdStartScenario {

  static final String PROGRAM = "examples/top-region.js";
  private static final long POLL_MS = 5;

  /** One finished process: its wall time and peak resident set. */
  private record Run(double wallMs, double peakMiB) {}

  private final Effort effort;
  private final boolean quick;
  private final Path cacheRoot;
  private final Bench.Results results;

  ColdStartScenario(Effort effort, boolean quick, Path cacheRoot, Bench.Results results) {
    this.effort = effort;
    this.quick = quick;
    this.cacheRoot = cacheRoot;
    this.results = results;
  }

  void run(Path home) throws Exception {
    Path launcher = home.resolve("codemode");
    if (!Files.isExecutable(launcher) || !Files.isRegularFile(home.resolve(PROGRAM))) {
      throw new IllegalStateException(home + " has no executable codemode launcher and " + PROGRAM);
    }
    List<String> program = List.of(launcher.toString(), "run", PROGRAM);
    List<String> version = List.of(launcher.toString(), "--version");
    if (!quick) {
      results.progress("cold start: one untimed run of each command (fills the launcher's caches)");
      launch(home, program);
      launch(home, version);
    }
    int runs = effort.coldStartRuns();
    results.progress(
        "cold start: "
            + runs
            + " runs of ./codemode run "
            + PROGRAM
            + ", each next to ./codemode --version");
    double[] wall = new double[runs];
    double[] peak = new double[runs];
    double[] baseWall = new double[runs];
    double[] basePeak = new double[runs];
    int taken =
        Measure.repeat(
            runs,
            effort.stepBudget(),
            i -> {
              Run base = launch(home, version);
              Run run = launch(home, program);
              wall[i] = run.wallMs();
              peak[i] = run.peakMiB();
              baseWall[i] = base.wallMs();
              basePeak[i] = base.peakMiB();
            });
    results.measured(
        "cold_start_ms",
        Stats.of(Arrays.copyOf(wall, taken)),
        OptionalDouble.of(Measure.median(Arrays.copyOf(baseWall, taken))));
    if (Measure.median(Arrays.copyOf(peak, taken)) > 0
        && Measure.median(Arrays.copyOf(basePeak, taken)) > 0) {
      results.measured(
          "cold_start_rss_mb",
          Stats.of(Arrays.copyOf(peak, taken)),
          OptionalDouble.of(Measure.median(Arrays.copyOf(basePeak, taken))));
    } else {
      results.notMeasured(
          "cold_start_rss_mb",
          "this OS does not report a process's peak resident set (/proc/<pid>/status)");
    }
  }

  /**
   * The largest peak resident set among the process and its descendants: the launcher {@code exec}s
   * the JVM once its class-data archive exists, and runs it as a child while it records the
   * archive.
   */
  private static long peakKib(ProcessHandle process) {
    return Stream.concat(Stream.of(process), process.descendants())
        .mapToLong(
            handle ->
                Machine.statusKib(Path.of("/proc", Long.toString(handle.pid()), "status"), "VmHWM:")
                    .orElse(0L))
        .max()
        .orElse(0);
  }

  private Run launch(Path home, List<String> command) throws IOException, InterruptedException {
    Path errors = Files.createTempFile("codemode-bench-", ".err");
    try {
      ProcessBuilder builder =
          new ProcessBuilder(command)
              .directory(home.toFile())
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .redirectError(errors.toFile());
      builder.environment().put("CODEMODE_BUILD", "never");
      builder.environment().put("CODEMODE_CACHE_DIR", cacheRoot.toAbsolutePath().toString());
      long start = System.nanoTime();
      Process process = builder.start();
      long peakKib = 0;
      while (!process.waitFor(POLL_MS, TimeUnit.MILLISECONDS)) {
        peakKib = Math.max(peakKib, peakKib(process.toHandle()));
      }
      double wallMs = (System.nanoTime() - start) / 1e6;
      if (process.exitValue() != 0) {
        throw new IllegalStateException(
            String.join(" ", command)
                + " exited with "
                + process.exitValue()
                + ": "
                + Files.readString(errors, StandardCharsets.UTF_8).strip());
      }
      return new Run(wallMs, peakKib / 1024.0);
    } finally {
      Files.deleteIfExists(errors);
    }
  }
}
