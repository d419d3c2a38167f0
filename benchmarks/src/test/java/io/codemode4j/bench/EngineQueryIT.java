package io.codemode4j.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.postgres.TestPostgres;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code query_ratio_postgres} against the real embedded PostgreSQL of warehouse-tools' tests,
 * loaded with the sample and locked down, read by its reader role {@code analyst}. It checks that
 * the metric is measured and sane, never how fast anything is. (The embedded server trusts every
 * local login, so a wrong password is checked by hand against a server that asks for one;
 * BENCHMARKS.md.)
 */
class EngineQueryIT {

  private static final Path CACHE =
      Path.of(System.getProperty("codemode.cacheDir", "target/codemode-cache"));

  private static EngineEndpoint reader(String password, String schema) {
    return new EngineEndpoint(
        Engine.POSTGRES, TestPostgres.url(), TestPostgres.READER, password, schema);
  }

  private static EngineEndpoint reader() {
    return reader(TestPostgres.PASSWORD, TestPostgres.SCHEMA);
  }

  @Test
  void passRows_postgres_plainJdbcsRowsAndDuckDbsToTheCent() throws Exception {
    EngineEndpoint endpoint = reader();
    List<List<String>> duckDb;
    try (PlainJdbc bundled = PlainJdbc.open(TestPostgres.sampleDir(), CACHE)) {
      duckDb = bundled.rows(QueryScenario.SQL);
    }
    try (Warehouse warehouse = Engine.POSTGRES.open(endpoint);
        PlainJdbc jdbc = PlainJdbc.open(endpoint);
        QueryScenario query = new QueryScenario(warehouse, jdbc)) {

      List<List<String>> rows = query.passRows();

      assertThat(rows).isEqualTo(query.plainRows()).isEqualTo(duckDb).hasSize(3);
      assertThat(rows).allSatisfy(row -> assertThat(row.get(1)).matches("[1-9][0-9]*\\.[0-9]{2}"));
      assertThat(query.pass()).isEqualTo(3);
      assertThat(query.plain()).isEqualTo(3);
    }
  }

  @Test
  void engines_postgresGiven_measuresAFinitePositiveRatio() {
    List<String> progress = new ArrayList<>();
    Bench.Results results = new Bench.Results(progress::add);

    Bench.engines(
        new BenchOptions(
            true, Optional.empty(), CACHE, Optional.empty(), List.of(reader()), line -> {}),
        Effort.QUICK,
        results);

    Metric metric = results.get("query_ratio_postgres");
    assertThat(metric.reason()).as("%s", progress).isEmpty();
    Stats stats = metric.stats().orElseThrow();
    assertThat(stats.samples()).isPositive();
    assertThat(List.of(stats.median(), stats.p90(), stats.p99()))
        .allSatisfy(value -> assertThat(value).isFinite().isPositive());
    assertThat(metric.unit()).isEqualTo("pass/jdbc");
    assertThat(progress)
        .anySatisfy(
            line ->
                assertThat(line)
                    .contains("query on PostgreSQL at " + TestPostgres.url() + " as analyst"))
        .noneSatisfy(line -> assertThat(line).contains(TestPostgres.PASSWORD));
  }

  @Test
  void probe_reader_countsTheRowsOfReadmesQuery() throws SQLException {
    assertThat(QueryScenario.probe(reader())).isEqualTo(3);
  }

  @Test
  void probe_unknownRole_saysSoWithoutEchoingThePassword() {
    EngineEndpoint stranger =
        new EngineEndpoint(
            Engine.POSTGRES,
            TestPostgres.url(),
            "stranger",
            "not-the-password-42",
            TestPostgres.SCHEMA);

    assertThatThrownBy(() -> QueryScenario.probe(stranger))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("role \"stranger\" does not exist")
        .hasMessageNotContaining("not-the-password-42");
  }

  @Test
  void probe_schemaWithoutTheSample_namesTheMissingView() {
    assertThatThrownBy(() -> QueryScenario.probe(reader(TestPostgres.PASSWORD, "public")))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("invoice_summary");
  }
}
