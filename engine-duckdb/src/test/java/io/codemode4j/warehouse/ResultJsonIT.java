package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.engine.duckdb.DuckDbEngine;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.node.ObjectNode;

/** JSON typing follows the SQL type of the column, checked on real DuckDB results. */
class ResultJsonIT {

  private static ObjectNode firstRow(String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      ResultJson json = ResultJson.forResult(rs.getMetaData(), new DuckDbEngine());
      assertThat(rs.next()).isTrue();
      return json.row(rs);
    }
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      CAST(12000 AS DECIMAL(38,2))                  | "12000.00"
      CAST(0.1 AS DECIMAL(18,2))                    | "0.10"
      CAST(-5 AS DECIMAL(4,1))                      | "-5.0"
      CAST(170141183460469231731687303715884105727 AS HUGEINT) | "170141183460469231731687303715884105727"
      CAST(18446744073709551615 AS UBIGINT)         | "18446744073709551615"
      CAST(9007199254740993 AS BIGINT)              | 9007199254740993
      CAST(42 AS INTEGER)                           | 42
      CAST(7 AS TINYINT)                            | 7
      CAST(4294967295 AS UINTEGER)                  | 4294967295
      true                                          | true
      CAST(1.5 AS DOUBLE)                           | 1.5
      CAST('NaN' AS DOUBLE)                         | "NaN"
      CAST('-inf' AS DOUBLE)                        | "-Infinity"
      DATE '2024-02-29'                             | "2024-02-29"
      TIMESTAMP '2024-01-01 00:00:00'               | "2024-01-01T00:00:00"
      TIMESTAMP '2024-01-01 12:34:56.789'           | "2024-01-01T12:34:56.789"
      TIME '08:30:00'                               | "08:30:00"
      concat('it', chr(39), 's')                    | "it's"
      CAST(NULL AS DECIMAL(18,2))                   | null
      CAST(NULL AS INTEGER)                         | null
      CAST(NULL AS DATE)                            | null
      [1, 2, 3]                                     | [1,2,3]
      [CAST(1.50 AS DECIMAL(10,2)), NULL]           | ["1.50",null]
      {'a': 1, 'b': 'x'}                            | {"a":1,"b":"x"}
      [DATE '2024-01-31']                           | ["2024-01-31"]
      """)
  void row_columnOfSqlType_isTypedBySqlType(String expression, String expectedJson)
      throws SQLException {
    assertThat(firstRow("SELECT " + expression + " AS v").get("v").toString())
        .isEqualTo(expectedJson);
  }

  @Test
  void forResult_columnTypes_areTheDatabaseSpelling() throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT CAST(1 AS DECIMAL(18,2)) AS total, 1::BIGINT AS n, DATE '2024-01-01' AS d")) {
      assertThat(ResultJson.forResult(rs.getMetaData(), new DuckDbEngine()).columns())
          .containsExactly(
              new Column("total", "DECIMAL(18,2)"),
              new Column("n", "BIGINT"),
              new Column("d", "DATE"));
    }
  }

  @Test
  void forResult_duplicateColumnNames_getSuffixesSoNoValueIsLost() throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT 1 AS region, 2 AS region, 3 AS region")) {
      ResultJson json = ResultJson.forResult(rs.getMetaData(), new DuckDbEngine());
      assertThat(json.columns())
          .extracting(Column::name)
          .containsExactly("region", "region_2", "region_3");
      rs.next();
      assertThat(json.row(rs).toString()).isEqualTo("{\"region\":1,\"region_2\":2,\"region_3\":3}");
    }
  }

  @Test
  void row_keysFollowColumnOrder() throws SQLException {
    assertThat(List.copyOf(firstRow("SELECT 1 AS z, 2 AS a, 3 AS m").propertyNames()))
        .containsExactly("z", "a", "m");
  }
}
