package io.codemode4j.warehouse.mariadb;

import io.codemode4j.engine.mariadb.TestMariaDb;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Predicates that fail on one specific row, run as {@code tenant_emea}: each is asked about a row
 * of another tenant (americas), about a row that does not exist, and about one of emea's own. A
 * view leaks when the first answer differs from the second; the third must fail, or the probe
 * proves nothing. What fails in a MariaDB SELECT (measured on 10.11): {@code exp()} and BIGINT
 * overflow ("value is out of range"), a scalar subquery of two rows; a failed CAST, a division by
 * zero, a bad JSON text or regular expression only warn. A probe's answer must depend on nothing
 * but the rows: the ORDER BY probe breaks its ties by key, since MariaDB may return any of the tied
 * rows first and did return another one between two asks (a fresh-clone CI run, after the load's
 * statistics were recomputed), which read as a leak.
 *
 * @param foreign the americas invoice, customer id and customer name probed
 * @param own the same of emea
 */
record SideChannelProbes(Map<String, String> foreign, Map<String, String> own) {

  /** Name to SQL, {@code @ID} an invoice, {@code @CID} a customer id, {@code @NAME} its name. */
  static final Map<String, String> PROBES =
      Map.ofEntries(
          Map.entry(
              "lines by scan",
              "SELECT count(*) FROM invoice_lines WHERE (CASE WHEN invoice_id = '@ID' THEN"
                  + " exp(1000) ELSE 1 END) = 1"),
          Map.entry(
              "lines by key range",
              "SELECT count(*) FROM invoice_lines WHERE invoice_id BETWEEN '@ID' AND '@ID' AND"
                  + " (CASE WHEN line_no > 0 THEN exp(1000) ELSE 1 END) = 1"),
          Map.entry(
              "lines by two-row subquery",
              "SELECT count(*) FROM invoice_lines WHERE invoice_id = '@ID' AND (SELECT 1 UNION"
                  + " ALL SELECT 2 FROM DUAL WHERE line_no > 0) = 1"),
          Map.entry(
              "invoice by key",
              "SELECT count(*) FROM invoices WHERE invoice_id = '@ID' AND exp(CASE WHEN"
                  + " amount_cents > 0 THEN 1000 ELSE 0 END) > 0"),
          Map.entry(
              "invoice by key, two-row subquery",
              "SELECT count(*) FROM invoices WHERE invoice_id = '@ID' AND (SELECT 1 UNION ALL"
                  + " SELECT 2 FROM DUAL WHERE amount_cents > 0) = 1"),
          Map.entry(
              "invoice by scan",
              "SELECT count(*) FROM invoices WHERE (CASE WHEN invoice_id = '@ID' THEN exp(1000)"
                  + " ELSE 1 END) = 1"),
          Map.entry(
              "invoice by BIGINT overflow",
              "SELECT count(*) FROM invoices WHERE (CASE WHEN invoice_id = '@ID' THEN"
                  + " 9223372036854775807 ELSE 0 END) + 1 > 0"),
          Map.entry(
              "invoice in a join",
              "SELECT count(*) FROM invoices a JOIN invoices b ON b.invoice_id = '@ID' WHERE"
                  + " exp(CASE WHEN b.amount_cents > 0 THEN 1000 ELSE 0 END) > 0"),
          Map.entry(
              "invoice in ORDER BY",
              "SELECT invoice_id FROM invoices ORDER BY exp(CASE WHEN invoice_id = '@ID' THEN 1000"
                  + " ELSE 0 END), invoice_id LIMIT 1"),
          Map.entry(
              "invoice in GROUP BY",
              "SELECT count(*) FROM invoices GROUP BY exp(CASE WHEN invoice_id = '@ID' THEN 1000"
                  + " ELSE 0 END)"),
          Map.entry(
              "invoice in a derived table",
              "SELECT count(*) FROM (SELECT * FROM invoices WHERE invoice_id = '@ID') d WHERE"
                  + " exp(CASE WHEN d.amount_cents > 0 THEN 1000 ELSE 0 END) > 0"),
          Map.entry(
              "invoice in an IN subquery",
              "SELECT count(*) FROM customers WHERE customer_id IN (SELECT customer_id FROM"
                  + " invoices WHERE invoice_id = '@ID' AND exp(CASE WHEN amount_cents > 0 THEN"
                  + " 1000 ELSE 0 END) > 0)"),
          Map.entry(
              "summary by customer",
              "SELECT count(*) FROM invoice_summary WHERE (CASE WHEN customer = '@NAME' THEN"
                  + " exp(1000) ELSE 1 END) = 1"),
          Map.entry(
              "summary revenue of a customer",
              "SELECT count(*) FROM invoice_summary WHERE customer = '@NAME' AND exp(CASE WHEN"
                  + " revenue > 0 THEN 1000 ELSE 0 END) > 0"),
          Map.entry(
              "customer by key",
              "SELECT count(*) FROM customers WHERE customer_id = '@CID' AND exp(CASE WHEN name"
                  + " LIKE '_%' THEN 1000 ELSE 0 END) > 0"));

  private static final Map<String, String> NONE =
      Map.of("@ID", "INV-NONE", "@CID", "C-NONE", "@NAME", "Nobody At All");

  /** The first americas and emea invoice with lines, and a customer of each, read as admin. */
  static SideChannelProbes read() throws SQLException {
    try (Connection admin = TestMariaDb.admin();
        Statement sql = admin.createStatement()) {
      return new SideChannelProbes(region(sql, "americas"), region(sql, "emea"));
    }
  }

  private static Map<String, String> region(Statement sql, String region) throws SQLException {
    try (ResultSet rs =
        sql.executeQuery(
            "SELECT min(i.invoice_id), min(c.customer_id) FROM billing.invoices i JOIN"
                + " billing.customers c ON c.customer_id = i.customer_id JOIN billing.invoice_lines"
                + " l ON l.invoice_id = i.invoice_id WHERE i.region = '"
                + region
                + "' AND i.status <> 'void'")) {
      rs.next();
      String invoice = rs.getString(1);
      String customer = rs.getString(2);
      try (ResultSet name =
          sql.executeQuery(
              "SELECT name FROM billing.customers WHERE customer_id = '" + customer + "'")) {
        name.next();
        return Map.of("@ID", invoice, "@CID", customer, "@NAME", name.getString(1));
      }
    }
  }

  /**
   * The probes whose answer about another tenant's row differs from the answer about no row, run as
   * {@code tenant_emea} on {@code database}'s views, sorted.
   *
   * @throws AssertionError when a probe of emea's own row does not fail (the probe proves nothing)
   */
  List<String> leaks(String database) throws SQLException {
    try (Connection tenant = TestBillingMariaDb.connect(TestBillingMariaDb.EMEA, database);
        Statement sql = tenant.createStatement()) {
      return leaks(database, query -> answer(sql, query));
    }
  }

  /**
   * The probes whose answer about another tenant's row differs from the answer about no row, each
   * asked through {@code ask} (a probe's SQL to its answer: {@code "row ..."}, {@code "no row"},
   * {@code "error ..."}, or {@code "refused ..."} where the allowlist refused it, which proves
   * nothing either way), sorted.
   *
   * @throws AssertionError when a probe of emea's own row neither fails nor is refused
   */
  List<String> leaks(String where, Function<String, String> ask) {
    List<String> leaks = new ArrayList<>();
    for (Map.Entry<String, String> probe : PROBES.entrySet()) {
      String foreignAnswer = ask.apply(fill(probe.getValue(), foreign));
      String noneAnswer = ask.apply(fill(probe.getValue(), NONE));
      String ownAnswer = ask.apply(fill(probe.getValue(), own));
      if (!ownAnswer.startsWith("error") && !ownAnswer.startsWith("refused")) {
        throw new AssertionError(
            probe.getKey() + " does not fail on emea's own row in " + where + ": " + ownAnswer);
      }
      if (!foreignAnswer.equals(noneAnswer)) {
        leaks.add(probe.getKey() + " (" + foreignAnswer + ", " + noneAnswer + ")");
      }
    }
    return leaks.stream().sorted().toList();
  }

  private static String fill(String sql, Map<String, String> values) {
    String filled = sql;
    for (Map.Entry<String, String> value : values.entrySet()) {
      filled = filled.replace(value.getKey(), value.getValue());
    }
    return filled;
  }

  private static String answer(Statement sql, String query) {
    try (ResultSet rs = sql.executeQuery(query)) {
      return rs.next() ? "row " + rs.getString(1) : "no row";
    } catch (SQLException e) {
      return "error " + e.getErrorCode();
    }
  }
}
