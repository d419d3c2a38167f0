package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.bridge.TestTools;
import io.codemode4j.engine.duckdb.DuckDbLimits;
import io.codemode4j.engine.duckdb.DuckDbReadOnly;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.billing.BillingSample;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The whole query path on the bundled data: allowlist, read-only DuckDB, JSON contract, caps and
 * timeouts.
 */
class WarehouseIT {

  /** A join that DuckDB cannot finish quickly: 150k x 150k candidate pairs. */
  private static final String SLOW_SQL =
      "SELECT count(*) AS n FROM invoice_lines a JOIN invoice_lines b ON a.quantity + b.quantity < a.line_no";

  private static Warehouse warehouse;

  @BeforeAll
  static void open() throws WarehouseException {
    warehouse = BillingSample.open(TestWarehouse.sampleDir(), TestWarehouse.cacheRoot());
  }

  @AfterAll
  static void close() {
    warehouse.close();
  }

  @Test
  void query_readmeQuery_returnsThreeRegionsInTheJsonContract() throws Exception {
    QueryResult result =
        warehouse.query(
            "SELECT region, SUM(revenue) AS total FROM invoice_summary GROUP BY region ORDER BY total DESC",
            warehouse.unscoped());

    JsonNode json = result.toJson();
    assertThat(json.propertyNames()).containsExactly("columns", "rows", "rowCount", "truncated");
    assertThat(json.get("columns").toString())
        .isEqualTo(
            "[{\"name\":\"region\",\"type\":\"VARCHAR\"},{\"name\":\"total\",\"type\":\"DECIMAL(38,2)\"}]");
    assertThat(json.get("rowCount").asInt()).isEqualTo(3);
    assertThat(json.get("truncated").asBoolean()).isFalse();
    assertThat(result.rows())
        .extracting(r -> r.get("region").asString())
        .containsExactlyInAnyOrder("emea", "americas", "apac");
    assertThat(result.rows()).allSatisfy(r -> assertThat(r.get("total").isString()).isTrue());
    BigDecimal first = new BigDecimal(result.rows().get(0).get("total").asString());
    BigDecimal last = new BigDecimal(result.rows().get(2).get("total").asString());
    assertThat(first).isGreaterThanOrEqualTo(last);
  }

  @Test
  void query_summaryRevenue_matchesInvoiceCentsExactly() throws Exception {
    QueryResult summary =
        warehouse.query(
            "SELECT SUM(revenue) AS revenue, SUM(invoice_count) AS n FROM invoice_summary",
            warehouse.unscoped());
    QueryResult invoices =
        warehouse.query(
            "SELECT SUM(amount_cents) AS cents, COUNT(*) AS n FROM invoices WHERE status <> 'void'",
            warehouse.unscoped());

    BigDecimal revenue = new BigDecimal(summary.rows().get(0).get("revenue").asString());
    BigDecimal cents = new BigDecimal(invoices.rows().get(0).get("cents").asString());
    assertThat(revenue.movePointRight(2)).isEqualByComparingTo(cents);
    assertThat(summary.rows().get(0).get("n").asString())
        .isEqualTo(invoices.rows().get(0).get("n").asString());
  }

  @Test
  void query_invoiceSummary_hasTheDocumentedColumns() throws Exception {
    QueryResult result =
        warehouse.query(
            "SELECT * FROM invoice_summary ORDER BY month LIMIT 1", warehouse.unscoped());
    assertThat(result.columns())
        .containsExactly(
            new Column("region", "VARCHAR"),
            new Column("customer", "VARCHAR"),
            new Column("month", "DATE"),
            new Column("invoice_count", "BIGINT"),
            new Column("revenue", "DECIMAL(18,2)"));
    assertThat(result.rows().get(0).get("month").asString()).isEqualTo("2023-01-01");
  }

  @Test
  void query_moreRowsThanTheCap_isTruncatedAtTheCap() throws Exception {
    QueryResult result =
        warehouse.query(
            "SELECT invoice_id FROM invoices ORDER BY invoice_id",
            QueryPolicy.unscoped(25),
            Duration.ofSeconds(10));
    assertThat(result.rowCount()).isEqualTo(25);
    assertThat(result.truncated()).isTrue();
    assertThat(result.rows().get(0).get("invoice_id").asString())
        .isLessThan(result.rows().get(24).get("invoice_id").asString());
  }

  @Test
  void query_exactlyTheCap_isNotTruncated() throws Exception {
    QueryResult result =
        warehouse.query(
            "SELECT * FROM (VALUES (1), (2), (3)) AS t(x)",
            QueryPolicy.unscoped(3),
            Duration.ofSeconds(10));
    assertThat(result.rowCount()).isEqualTo(3);
    assertThat(result.truncated()).isFalse();
  }

  @Test
  void query_defaultCap_isTenThousandRows() throws Exception {
    QueryResult result = warehouse.query("SELECT invoice_id FROM invoices", warehouse.unscoped());
    assertThat(result.rowCount()).isEqualTo(Warehouse.DEFAULT_MAX_ROWS);
    assertThat(result.truncated()).isTrue();
  }

  @Test
  void query_refusedSql_throwsRefusalNamingTheAllowedTables() {
    assertThatThrownBy(() -> warehouse.query("SELECT * FROM payroll", warehouse.unscoped()))
        .isInstanceOf(SqlRefusedException.class)
        .hasMessageContaining(
            "table 'payroll' is not allowlisted (allowed: customers, invoice_lines, invoices, invoice_summary)");
  }

  @Test
  void query_resultPastMaxResultBytes_stopsReadingWithTooLargeNamingTheLimit() throws Exception {
    try (Warehouse small =
        Warehouse.builder(BillingSample.allowlist())
            .jdbcUrl(DuckDbReadOnly.url(TestWarehouse.bundledFile(), DuckDbLimits.defaults()))
            .poolSize(1)
            .maxResultBytes(64 * 1024)
            .build()) {
      assertThatThrownBy(() -> small.query("SELECT * FROM invoice_lines", small.unscoped()))
          .isInstanceOfSatisfying(
              WarehouseException.class,
              e -> {
                assertThat(e.kind()).isEqualTo(WarehouseException.Kind.TOO_LARGE);
                assertThat(e.getMessage())
                    .contains("passed 65536 bytes of JSON", "maxResultBytes", "at row ");
              });

      QueryResult within =
          small.query(
              "SELECT * FROM invoice_lines ORDER BY invoice_id, line_no LIMIT 100",
              small.unscoped());
      assertThat(within.rowCount()).isEqualTo(100);
      assertThat(ResultJson.bytes(within.toJson())).isLessThanOrEqualTo(64 * 1024);
    }
  }

  @Test
  void query_runawayQuery_isCancelledAtItsTimeoutAndTheNextQueryWorks() throws Exception {
    // TIMEOUT is the kind of a statement that failed after the watch cancelled it at its timeout:
    // one that ran to its end would have answered. How soon after the timeout it stops is the
    // benchmarks' concern.
    assertThatThrownBy(
            () -> warehouse.query(SLOW_SQL, QueryPolicy.unscoped(10), Duration.ofMillis(300)))
        .isInstanceOfSatisfying(
            WarehouseException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(WarehouseException.Kind.TIMEOUT);
              assertThat(e.getMessage()).contains("300ms");
            });

    QueryResult next = warehouse.query("SELECT count(*) AS n FROM customers", warehouse.unscoped());
    assertThat(next.rows().get(0).get("n").asLong()).isEqualTo(500);
  }

  @Test
  void query_callerInterrupted_cancelsTheStatement() throws Exception {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread caller =
        Thread.ofVirtual()
            .start(
                () -> {
                  try {
                    warehouse.query(SLOW_SQL, QueryPolicy.unscoped(10), Duration.ofMinutes(1));
                  } catch (Exception e) {
                    failure.set(e);
                  }
                });
    TestWarehouse.awaitWaitingForItsQuery(caller);
    caller.interrupt();
    caller.join(TestTools.PATIENCE);

    assertThat(caller.isAlive()).isFalse();
    assertThat(failure.get())
        .isInstanceOfSatisfying(
            WarehouseException.class,
            e -> assertThat(e.kind()).isEqualTo(WarehouseException.Kind.INTERRUPTED));
  }

  @Test
  void query_databaseError_isTypedAndTheNextQueryWorks() throws Exception {
    assertThatThrownBy(
            () ->
                warehouse.query(
                    "SELECT CAST(name AS INTEGER) FROM customers", warehouse.unscoped()))
        .isInstanceOfSatisfying(
            WarehouseException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(WarehouseException.Kind.DATABASE);
              assertThat(e.getMessage()).contains("Conversion Error");
            });
    assertThat(warehouse.query("SELECT 1 AS one", warehouse.unscoped()).rowCount()).isEqualTo(1);
  }

  @Test
  void query_tenant_seesOnlyItsRegions() throws Exception {
    QueryPolicy emea =
        QueryPolicy.forTenant(new Tenant(Set.of("emea")), Warehouse.DEFAULT_MAX_ROWS);
    for (String table : List.of("invoices", "customers", "invoice_summary")) {
      QueryResult regions = warehouse.query("SELECT DISTINCT region FROM " + table, emea);
      assertThat(regions.rows())
          .extracting(r -> r.get("region").asString())
          .containsExactly("emea");
    }
    long tenantLines =
        warehouse
            .query("SELECT count(*) AS n FROM invoice_lines", emea)
            .rows()
            .get(0)
            .get("n")
            .asLong();
    long emeaLines =
        warehouse
            .query(
                "SELECT count(*) AS n FROM invoice_lines l JOIN invoices i ON i.invoice_id = l.invoice_id WHERE i.region = 'emea'",
                warehouse.unscoped())
            .rows()
            .get(0)
            .get("n")
            .asLong();
    long allLines =
        warehouse
            .query("SELECT count(*) AS n FROM invoice_lines", warehouse.unscoped())
            .rows()
            .get(0)
            .get("n")
            .asLong();
    assertThat(tenantLines).isEqualTo(emeaLines).isLessThan(allLines);
  }

  @Test
  void tables_listsTheFourAllowlistedRelationsWithTypes() throws Exception {
    List<TableSchema> tables = warehouse.tables();
    assertThat(tables)
        .extracting(TableSchema::name)
        .containsExactlyElementsOf(BillingSample.allowlist().tables().stream().sorted().toList());
    TableSchema invoices =
        tables.stream().filter(t -> t.name().equals("invoices")).findFirst().orElseThrow();
    assertThat(invoices.columns())
        .contains(new Column("amount_cents", "BIGINT"), new Column("issued_on", "DATE"));
  }
}
