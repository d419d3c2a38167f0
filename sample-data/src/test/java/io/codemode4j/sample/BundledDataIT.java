package io.codemode4j.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Invariants of the committed data set, read with DuckDB. */
class BundledDataIT {

  private static DuckDb db;

  @BeforeAll
  static void open() throws SQLException {
    db = new DuckDb().withViews(CommittedData.directory());
  }

  @AfterAll
  static void close() throws SQLException {
    db.close();
  }

  @Test
  void schemas_allFiles_haveTheDocumentedColumnsAndTypes() throws SQLException {
    assertThat(columns("customers"))
        .containsExactly(
            "customer_id VARCHAR",
            "name VARCHAR",
            "region VARCHAR",
            "segment VARCHAR",
            "country VARCHAR");
    assertThat(columns("invoices"))
        .containsExactly(
            "invoice_id VARCHAR",
            "customer_id VARCHAR",
            "region VARCHAR",
            "issued_on DATE",
            "due_on DATE",
            "paid_on DATE",
            "status VARCHAR",
            "currency VARCHAR",
            "amount_cents BIGINT");
    assertThat(columns("invoice_lines"))
        .containsExactly(
            "invoice_id VARCHAR",
            "line_no INTEGER",
            "product VARCHAR",
            "quantity INTEGER",
            "unit_price_cents BIGINT");
  }

  @Test
  void customers_committed_are500WithUniqueIdsAndNames() throws SQLException {
    assertThat(count("SELECT count(*) FROM customers")).isEqualTo(500);
    assertThat(count("SELECT count(DISTINCT customer_id) FROM customers")).isEqualTo(500);
    assertThat(count("SELECT count(DISTINCT name) FROM customers")).isEqualTo(500);
    assertThat(
            count(
                "SELECT count(*) FROM customers WHERE NOT regexp_full_match(customer_id, 'C[0-9]{4}')"))
        .isZero();
    assertThat(db.queryStrings("SELECT customer_id FROM customers LIMIT 3"))
        .containsExactly("C0001", "C0002", "C0003");
  }

  @Test
  void customers_featured_areLargeEnterpriseCustomersInTheirRegions() throws SQLException {
    assertThat(
            db.queryStrings(
                """
                SELECT name || '/' || region || '/' || segment FROM customers
                WHERE name IN ('Acme', 'Atlas', 'Beacon') ORDER BY name"""))
        .containsExactly(
            "Acme/emea/enterprise", "Atlas/emea/enterprise", "Beacon/americas/enterprise");
    assertThat(
            db.queryStrings(
                """
                SELECT c.name FROM customers c
                JOIN (SELECT customer_id, sum(amount_cents) AS revenue FROM invoices
                      WHERE status <> 'void' GROUP BY ALL ORDER BY revenue DESC LIMIT 50) top USING (customer_id)"""))
        .as("top 10% of customers by revenue")
        .contains("Acme", "Atlas", "Beacon");
  }

  @Test
  void customers_domains_regionsSegmentsAndCountriesAreConsistent() throws SQLException {
    assertThat(db.queryStrings("SELECT DISTINCT region FROM customers ORDER BY 1"))
        .containsExactly("americas", "apac", "emea");
    assertThat(db.queryStrings("SELECT DISTINCT segment FROM customers ORDER BY 1"))
        .containsExactly("enterprise", "mid-market", "smb");
    assertThat(countries("emea"))
        .isNotEmpty()
        .isSubsetOf(
            "DE", "GB", "FR", "NL", "ES", "IT", "SE", "IE", "CH", "PL", "BE", "AT", "DK", "NO",
            "FI", "AE", "ZA");
    assertThat(countries("americas"))
        .isNotEmpty()
        .isSubsetOf("US", "CA", "BR", "MX", "CL", "AR", "CO");
    assertThat(countries("apac"))
        .isNotEmpty()
        .isSubsetOf("JP", "AU", "SG", "IN", "KR", "NZ", "CN", "HK");
    assertThat(count("SELECT count(*) FROM customers WHERE segment = 'smb'"))
        .isGreaterThan(count("SELECT count(*) FROM customers WHERE segment = 'enterprise'"));
  }

  @Test
  void invoices_committed_are50000UniqueIdsIssuedIn2023To2025() throws SQLException {
    assertThat(count("SELECT count(*) FROM invoices")).isEqualTo(50_000);
    assertThat(count("SELECT count(DISTINCT invoice_id) FROM invoices")).isEqualTo(50_000);
    assertThat(
            count(
                "SELECT count(*) FROM invoices WHERE NOT regexp_full_match(invoice_id, 'INV-[0-9]{7}')"))
        .isZero();
    assertThat(
            db.queryStrings(
                "SELECT min(issued_on)::VARCHAR || '..' || max(issued_on) FROM invoices"))
        .containsExactly("2023-01-01..2025-12-31");
    assertThat(count("SELECT count(*) FROM invoices WHERE currency <> 'USD' OR currency IS NULL"))
        .isZero();
    assertThat(
            count(
                "SELECT count(*) FROM invoices WHERE date_diff('day', issued_on, due_on) NOT IN (15, 30, 45, 60)"))
        .isZero();
  }

  @Test
  void invoices_everyInvoice_belongsToACustomerAndSharesItsRegion() throws SQLException {
    assertThat(
            count(
                """
                SELECT count(*) FROM invoices i JOIN customers c USING (customer_id)
                WHERE i.region = c.region"""))
        .isEqualTo(50_000);
    assertThat(count("SELECT count(DISTINCT region) FROM invoices")).isEqualTo(3);
  }

  @Test
  void invoices_statuses_followTheAsOfRulesWithRealisticShares() throws SQLException {
    assertThat(db.queryStrings("SELECT DISTINCT status FROM invoices ORDER BY 1"))
        .containsExactly("open", "overdue", "paid", "void");
    assertThat(count("SELECT count(*) FROM invoices WHERE (paid_on IS NULL) <> (status <> 'paid')"))
        .isZero();
    assertThat(
            count(
                """
                SELECT count(*) FROM invoices WHERE status = 'paid'
                AND (paid_on < issued_on OR paid_on > due_on + 45 OR paid_on > DATE '2025-12-31')"""))
        .isZero();
    assertThat(
            count(
                "SELECT count(*) FROM invoices WHERE status = 'open' AND due_on < DATE '2025-12-31'"))
        .isZero();
    assertThat(
            count(
                "SELECT count(*) FROM invoices WHERE status = 'overdue' AND due_on >= DATE '2025-12-31'"))
        .isZero();
    assertThat(share("status = 'void'")).isBetween(0.01, 0.03);
    assertThat(share("status = 'overdue'")).isBetween(0.005, 0.05);
    assertThat(share("status = 'paid'")).isGreaterThan(0.85);
    assertThat(
            count(
                """
                SELECT count(*) FROM invoices
                WHERE status = 'paid' AND paid_on > due_on"""))
        .as("late payments")
        .isPositive();
  }

  @Test
  void invoices_everyInvoice_amountIsTheSumOfItsLines() throws SQLException {
    assertThat(
            count(
                """
                SELECT count(*) FROM invoices i
                JOIN (SELECT invoice_id, sum(quantity * unit_price_cents) AS total FROM invoice_lines GROUP BY ALL) l
                  USING (invoice_id)
                WHERE l.total = i.amount_cents"""))
        .isEqualTo(50_000);
    assertThat(
            count(
                "SELECT count(*) FROM invoice_lines WHERE invoice_id NOT IN (SELECT invoice_id FROM invoices)"))
        .isZero();
  }

  @Test
  void invoiceLines_perInvoice_areNumberedFromOneAboutThreeOnAverage() throws SQLException {
    assertThat(
            count(
                """
                SELECT count(*) FROM (
                  SELECT invoice_id FROM invoice_lines GROUP BY ALL
                  HAVING min(line_no) <> 1 OR max(line_no) <> count(*) OR count(*) > 6
                     OR count(DISTINCT line_no) <> count(*))"""))
        .isZero();
    double linesPerInvoice = db.queryDouble("SELECT count(*) / 50000 FROM invoice_lines");
    assertThat(linesPerInvoice).isBetween(2.7, 3.3);
    assertThat(
            count(
                "SELECT count(*) FROM invoice_lines WHERE quantity <= 0 OR unit_price_cents <= 0"))
        .isZero();
  }

  @Test
  void invoiceLines_products_comeFromACatalogueOfAboutTwenty() throws SQLException {
    assertThat(count("SELECT count(DISTINCT product) FROM invoice_lines")).isBetween(18L, 22L);
    assertThat(
            count(
                """
                SELECT count(*) FROM (SELECT invoice_id, product FROM invoice_lines GROUP BY ALL HAVING count(*) > 1)"""))
        .as("products listed twice on one invoice")
        .isZero();
    assertThat(
            count(
                """
                SELECT count(*) FROM invoice_lines
                WHERE product LIKE '%(day)' AND unit_price_cents NOT BETWEEN 50000 AND 500000"""))
        .isZero();
  }

  @Test
  void revenue_customers_isSkewedTowardsAFewLargeOnes() throws SQLException {
    double topDecileShare =
        db.queryDouble(
            """
                WITH revenue AS (
                  SELECT customer_id, sum(amount_cents) AS cents FROM invoices WHERE status <> 'void' GROUP BY ALL)
                SELECT sum(cents) FILTER (WHERE rank <= 50) / sum(cents)
                FROM (SELECT cents, row_number() OVER (ORDER BY cents DESC) AS rank FROM revenue)""");
    double largestShare =
        db.queryDouble(
            """
                SELECT max(cents) / sum(cents) FROM (
                  SELECT sum(amount_cents) AS cents FROM invoices WHERE status <> 'void' GROUP BY customer_id)""");

    assertThat(topDecileShare).isGreaterThan(0.4);
    assertThat(largestShare).as("no single customer dominates").isLessThan(0.15);
    assertThat(
            db.queryDouble(
                """
                SELECT avg(amount_cents) FILTER (WHERE c.segment = 'enterprise') / avg(amount_cents) FILTER (WHERE c.segment = 'smb')
                FROM invoices i JOIN customers c USING (customer_id)"""))
        .as("enterprise vs smb invoice size")
        .isGreaterThan(3);
  }

  private static List<String> columns(String view) throws SQLException {
    return db.queryStrings("SELECT column_name || ' ' || column_type FROM (DESCRIBE " + view + ")");
  }

  private static List<String> countries(String region) throws SQLException {
    return db.queryStrings(
        "SELECT DISTINCT country FROM customers WHERE region = '" + region + "'");
  }

  private static long count(String sql) throws SQLException {
    return db.queryLong(sql);
  }

  private static double share(String condition) throws SQLException {
    return db.queryDouble(
        "SELECT count(*) FILTER (WHERE " + condition + ") / count(*) FROM invoices");
  }
}
