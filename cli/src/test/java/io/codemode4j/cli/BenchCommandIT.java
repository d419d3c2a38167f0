package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bench.BenchReport;
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
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code codemode bench --quick}: a smoke run of every scenario, which keeps the bench working. It
 * checks the shape of the report, never a performance target. The cold-start scenario runs the
 * repository's launcher, which this module's build has just packaged; {@code query_ratio_postgres}
 * runs on the real embedded PostgreSQL of warehouse-tools' tests ({@link TestPostgres}).
 */
class BenchCommandIT {

  /**
   * What a quick run given only --postgres does not measure: the 10M set, Trino and a configured
   * warehouse.
   */
  private static final Set<String> NOT_MEASURED_BY_DESIGN =
      Set.of(
          "query_ratio_10m", "query_ratio_trino", "query_ratio_config", "query_overhead_config_ms");

  private record Outcome(int exitCode, String out, String err) {}

  private static Outcome codemode(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = CodemodeCli.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Outcome(code, out.toString(), err.toString());
  }

  /** {@code codemode bench ARGS} with {@code env} in place of the process's environment. */
  private static Outcome codemode(Map<String, String> env, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = new CommandLine(new BenchCommand(env));
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    cli.setParameterExceptionHandler(CodemodeCli::usageError);
    int code = cli.execute(args);
    return new Outcome(code, out.toString(), err.toString());
  }

  @Test
  void bench_quickJsonWithPostgres_reportsEveryMetricWithNumbersOrAReason() {
    Outcome result =
        codemode(
            "bench",
            "--quick",
            "--json",
            "--postgres",
            TestPostgres.url() + "?user=analyst&password=" + TestPostgres.PASSWORD);

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.err())
        .contains("bench: query on PostgreSQL at " + TestPostgres.url() + " as analyst")
        .doesNotContain(TestPostgres.PASSWORD);
    assertThat(result.out()).doesNotContain(TestPostgres.PASSWORD);
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
  }

  @Test
  void bench_quickJsonWithConfig_measuresTheConfiguredQueryAgainstPlainJdbc(@TempDir Path dir)
      throws Exception {
    Path config = shopOnDuckDb(dir);

    Outcome result =
        codemode(
            "bench",
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
    List<String> measured = new ArrayList<>();
    for (JsonNode metric : report.get("metrics")) {
      String name = metric.get("name").asString();
      if (name.endsWith("_config") || name.endsWith("_config_ms")) {
        assertThat(metric.has("reason")).as("%s: %s", name, metric.path("reason")).isFalse();
        assertThat(metric.get("median").asDouble()).as(name).isFinite();
        measured.add(name);
      }
    }
    assertThat(measured).containsExactly("query_ratio_config", "query_overhead_config_ms");
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

    Outcome result = codemode("bench", "--quick", "--config", config.toString(), "--sql", sql);

    assertThat(result.exitCode()).as(result.err()).isEqualTo(2);
    assertThat(result.err()).contains(expected).contains("shop.yaml").doesNotContain("bench: ");
  }

  @Test
  void bench_sqlWithoutConfig_exitsTwoNamingConfig() {
    Outcome result = codemode("bench", "--quick", "--sql", "SELECT 1");

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
    Outcome result = codemode("bench", "--quick", "--data", "no-such-directory");

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains("--data no-such-directory is not a directory");
  }

  @Test
  void benchSoak_everyScenarioInProcess_printsAPassedReportAndExitsZero() {
    Outcome result =
        codemode(
            "bench",
            "--soak",
            "--isolation",
            "in-process",
            "--passes",
            "36",
            "--concurrency",
            "16");

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
      --soak --json                       | --soak runs alone: drop --quick, --json, --data, --postgres, --trino, --config and --sql
      --soak --postgres jdbc:postgresql:x | --soak runs alone: drop --quick, --json, --data, --postgres, --trino, --config and --sql
      --soak --trino-user analyst         | --soak runs alone: drop --quick, --json, --data, --postgres, --trino, --config and --sql
      --soak --sql SELECT                 | --soak runs alone: drop --quick, --json, --data, --postgres, --trino, --config and --sql
      --soak --isolation elsewhere        | --isolation must be in-process, process or both, was 'elsewhere'
      --soak --passes 3                   | a soak runs at least one pass per scenario
      --soak --concurrency 0              | concurrency must be 1..256, was 0
      """)
  void benchSoak_badOptions_exitTwoAndSayWhy(String options, String message) {
    List<String> args = new ArrayList<>(List.of("bench"));
    args.addAll(List.of(options.split(" ")));

    Outcome result = codemode(args.toArray(String[]::new));

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains(message);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      --postgres jdbc:mysql://127.0.0.1/warehouse?password=s3cret                                    | --postgres: 'jdbc:mysql://127.0.0.1/warehouse' is not a PostgreSQL JDBC URL: write jdbc:postgresql://host[:port]/database
      --postgres jdbc:postgresql://127.0.0.1:notaport/warehouse?password=s3cret                      | --postgres: 'jdbc:postgresql://127.0.0.1:notaport/warehouse' is not a PostgreSQL JDBC URL
      --postgres-user analyst                                                                         | --postgres-user applies to --postgres: give --postgres JDBC_URL too
      --postgres-schema billing --quick                                                               | --postgres-schema applies to --postgres: give --postgres JDBC_URL too
      --postgres jdbc:postgresql://127.0.0.1/warehouse?user=analyst --postgres-user loader           | --postgres names the user analyst in its URL and --postgres-user names loader: give the reader once
      --postgres jdbc:postgresql://127.0.0.1/warehouse?user=analyst --postgres-password-env NO_VAR_1 | --postgres-password-env names NO_VAR_1, which is not set: export the reader's password in it
      --trino jdbc:trino://127.0.0.1:8080/hive?password=s3cret                                       | --trino: 'jdbc:trino://127.0.0.1:8080/hive' does not name a catalog and a schema (a Trino warehouse URL names the catalog and schema of the tables, e.g. jdbc:trino://127.0.0.1:8080/hive/billing)
      --trino jdbc:postgresql://127.0.0.1/warehouse                                                  | --trino: 'jdbc:postgresql://127.0.0.1/warehouse' is not a Trino JDBC URL
      --trino-user analyst --quick                                                                    | --trino-user applies to --trino: give --trino JDBC_URL too
      --trino jdbc:trino://127.0.0.1:8080/hive/billing?user=analyst --trino-password-env NO_VAR_1    | --trino-password-env names NO_VAR_1, which is not set: export the reader's password in it
      --trino jdbc:trino://127.0.0.1:1/hive/billing?user=analyst                                      | --trino: Trino at jdbc:trino://127.0.0.1:1/hive/billing as analyst did not answer the bench's query: Error executing query: java.net.ConnectException: Failed to connect to /127.0.0.1:1
      """)
  void bench_badEngineOptions_exitTwoAndSayWhyWithoutThePassword(String options, String message) {
    Outcome result = codemode(Map.of(), options.split(" "));

    assertThat(result.exitCode()).as(result.err()).isEqualTo(2);
    assertThat(result.err()).contains(message).doesNotContain("s3cret");
    assertThat(result.out()).isEmpty();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      --postgres | jdbc:postgresql://127.0.0.1/warehouse    | CODEMODE_WAREHOUSE_USER
      --trino    | jdbc:trino://127.0.0.1:8080/hive/billing | CODEMODE_TRINO_USER
      """)
  void bench_engineWithoutAUser_exitsTwoNamingEveryWayToGiveOne(
      String option, String url, String variable) {
    Outcome result = codemode(Map.of(), "--quick", option, url);

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err())
        .startsWith(
            "error: "
                + option
                + " needs the reader to connect as: put user=NAME in the URL, give "
                + option
                + "-user NAME, or set "
                + variable);
  }

  @Test
  void bench_postgresLoginRefused_exitsTwoWithTheServersReasonNotThePassword() {
    String password = "not-the-password-42";

    Outcome result =
        codemode(
            Map.of("BENCH_READER_PASSWORD", password),
            "--quick",
            "--postgres",
            TestPostgres.url(),
            "--postgres-user",
            "stranger",
            "--postgres-password-env",
            "BENCH_READER_PASSWORD");

    assertThat(result.exitCode()).isEqualTo(2);
    // The server's own reason: "role ... does not exist" while it trusts logins, "password
    // authentication failed" once a test of this JVM made it check passwords (PostgresCliIT).
    assertThat(result.err())
        .contains(
            "--postgres: PostgreSQL at "
                + TestPostgres.url()
                + " as stranger, schema billing did not answer the bench's query: FATAL: ")
        .containsPattern("FATAL: (role|password authentication failed for user) \"stranger\"")
        .doesNotContain(password);
  }

  @Test
  void bench_postgresSchemaWithoutTheSample_exitsTwoNamingTheMissingView() {
    Outcome result =
        codemode(
            Map.of(),
            "--quick",
            "--postgres",
            TestPostgres.url() + "?user=analyst&password=" + TestPostgres.PASSWORD,
            "--postgres-schema",
            "public");

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err())
        .contains("schema public did not answer the bench's query")
        .contains("invoice_summary")
        .doesNotContain(TestPostgres.PASSWORD);
  }
}
