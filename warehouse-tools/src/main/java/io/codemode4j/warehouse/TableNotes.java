package io.codemode4j.warehouse;

import java.util.Map;
import java.util.Optional;

/**
 * What the billing warehouse's tables and columns mean, beyond their names and SQL types: the
 * values a column takes, its unit, and the traps (cents, void invoices, the data's own as-of date).
 * The {@code warehouse.query} description shows a note next to each table and column that exists,
 * so a model writes correct SQL on the first try; tables of another warehouse simply have no notes.
 */
final class TableNotes {

  private static final Map<String, String> TABLES =
      Map.of(
          "customers",
          "one row per customer",
          "invoices",
          "one row per invoice, every amount in US cents; statuses are as of the data's as-of date, the "
              + "latest issued_on: compute recent periods from MAX(issued_on), not current_date",
          "invoice_lines",
          "the lines of each invoice; an invoice's amount_cents = SUM(quantity * unit_price_cents) "
              + "of its lines",
          "invoice_summary",
          "view over the invoices that are not void: one row per region, customer name and month");

  private static final Map<String, String> COLUMNS =
      Map.ofEntries(
          Map.entry("customers.region", "'emea' | 'americas' | 'apac'"),
          Map.entry("customers.segment", "'enterprise' | 'mid-market' | 'smb'"),
          Map.entry("customers.country", "ISO 3166-1 alpha-2, e.g. 'DE'"),
          Map.entry("customers.name", "what billing.invoices takes"),
          Map.entry("invoices.region", "the customer's region"),
          Map.entry(
              "invoices.status",
              "'paid' | 'open' | 'overdue' | 'void'; void is cancelled and never revenue, "
                  + "open and overdue are unpaid, overdue past due_on"),
          Map.entry("invoices.paid_on", "NULL unless paid"),
          Map.entry("invoices.currency", "always 'USD'"),
          Map.entry("invoices.amount_cents", "US cents"),
          Map.entry("invoice_lines.unit_price_cents", "US cents"),
          Map.entry("invoice_summary.customer", "the customer's name"),
          Map.entry("invoice_summary.month", "first day of the month issued"),
          Map.entry("invoice_summary.revenue", "US dollars, exact: SUM(amount_cents) / 100"));

  private TableNotes() {}

  static Optional<String> table(String table) {
    return Optional.ofNullable(TABLES.get(table));
  }

  static Optional<String> column(String table, String column) {
    return Optional.ofNullable(COLUMNS.get(table + "." + column));
  }
}
