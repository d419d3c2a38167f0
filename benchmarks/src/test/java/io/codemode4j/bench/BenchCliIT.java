package io.codemode4j.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.warehouse.postgres.TestPostgres;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code codemode bench --quick}: a smoke run of every scenario, which keeps the bench working. It
 * checks the shape of the report, never a performance target. The cold-start scenario runs the
 * repository's launcher on the CLI's packaged jar (built before this module); {@code
 * query_ratio_config} runs on a warehouse a description configures, a DuckDB file here and the real
 * PostgreSQL of the tests ({@link TestPostgres}) for its errors.
 */
// Alone (no other class of this module beside it, issue 32): it runs the bench, whose numbers
// another class running beside it would skew.
@Isolated
class BenchCliIT {

  /** What a quick run does not measure: the 10M set, which it does not generate. */
  private static final Set<String> NOT_MEASURED_BY_DESIGN = Set.of("query_ratio_10m");

  private record Outcome(int exitCode, String out, String err) {}

  private static Outcome bench(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = BenchCli.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Outcome(code, out.toString(), err.toString());
  }

  @Test
  void bench_quickJsonWithConfig_reportsEveryMetricAndTheConfiguredQueryAgainstPlainJdbc(
      @TempDir Path dir) throws Exception {
    Path config = shopOnDuckDb(dir);

    Outcome result =
        bench(
            "--quick",
            "--json",
            "--config",
            config.toString(),
            // More rows than the description's maxRows: the pass returns them cut, and plain
            // JDBC reads the rendering's one row more, by which the allowlist sees the cut.
            "--sql",
            "SELECT order_id, store, total_cents FROM orders ORDER BY order_id");

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.err()).contains("bench: query on the shop warehouse on DuckDB: ");
    JsonNode report = JsonMapper.builder().build().readTree(result.out());
    assertThat(report.propertyNames()).containsExactly("machine", "metrics", "load");
    assertThat(report.get("load").propertyNames())
        .containsExactly("start", "end", "cores", "loaded");
    assertThat(report.get("load").get("cores").asInt())
        .isEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(result.err())
        .contains("bench: load average at start ", "bench: load average at end ");
    assertThat(report.get("machine").asString()).contains("cores");
    List<String> names = new ArrayList<>();
    for (JsonNode metric : report.get("metrics")) {
      String name = metric.get("name").asString();
      names.add(name);
      assertThat(metric.propertyNames())
          .as(name)
          .startsWith("name", "unit", "median", "p90", "p99", "baseline", "ratio", "target", "met");
      if (NOT_MEASURED_BY_DESIGN.contains(name)) {
        assertThat(metric.get("median").isNull()).as(name).isTrue();
        assertThat(metric.get("met").isNull()).as(name).isTrue();
        assertThat(metric.get("reason").asString()).as(name).isNotBlank();
      } else {
        assertThat(metric.has("reason"))
            .as("%s was not measured: %s", name, metric.path("reason"))
            .isFalse();
        assertThat(List.of(metric.get("median"), metric.get("p90"), metric.get("p99")))
            .as(name)
            .allSatisfy(value -> assertThat(value.isNumber()).isTrue());
        assertThat(metric.get("met").isBoolean() || metric.get("target").isNull())
            .as(name)
            .isTrue();
      }
    }
    assertThat(names).containsExactlyElementsOf(BenchReport.METRIC_NAMES);
    assertThat(names).contains("query_ratio_config", "query_overhead_config_ms");
    // The peers of issue 28, measured in the same run (node is on the PATH where this runs).
    for (JsonNode metric : report.get("metrics")) {
      String name = metric.get("name").asString();
      if (name.contains("quickjs") || name.startsWith("node_vm_") || name.startsWith("cpu_")) {
        assertThat(metric.get("median").asDouble()).as(name).isPositive();
      }
      if (name.endsWith("_vs_quickjs")) {
        assertThat(metric.get("unit").asString()).as(name).isEqualTo("ours/quickjs");
        assertThat(metric.get("target").asString())
            .as(name)
            .isEqualTo(name.startsWith("cpu_") ? "<= 1" : "<= 0.8");
      }
    }
    assertThat(result.err()).contains("bench: peers: QuickJS and a Node vm context, ");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      DELETE FROM orders               | --sql is refused by
      SELECT count(*) FROM payroll     | --sql is refused by
      """)
  void bench_configWithSqlTheAllowlistRefuses_exitsTwoBeforeMeasuring(
      String sql, String expected, @TempDir Path dir) throws Exception {
    Path config = shopOnDuckDb(dir);

    Outcome result = bench("--quick", "--config", config.toString(), "--sql", sql);

    assertThat(result.exitCode()).as(result.err()).isEqualTo(2);
    assertThat(result.err()).contains(expected).contains("shop.yaml").doesNotContain("bench: ");
  }

  @Test
  void bench_configNamingATableTheDatabaseLacks_exitsTwoNamingTheLineBeforeMeasuring(
      @TempDir Path dir) throws Exception {
    Path config = shopOnDuckDb(dir);
    Files.writeString(
        config,
        Files.readString(config).replace("  orders:", "  refunds:\n    description: x\n  orders:"));

    Outcome result = bench("--quick", "--config", config.toString());

    assertThat(result.exitCode()).as(result.err()).isEqualTo(2);
    assertThat(result.err())
        .startsWith("error: ")
        .contains("shop.yaml", "refunds")
        .doesNotContain("bench: ", "Exception");
  }

  @Test
  void bench_sqlWithoutConfig_exitsTwoNamingConfig() {
    Outcome result = bench("--quick", "--sql", "SELECT 1");

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains("--sql is the query to time on --config's warehouse");
  }

  /** A DuckDB database file of orders and the description of it, shop.yaml, in {@code dir}. */
  private static Path shopOnDuckDb(Path dir) throws Exception {
    Path file = dir.resolve("shop.duckdb");
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:" + file);
        Statement sql = connection.createStatement()) {
      sql.execute("CREATE TABLE orders (order_id BIGINT, store VARCHAR, total_cents BIGINT)");
      sql.execute(
          "INSERT INTO orders SELECT i, CASE WHEN i % 3 = 0 THEN 'north' ELSE 'east' END, i * 7"
              + " FROM range(1, 2001) t(i)");
      sql.execute("CREATE TABLE payroll (name VARCHAR, cents BIGINT)");
    }
    Path config = dir.resolve("shop.yaml");
    Files.writeString(
        config,
        """
        subject: the shop warehouse
        connection:
          url: jdbc:duckdb:%s
        tables:
          orders:
            description: one row per order
        limits: {maxRows: 100}
        """
            .formatted(file));
    return config;
  }

  @Test
  void bench_dataIsNotADirectory_exitsTwo() {
    Outcome result = bench("--quick", "--data", "no-such-directory");

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains("--data no-such-directory is not a directory");
  }

  @Test
  void benchSoak_everyScenarioInProcess_printsAPassedReportAndExitsZero() {
    Outcome result =
        bench("--soak", "--isolation", "in-process", "--passes", "36", "--concurrency", "16");

    assertThat(result.exitCode()).as(result.out() + result.err()).isZero();
    assertThat(result.out())
        .contains("soak in-process: passed, 36 passes at concurrency 16")
        .contains("ledgers: 0 of 36 passes differ from their scenario")
        .contains("leaks: none");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      --soak --json                       | --soak runs alone: drop --quick, --json, --data, --config and --sql
      --soak --config shop.yaml           | --soak runs alone: drop --quick, --json, --data, --config and --sql
      --soak --sql SELECT                 | --soak runs alone: drop --quick, --json, --data, --config and --sql
      --soak --postgres jdbc:postgresql:x | Unknown options: '--postgres', 'jdbc:postgresql:x'
      --soak --isolation elsewhere        | --isolation must be in-process, process or both, was 'elsewhere'
      --soak --passes 3                   | a soak runs at least one pass per scenario
      --soak --concurrency 0              | concurrency must be 1..256, was 0
      """)
  void benchSoak_badOptions_exitTwoAndSayWhy(String options, String message) {
    Outcome result = bench(options.split(" "));

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains(message);
  }

  @Test
  void bench_configOnPostgresAsAStranger_exitsOneWithTheServersReason(@TempDir Path dir)
      throws Exception {
    Path config = dir.resolve("stranger.yaml");
    Files.writeString(
        config,
        "connection: {url: '"
            + TestPostgres.url()
            + "', schema: billing, user: stranger}\n"
            + "tables:\n"
            + "  invoice_summary: {tenant: shared}\n");

    Outcome result = bench("--quick", "--config", config.toString());

    assertThat(result.exitCode()).as(result.err()).isEqualTo(1);
    // The server's own reason: "role ... does not exist" while it trusts logins; once a test of
    // this JVM made it check passwords (PostgresCliIT), that it asks a password none was given.
    assertThat(result.err())
        .startsWith("error: --config " + config + ": ")
        .containsPattern(
            "role \"stranger\" does not exist"
                + "|requested SCRAM-based authentication, but no password was provided")
        .doesNotContain("bench: ");
  }

  private static final Path HOME =
      Path.of(System.getProperty("codemode.home", "..")).toAbsolutePath();

  @Test
  void launcher_benchInACheckout_runsThisModulesLauncher() throws Exception {
    Outcome result = launch(HOME, "bench", "--help");

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out()).startsWith("Usage: codemode bench").contains("--soak", "--config");
  }

  @Test
  void launcher_benchInADistribution_exitsTwoSayingWhereItRuns(@TempDir Path dist)
      throws Exception {
    Files.copy(HOME.resolve("codemode"), dist.resolve("codemode"));
    Files.createDirectories(dist.resolve("bin"));
    Files.copy(HOME.resolve("bin/java-home.sh"), dist.resolve("bin/java-home.sh"));
    // The distribution's layout: the CLI's jar beside the launcher, no benchmarks anywhere.
    Files.copy(HOME.resolve("cli/target/codemode.jar"), dist.resolve("codemode.jar"));

    Outcome result = launch(dist, "bench", "--quick");

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err())
        .contains("bench measures a checkout of codemode4j")
        .contains("this distribution has no benchmarks");
  }

  /** {@code dir/codemode args} as a person runs it, never building. */
  private static Outcome launch(Path dir, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", dir.resolve("codemode").toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().put("CODEMODE_BUILD", "never");
    Path out = Files.createTempFile("launcher", ".out");
    Path err = Files.createTempFile("launcher", ".err");
    Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    int code = process.waitFor();
    try {
      return new Outcome(code, Files.readString(out), Files.readString(err));
    } finally {
      Files.delete(out);
      Files.delete(err);
    }
  }
}
