package io.codemode4j.warehouse.billing;

import io.codemode4j.engine.mariadb.MariaDbLockdown;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.config.TableDescription;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The billing sample in MariaDB: the loader that puts the parquet files into a database through a
 * writer account of its own (never the reader's), and the sample's lockdown.
 *
 * <p>Decided:
 *
 * <ul>
 *   <li>the loader reads the parquet with an in-memory DuckDB (the reader the embedded warehouse
 *       uses, as {@code BillingPostgres.load} does) and writes with batched inserts;
 *   <li>MariaDB commits every DDL statement on its own, so the tables and the view are created
 *       first ({@code IF NOT EXISTS}, {@code OR REPLACE}: grants on them stay), and the rows are
 *       replaced in one transaction ({@code DELETE}, not {@code TRUNCATE}, which is DDL): a failed
 *       load leaves the rows as they were, and loading again leaves the same rows;
 *   <li>the database and tables are {@code utf8mb4} with the binary collation {@code utf8mb4_bin}:
 *       MariaDB's default collation compares text case-insensitively ({@code 'PAID' = 'paid'}) and
 *       orders it otherwise than DuckDB, which compares bytes, so the same query would answer other
 *       rows;
 *   <li>keys as on PostgreSQL, and {@code invoice_lines} keyed by invoice and line: a real
 *       warehouse has indexes, and MariaDB's index condition pushdown is one of the orders of
 *       evaluation the tenant views must withstand ({@link MariaDbLockdown}).
 * </ul>
 */
public final class BillingMariaDb {

  /** The columns of each table with their MariaDB types and keys, parents first. */
  private static final Map<String, List<String>> COLUMNS =
      Map.of(
          "customers",
          List.of(
              "customer_id varchar(64) NOT NULL PRIMARY KEY",
              "name varchar(255) NOT NULL",
              "region varchar(64) NOT NULL",
              "segment varchar(64) NOT NULL",
              "country varchar(8) NOT NULL"),
          "invoices",
          List.of(
              "invoice_id varchar(64) NOT NULL PRIMARY KEY",
              "customer_id varchar(64) NOT NULL",
              "region varchar(64) NOT NULL",
              "issued_on date NOT NULL",
              "due_on date NOT NULL",
              "paid_on date",
              "status varchar(16) NOT NULL",
              "currency varchar(8) NOT NULL",
              "amount_cents bigint NOT NULL"),
          "invoice_lines",
          List.of(
              "invoice_id varchar(64) NOT NULL",
              "line_no int NOT NULL",
              "product varchar(255) NOT NULL",
              "quantity int NOT NULL",
              "unit_price_cents bigint NOT NULL"));

  /** Keys beyond a column's own {@code PRIMARY KEY}. */
  private static final Map<String, String> KEYS =
      Map.of("invoice_lines", ", PRIMARY KEY (invoice_id, line_no)");

  private static final List<String> TABLES = List.of("customers", "invoices", "invoice_lines");

  /** The sample's view, described apart from its tables. */
  public static final String SUMMARY_VIEW = "invoice_summary";

  private BillingMariaDb() {}

  /**
   * {@link BillingSample#invoiceSummaryQuery} in MariaDB's SQL, its tables prefixed by {@code
   * qualifier} (empty, or a quoted database and a dot): the same rows (BillingMariaDbIT compares
   * them with DuckDB's view). MariaDB has no {@code date_trunc}: a date less its day of the month
   * and one is the first of its month, a DATE already, with no text in between.
   */
  public static String invoiceSummaryQuery(String qualifier) {
    Objects.requireNonNull(qualifier, "qualifier");
    return """
        SELECT i.region AS region,
               c.name AS customer,
               i.issued_on - INTERVAL (dayofmonth(i.issued_on) - 1) DAY AS month,
               count(*) AS invoice_count,
               CAST(CAST(sum(i.amount_cents) AS DECIMAL(38,0)) * 0.01 AS DECIMAL(18,2)) AS revenue
        FROM %1$sinvoices i
        JOIN %1$scustomers c ON c.customer_id = i.customer_id
        WHERE i.status <> 'void'
        GROUP BY i.region, c.name, i.issued_on - INTERVAL (dayofmonth(i.issued_on) - 1) DAY
        """
        .formatted(qualifier);
  }

  /** The sample's tables and view with their tenant scopes, as its description lists them. */
  public static Map<String, TenantScope> scopes() {
    Map<String, TenantScope> scopes = new LinkedHashMap<>();
    for (TableDescription table : BillingSample.description(Path.of(".")).tables().values()) {
      scopes.put(table.name(), table.scope());
    }
    return scopes;
  }

  /**
   * The lockdown of the sample's tables and view in {@code database}: each account's statements
   * capped at the warehouse's query timeout, as {@code BillingPostgres.lockdown} caps a role's, and
   * eight connections per account (a pool of four, and the connection a cancel takes).
   */
  public static MariaDbLockdown lockdown(String database) {
    return new MariaDbLockdown(database, scopes(), Warehouse.DEFAULT_QUERY_TIMEOUT, 8);
  }

  /**
   * Loads {@code parquetDir}'s three files into {@code database} through {@code writer} (which
   * needs CREATE on the database, or the database already and CREATE, CREATE VIEW, SELECT, INSERT
   * and DELETE on it), idempotently, and returns the rows loaded per table.
   *
   * @throws WarehouseException of kind {@code UNAVAILABLE} naming the directory and database; the
   *     rows are then as they were
   */
  public static Map<String, Long> load(Connection writer, Path parquetDir, String database)
      throws WarehouseException {
    String db = MariaDbLockdown.quote(database);
    Map<String, Long> counts = new LinkedHashMap<>();
    try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
        Statement reader = duck.createStatement()) {
      for (String table : TABLES) {
        requireFile(parquetDir, table);
      }
      try (Statement ddl = writer.createStatement()) {
        ddl.execute(
            "CREATE DATABASE IF NOT EXISTS " + db + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
        for (String table : TABLES) {
          ddl.execute(
              "CREATE TABLE IF NOT EXISTS "
                  + db
                  + "."
                  + table
                  + " ("
                  + String.join(", ", columns(table))
                  + KEYS.getOrDefault(table, "")
                  + ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin");
        }
        ddl.execute(
            "CREATE OR REPLACE SQL SECURITY INVOKER VIEW "
                + db
                + "."
                + SUMMARY_VIEW
                + " AS "
                + invoiceSummaryQuery(db + "."));
      }
      boolean autoCommit = writer.getAutoCommit();
      writer.setAutoCommit(false);
      try (Statement rows = writer.createStatement()) {
        for (String table : TABLES) {
          rows.execute("DELETE FROM " + db + "." + table);
        }
        for (String table : TABLES) {
          counts.put(table, copy(reader, writer, parquetDir, db, table));
        }
        writer.commit();
      } catch (SQLException | RuntimeException e) {
        writer.rollback();
        throw e;
      } finally {
        writer.setAutoCommit(autoCommit);
      }
    } catch (SQLException e) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          "cannot load "
              + parquetDir
              + " into MariaDB database "
              + database
              + ": "
              + e.getMessage()
              + " (the rows are as they were: they are replaced in one transaction)",
          e);
    }
    return counts;
  }

  private static List<String> columns(String table) {
    return Objects.requireNonNull(COLUMNS.get(table), table);
  }

  private static void requireFile(Path parquetDir, String table) throws SQLException {
    Path file = parquetDir.resolve(table + ".parquet");
    if (!Files.isRegularFile(file)) {
      throw new SQLException(
          file + " does not exist (a data directory holds " + BillingSample.TABLE_FILES + ")");
    }
  }

  private static long copy(
      Statement reader, Connection writer, Path parquetDir, String database, String table)
      throws SQLException {
    List<String> names = new ArrayList<>();
    for (String column : columns(table)) {
      names.add(column.substring(0, column.indexOf(' ')));
    }
    return ParquetCopy.copy(reader, writer, parquetDir, table, database + "." + table, names);
  }
}
