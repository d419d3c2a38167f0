package io.codemode4j.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class EngineEndpointTest {

  private static final String SECRET = "s3cret-in-the-url";

  @ParameterizedTest
  @ValueSource(
      strings = {
        "jdbc:mysql://127.0.0.1/warehouse",
        "postgresql://127.0.0.1/warehouse",
        "jdbc:postgresql://127.0.0.1:notaport/warehouse",
        "jdbc:postgresql://127.0.0.1:5432/warehouse?password=" + SECRET + "&loginTimeout=x%zz"
      })
  void new_notAPostgresUrl_throwsNamingTheFormWithoutCredentials(String url) {
    assertThatThrownBy(() -> new EngineEndpoint(Engine.POSTGRES, url, "analyst", null, "billing"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(
            "is not a PostgreSQL JDBC URL: write jdbc:postgresql://host[:port]/database")
        .hasMessageNotContaining(SECRET);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "jdbc:trino://127.0.0.1:8080",
        "jdbc:trino://127.0.0.1:8080/hive",
        "jdbc:trino://127.0.0.1:8080/hive/billing/extra?password=" + SECRET,
        "jdbc:postgresql://127.0.0.1/warehouse"
      })
  void new_notATrinoUrlNamingCatalogAndSchema_throwsNamingTheForm(String url) {
    assertThatThrownBy(() -> new EngineEndpoint(Engine.TRINO, url, "analyst", null, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("e.g. jdbc:trino://127.0.0.1:8080/hive/billing")
        .hasMessageNotContaining(SECRET);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      nullValues = "null",
      textBlock =
          """
      POSTGRES | jdbc:postgresql://127.0.0.1/warehouse | ' '     | billing | PostgreSQL reader's name is blank
      POSTGRES | jdbc:postgresql://127.0.0.1/warehouse | analyst | ' '     | PostgreSQL needs the schema of the tables
      POSTGRES | jdbc:postgresql://127.0.0.1/warehouse | analyst | null    | PostgreSQL needs the schema of the tables
      TRINO    | jdbc:trino://127.0.0.1:8080/hive/billing | analyst | billing | Trino's URL names the catalog and schema of the tables, so no schema goes apart
      """)
  void new_badUserOrSchema_throwsSayingWhich(
      Engine engine, String url, String user, String schema, String message) {
    assertThatThrownBy(() -> new EngineEndpoint(engine, url, user, null, schema))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }

  @Test
  void toString_credentialsInUrlAndApart_showsNeitherPassword() {
    EngineEndpoint endpoint =
        new EngineEndpoint(
            Engine.POSTGRES,
            "jdbc:postgresql://127.0.0.1:5432/warehouse?user=analyst&password=" + SECRET,
            "analyst",
            "s3cret-apart",
            "billing");

    assertThat(endpoint.toString())
        .isEqualTo(
            "PostgreSQL at jdbc:postgresql://127.0.0.1:5432/warehouse as analyst, schema billing");
  }

  @Test
  void toString_trino_showsTheUrlsCatalogAndSchemaNotThePassword() {
    EngineEndpoint endpoint =
        new EngineEndpoint(
            Engine.TRINO,
            "jdbc:trino://127.0.0.1:8080/hive/billing?SSL=true&password=" + SECRET,
            "analyst",
            null,
            null);

    assertThat(endpoint.toString())
        .isEqualTo("Trino at jdbc:trino://127.0.0.1:8080/hive/billing as analyst");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      nullValues = "null",
      textBlock =
          """
      POSTGRES | jdbc:postgresql://127.0.0.1/warehouse?user=analyst&password=x   | analyst
      POSTGRES | jdbc:postgresql://127.0.0.1/warehouse?password=x                | null
      POSTGRES | jdbc:postgresql://127.0.0.1/warehouse                           | null
      TRINO    | jdbc:trino://127.0.0.1:8080/hive/billing?SSL=true&user=analyst  | analyst
      TRINO    | jdbc:trino://127.0.0.1:8080/hive/billing?sessionUser=x          | null
      TRINO    | jdbc:trino://127.0.0.1:8080/hive/billing                        | null
      """)
  void urlUser_engineUrl_isTheUserTheDriverReads(Engine engine, String url, String user) {
    assertThat(engine.urlUser(url)).isEqualTo(user);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      POSTGRES | query_ratio_postgres | --postgres
      TRINO    | query_ratio_trino    | --trino
      """)
  void metricAndOption_engine_areTheReportsAndTheCommandLines(
      Engine engine, String metric, String option) {
    assertThat(engine.metric()).isEqualTo(metric);
    assertThat(engine.option()).isEqualTo(option);
    assertThat(BenchReport.METRIC_NAMES).containsSubsequence("query_ratio_10m", metric);
  }

  @Test
  void benchOptions_twoEndpointsOfOneEngine_throws() {
    EngineEndpoint one =
        new EngineEndpoint(
            Engine.POSTGRES, "jdbc:postgresql://127.0.0.1/a", "analyst", null, "billing");
    EngineEndpoint two =
        new EngineEndpoint(
            Engine.POSTGRES, "jdbc:postgresql://127.0.0.1/b", "analyst", null, "billing");

    assertThatThrownBy(
            () ->
                new BenchOptions(
                    true,
                    Optional.empty(),
                    Path.of("cache"),
                    Optional.empty(),
                    List.of(one, two),
                    null,
                    line -> {}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at most one endpoint per engine");
  }

  @Test
  void engines_noEndpointGiven_eachEngineNotMeasuredNamingItsOption() {
    Bench.Results results = new Bench.Results(line -> {});

    Bench.engines(
        new BenchOptions(
            true,
            Optional.empty(),
            Path.of("cache"),
            Optional.empty(),
            List.of(),
            null,
            line -> {}),
        Effort.QUICK,
        results);

    for (Engine engine : Engine.values()) {
      Metric metric = results.get(engine.metric());
      assertThat(metric.stats()).as(engine.metric()).isEmpty();
      assertThat(metric.reason().orElseThrow())
          .as(engine.metric())
          .startsWith("give " + engine.option() + " JDBC_URL: a " + engine.displayName());
    }
  }
}
