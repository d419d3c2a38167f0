package io.codemode4j.cli;

import static io.codemode4j.cli.TerminalText.Context.MESSAGE;
import static io.codemode4j.cli.TerminalText.escape;

import io.codemode4j.bench.Bench;
import io.codemode4j.bench.BenchOptions;
import io.codemode4j.bench.BenchReport;
import io.codemode4j.bench.ConfiguredQuery;
import io.codemode4j.bench.Metric;
import io.codemode4j.bench.PlainJdbc;
import io.codemode4j.bench.Soak;
import io.codemode4j.bench.SoakOptions;
import io.codemode4j.bench.SoakReport;
import io.codemode4j.bench.Stats;
import io.codemode4j.bench.Target;
import io.codemode4j.bridge.Isolation;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.config.WarehouseDescription;
import io.codemode4j.warehouse.engine.DescribedWarehouse;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code codemode bench}: the performance scenarios of issue 6 in this JVM, one row per metric. The
 * {@code ./codemode} launcher passes the repository root as {@code codemode.home}, which the
 * cold-start and model-visible-bytes scenarios need.
 */
@Command(
    name = "bench",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:measured (or the soak passed)",
      "1:the soak found a failure or a leak",
      "2:usage error (also a --config warehouse that does not answer the query to time)"
    },
    mixinStandardHelpOptions = true,
    description = {
      "Measure Code Mode: warm pass, host calls, overlap, allowlist, queries, throughput, memory,",
      "cold start and model-visible bytes, each next to its baseline from the same run;",
      "with --config also a pass against plain JDBC on the warehouse it describes, on any engine;",
      "and the peers in the same run: QuickJS (quickjs-emscripten, which npm installs under the cache",
      "directory once) and a Node vm context, on node from the PATH or CODEMODE_NODE.",
      "Prints one row per metric (median, p90, p99, baseline, ratio, target, met); progress goes to stderr.",
      "A full run takes minutes (more the first time, when it generates the 10,000,000-invoice set).",
      "With --soak it runs the soak instead: passes mixing benign and hostile programs and failing or hanging",
      "handlers at concurrency 16, checking every ledger and that nothing leaks; exit 1 when it fails."
    })
final class BenchCommand implements Callable<Integer> {

  private static final String ROW = "%-26s %-19s %10s %10s %10s %10s %8s %9s  %s%n";
  private static final MathContext DIGITS = new MathContext(4);

  @Spec CommandSpec spec;

  @Option(
      names = "--quick",
      description =
          "A smoke run with few samples, well under a minute; rough numbers, "
              + "and no 10,000,000-invoice set unless --data gives one.")
  boolean quick;

  @Option(
      names = "--json",
      description =
          "Print one JSON object {machine, metrics: [{name, unit, median, p90, p99, "
              + "baseline, ratio, target, met}]}; a metric that was not measured has null numbers and a reason.")
  boolean json;

  @Option(
      names = "--data",
      paramLabel = "DIR",
      description =
          "The parquet directory of the 10,000,000-invoice set "
              + "for query_ratio_10m (default: generated once under the cache directory by a full run).")
  @Nullable Path data;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      defaultValue = "${env:CODEMODE_CONFIG}",
      description =
          "Also measure query_ratio_config and query_overhead_config_ms on the warehouse this"
              + " description configures (default: CODEMODE_CONFIG): --sql as a whole pass against"
              + " plain JDBC on a connection its engine's reader pool makes, running the SQL as the"
              + " allowlist renders it. Credentials as the description names them.")
  @Nullable Path config;

  @Option(
      names = "--sql",
      paramLabel = "SQL",
      description =
          "With --config: the query to time, as a program sends it (default: SELECT count(*) AS n"
              + " FROM the description's first table).")
  @Nullable String sql;

  @Option(
      names = "--soak",
      description =
          "Run the soak instead of the benchmarks: --passes passes in-process, "
              + "then a tenth of them on worker processes (or only where --isolation says).")
  boolean soak;

  @Option(
      names = "--passes",
      paramLabel = "N",
      defaultValue = "2000",
      description =
          "With --soak: passes in-process (default: ${DEFAULT-VALUE}); the worker-process soak runs a tenth "
              + "of them, since a hanging pass holds one of its two workers for the whole wall-clock limit.")
  int passes;

  @Option(
      names = "--concurrency",
      paramLabel = "N",
      defaultValue = "16",
      description = "With --soak: passes running at once (default: ${DEFAULT-VALUE}).")
  int concurrency;

  @Option(
      names = "--isolation",
      paramLabel = "MODE",
      defaultValue = "both",
      description = "With --soak: in-process, process or both (default: ${DEFAULT-VALUE}).")
  String isolation;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (soak) {
      return soak(out, err);
    }
    if (data != null && !Files.isDirectory(data)) {
      throw CodemodeCli.usage(spec, "--data " + data + " is not a directory");
    }
    if (config == null) {
      if (sql != null) {
        throw CodemodeCli.usage(
            spec, "--sql is the query to time on --config's warehouse: give --config FILE too");
      }
      return bench(out, err, null);
    }
    DataOptions described = new DataOptions();
    described.spec = spec;
    described.config = config;
    try (DescribedWarehouse opened = described.open()) {
      return bench(out, err, configured(opened));
    } catch (WarehouseException e) {
      err.println("error: --config " + config + ": " + TerminalText.message(e));
      return CodemodeCli.EXIT_FAILED;
    }
  }

  /**
   * The query to time on {@code opened}, checked before the bench spends minutes on the rest: the
   * allowlist approves it, and plain JDBC through the engine's reader pool answers it once.
   */
  private ConfiguredQuery configured(DescribedWarehouse opened) throws WarehouseException {
    WarehouseDescription description = opened.description();
    String query =
        sql != null
            ? sql
            : "SELECT count(*) AS n FROM " + description.tables().keySet().iterator().next();
    ConfiguredQuery configured =
        new ConfiguredQuery(
            description.subject() + " on " + opened.engine().name(),
            opened.warehouse(),
            opened.readerPool(),
            query);
    String approved;
    try {
      approved = configured.approvedSql();
    } catch (SqlRefusedException e) {
      throw CodemodeCli.usage(
          spec,
          (sql != null ? "--sql" : "the default query '" + query + "'")
              + " is refused by "
              + description.origin().name()
              + "'s allowlist: "
              + e.getMessage());
    }
    try (PlainJdbc plain = PlainJdbc.open(configured.plainPool())) {
      plain.query(approved);
    } catch (SQLException e) {
      throw CodemodeCli.usage(
          spec,
          "--config "
              + config
              + ": plain JDBC through the engine's reader pool did not answer the query to time: "
              + e.getMessage());
    }
    return configured;
  }

  private int bench(PrintWriter out, PrintWriter err, @Nullable ConfiguredQuery configured) {
    Optional<Path> home = Optional.ofNullable(System.getProperty("codemode.home")).map(Path::of);
    LoadAverage start = LoadAverage.now();
    err.println("bench: load average at start " + start);
    BenchReport report =
        Bench.run(
            new BenchOptions(
                quick,
                Optional.ofNullable(data),
                DataOptions.cacheRoot(),
                home,
                configured,
                line -> err.println("bench: " + escape(line, MESSAGE))));
    LoadAverage end = LoadAverage.now();
    err.println("bench: load average at end " + end);
    boolean loaded = start.loaded() || end.loaded();
    if (json) {
      ObjectNode result = report.toJson();
      ObjectNode load = result.putObject("load");
      load.put("start", start.oneMinute()).put("end", end.oneMinute()).put("cores", start.cores());
      load.put("loaded", loaded);
      out.println(result);
    } else {
      print(out, report, start, end, loaded);
    }
    out.flush();
    return CodemodeCli.EXIT_OK;
  }

  private int soak(PrintWriter out, PrintWriter err) {
    if (quick || json || data != null || config != null || sql != null) {
      throw CodemodeCli.usage(
          spec,
          "--soak runs alone: drop --quick, --json, --data, --config and --sql (they apply to the"
              + " benchmarks; unset CODEMODE_CONFIG)");
    }
    List<Isolation> where;
    try {
      where =
          isolation.equals("both")
              ? List.of(Isolation.inProcess(), Isolation.process())
              : List.of(Isolation.parse(isolation));
    } catch (IllegalArgumentException e) {
      throw CodemodeCli.usage(
          spec, "--isolation must be in-process, process or both, was '" + isolation + "'");
    }
    SoakOptions[] runs = new SoakOptions[where.size()];
    try {
      for (int i = 0; i < runs.length; i++) {
        int n =
            where.get(i) instanceof Isolation.Process
                ? Math.max(passes / 10, Soak.scenarioCount())
                : passes;
        runs[i] =
            new SoakOptions(
                n,
                concurrency,
                where.get(i),
                line -> err.println("bench: " + escape(line, MESSAGE)));
      }
    } catch (IllegalArgumentException e) {
      throw CodemodeCli.usage(spec, e);
    }
    // The soak's handlers crash on purpose hundreds of times; the broker's warning for each would
    // bury the report.
    // A logger name, not an import: the broker is internal to the bridge, its log category is not.
    System.setProperty(
        "org.slf4j.simpleLogger.log.io.codemode4j.bridge.internal.broker.Broker", "error");
    boolean ok = true;
    for (SoakOptions run : runs) {
      SoakReport report = Soak.run(run);
      // A mismatch quotes what a hostile program made its pass end with.
      report.lines().forEach(line -> out.println(escape(line, MESSAGE)));
      out.flush();
      ok &= report.ok();
    }
    return ok ? CodemodeCli.EXIT_OK : CodemodeCli.EXIT_FAILED;
  }

  private static void print(
      PrintWriter out, BenchReport report, LoadAverage start, LoadAverage end, boolean loaded) {
    out.println(report.machine());
    out.println("load average: " + start + " at start, " + end + " at end");
    if (loaded) {
      out.println(
          "the machine was loaded (load above its cores): every row is marked 'under load', and a"
              + " missed target may be the other work's; rerun on an idle machine to judge it");
    }
    out.printf(
        Locale.ROOT,
        ROW,
        "metric",
        "unit",
        "median",
        "p90",
        "p99",
        "baseline",
        "ratio",
        "target",
        "met");
    for (Metric metric : report.metrics()) {
      String target = metric.target().map(Target::toString).orElse("-");
      if (metric.stats().isEmpty()) {
        out.printf(
            Locale.ROOT,
            ROW,
            metric.name(),
            metric.unit(),
            "-",
            "-",
            "-",
            "-",
            "-",
            target,
            "not measured: " + metric.reason().orElseThrow());
        continue;
      }
      Stats stats = metric.stats().get();
      out.printf(
          Locale.ROOT,
          ROW,
          metric.name(),
          metric.unit(),
          number(stats.median()),
          number(stats.p90()),
          number(stats.p99()),
          number(metric.baseline()),
          number(metric.ratio()),
          target,
          met(metric, stats) + (loaded ? " under load" : ""));
    }
  }

  /**
   * {@code yes}, {@code no} with how far the median is from the target, or {@code -} without a
   * target.
   */
  private static String met(Metric metric, Stats stats) {
    if (metric.target().isEmpty()) {
      return "-";
    }
    if (metric.met().orElseThrow()) {
      return "yes";
    }
    Target target = metric.target().get();
    double off = Math.abs(stats.median() / target.value() - 1) * 100;
    return String.format(
        Locale.ROOT,
        "no (%s by %.0f%%)",
        target.direction() == Target.Direction.AT_MOST ? "over" : "under",
        off);
  }

  private static String number(OptionalDouble value) {
    return value.isPresent() ? number(value.getAsDouble()) : "-";
  }

  private static String number(double value) {
    return new BigDecimal(value).round(DIGITS).stripTrailingZeros().toPlainString();
  }
}
