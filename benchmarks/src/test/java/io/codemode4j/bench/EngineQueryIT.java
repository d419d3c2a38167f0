package io.codemode4j.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.postgres.TestPostgres;
import io.codemode4j.warehouse.trino.TestTrino;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code query_ratio_<engine>} against the real servers of billing's tests, each loaded with the
 * sample and locked down: the embedded PostgreSQL read by its reader role {@code analyst}, and the
 * Trino coordinator and worker read by its user {@code analyst} (skipped where Trino cannot start:
 * a JDK below 24.0.1, or no unpacked server). It checks that each metric is measured and sane,
 * never how fast anything is. (The embedded PostgreSQL trusts every local login, so a wrong
 * password is checked by hand against a server that asks for one; BENCHMARKS.md.)
 */
class EngineQueryIT {

  private static final Path CACHE =
      Path.of(System.getProperty("codemode.cacheDir", "target/codemode-cache"));

  /** The engine's reader, as the test server has it. */
  private static EngineEndpoint reader(Engine engine) {
    return switch (engine) {
      case POSTGRES ->
          new EngineEndpoint(
              engine,
              TestPostgres.url(),
              TestPostgres.READER,
              TestPostgres.PASSWORD,
              TestPostgres.SCHEMA);
      case TRINO -> new EngineEndpoint(engine, TestTrino.url(), TestTrino.ANALYST, null, null);
    };
  }

  /** The engine's reader with its credentials in the URL, as a user may give them. */
  private static EngineEndpoint readerInUrl(Engine engine) {
    return switch (engine) {
      case POSTGRES ->
          new EngineEndpoint(
              engine,
              TestPostgres.url()
                  + "?user="
                  + TestPostgres.READER
                  + "&password="
                  + TestPostgres.PASSWORD,
              TestPostgres.READER,
              TestPostgres.PASSWORD,
              TestPostgres.SCHEMA);
      case TRINO ->
          new EngineEndpoint(
              engine,
              TestTrino.url() + "?user=" + TestTrino.ANALYST,
              TestTrino.ANALYST,
              null,
              null);
    };
  }

  /** The same server and schema as {@code user}, who reads nothing of it. */
  private static EngineEndpoint stranger(Engine engine, String user, String password) {
    EngineEndpoint reader = reader(engine);
    return new EngineEndpoint(engine, reader.jdbcUrl(), user, password, reader.schema());
  }

  @ParameterizedTest
  @EnumSource(Engine.class)
  void passRows_engine_plainJdbcsRowsAndDuckDbsToTheCent(Engine engine) throws Exception {
    EngineEndpoint endpoint = reader(engine);
    List<List<String>> duckDb;
    try (PlainJdbc bundled = PlainJdbc.open(TestPostgres.sampleDir(), CACHE)) {
      duckDb = bundled.rows(QueryScenario.SQL);
    }
    try (Warehouse warehouse = engine.open(endpoint);
        PlainJdbc jdbc = PlainJdbc.open(endpoint);
        QueryScenario query = new QueryScenario(warehouse, jdbc)) {

      List<List<String>> rows = query.passRows();

      assertThat(rows).isEqualTo(query.plainRows()).isEqualTo(duckDb).hasSize(3);
      assertThat(rows).allSatisfy(row -> assertThat(row.get(1)).matches("[1-9][0-9]*\\.[0-9]{2}"));
      assertThat(query.pass()).isEqualTo(3);
      assertThat(query.plain()).isEqualTo(3);
    }
  }

  @ParameterizedTest
  @EnumSource(Engine.class)
  void passRows_credentialsInTheUrl_theWarehouseAndPlainJdbcConnectAsWhenApart(Engine engine)
      throws Exception {
    EngineEndpoint endpoint = readerInUrl(engine);
    try (Warehouse warehouse = engine.open(endpoint);
        PlainJdbc jdbc = PlainJdbc.open(endpoint);
        QueryScenario query = new QueryScenario(warehouse, jdbc)) {

      assertThat(query.passRows()).isEqualTo(query.plainRows()).hasSize(3);
    }
  }

  @ParameterizedTest
  @EnumSource(Engine.class)
  void engines_engineGiven_measuresAFinitePositiveRatioAndNotTheOthers(Engine engine) {
    EngineEndpoint endpoint = reader(engine);
    List<String> progress = new ArrayList<>();
    Bench.Results results = new Bench.Results(progress::add);

    Bench.engines(
        new BenchOptions(
            true, Optional.empty(), CACHE, Optional.empty(), List.of(endpoint), null, line -> {}),
        Effort.QUICK,
        results);

    Metric metric = results.get(engine.metric());
    assertThat(metric.reason()).as("%s", progress).isEmpty();
    Stats stats = metric.stats().orElseThrow();
    assertThat(stats.samples()).isPositive();
    assertThat(List.of(stats.median(), stats.p90(), stats.p99()))
        .allSatisfy(value -> assertThat(value).isFinite().isPositive());
    assertThat(metric.unit()).isEqualTo("pass/jdbc");
    assertThat(progress)
        .anySatisfy(line -> assertThat(line).contains("query on " + endpoint + ": "))
        .noneSatisfy(line -> assertThat(line).contains(TestPostgres.PASSWORD));
    for (Engine other : Engine.values()) {
      if (other != engine) {
        assertThat(results.get(other.metric()).reason()).isPresent();
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Engine.class)
  void probe_reader_countsTheRowsOfReadmesQuery(Engine engine) throws SQLException {
    assertThat(QueryScenario.probe(reader(engine))).isEqualTo(3);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      POSTGRES | role "stranger" does not exist
      TRINO    | Access Denied
      """)
  void probe_unknownUser_saysWhatTheEngineSaidWithoutThePassword(Engine engine, String message) {
    String password = engine == Engine.POSTGRES ? "not-the-password-42" : null;

    assertThatThrownBy(() -> QueryScenario.probe(stranger(engine, "stranger", password)))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining(message)
        .hasMessageNotContaining("not-the-password-42");
  }

  @Test
  void probe_postgresSchemaWithoutTheSample_namesTheMissingView() {
    EngineEndpoint elsewhere =
        new EngineEndpoint(
            Engine.POSTGRES,
            TestPostgres.url(),
            TestPostgres.READER,
            TestPostgres.PASSWORD,
            "public");

    assertThatThrownBy(() -> QueryScenario.probe(elsewhere))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("invoice_summary");
  }
}
