package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.Tenant;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * On every {@link Backend}: a tenant cannot probe other tenants' rows through database errors, a
 * predicate that fails on one specific row only fails when that row is the tenant's own (DuckDB by
 * a file of the tenant's rows, PostgreSQL by row-level security ordered before the predicate, Trino
 * by a row filter on the table's own region column, MariaDB by a database of views of the tenant's
 * rows that MariaDB neither merges nor pushes conditions into).
 */
@ParameterizedClass(name = "{0}")
@EnumSource(Backend.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TenantSideChannelIT {

  private static final QueryPolicy EMEA =
      QueryPolicy.forTenant(new Tenant(Set.of("emea")), Warehouse.DEFAULT_MAX_ROWS);

  @Parameter Backend backend;

  private Warehouse warehouse;

  @BeforeParameterizedClassInvocation
  void open() throws WarehouseException {
    warehouse = backend.open();
  }

  @AfterParameterizedClassInvocation
  void close() {
    warehouse.close();
  }

  /**
   * Errors exactly when the invoice exists in the data the query can reach and has a line. On
   * MariaDB a failed cast only warns ({@code CAST('Widget' AS SIGNED)} is 0), so its probe is
   * {@code exp(1000)}, which fails there ("value is out of range"; measured in {@code
   * SideChannelProbes}).
   */
  private String probe(String invoiceId) {
    String failing =
        switch (backend) {
          case DUCKDB, POSTGRESQL, TRINO ->
              "CAST(CASE WHEN invoice_id = '%s' THEN product ELSE '1' END AS INTEGER) = 1";
          case MARIADB -> "(CASE WHEN invoice_id = '%s' THEN exp(1000) ELSE 1 END) = 1";
        };
    return "SELECT count(*) AS n FROM invoice_lines WHERE " + failing.formatted(invoiceId);
  }

  /** What the engine says when the probe fails: its own words, hence one per engine. */
  private String castFailure() {
    return switch (backend) {
      case DUCKDB -> "Conversion Error";
      case POSTGRESQL -> "invalid input syntax for type integer";
      case TRINO -> "Cannot cast '";
      case MARIADB -> "out of range";
    };
  }

  private String firstInvoice(String region) throws Exception {
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
            WarehouseException.class, e -> assertThat(e.getMessage()).contains(castFailure()));
    String americas = firstInvoice("americas");
    assertThatThrownBy(() -> warehouse.query(probe(americas), warehouse.unscoped()))
        .isInstanceOfSatisfying(
            WarehouseException.class, e -> assertThat(e.getMessage()).contains(castFailure()));
  }
}
