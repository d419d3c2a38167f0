package io.codemode4j.bench;

import io.codemode4j.sample.SampleData;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.billing.BillingSample;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Consumer;

/**
 * The plain-Java bench behind {@code codemode bench}: every scenario of issue 6, the query ratio on
 * a warehouse a description configures, on whichever engine serves it (issue 27), and the MCP
 * scenario of issue 17 in this JVM (no JMH fork), one {@link Metric} per name of {@link
 * BenchReport#METRIC_NAMES}.
 *
 * <p>Scenarios run one after another, never overlapping. A scenario that cannot run reports each of
 * its metrics as not measured, with the reason; nothing is estimated.
 */
public final class Bench {

  /** A metric's unit and target, as issue 6 sets them for 2-core machines. */
  private record Definition(String unit, Optional<Target> target) {}

  private static final Map<String, Definition> DEFINITIONS = definitions();

  private Bench() {}

  /** Runs every scenario and returns the report. */
  public static BenchReport run(BenchOptions options) {
    Objects.requireNonNull(options, "options");
    Effort effort = options.quick() ? Effort.QUICK : Effort.FULL;
    Results results = new Results(options.progress());
    String machine = Machine.describe();
    results.progress(machine);
    results.progress(
        String.format(Locale.ROOT, "load average at start: %.2f", Machine.loadAverage()));

    results.section(
        List.of(
            "warm_pass_ms",
            "warm_pass_process_ms",
            "warm_pass_process_vs_in_process",
            "three_call_pass_ms",
            "host_call_us",
            "passes_per_s_c1",
            "passes_per_s_c2",
            "passes_per_s_c8",
            "rss_per_pass_mb"),
        () -> new PassScenarios(effort, results).run());
    // The peers right after our passes, with the same counts, while the JVM is as warm (issue 28).
    results.section(
        PeerScenario.METRICS,
        () ->
            new PeerScenario(effort, options.cacheRoot(), results, PeerScenario.locateNode())
                .run());
    results.section(
        List.of(
            "overlap_efficiency_c1",
            "overlap_efficiency_c4",
            "overlap_efficiency_c16",
            "overlap_efficiency_c64"),
        () -> new OverlapScenario(effort, results).run());
    results.section(
        List.of(
            "allowlist_us",
            "allowlist_fraction",
            "query_ratio_bundled",
            "query_overhead_bundled_ms",
            "model_bytes_per_question"),
        () -> bundled(options, effort, results));
    if (options.home().isPresent()) {
      results.section(
          List.of("cold_start_ms", "cold_start_rss_mb"),
          () ->
              new ColdStartScenario(effort, options.quick(), options.cacheRoot(), results)
                  .run(options.home().get()));
    } else {
      results.notMeasuredAll(List.of("cold_start_ms", "cold_start_rss_mb"), withoutHome());
    }
    if (options.quick() && options.largeData().isEmpty()) {
      results.notMeasuredAll(
          List.of("query_ratio_10m"),
          "--quick does not generate the 10,000,000-invoice set; run without --quick, or give it with --data DIR");
    } else {
      results.section(List.of("query_ratio_10m"), () -> large(options, effort, results));
    }
    configured(options, effort, results);
    results.section(
        List.of("mcp_stdio_overhead_ms", "mcp_http_calls_per_s_c16", "mcp_http_p99_ms_c16"),
        () -> new McpScenario(effort, results).run());
    return new BenchReport(machine, BenchReport.METRIC_NAMES.stream().map(results::get).toList());
  }

  private static void bundled(BenchOptions options, Effort effort, Results results)
      throws Exception {
    Path cache = options.cacheRoot();
    Path dir = SampleData.bundledDirectory(cache);
    results.progress("opening the bundled warehouse " + dir);
    try (Warehouse warehouse = BillingSample.open(dir, cache);
        PlainJdbc jdbc = PlainJdbc.open(dir, cache)) {
      new AllowlistScenario(effort, results).run(warehouse.allowlist(), jdbc);
      results.progress(
          "query on the bundled data: "
              + effort.querySamples()
              + " pairs of a pass and plain JDBC");
      try (QueryScenario query = new QueryScenario(warehouse, jdbc)) {
        QueryScenario.Pairs pairs =
            query.measure(effort.queryWarmUp(), effort.querySamples(), effort.stepBudget());
        results.measured("query_ratio_bundled", Stats.of(pairs.ratio()), OptionalDouble.empty());
        results.measured(
            "query_overhead_bundled_ms",
            Stats.of(pairs.overheadMs()),
            OptionalDouble.of(Measure.median(pairs.jdbcMs())));
      }
      if (options.home().isPresent()) {
        new EgressScenario(results).run(warehouse, options.home().get().resolve("examples"));
      } else {
        results.notMeasuredAll(List.of("model_bytes_per_question"), withoutHome());
      }
    }
  }

  private static void large(BenchOptions options, Effort effort, Results results) throws Exception {
    Path cache = options.cacheRoot();
    Path dir;
    if (options.largeData().isPresent()) {
      dir = options.largeData().get();
      LargeDataSet.requireSize(dir);
    } else {
      dir = LargeDataSet.generateIfMissing(cache, results::progress);
    }
    results.progress(
        "opening the 10,000,000-invoice warehouse "
            + dir
            + " (loads it into DuckDB once per content)");
    long start = System.nanoTime();
    try (Warehouse warehouse = BillingSample.open(dir, cache);
        PlainJdbc jdbc = PlainJdbc.open(dir, cache);
        QueryScenario query = new QueryScenario(warehouse, jdbc)) {
      results.progress(
          String.format(
              Locale.ROOT,
              "opened in %.1f s; %d pairs of a pass and plain JDBC",
              (System.nanoTime() - start) / 1e9,
              effort.largeQuerySamples()));
      ratio("query_ratio_10m", query, 3, effort.largeQuerySamples(), effort.stepBudget(), results);
    }
  }

  /**
   * {@code query_ratio_config} and {@code query_overhead_config_ms}: measured where the options
   * configure a query, else not measured with the options that would give it.
   */
  static void configured(BenchOptions options, Effort effort, Results results) {
    List<String> metrics = List.of("query_ratio_config", "query_overhead_config_ms");
    ConfiguredQuery configured = options.configured();
    if (configured == null) {
      results.notMeasuredAll(
          metrics,
          "give --config FILE: a description of your warehouse over JDBC (codemode init drafts"
              + " one), and --sql for the query to time");
    } else {
      results.section(metrics, () -> configured(configured, effort, results));
    }
  }

  /** The configured query as a whole pass over the described warehouse / plain JDBC. */
  private static void configured(ConfiguredQuery configured, Effort effort, Results results)
      throws Exception {
    results.progress(
        String.format(
            Locale.ROOT,
            "query on %s: %d warm-up pairs and %d pairs of a pass and plain JDBC, each loop at most"
                + " %d s",
            configured.subject(),
            effort.queryWarmUp(),
            effort.querySamples(),
            effort.engineQueryBudget().toSeconds()));
    try (PlainJdbc jdbc = PlainJdbc.open(configured.plainPool());
        QueryScenario query = new QueryScenario(configured, jdbc)) {
      QueryScenario.Pairs pairs =
          query.measure(effort.queryWarmUp(), effort.querySamples(), effort.engineQueryBudget());
      results.measured("query_ratio_config", Stats.of(pairs.ratio()), OptionalDouble.empty());
      results.measured(
          "query_overhead_config_ms",
          Stats.of(pairs.overheadMs()),
          OptionalDouble.of(Measure.median(pairs.jdbcMs())));
    }
  }

  /** Measures {@code query}'s pairs and records their ratios as {@code metric}. */
  private static void ratio(
      String metric, QueryScenario query, int warmUp, int samples, Duration budget, Results results)
      throws Exception {
    QueryScenario.Pairs pairs = query.measure(warmUp, samples, budget);
    results.progress(
        String.format(
            Locale.ROOT,
            "  %d pairs; plain JDBC median %.2f ms, pass - JDBC median %.2f ms",
            pairs.ratio().length,
            Measure.median(pairs.jdbcMs()),
            Measure.median(pairs.overheadMs())));
    results.measured(metric, Stats.of(pairs.ratio()), OptionalDouble.empty());
  }

  private static String withoutHome() {
    return "needs the repository (its codemode launcher and examples/): run the bench through ./codemode";
  }

  private static Map<String, Definition> definitions() {
    Map<String, Definition> d = new LinkedHashMap<>();
    d.put("warm_pass_ms", new Definition("ms", Optional.of(Target.atMost(0.4))));
    d.put("warm_pass_process_ms", new Definition("ms", Optional.empty()));
    d.put(
        "warm_pass_process_vs_in_process",
        new Definition("process/in-process", Optional.of(Target.atMost(3.0))));
    d.put("three_call_pass_ms", new Definition("ms", Optional.of(Target.atMost(0.6))));
    d.put("host_call_us", new Definition("us", Optional.of(Target.atMost(20))));
    for (int concurrency : OverlapScenario.CONCURRENCY) {
      d.put(
          "overlap_efficiency_c" + concurrency,
          new Definition("ideal/measured", Optional.of(Target.atLeast(0.95))));
    }
    d.put("allowlist_us", new Definition("us", Optional.of(Target.atMost(150))));
    d.put(
        "allowlist_fraction",
        new Definition("allowlist/execution", Optional.of(Target.atMost(0.03))));
    d.put("query_ratio_bundled", new Definition("pass/jdbc", Optional.empty()));
    d.put("query_overhead_bundled_ms", new Definition("ms", Optional.of(Target.atMost(1.0))));
    d.put("query_ratio_10m", new Definition("pass/jdbc", Optional.of(Target.atMost(1.05))));
    d.put("query_ratio_config", new Definition("pass/jdbc", Optional.empty()));
    d.put("query_overhead_config_ms", new Definition("ms", Optional.empty()));
    d.put("passes_per_s_c1", new Definition("passes/s", Optional.empty()));
    d.put("passes_per_s_c2", new Definition("passes/s", Optional.of(Target.atLeast(1500))));
    d.put("passes_per_s_c8", new Definition("passes/s", Optional.empty()));
    d.put("rss_per_pass_mb", new Definition("MiB", Optional.empty()));
    d.put("cold_start_ms", new Definition("ms", Optional.of(Target.atMost(1000))));
    d.put("cold_start_rss_mb", new Definition("MiB", Optional.empty()));
    d.put("model_bytes_per_question", new Definition("bytes", Optional.empty()));
    d.put("mcp_stdio_overhead_ms", new Definition("ms", Optional.of(Target.atMost(0.5))));
    d.put("mcp_http_calls_per_s_c16", new Definition("calls/s", Optional.of(Target.atLeast(1500))));
    d.put("mcp_http_p99_ms_c16", new Definition("ms", Optional.empty()));
    d.put("cpu_per_pass_ms", new Definition("ms", Optional.empty()));
    d.put("quickjs_warm_pass_ms", new Definition("ms", Optional.empty()));
    d.put("quickjs_three_call_pass_ms", new Definition("ms", Optional.empty()));
    d.put("quickjs_cpu_per_pass_ms", new Definition("ms", Optional.empty()));
    d.put("node_vm_warm_pass_ms", new Definition("ms", Optional.empty()));
    d.put("node_vm_three_call_pass_ms", new Definition("ms", Optional.empty()));
    d.put("node_vm_cpu_per_pass_ms", new Definition("ms", Optional.empty()));
    d.put("warm_pass_vs_quickjs", new Definition("ours/quickjs", Optional.of(Target.atMost(0.8))));
    d.put("three_call_vs_quickjs", new Definition("ours/quickjs", Optional.of(Target.atMost(0.8))));
    d.put(
        "cpu_per_pass_vs_quickjs", new Definition("ours/quickjs", Optional.of(Target.atMost(1.0))));
    if (!List.copyOf(d.keySet()).equals(BenchReport.METRIC_NAMES)) {
      throw new IllegalStateException("every metric needs exactly one definition, in report order");
    }
    return Map.copyOf(d);
  }

  /** The metrics gathered so far, and the progress sink. */
  static final class Results {

    /** A scenario; it records its metrics itself. */
    @FunctionalInterface
    interface Section {
      void run() throws Exception;
    }

    private final Consumer<String> progress;
    private final Map<String, Metric> metrics = new LinkedHashMap<>();

    Results(Consumer<String> progress) {
      this.progress = progress;
    }

    void progress(String line) {
      progress.accept(line);
    }

    void measured(String name, Stats stats, OptionalDouble baseline) {
      Definition definition = definition(name);
      put(Metric.measured(name, definition.unit(), stats, baseline, definition.target()));
    }

    void notMeasured(String name, String reason) {
      Definition definition = definition(name);
      put(Metric.notMeasured(name, definition.unit(), definition.target(), reason));
    }

    void notMeasuredAll(List<String> names, String reason) {
      names.forEach(name -> notMeasured(name, reason));
    }

    /**
     * Runs a scenario; if it fails, each of its metrics not recorded yet is not measured, with the
     * failure as the reason. A scenario that returns without recording one of them is a bug of the
     * bench.
     */
    void section(List<String> names, Section section) {
      long start = System.nanoTime();
      try {
        section.run();
        progress(
            String.format(
                Locale.ROOT,
                "(%.1f s; load average %.2f)",
                (System.nanoTime() - start) / 1e9,
                Machine.loadAverage()));
      } catch (Exception e) {
        String reason =
            "the scenario failed: " + (e.getMessage() == null ? e.toString() : e.getMessage());
        progress(reason);
        if (e instanceof InterruptedException) {
          Thread.currentThread().interrupt();
        }
        names.stream()
            .filter(name -> !metrics.containsKey(name))
            .forEach(name -> notMeasured(name, reason));
      }
      for (String name : names) {
        if (!metrics.containsKey(name)) {
          throw new IllegalStateException(
              "the scenario of " + name + " returned without recording it");
        }
      }
    }

    Metric get(String name) {
      return Objects.requireNonNull(metrics.get(name), () -> "no result for " + name);
    }

    private void put(Metric metric) {
      if (metrics.putIfAbsent(metric.name(), metric) != null) {
        throw new IllegalStateException(metric.name() + " was recorded twice");
      }
      if (metric.stats().isPresent()) {
        Stats s = metric.stats().get();
        progress(
            String.format(
                Locale.ROOT,
                "  %s: median %s %s, p90 %s, p99 %s (%d samples)",
                metric.name(),
                Numbers.format(s.median()),
                metric.unit(),
                Numbers.format(s.p90()),
                Numbers.format(s.p99()),
                s.samples()));
      } else {
        progress("  " + metric.name() + ": not measured (" + metric.reason().orElseThrow() + ")");
      }
    }

    private static Definition definition(String name) {
      return Objects.requireNonNull(DEFINITIONS.get(name), () -> "no metric is called " + name);
    }
  }
}
