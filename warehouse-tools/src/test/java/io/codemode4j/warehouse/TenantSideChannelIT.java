package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.billing.BillingSample;
import io.codemode4j.warehouse.duckdb.DuckDbLimits;
import io.codemode4j.warehouse.duckdb.DuckDbReadOnly;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A tenant cannot probe other tenants' rows through database errors: a predicate that fails on one
 * specific row only fails when that row is the tenant's own.
 */
class TenantSideChannelIT {

  private static final QueryPolicy EMEA =
      QueryPolicy.forTenant(new Tenant(Set.of("emea")), Warehouse.DEFAULT_MAX_ROWS);

  private static Warehouse warehouse;

  @BeforeAll
  static void open() throws WarehouseException {
    warehouse = BillingSample.open(TestWarehouse.sampleDir(), TestWarehouse.cacheRoot());
  }

  @AfterAll
  static void close() {
    warehouse.close();
  }

  /** Errors exactly when the invoice exists in the data the query can reach and has a line. */
  private static String probe(String invoiceId) {
    return "SELECT count(*) AS n FROM invoice_lines WHERE CAST(CASE WHEN invoice_id = '"
        + invoiceId
        + "' THEN product ELSE '1' END AS INTEGER) = 1";
  }

  private static String firstInvoice(String region) throws Exception {
    return warehouse
        .query(
            "SELECT min(invoice_id) AS id FROM invoices WHERE region = '" + region + "'",
            warehouse.unscoped())
        .rows()
        .get(0)
        .get("id")
        .asString();
  }

  @Test
  void query_probeOfAnotherTenantsRow_answersAsIfTheRowDidNotExist() throws Exception {
    String americas = firstInvoice("americas");
    long emeaLines =
        warehouse
            .query("SELECT count(*) AS n FROM invoice_lines", EMEA)
            .rows()
            .get(0)
            .get("n")
            .asLong();

    QueryResult probed = warehouse.query(probe(americas), EMEA);

    assertThat(probed.rows().get(0).get("n").asLong()).isEqualTo(emeaLines);
  }

  @Test
  void query_probeOfOwnRow_errors_soTheProbeItselfIsReal() throws Exception {
    String emea = firstInvoice("emea");
    assertThatThrownBy(() -> warehouse.query(probe(emea), EMEA))
        .isInstanceOfSatisfying(
            WarehouseException.class, e -> assertThat(e.getMessage()).contains("Conversion Error"));
    String americas = firstInvoice("americas");
    assertThatThrownBy(() -> warehouse.query(probe(americas), warehouse.unscoped()))
        .isInstanceOf(WarehouseException.class);
  }

  @Test
  void prepare_tenantFile_holdsOnlyThatTenantsRows() throws Exception {
    Path file =
        BillingSample.prepare(
            TestWarehouse.sampleDir(), TestWarehouse.cacheRoot(), Tenant.of("apac", "emea"));
    assertThat(file.getFileName().toString()).endsWith("-apac+emea.duckdb");

    List<String> seen = new ArrayList<>();
    try (Connection c =
            DriverManager.getConnection(DuckDbReadOnly.url(file, DuckDbLimits.defaults()));
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                """
            SELECT DISTINCT region FROM (
              SELECT region FROM customers UNION ALL SELECT region FROM invoices
              UNION ALL SELECT i.region FROM invoice_lines l JOIN invoices i USING (invoice_id)
              UNION ALL SELECT region FROM invoice_summary) ORDER BY region""")) {
      while (rs.next()) {
        seen.add(rs.getString(1));
      }
    }
    assertThat(seen).containsExactly("apac", "emea");

    long all =
        warehouse
            .query(
                "SELECT count(*) AS n FROM invoice_lines l JOIN invoices i ON i.invoice_id = l.invoice_id "
                    + "WHERE i.region IN ('apac', 'emea')",
                warehouse.unscoped())
            .rows()
            .get(0)
            .get("n")
            .asLong();
    long tenant =
        warehouse
            .query(
                "SELECT count(*) AS n FROM invoice_lines",
                warehouse.forTenant(new Tenant(Set.of("emea", "apac"))))
            .rows()
            .get(0)
            .get("n")
            .asLong();
    assertThat(tenant).isEqualTo(all);
  }
}
