package io.codemode4j.engine.mariadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.sql.internal.ApprovedTrees;
import io.codemode4j.warehouse.SqlLiterals;
import io.codemode4j.warehouse.billing.BillingSample;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The generic hook MariaDB's tenants need (NOTES.md, "Per-tenant database"), shown with plain JDBC:
 * a tenant's query, approved with the tenant's filters, rendered with its tables in the tenant's
 * own database ({@code billing_tenant_emea}) and run as the tenant's user, answers the tenant's
 * rows as DuckDB does; the same rendering in the shared database is refused to that user, and the
 * tenant's database is refused to another tenant's user.
 */
class TenantDatabaseIT {

  private static final Tenant EMEA = Tenant.of("emea");
  private static final QueryPolicy POLICY = QueryPolicy.forTenant(EMEA, 1000);

  @BeforeAll
  static void start() {
    TestMariaDb.start();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "SELECT region, count(*) AS n, sum(amount_cents) AS cents FROM invoices GROUP BY region"
            + " ORDER BY region",
        "SELECT count(*) AS n, sum(quantity * unit_price_cents) AS cents FROM invoice_lines",
        "SELECT c.segment, count(*) AS n FROM invoices i JOIN customers c ON c.customer_id ="
            + " i.customer_id GROUP BY c.segment ORDER BY c.segment",
        "SELECT customer, sum(revenue) AS revenue FROM invoice_summary GROUP BY customer"
            + " ORDER BY revenue DESC, customer LIMIT 5",
        "SELECT DISTINCT region FROM customers ORDER BY region",
      })
  void tenantQuery_renderedInItsOwnDatabase_answersItsRowsAsItsUser(String sql) throws Exception {
    MariaDbLockdown lockdown = TestMariaDb.lockdown();
    String own = lockdown.tenantDatabase(EMEA);
    SqlNode tree = ApprovedTrees.approve(sql, Dialect.duckDb(), BillingMariaDb.scopes(), POLICY);
    String rendered = MariaDbRendering.REWRITTEN.render(tree, own);
    List<List<String>> want;
    try (Connection duck = duckDb();
        Statement statement = duck.createStatement()) {
      want = rows(statement, BillingSample.allowlist().approve(sql, POLICY).sql());
    }

    // No default database: the rendering names every table's database itself.
    try (Connection tenant = TestMariaDb.connect(TestMariaDb.EMEA, "");
        Statement statement = tenant.createStatement()) {
      assertThat(rows(statement, rendered)).as(rendered).isEqualTo(want).isNotEmpty();
      String shared = MariaDbRendering.REWRITTEN.render(tree, TestMariaDb.DATABASE);
      assertThatThrownBy(() -> rows(statement, shared))
          .as("the shared database, as the tenant's user")
          .hasMessageContaining("denied");
    }
    try (Connection other = TestMariaDb.connect("tenant_apac", "");
        Statement statement = other.createStatement()) {
      assertThatThrownBy(() -> rows(statement, rendered))
          .as("emea's database, as apac's user")
          .hasMessageContaining("denied");
    }
  }

  private static Connection duckDb() throws SQLException {
    Connection duck = DriverManager.getConnection("jdbc:duckdb:");
    try (Statement sql = duck.createStatement()) {
      for (String table : List.of("customers", "invoices", "invoice_lines")) {
        String file =
            TestMariaDb.sampleDir().resolve(table + ".parquet").toAbsolutePath().toString();
        sql.execute(
            "CREATE VIEW "
                + table
                + " AS SELECT * FROM read_parquet("
                + SqlLiterals.quote(file)
                + ")");
      }
      sql.execute("CREATE VIEW invoice_summary AS " + BillingSample.invoiceSummaryQuery(""));
    }
    return duck;
  }

  /** Rows as text, numbers by value: both engines' exact results compare digit by digit. */
  private static List<List<String>> rows(Statement statement, String sql) throws SQLException {
    List<List<String>> rows = new ArrayList<>();
    try (ResultSet rs = statement.executeQuery(sql)) {
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<String> row = new ArrayList<>();
        for (int c = 1; c <= columns; c++) {
          Object value = rs.getObject(c);
          row.add(
              value instanceof Number number
                  ? new java.math.BigDecimal(number.toString()).stripTrailingZeros().toPlainString()
                  : String.valueOf(value));
        }
        rows.add(row);
      }
    }
    return rows;
  }
}
