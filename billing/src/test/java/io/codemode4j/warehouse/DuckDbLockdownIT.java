package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.engine.duckdb.DuckDbLimits;
import io.codemode4j.engine.duckdb.DuckDbReadOnly;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.warehouse.billing.BillingSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The read-only identity holds on its own: these statements go straight to DuckDB over the locked
 * URL, with the allowlist bypassed, and DuckDB's settings refuse every one of them.
 */
class DuckDbLockdownIT {

  @TempDir static Path scratch;

  private static Connection connection;
  private static Path parquet;

  @BeforeAll
  static void open() throws Exception {
    parquet = TestWarehouse.sampleDir().toAbsolutePath().resolve("invoices.parquet");
    connection =
        DriverManager.getConnection(
            DuckDbReadOnly.url(TestWarehouse.bundledFile(), DuckDbLimits.defaults()));
  }

  @AfterAll
  static void close() throws SQLException {
    connection.close();
  }

  static Stream<Arguments> hostileStatements() {
    String out = scratch.toAbsolutePath().toString();
    return Stream.of(
        Arguments.of(
            "COPY invoices TO '" + out + "/stolen.csv'", "file system operations are disabled"),
        Arguments.of(
            "COPY invoices TO '" + parquet + "' (FORMAT parquet)",
            "file system operations are disabled"),
        Arguments.of(
            "COPY (SELECT 1) TO '" + out + "/x.parquet' (FORMAT parquet)",
            "file system operations are disabled"),
        Arguments.of("EXPORT DATABASE '" + out + "/export'", "file system operations are disabled"),
        Arguments.of(
            "ATTACH '" + out + "/other.duckdb' AS other", "file system operations are disabled"),
        Arguments.of("ATTACH ':memory:' AS scratch", "read-only mode"),
        Arguments.of("INSTALL httpfs", "file system operations are disabled"),
        Arguments.of("LOAD httpfs", "disabled through configuration"),
        Arguments.of("LOAD '" + out + "/evil.duckdb_extension'", "disabled through configuration"),
        Arguments.of("SET threads = 8", "the configuration has been locked"),
        Arguments.of("SET enable_external_access = true", "the configuration has been locked"),
        Arguments.of("SET allowed_directories = ['/']", "the configuration has been locked"),
        Arguments.of("RESET lock_configuration", "the configuration has been locked"),
        Arguments.of("PRAGMA threads = 8", "the configuration has been locked"),
        Arguments.of("CREATE TABLE payroll (salary INTEGER)", "read-only mode"),
        Arguments.of("CREATE VIEW v AS SELECT 1", "read-only mode"),
        Arguments.of("DROP TABLE invoices", "read-only mode"),
        Arguments.of("INSERT INTO invoices SELECT * FROM invoices LIMIT 1", "read-only mode"),
        Arguments.of("UPDATE invoices SET amount_cents = 0", "read-only mode"),
        Arguments.of("DELETE FROM customers", "read-only mode"),
        Arguments.of(
            "SELECT * FROM read_csv('/etc/passwd')", "file system operations are disabled"),
        Arguments.of(
            "SELECT * FROM read_parquet('" + parquet + "')", "file system operations are disabled"),
        Arguments.of("SELECT * FROM '" + parquet + "'", "file system operations are disabled"),
        Arguments.of(
            "SELECT * FROM glob('" + parquet.getParent() + "/*')",
            "file system operations are disabled"),
        Arguments.of(
            "SELECT * FROM parquet_metadata('" + parquet + "')",
            "file system operations are disabled"),
        Arguments.of(
            "SELECT * FROM read_text('/etc/hostname')", "file system operations are disabled"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hostileStatements")
  void execute_hostileStatementWithoutAllowlist_isRefusedByDuckDb(
      String sql, String expectedError) {
    assertThatThrownBy(
            () -> {
              try (Statement statement = connection.createStatement()) {
                statement.execute(sql);
              }
            })
        .isInstanceOf(SQLException.class)
        .hasMessageContaining(expectedError);
  }

  @Test
  void execute_afterRefusals_connectionStillAnswers() throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT count(*) FROM invoices")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getLong(1)).isEqualTo(50_000);
    }
  }

  @Test
  void execute_copyAttempt_leavesNoFileBehind() {
    Path target = scratch.resolve("never.csv");
    assertThatThrownBy(
            () -> {
              try (Statement statement = connection.createStatement()) {
                statement.execute("COPY invoices TO '" + target + "'");
              }
            })
        .isInstanceOf(SQLException.class);
    assertThat(target).doesNotExist();
  }

  /**
   * Measured gap: DuckDB has no setting that refuses TEMP objects, {@code SET VARIABLE} or {@code
   * PREPARE} on a read-only locked connection, and they outlive the borrower on a pooled
   * connection. Only the allowlist stops them, which this test pins down on both sides: DuckDB
   * accepts, the allowlist refuses.
   */
  @Test
  void createTemp_lockedConnection_isStoppedOnlyByTheAllowlist() throws SQLException {
    String sql = "CREATE TEMP TABLE leak AS SELECT * FROM customers";
    try (Statement statement = connection.createStatement()) {
      statement.execute(sql);
      statement.execute("DROP TABLE leak");
    }
    assertThatThrownBy(() -> BillingSample.allowlist().approve(sql, QueryPolicy.unscoped(10)))
        .isInstanceOf(SqlRefusedException.class)
        .extracting(e -> ((SqlRefusedException) e).refusal().reason())
        .isIn(RefusalReason.STATEMENT_KIND, RefusalReason.SYNTAX);
  }

  @Test
  void prepare_sameContentTwice_reusesTheBuiltFile() throws Exception {
    Path first = TestWarehouse.bundledFile();
    long built = Files.getLastModifiedTime(first).toMillis();
    Path second = TestWarehouse.bundledFile();
    assertThat(second).isEqualTo(first);
    assertThat(Files.getLastModifiedTime(second).toMillis()).isEqualTo(built);
  }
}
