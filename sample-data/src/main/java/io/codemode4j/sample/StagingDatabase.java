package io.codemode4j.sample;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * A file-backed DuckDB database that stages the generated rows and writes them out as parquet.
 *
 * <p>Invoices and lines are appended with numeric keys and codes only, the cheapest thing to
 * append; ids, product names and statuses are spelled out in SQL while exporting, from lookup
 * tables filled from the Java enums. The database lives on disk and DuckDB's memory is capped, so
 * staging and sorting tens of millions of rows spill to disk instead of filling RAM.
 */
final class StagingDatabase implements AutoCloseable {

  /** DuckDB's own memory cap; beyond it, sorts spill to the database's temp directory. */
  private static final String MEMORY_LIMIT = "1GB";

  private final DuckDBConnection connection;

  private StagingDatabase(DuckDBConnection connection) {
    this.connection = connection;
  }

  /** Creates the database, with empty tables, in {@code file}, which must not exist yet. */
  static StagingDatabase create(Path file) throws SQLException {
    Connection connection = DriverManager.getConnection("jdbc:duckdb:" + file.toAbsolutePath());
    try {
      StagingDatabase staging = new StagingDatabase(connection.unwrap(DuckDBConnection.class));
      staging.createTables();
      return staging;
    } catch (SQLException | RuntimeException e) {
      try {
        connection.close();
      } catch (SQLException closing) {
        e.addSuppressed(closing);
      }
      throw e;
    }
  }

  private void createTables() throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("SET memory_limit = '" + MEMORY_LIMIT + "'");
      statement.execute("CREATE TABLE statuses (status_code INTEGER, status VARCHAR)");
      statement.execute("CREATE TABLE products (product_code INTEGER, product VARCHAR)");
      statement.execute(
          "CREATE TABLE customers (customer_no INTEGER, customer_id VARCHAR, name VARCHAR,"
              + " region VARCHAR, segment VARCHAR, country VARCHAR)");
      statement.execute(
          "CREATE TABLE invoices (invoice_no BIGINT, customer_no INTEGER, issued_on DATE,"
              + " due_on DATE, paid_on DATE, status_code INTEGER, amount_cents BIGINT)");
      statement.execute(
          "CREATE TABLE invoice_lines (invoice_no BIGINT, line_no INTEGER,"
              + " product_code INTEGER, quantity INTEGER, unit_price_cents BIGINT)");
    }
    try (DuckDBAppender appender = connection.createAppender("statuses")) {
      for (InvoiceStatus status : InvoiceStatus.values()) {
        appender.beginRow().append(status.ordinal()).append(status.code()).endRow();
      }
    }
    try (DuckDBAppender appender = connection.createAppender("products")) {
      for (Product product : Product.values()) {
        appender.beginRow().append(product.ordinal()).append(product.label()).endRow();
      }
    }
  }

  void appendCustomers(List<Customer> customers) throws SQLException {
    try (DuckDBAppender appender = connection.createAppender("customers")) {
      for (Customer customer : customers) {
        appender
            .beginRow()
            .append(customer.number())
            .append(customer.id())
            .append(customer.name())
            .append(customer.region().code())
            .append(customer.segment().code())
            .append(customer.country())
            .endRow();
      }
    }
  }

  /**
   * An appender for invoices and their lines on a connection of its own, so several threads can
   * stage at once; DuckDB compresses and writes each appender's rows in the appending thread.
   */
  InvoiceAppender invoiceAppender() throws SQLException {
    return new InvoiceAppender(connection.duplicate().unwrap(DuckDBConnection.class));
  }

  /**
   * Writes the three parquet files, each sorted by its key, using up to {@code threads} threads.
   * Call after every invoice appender is closed.
   */
  void export(Path customersFile, Path invoicesFile, Path linesFile, int threads)
      throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("SET threads = " + threads);
      statement.execute(
          copy(
              """
                    SELECT customer_id, name, region, segment, country
                    FROM customers
                    ORDER BY customer_no""",
              customersFile));
      statement.execute(
          copy(
              """
                    SELECT printf('INV-%07d', i.invoice_no) AS invoice_id, c.customer_id, c.region,
                           i.issued_on, i.due_on, i.paid_on, s.status, 'USD' AS currency, i.amount_cents
                    FROM invoices i
                    JOIN customers c USING (customer_no)
                    JOIN statuses s USING (status_code)
                    ORDER BY i.invoice_no""",
              invoicesFile));
      statement.execute(
          copy(
              """
                    SELECT printf('INV-%07d', l.invoice_no) AS invoice_id, l.line_no, p.product,
                           l.quantity, l.unit_price_cents
                    FROM invoice_lines l
                    JOIN products p USING (product_code)
                    ORDER BY l.invoice_no, l.line_no""",
              linesFile));
    }
  }

  private static String copy(String query, Path file) {
    String literal = "'" + file.toAbsolutePath().toString().replace("'", "''") + "'";
    return "COPY (" + query + ") TO " + literal + " (FORMAT parquet, COMPRESSION zstd)";
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }

  /** Appends invoices and their lines; one thread at a time. */
  static final class InvoiceAppender implements AutoCloseable {

    private final DuckDBConnection connection;
    private final DuckDBAppender invoices;
    private final DuckDBAppender lines;

    private InvoiceAppender(DuckDBConnection connection) throws SQLException {
      this.connection = connection;
      try {
        this.invoices = connection.createAppender("invoices");
        this.lines = connection.createAppender("invoice_lines");
      } catch (SQLException | RuntimeException e) {
        try {
          connection.close();
        } catch (SQLException closing) {
          e.addSuppressed(closing);
        }
        throw e;
      }
    }

    void append(Invoice invoice) throws SQLException {
      for (InvoiceLine line : invoice.lines()) {
        lines
            .beginRow()
            .append(invoice.number())
            .append(line.lineNo())
            .append(line.product().ordinal())
            .append(line.quantity())
            .append(line.unitPriceCents())
            .endRow();
      }
      invoices
          .beginRow()
          .append(invoice.number())
          .append(invoice.customer().number())
          .append(invoice.issuedOn())
          .append(invoice.dueOn());
      if (invoice.paidOn() == null) {
        invoices.appendNull();
      } else {
        invoices.append(invoice.paidOn());
      }
      invoices.append(invoice.status().ordinal()).append(invoice.amountCents()).endRow();
    }

    /** Flushes the remaining rows and closes the connection. */
    @Override
    public void close() throws SQLException {
      try {
        lines.close();
        invoices.close();
      } finally {
        // Also releases whatever an appender that failed to close still holds.
        connection.close();
      }
    }
  }
}
