package io.codemode4j.warehouse.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.warehouse.SqlLiterals;
import io.codemode4j.warehouse.billing.BillingMariaDb;
import io.codemode4j.warehouse.billing.BillingSample;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The sample loaded into the test MariaDB: the same rows as the parquet, and the same view. It
 * reloads the database every other MariaDB class reads, so it runs alone ({@link Isolated}): a
 * fresh-clone run with classes two at a time saw MariaDbTenantWarehouseIT's side-channel probe read
 * emea's rows mid-reload and report the changed answer as a leak.
 */
@Isolated
class BillingMariaDbIT {

  private static final String SUMMARY =
      "SELECT region, customer, month, invoice_count, revenue FROM %sinvoice_summary"
          + " ORDER BY region, customer, month";

  @BeforeAll
  static void start() {
    TestBillingMariaDb.start();
  }

  @Test
  void load_again_leavesTheParquetsRowsAndTheGrants() throws Exception {
    Map<String, Long> again;
    try (Connection writer = TestBillingMariaDb.connect(TestBillingMariaDb.WRITER)) {
      again =
          BillingMariaDb.load(writer, TestBillingMariaDb.sampleDir(), TestBillingMariaDb.DATABASE);
    }

    try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
        Statement parquet = duck.createStatement();
        Connection reader = TestBillingMariaDb.connect(TestBillingMariaDb.READER);
        Statement maria = reader.createStatement()) {
      for (String table : List.of("customers", "invoices", "invoice_lines")) {
        String file =
            TestBillingMariaDb.sampleDir().resolve(table + ".parquet").toAbsolutePath().toString();
        long want =
            Long.parseLong(
                one(parquet, "SELECT count(*) FROM read_parquet(" + SqlLiterals.quote(file) + ")"));
        assertThat(again.get(table)).as(table).isEqualTo(want);
        assertThat(Long.parseLong(one(maria, "SELECT count(*) FROM " + table)))
            .as(table)
            .isEqualTo(want);
      }
    }
  }

  /**
   * MariaDB's invoice_summary (no date_trunc: the date less its day of the month) answers the rows
   * of the DuckDB view every other engine defines from {@link BillingSample#invoiceSummaryQuery}.
   */
  @Test
  void invoiceSummary_ofMariaDb_answersDuckDbsViewRows() throws Exception {
    List<List<String>> duckRows;
    try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
        Statement sql = duck.createStatement()) {
      for (String table : List.of("customers", "invoices", "invoice_lines")) {
        String file =
            TestBillingMariaDb.sampleDir().resolve(table + ".parquet").toAbsolutePath().toString();
        sql.execute(
            "CREATE VIEW "
                + table
                + " AS SELECT * FROM read_parquet("
                + SqlLiterals.quote(file)
                + ")");
      }
      sql.execute("CREATE VIEW invoice_summary AS " + BillingSample.invoiceSummaryQuery(""));
      duckRows = rows(sql, SUMMARY.formatted(""));
    }
    List<List<String>> mariaRows;
    try (Connection reader = TestBillingMariaDb.connect(TestBillingMariaDb.READER);
        Statement sql = reader.createStatement()) {
      mariaRows = rows(sql, SUMMARY.formatted(""));
      assertThat(
              one(
                  sql,
                  "SELECT DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_NAME = 'invoice_summary' AND COLUMN_NAME = 'month'"))
          .isEqualTo("date");
    }

    assertThat(mariaRows).hasSizeGreaterThan(100).isEqualTo(duckRows);
  }

  private static List<List<String>> rows(Statement sql, String query) throws SQLException {
    List<List<String>> rows = new ArrayList<>();
    try (ResultSet rs = sql.executeQuery(query)) {
      while (rs.next()) {
        rows.add(
            List.of(
                rs.getString(1),
                rs.getString(2),
                rs.getObject(3, java.time.LocalDate.class).toString(),
                Long.toString(rs.getLong(4)),
                rs.getBigDecimal(5).setScale(2).toPlainString()));
      }
    }
    return rows;
  }

  static String one(Statement statement, String sql) throws SQLException {
    try (ResultSet rs = statement.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
