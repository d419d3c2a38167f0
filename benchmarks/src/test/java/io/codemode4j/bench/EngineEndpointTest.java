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
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      ' '     | billing | PostgreSQL reader's name is blank
      analyst | ' '     | PostgreSQL schema is blank
      """)
  void new_blankUserOrSchema_throwsSayingWhich(String user, String schema, String message) {
    assertThatThrownBy(
            () ->
                new EngineEndpoint(
                    Engine.POSTGRES, "jdbc:postgresql://127.0.0.1/warehouse", user, null, schema))
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

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      nullValues = "null",
      textBlock =
          """
      jdbc:postgresql://127.0.0.1/warehouse?user=analyst&password=x | analyst
      jdbc:postgresql://127.0.0.1/warehouse?password=x              | null
      jdbc:postgresql://127.0.0.1/warehouse                         | null
      """)
  void urlUser_postgresUrl_isTheUserTheDriverReads(String url, String user) {
    assertThat(Engine.POSTGRES.urlUser(url)).isEqualTo(user);
  }

  @Test
  void metricAndOption_postgres_areTheReportsAndTheCommandLines() {
    assertThat(Engine.POSTGRES.metric()).isEqualTo("query_ratio_postgres");
    assertThat(Engine.POSTGRES.option()).isEqualTo("--postgres");
    assertThat(BenchReport.METRIC_NAMES)
        .containsSubsequence("query_ratio_10m", "query_ratio_postgres", "passes_per_s_c1");
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
                    line -> {}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at most one endpoint per engine");
  }

  @Test
  void engines_noEndpointGiven_eachEngineNotMeasuredNamingItsOption() {
    Bench.Results results = new Bench.Results(line -> {});

    Bench.engines(
        new BenchOptions(
            true, Optional.empty(), Path.of("cache"), Optional.empty(), List.of(), line -> {}),
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
