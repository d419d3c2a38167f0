package io.codemode4j.cli;

import io.codemode4j.bench.Bench;
import io.codemode4j.bench.BenchOptions;
import io.codemode4j.bench.BenchReport;
import io.codemode4j.bench.Metric;
import io.codemode4j.bench.Stats;
import io.codemode4j.bench.Target;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code codemode bench}: the performance scenarios of issue 6 in this JVM, one row per metric. The
 * {@code ./codemode} launcher passes the repository root as {@code codemode.home}, which the cold-start and
 * model-visible-bytes scenarios need.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
    description = {"Measure Code Mode: warm pass, host calls, overlap, allowlist, queries, throughput, memory,",
        "cold start and model-visible bytes, each next to its baseline from the same run.",
        "Prints one row per metric (median, p90, p99, baseline, ratio, target, met); progress goes to stderr.",
        "A full run takes minutes (more the first time, when it generates the 10,000,000-invoice set)."})
final class BenchCommand implements Callable<Integer> {

  private static final String ROW = "%-26s %-19s %10s %10s %10s %10s %8s %9s  %s%n";
  private static final MathContext DIGITS = new MathContext(4);

  @Spec
  CommandSpec spec;

  @Option(names = "--quick", description = "A smoke run with few samples, well under a minute; rough numbers, "
      + "and no 10,000,000-invoice set unless --data gives one.")
  boolean quick;

  @Option(names = "--json", description = "Print one JSON object {machine, metrics: [{name, unit, median, p90, p99, "
      + "baseline, ratio, target, met}]}; a metric that was not measured has null numbers and a reason.")
  boolean json;

  @Option(names = "--data", paramLabel = "DIR", description = "The parquet directory of the 10,000,000-invoice set "
      + "for query_ratio_10m (default: generated once under the cache directory by a full run).")
  Path data;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (data != null && !Files.isDirectory(data)) {
      err.println("error: --data " + data + " is not a directory");
      return CodemodeCli.EXIT_USAGE;
    }
    Optional<Path> home = Optional.ofNullable(System.getProperty("codemode.home")).map(Path::of);
    BenchReport report = Bench.run(new BenchOptions(quick, Optional.ofNullable(data), DataOptions.cacheRoot(), home,
        line -> err.println("bench: " + line)));
    if (json) {
      out.println(report.toJson());
    } else {
      print(out, report);
    }
    out.flush();
    return CodemodeCli.EXIT_OK;
  }

  private static void print(PrintWriter out, BenchReport report) {
    out.println(report.machine());
    out.printf(Locale.ROOT, ROW, "metric", "unit", "median", "p90", "p99", "baseline", "ratio", "target", "met");
    for (Metric metric : report.metrics()) {
      String target = metric.target().map(Target::toString).orElse("-");
      if (metric.stats().isEmpty()) {
        out.printf(Locale.ROOT, ROW, metric.name(), metric.unit(), "-", "-", "-", "-", "-", target,
            "not measured: " + metric.reason().orElseThrow());
        continue;
      }
      Stats stats = metric.stats().get();
      out.printf(Locale.ROOT, ROW, metric.name(), metric.unit(), number(stats.median()), number(stats.p90()),
          number(stats.p99()), number(metric.baseline()), number(metric.ratio()), target, met(metric, stats));
    }
  }

  /** {@code yes}, {@code no} with how far the median is from the target, or {@code -} without a target. */
  private static String met(Metric metric, Stats stats) {
    if (metric.target().isEmpty()) {
      return "-";
    }
    if (metric.met().orElseThrow()) {
      return "yes";
    }
    Target target = metric.target().get();
    double off = Math.abs(stats.median() / target.value() - 1) * 100;
    return String.format(Locale.ROOT, "no (%s by %.0f%%)",
        target.direction() == Target.Direction.AT_MOST ? "over" : "under", off);
  }

  private static String number(OptionalDouble value) {
    return value.isPresent() ? number(value.getAsDouble()) : "-";
  }

  private static String number(double value) {
    return new BigDecimal(value).round(DIGITS).stripTrailingZeros().toPlainString();
  }
}
