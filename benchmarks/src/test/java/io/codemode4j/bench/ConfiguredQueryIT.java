package io.codemode4j.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.config.WarehouseDescription;
import io.codemode4j.warehouse.config.WarehouseDescriptions;
import io.codemode4j.warehouse.engine.DescribedWarehouse;
import io.codemode4j.warehouse.engine.DescribedWarehouses;
import io.codemode4j.warehouse.engine.EngineOpening;
import io.codemode4j.warehouse.postgres.TestPostgres;
import io.codemode4j.warehouse.trino.TestTrino;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code query_ratio_config} on warehouses that descriptions configure over the real servers of the
 * tests, each holding the sample and locked down: the embedded PostgreSQL read by its reader role,
 * and the Trino coordinator and worker read by its user (skipped where Trino cannot start: a JDK
 * below 24.0.1, or no unpacked server). The bench names no engine: each is found by its URL, as
 * {@code codemode bench --config} finds it. It checks that the metric is measured and sane, never
 * how fast anything is.
 */
class ConfiguredQueryIT {

  private static final Path CACHE =
      Path.of(System.getProperty("codemode.cacheDir", "target/codemode-cache"));

  /** The servers, each with the sample. */
  enum Server {
    POSTGRES,
    TRINO
  }

  /** The sample's summary view, keyed by region, on {@code server}. */
  private static WarehouseDescription description(Server server) throws Exception {
    String connection =
        switch (server) {
          case POSTGRES ->
              "connection: {url: '"
                  + TestPostgres.url()
                  + "', schema: "
                  + TestPostgres.SCHEMA
                  + "}\n";
          case TRINO -> "connection: {url: '" + TestTrino.url() + "'}\n";
        };
    return WarehouseDescriptions.parse(
        "subject: the billing sample\n"
            + connection
            + "tenancy: {key: region, values: [americas, apac, emea]}\n"
            + "tables:\n"
            + "  invoice_summary: {tenant: {column: region}}\n",
        "sample.yaml",
        CACHE,
        false);
  }

  private static EngineOpening.Credentials reader(Server server) {
    return switch (server) {
      case POSTGRES ->
          new EngineOpening.Credentials(TestPostgres.READER, TestPostgres.PASSWORD, null);
      case TRINO -> new EngineOpening.Credentials(TestTrino.ANALYST, null, null);
    };
  }

  private static DescribedWarehouse open(Server server) throws Exception {
    return DescribedWarehouses.open(description(server), reader(server), CACHE);
  }

  private static ConfiguredQuery configured(DescribedWarehouse opened) throws WarehouseException {
    return new ConfiguredQuery(
        opened.description().subject() + " on " + opened.engine().name(),
        opened.warehouse(),
        opened.readerPool(),
        QueryScenario.SQL);
  }

  @ParameterizedTest
  @EnumSource(Server.class)
  void passRows_configured_plainJdbcsRowsAndDuckDbsToTheCent(Server server) throws Exception {
    List<List<String>> duckDb;
    try (PlainJdbc bundled = PlainJdbc.open(TestPostgres.sampleDir(), CACHE)) {
      duckDb = bundled.rows(QueryScenario.SQL);
    }
    try (DescribedWarehouse opened = open(server)) {
      ConfiguredQuery configured = configured(opened);
      try (PlainJdbc jdbc = PlainJdbc.open(configured.plainPool());
          QueryScenario query = new QueryScenario(configured, jdbc)) {

        List<List<String>> rows = query.passRows();

        assertThat(rows).isEqualTo(query.plainRows()).isEqualTo(duckDb).hasSize(3);
        assertThat(rows)
            .allSatisfy(row -> assertThat(row.get(1)).matches("[1-9][0-9]*\\.[0-9]{2}"));
        assertThat(query.pass()).isEqualTo(3);
        assertThat(query.plain()).isEqualTo(3);
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Server.class)
  void configured_describedWarehouse_measuresAFinitePositiveRatio(Server server) throws Exception {
    List<String> progress = new ArrayList<>();
    Bench.Results results = new Bench.Results(progress::add);
    try (DescribedWarehouse opened = open(server)) {
      ConfiguredQuery configured = configured(opened);

      Bench.configured(
          new BenchOptions(true, Optional.empty(), CACHE, Optional.empty(), configured, line -> {}),
          Effort.QUICK,
          results);

      Metric metric = results.get("query_ratio_config");
      assertThat(metric.reason()).as("%s", progress).isEmpty();
      Stats stats = metric.stats().orElseThrow();
      assertThat(stats.samples()).isPositive();
      assertThat(List.of(stats.median(), stats.p90(), stats.p99()))
          .allSatisfy(value -> assertThat(value).isFinite().isPositive());
      assertThat(metric.unit()).isEqualTo("pass/jdbc");
      assertThat(results.get("query_overhead_config_ms").stats()).isPresent();
      assertThat(progress)
          .anySatisfy(line -> assertThat(line).contains("query on " + configured.subject() + ": "))
          .noneSatisfy(line -> assertThat(line).contains(TestPostgres.PASSWORD));
    }
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      POSTGRES | stranger
      TRINO    | Access Denied
      """)
  void open_unknownUser_saysWhatTheEngineSaidWithoutThePassword(Server server, String message) {
    String password = server == Server.POSTGRES ? "not-the-password-42" : null;

    assertThatThrownBy(
            () ->
                DescribedWarehouses.open(
                    description(server),
                    new EngineOpening.Credentials("stranger", password, null),
                    CACHE))
        .isInstanceOf(WarehouseException.class)
        .hasMessageContaining(message)
        .hasMessageNotContaining("not-the-password-42");
  }
}
