package io.codemode4j.bench;

import io.codemode4j.bridge.Isolation;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.config.DescriptionException;
import io.codemode4j.warehouse.config.WarehouseDescription;
import io.codemode4j.warehouse.config.WarehouseDescriptions;
import io.codemode4j.warehouse.engine.DescribedWarehouse;
import io.codemode4j.warehouse.engine.DescribedWarehouses;
import io.codemode4j.warehouse.engine.EngineOpening;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code codemode bench}: the performance scenarios of issue 6 in this JVM, one row per metric. The
 * {@code ./codemode} launcher of a checkout runs it from this module's jar, passing the repository
 * root as {@code codemode.home}, which the cold-start and model-visible-bytes scenarios need.
 *
 * <p>Decided: its own launcher, not a command of the product CLI, so the CLI a user installs ships
 * no JMH, soak or peer scripts; the launcher dispatches {@code bench} here, and a distribution
 * (which has no benchmarks) says to run it from a checkout.
 */
@Command(
    name = "codemode bench",
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
public final class BenchCli implements Callable<Integer> {

  /** Measured, or the soak passed. */
  static final int EXIT_OK = 0;

  /** The soak found a failure or a leak, or the configured warehouse did not answer. */
  static final int EXIT_FAILED = 1;

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

  public static void main(String[] args) {
    PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
    PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
    System.exit(run(out, err, args));
  }

  /** Runs {@code codemode bench args}, printing to {@code out} and {@code err}; the exit code. */
  public static int run(PrintWriter out, PrintWriter err, String... args) {
    CommandLine commandLine = new CommandLine(new BenchCli());
    commandLine.setOut(out);
    commandLine.setErr(err);
    commandLine.setParameterExceptionHandler(
        (e, arguments) -> {
          err.println("error: " + PrintableText.of(String.valueOf(e.getMessage())));
          err.println("(codemode bench --help lists the options)");
          return commandLine.getCommandSpec().exitCodeOnInvalidInput();
        });
    return commandLine.execute(args);
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (soak) {
      return soak(out, err);
    }
    if (data != null && !Files.isDirectory(data)) {
      throw usage("--data " + data + " is not a directory");
    }
    if (config == null) {
      if (sql != null) {
        throw usage("--sql is the query to time on --config's warehouse: give --config FILE too");
      }
      return bench(out, err, null);
    }
    WarehouseDescription description;
    try {
      description = WarehouseDescriptions.load(config);
    } catch (DescriptionException e) {
      throw usage(e.getMessage());
    }
    Path cacheRoot = EngineOpening.defaultCacheRoot();
    EngineOpening.Credentials credentials =
        EngineOpening.Credentials.fromEnvironment(description.connection(), System.getenv());
    DescribedWarehouse opened;
    try {
      opened = DescribedWarehouses.open(description, credentials, cacheRoot);
    } catch (DescriptionException | IllegalArgumentException e) {
      throw usage(String.valueOf(e.getMessage()));
    } catch (WarehouseException e) {
      return unavailable(err, e);
    }
    try (opened) {
      return bench(out, err, configured(opened));
    } catch (WarehouseException e) {
      return unavailable(err, e);
    }
  }

  private int unavailable(PrintWriter err, WarehouseException e) {
    err.println(
        "error: --config " + config + ": " + PrintableText.of(String.valueOf(e.getMessage())));
    return EXIT_FAILED;
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
      throw usage(
          (sql != null ? "--sql" : "the default query '" + query + "'")
              + " is refused by "
              + description.origin().name()
              + "'s allowlist: "
              + e.getMessage());
    }
    try (PlainJdbc plain = PlainJdbc.open(configured.plainPool())) {
      plain.query(approved);
    } catch (SQLException e) {
      throw usage(
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
                EngineOpening.defaultCacheRoot(),
                home,
                configured,
                line -> err.println("bench: " + PrintableText.of(line))));
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
    return EXIT_OK;
  }

  private int soak(PrintWriter out, PrintWriter err) {
    if (quick || json || data != null || config != null || sql != null) {
      throw usage(
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
      throw usage("--isolation must be in-process, process or both, was '" + isolation + "'");
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
                line -> err.println("bench: " + PrintableText.of(line)));
      }
    } catch (IllegalArgumentException e) {
      throw usage(String.valueOf(e.getMessage()));
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
      report.lines().forEach(line -> out.println(PrintableText.of(line)));
      out.flush();
      ok &= report.ok();
    }
    return ok ? EXIT_OK : EXIT_FAILED;
  }

  /** A usage error, exit code 2: the message says what was wrong and what to give. */
  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
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
