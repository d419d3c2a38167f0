package io.codemode4j.warehouse.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The allowlist bypassed: SQL sent straight to PostgreSQL as the reader identities. Everything a
 * reader must not do, PostgreSQL itself refuses.
 */
class PostgresLockdownIT {

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "INSERT INTO billing.invoices (invoice_id) VALUES ('x')",
        "UPDATE billing.invoices SET amount_cents = 0",
        "DELETE FROM billing.invoice_lines",
        "TRUNCATE billing.customers",
        "CREATE TEMP TABLE t (x int)",
        "CREATE TABLE billing.t (x int)",
        "CREATE TABLE public.t (x int)",
        "SELECT * FROM billing.payroll",
        "SET ROLE loader",
        "SET SESSION AUTHORIZATION postgres",
        "ALTER TABLE billing.invoices DISABLE ROW LEVEL SECURITY",
        "SELECT pg_read_file('/etc/passwd')",
        "COPY billing.invoices TO '/tmp/x'",
      })
  void execute_asReaderWithTheReadOnlyHintTurnedOff_isRefusedByPostgres(String sql)
      throws SQLException {
    for (String role : new String[] {TestPostgres.READER, TestPostgres.EMEA}) {
      try (Connection reader = TestPostgres.connect(role);
          Statement statement = reader.createStatement()) {
        statement.execute("SET default_transaction_read_only = off");
        assertThatThrownBy(() -> statement.execute(sql))
            .as("%s as %s", sql, role)
            .isInstanceOf(SQLException.class)
            .hasMessageMatching("(?s).*(permission denied|must be|not allowed|only superuser).*");
      }
    }
  }

  @Test
  void settings_ofTheReader_areReadOnlyWithAStatementTimeout() throws SQLException {
    try (Connection reader = TestPostgres.connect(TestPostgres.READER);
        Statement statement = reader.createStatement()) {
      assertThat(one(statement, "SHOW default_transaction_read_only")).isEqualTo("on");
      assertThat(one(statement, "SHOW statement_timeout")).isEqualTo("10s");
      assertThat(one(statement, "SHOW work_mem")).isEqualTo("32MB");
      assertThat(one(statement, "SHOW temp_file_limit")).isEqualTo("1GB");
      // A session may not raise the spill's bound: only a superuser sets it.
      assertThatThrownBy(() -> statement.execute("SET temp_file_limit = '-1'"))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("permission denied");
    }
  }

  @Test
  void select_asTenantRole_seesOnlyItsRowsEvenWithoutAFilter() throws SQLException {
    long all;
    long emea;
    try (Connection reader = TestPostgres.connect(TestPostgres.READER);
        Statement statement = reader.createStatement()) {
      all = Long.parseLong(one(statement, "SELECT count(*) FROM billing.invoices"));
      emea =
          Long.parseLong(
              one(statement, "SELECT count(*) FROM billing.invoices WHERE region = 'emea'"));
    }
    try (Connection tenant = TestPostgres.connect(TestPostgres.EMEA);
        Statement statement = tenant.createStatement()) {
      assertThat(one(statement, "SELECT count(*) FROM billing.invoices"))
          .isEqualTo(Long.toString(emea));
      assertThat(one(statement, "SELECT count(DISTINCT region) FROM billing.invoice_summary"))
          .isEqualTo("1");
      assertThat(
              one(
                  statement,
                  "SELECT count(*) FROM billing.invoice_lines l WHERE NOT EXISTS (SELECT 1 FROM"
                      + " billing.invoices i WHERE i.invoice_id = l.invoice_id)"))
          .isEqualTo("0");
    }
    assertThat(emea).isPositive().isLessThan(all);
  }

  /**
   * The DuckDB side channel (TenantSideChannelIT) against row-level security: a predicate that
   * fails on one specific row of another tenant answers as if the row did not exist, because
   * PostgreSQL evaluates the policy before a non-leakproof predicate of the query.
   */
  @Test
  void select_probeOfAnotherTenantsRow_answersAsIfTheRowDidNotExist() throws SQLException {
    String americas;
    String emea;
    try (Connection reader = TestPostgres.connect(TestPostgres.READER);
        Statement statement = reader.createStatement()) {
      americas =
          one(statement, "SELECT min(invoice_id) FROM billing.invoices WHERE region = 'americas'");
      emea = one(statement, "SELECT min(invoice_id) FROM billing.invoices WHERE region = 'emea'");
    }
    try (Connection tenant = TestPostgres.connect(TestPostgres.EMEA);
        Statement statement = tenant.createStatement()) {
      String lines = one(statement, "SELECT count(*) FROM billing.invoice_lines");

      assertThat(one(statement, probe(americas))).isEqualTo(lines);
      assertThatThrownBy(() -> one(statement, probe(emea)))
          .as("the probe is real: it fails on a row the tenant can see")
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("invalid input syntax for type integer");
    }
  }

  private static String probe(String invoiceId) {
    return "SELECT count(*) FROM billing.invoice_lines WHERE CAST(CASE WHEN invoice_id = '"
        + invoiceId
        + "' THEN product ELSE '1' END AS INTEGER) = 1";
  }

  private static String one(Statement statement, String sql) throws SQLException {
    try (ResultSet rs = statement.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
