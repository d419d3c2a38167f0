package io.codemode4j.warehouse;

import static io.codemode4j.warehouse.Programs.EMEA;
import static io.codemode4j.warehouse.Programs.UNCONFINED;
import static io.codemode4j.warehouse.Programs.js;
import static io.codemode4j.warehouse.Programs.rejection;
import static io.codemode4j.warehouse.Programs.result;
import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.warehouse.billing.BillingSample;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The billing tools on a small hand-made data set with what the bundled one lacks: a customer
 * without invoices, names that several customers share (within a tenant and across tenants), a name
 * with quotes and non-ASCII letters, and more invoices and customers than one call returns.
 */
class BillingEdgeCasesIT {

  private static final String O_BRIEN = "O'Brien & Zürich 東京 \\ 'x'";

  @TempDir static Path parquetDir;

  private static Warehouse warehouse;
  private static CodeMode codeMode;

  @BeforeAll
  static void open() throws Exception {
    writeDataSet(parquetDir);
    warehouse = BillingSample.open(parquetDir, TestWarehouse.cacheRoot());
    codeMode = Programs.codeMode(warehouse);
  }

  @AfterAll
  static void close() {
    codeMode.close();
    warehouse.close();
  }

  @Test
  void invoices_customerWithoutInvoices_isAnEmptyList() {
    assertThat(result(codeMode, "async () => billing.invoices({customer: 'Solo'})", UNCONFINED))
        .isEmpty();
  }

  @Test
  void invoices_nameOfTwoVisibleCustomers_isRefusedAsAmbiguous() {
    JsonNode caught = rejection(codeMode, "billing.invoices({customer: 'Twin'})", EMEA);

    assertThat(caught.get("kind").asString()).isEqualTo("refused");
    assertThat(caught.get("message").asString()).startsWith("2 customers are named 'Twin'");
  }

  @Test
  void invoices_nameSharedWithAnotherTenant_isTheTenantsOwnCustomer() {
    JsonNode confined = result(codeMode, "async () => billing.invoices({customer: 'Pair'})", EMEA);

    assertThat(confined)
        .extracting(i -> i.get("invoiceId").asString())
        .containsExactly("INV-PAIR-EMEA");
    assertThat(
            rejection(codeMode, "billing.invoices({customer: 'Pair'})", UNCONFINED)
                .get("message")
                .asString())
        .startsWith("2 customers are named 'Pair'");
  }

  @Test
  void invoices_nameWithQuotesAndNonAsciiLetters_isMatchedExactly() {
    JsonNode invoices =
        result(codeMode, "async () => billing.invoices({customer: " + js(O_BRIEN) + "})", EMEA);

    assertThat(invoices)
        .extracting(i -> i.get("invoiceId").asString())
        .containsExactly("INV-OB-1", "INV-OB-2");
    assertThat(invoices.get(0).get("paidOn").asString()).isEqualTo("2025-02-10");
    assertThat(invoices.get(1).get("paidOn").isNull()).isTrue();
    assertThat(invoices.get(1).get("status").asString()).isEqualTo("void");
  }

  @Test
  void invoices_moreThanTheRowCap_rejectsAsTooLarge() {
    JsonNode caught = rejection(codeMode, "billing.invoices({customer: 'Bigco'})", UNCONFINED);

    assertThat(caught.get("kind").asString()).isEqualTo("too_large");
    assertThat(caught.get("message").asString())
        .isEqualTo(
            "'Bigco' has more than 10000 invoices or they pass 1048576 bytes of JSON: aggregate them"
                + " in SQL");
  }

  @Test
  void customers_moreThanTheRowCap_rejectsAsTooLarge() {
    JsonNode caught = rejection(codeMode, "billing.customers()", UNCONFINED);

    assertThat(caught.get("kind").asString()).isEqualTo("too_large");
    assertThat(caught.get("message").asString())
        .contains("more than 10000 customers match", "pass a region or segment");
  }

  @Test
  void customers_narrowedBelowTheRowCap_areListedByName() {
    JsonNode customers =
        result(codeMode, "async () => billing.customers({region: 'emea'})", UNCONFINED);

    assertThat(customers)
        .extracting(c -> c.get("name").asString())
        .containsExactly(O_BRIEN, "Pair", "Solo", "Twin", "Twin");
  }

  /** Parquet files in the bundled layout, written by a scratch in-memory DuckDB. */
  private static void writeDataSet(Path dir) throws Exception {
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        Statement sql = connection.createStatement()) {
      sql.execute(
          """
          CREATE TABLE customers AS
          SELECT * FROM (VALUES
            ('C1', 'Solo', 'emea', 'enterprise', 'DE'),
            ('C2', 'Twin', 'emea', 'smb', 'GB'),
            ('C3', 'Twin', 'emea', 'smb', 'FR'),
            ('C4', %s, 'emea', 'mid-market', 'IE'),
            ('C5', 'Bigco', 'apac', 'enterprise', 'JP'),
            ('C6', 'Pair', 'emea', 'smb', 'NL'),
            ('C7', 'Pair', 'americas', 'smb', 'US'))
            AS t(customer_id, name, region, segment, country)
          UNION ALL
          SELECT 'F' || i, 'Filler ' || lpad(CAST(i AS VARCHAR), 5, '0'), 'americas', 'smb', 'US' FROM range(10000) r(i)
          """
              .formatted(SqlLiterals.quote(O_BRIEN)));
      sql.execute(
          """
          CREATE TABLE invoices AS
          SELECT invoice_id, customer_id, region, CAST(issued_on AS DATE) AS issued_on, CAST(due_on AS DATE) AS due_on,
                 CAST(paid_on AS DATE) AS paid_on, status, 'USD' AS currency, CAST(amount_cents AS BIGINT) AS amount_cents
          FROM (VALUES
            ('INV-TWIN-2', 'C2', 'emea', '2025-01-05', '2025-02-04', NULL, 'open', 500),
            ('INV-TWIN-3', 'C3', 'emea', '2025-01-06', '2025-02-05', NULL, 'open', 700),
            ('INV-OB-2', 'C4', 'emea', '2025-01-10', '2025-02-09', NULL, 'void', 9900),
            ('INV-OB-1', 'C4', 'emea', '2025-01-10', '2025-02-09', '2025-02-10', 'paid', 12345),
            ('INV-PAIR-EMEA', 'C6', 'emea', '2025-03-01', '2025-03-31', NULL, 'overdue', 100),
            ('INV-PAIR-AMER', 'C7', 'americas', '2025-03-02', '2025-04-01', NULL, 'open', 200))
            AS t(invoice_id, customer_id, region, issued_on, due_on, paid_on, status, amount_cents)
          UNION ALL
          SELECT 'INV-BIG-' || lpad(CAST(i AS VARCHAR), 5, '0'), 'C5', 'apac', DATE '2024-01-01' + CAST(i % 300 AS INTEGER),
                 DATE '2024-12-31', NULL, 'open', 'USD', CAST(100 AS BIGINT)
          FROM range(10001) r(i)
          """);
      sql.execute(
          """
          CREATE TABLE invoice_lines AS
          SELECT invoice_id, CAST(1 AS INTEGER) AS line_no, 'Platform licence' AS product, CAST(1 AS INTEGER) AS quantity,
                 amount_cents AS unit_price_cents
          FROM invoices
          """);
      for (String table : new String[] {"customers", "invoices", "invoice_lines"}) {
        sql.execute(
            "COPY "
                + table
                + " TO "
                + SqlLiterals.quote(dir.resolve(table + ".parquet").toString())
                + " (FORMAT parquet)");
      }
    }
  }
}
