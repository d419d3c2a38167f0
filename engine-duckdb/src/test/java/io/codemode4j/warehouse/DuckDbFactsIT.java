package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Driver behaviour that a design decision rests on. If DuckDB changes it, this test fails and the
 * decision (results are not streamed, see {@link io.codemode4j.engine.duckdb.DuckDbReadOnly#url};
 * cancels are repeated) should be revisited.
 */
class DuckDbFactsIT {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      jdbc:duckdb:                           | Conversion Error: Could not convert string 'x0'
      jdbc:duckdb:;jdbc_stream_results=true  | Invalid Input Error: Invalid result set
      """)
  void executeQuery_runtimeError_messageDependsOnStreaming(String url, String message)
      throws SQLException {
    try (Connection c = DriverManager.getConnection(url)) {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE t AS SELECT 'x' || range AS name FROM range(5000)");
      }
      assertThatThrownBy(
              () -> {
                try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT CAST(name AS INTEGER) FROM t")) {
                  rs.next();
                }
              })
          .isInstanceOf(SQLException.class)
          .hasMessageStartingWith(message);
    }
  }

  /**
   * Why a statement's watch cancels again every period until the statement returns ({@code
   * JdbcBackend}): a cancel that comes before DuckDB executes the statement is dropped, and the
   * query runs to its end.
   */
  @Test
  void cancel_beforeTheStatementExecutes_isDroppedAndTheQueryRunsToItsEnd() throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.cancel();
      try (ResultSet rs =
          s.executeQuery(
              "SELECT count(*) AS n FROM range(3000) a, range(3000) b WHERE a.range < b.range")) {
        rs.next();
        assertThat(rs.getLong(1)).isEqualTo(3000L * 2999 / 2);
      }
    }
  }
}
