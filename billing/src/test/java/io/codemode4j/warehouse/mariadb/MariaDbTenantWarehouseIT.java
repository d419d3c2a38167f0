package io.codemode4j.warehouse.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.engine.mariadb.TestMariaDb;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.QueryResult;
import io.codemode4j.warehouse.SqlLiterals;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.billing.BillingSample;
import io.codemode4j.warehouse.config.WarehouseConnection;
import io.codemode4j.warehouse.engine.DescribedWarehouse;
import io.codemode4j.warehouse.engine.DescribedWarehouses;
import io.codemode4j.warehouse.engine.EngineOpening;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The billing sample on MariaDB as a front end opens it ({@link DescribedWarehouses}, the engine
 * found by URL, {@code connection.tenantUser: tenant_{tenant}}): a tenant's queries are approved
 * with its filters, rendered into its own database of views ({@code billing_tenant_emea}, by {@code
 * TenantDataSources.schema}) and run as its user, who may read nothing else, so a rendering into
 * the shared database would be denied. They answer the tenant's rows as DuckDB does, and the error
 * side channel's probes, sent through the allowlist, tell no other tenant's row apart.
 */
class MariaDbTenantWarehouseIT {

  @TempDir static Path cache;

  private static final Tenant EMEA = Tenant.of("emea");

  private static DescribedWarehouse billing;

  @BeforeAll
  static void open() throws Exception {
    TestBillingMariaDb.start();
    WarehouseConnection connection =
        new WarehouseConnection.Jdbc(
            TestMariaDb.url(TestBillingMariaDb.DATABASE),
            TestBillingMariaDb.READER,
            null,
            null,
            "tenant_{tenant}",
            null);
    billing =
        DescribedWarehouses.open(
            BillingSample.description(TestBillingMariaDb.sampleDir()).withConnection(connection),
            new EngineOpening.Credentials(
                TestBillingMariaDb.READER, TestMariaDb.PASSWORD, TestMariaDb.PASSWORD),
            cache);
  }

  @AfterAll
  static void close() {
    if (billing != null) {
      billing.close();
    }
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
  void query_asATenant_answersItsRowsAsDuckDbDoes(String sql) throws Exception {
    QueryPolicy policy = QueryPolicy.forTenant(EMEA, 1000);
    List<List<String>> want;
    try (Connection duck = duckDb();
        Statement statement = duck.createStatement()) {
      want = rows(statement, BillingSample.allowlist().approve(sql, policy).sql());
    }

    QueryResult got = billing.warehouse().query(sql, policy);

    assertThat(rows(got)).as(sql).isEqualTo(want).isNotEmpty();
  }

  @Test
  void query_ofTwoTenants_eachAnswersItsOwnRegionAlone() throws Exception {
    Warehouse warehouse = billing.warehouse();
    for (Tenant tenant : TestBillingMariaDb.TENANTS) {
      QueryResult regions =
          warehouse.query("SELECT DISTINCT region FROM invoices", warehouse.forTenant(tenant));

      assertThat(regions.rows())
          .extracting(row -> row.get("region").asString())
          .containsExactlyElementsOf(tenant.values());
    }
  }

  /**
   * The probes of {@link SideChannelProbes}, as SQL a model could send: each is approved with
   * emea's filters (or refused: the two that read {@code DUAL}), rendered into emea's database and
   * run as its user; about an americas row each answers as about a row that does not exist.
   */
  @Test
  void probe_throughTheAllowlist_answersAnotherTenantsRowAsNone() throws Exception {
    Warehouse warehouse = billing.warehouse();
    QueryPolicy policy = warehouse.forTenant(EMEA);
    AtomicInteger approved = new AtomicInteger();

    List<String> leaks =
        SideChannelProbes.read()
            .leaks(
                "the warehouse",
                sql -> {
                  try {
                    QueryResult result = warehouse.query(sql, policy);
                    approved.incrementAndGet();
                    return result.rowCount() == 0
                        ? "no row"
                        : "row " + result.rows().getFirst().toString();
                  } catch (SqlRefusedException e) {
                    return "refused " + e.refusal().reason();
                  } catch (WarehouseException e) {
                    approved.incrementAndGet();
                    return "error " + e.kind();
                  }
                });

    assertThat(leaks).as("leaks through the warehouse").isEmpty();
    // 15 probes, each asked three times; those reading DUAL are refused.
    assertThat(approved.get()).isGreaterThanOrEqualTo(13 * 3);
  }

  private static Connection duckDb() throws SQLException {
    Connection duck = DriverManager.getConnection("jdbc:duckdb:");
    try (Statement sql = duck.createStatement()) {
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
              value instanceof Number number ? plain(number.toString()) : String.valueOf(value));
        }
        rows.add(row);
      }
    }
    return rows;
  }

  private static List<List<String>> rows(QueryResult result) {
    List<List<String>> rows = new ArrayList<>();
    for (var row : result.rows()) {
      List<String> values = new ArrayList<>();
      row.properties()
          .forEach(
              field ->
                  values.add(
                      field.getValue().isNumber()
                              || field.getValue().asString().matches("-?[0-9.]+")
                          ? plain(field.getValue().asString())
                          : field.getValue().asString()));
      rows.add(values);
    }
    return rows;
  }

  private static String plain(String number) {
    return new java.math.BigDecimal(number).stripTrailingZeros().toPlainString();
  }
}
