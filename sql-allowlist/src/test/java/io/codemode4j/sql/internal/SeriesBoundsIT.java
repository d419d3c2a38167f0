package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.sql.SchemaExamples;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.dialect.Dialect;
import java.sql.SQLException;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlSelect;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The row count {@link SeriesBounds} computes before running is the count DuckDB produces. */
class SeriesBoundsIT {

  private static final Advisor ADVISOR = new Advisor(Dialect.duckDb(), SchemaExamples.neutral());

  private static Warehouse warehouse;

  @BeforeAll
  static void loadWarehouse() throws SQLException {
    warehouse = Warehouse.all();
  }

  @AfterAll
  static void closeWarehouse() throws SQLException {
    warehouse.close();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "generate_series(1, 10)",
        "generate_series(10)",
        "generate_series(0)",
        "generate_series(1, 10, 3)",
        "generate_series(10, 1, -3)",
        "generate_series(5, 1)",
        "generate_series(-5, 5, 5)",
        "range(10)",
        "range(0)",
        "range(1, 10)",
        "range(1, 10, 3)",
        "range(10, 1, -3)",
        "range(1, 1)",
        "generate_series(DATE '2024-01-01', DATE '2024-12-31', INTERVAL 1 DAY)",
        "generate_series(DATE '2024-01-31', DATE '2024-12-31', INTERVAL 1 MONTH)",
        "generate_series(DATE '2024-01-01', DATE '2030-01-01', INTERVAL '1' QUARTER)",
        "generate_series(DATE '2020-02-29', DATE '2030-01-01', INTERVAL 1 YEAR)",
        "generate_series(DATE '2024-01-01', DATE '2024-03-01', INTERVAL '7' DAY)",
        "generate_series(DATE '2024-03-01', DATE '2024-01-01', INTERVAL '-7' DAY)",
        "range(DATE '2024-01-01', DATE '2024-01-31', INTERVAL 1 DAY)",
        "generate_series(TIMESTAMP '2024-01-01 00:00:00', TIMESTAMP '2024-01-02 00:00:00', INTERVAL 1 HOUR)",
        "generate_series(TIMESTAMP '2024-01-01', TIMESTAMP '2024-01-02', INTERVAL 1 HOUR)",
        "range(TIMESTAMP '2024-01-01 00:00:00', TIMESTAMP '2024-01-01 00:10:00', INTERVAL 90 SECOND)",
        "generate_series(TIMESTAMP '2024-01-01 00:00:00', TIMESTAMP '2024-01-01 00:00:01', '250 milliseconds'::INTERVAL)"
      })
  void check_constantSeries_countsTheRowsDuckDbProduces(String series) throws Exception {
    long duckdb =
        ((Number) warehouse.query("SELECT count(*) FROM " + series).rows().getFirst().getFirst())
            .longValue();

    assertThat(
            new SeriesBounds(new FunctionAllowlist(Dialect.duckDb().functions(), ADVISOR))
                .check(function(series)))
        .isEqualTo(duckdb);
  }

  /** The series call of {@code SELECT * FROM series}, as the walker sees it. */
  private static SqlCall function(String series) throws SqlRefusedException {
    String sql = "SELECT * FROM " + series.replaceFirst("^range", "\"range\"");
    SqlSelect select = (SqlSelect) QueryParser.parseWithBabel(SqlScan.of(sql), ADVISOR);
    DuckDbForms.normalise(select);
    return ((SqlCall) select.getFrom()).operand(0);
  }
}
