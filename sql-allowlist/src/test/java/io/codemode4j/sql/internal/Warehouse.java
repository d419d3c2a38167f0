package io.codemode4j.sql.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * An in-memory DuckDB holding the sample warehouse: the parquet files of {@code codemode.sampleDir}
 * loaded into tables, plus the {@code invoice_summary} view. Optionally only some regions' rows, to
 * compare a tenant-scoped query with the same query over a database that holds nothing else.
 */
final class Warehouse implements AutoCloseable {

  static final String SUMMARY_VIEW =
      """
            CREATE VIEW invoice_summary AS
            SELECT i.region, c.name AS customer, CAST(date_trunc('month', i.issued_on) AS DATE) AS month,
                   count(*) AS invoice_count, CAST(sum(i.amount_cents) / 100.0 AS DECIMAL(18,2)) AS revenue
            FROM invoices i JOIN customers c USING (customer_id)
            WHERE i.status <> 'void'
            GROUP BY ALL""";

  private final Connection connection;

  private Warehouse(Connection connection) {
    this.connection = connection;
  }

  /** Every row of the sample data. */
  static Warehouse all() throws SQLException {
    return load("TRUE", "TRUE");
  }

  /** Only the rows of {@code regions}: their customers and invoices, and those invoices' lines. */
  static Warehouse onlyRegions(Collection<String> regions) throws SQLException {
    String list = regions.stream().map(r -> "'" + r + "'").collect(Collectors.joining(", "));
    return load("region IN (" + list + ")", "invoice_id IN (SELECT invoice_id FROM invoices)");
  }

  /**
   * The customers and invoices of {@code regions} but every invoice line: a database that confines
   * a parent table and forgets its child, whose lines of other regions' invoices then show.
   */
  static Warehouse onlyRegionsButEveryLine(Collection<String> regions) throws SQLException {
    String list = regions.stream().map(r -> "'" + r + "'").collect(Collectors.joining(", "));
    return load("region IN (" + list + ")", "TRUE");
  }

  private static Warehouse load(String regionFilter, String lineFilter) throws SQLException {
    Path dir = sampleDir();
    Connection connection = DriverManager.getConnection("jdbc:duckdb:");
    try (Statement statement = connection.createStatement()) {
      statement.execute(table("customers", dir, regionFilter));
      statement.execute(table("invoices", dir, regionFilter));
      statement.execute(table("invoice_lines", dir, lineFilter));
      statement.execute(SUMMARY_VIEW);
    } catch (SQLException e) {
      connection.close();
      throw e;
    }
    return new Warehouse(connection);
  }

  private static String table(String name, Path dir, String filter) {
    Path file = dir.resolve(name + ".parquet");
    return "CREATE TABLE "
        + name
        + " AS SELECT * FROM read_parquet('"
        + file
        + "') WHERE "
        + filter;
  }

  static Path sampleDir() {
    String dir =
        Objects.requireNonNull(
            System.getProperty("codemode.sampleDir"),
            "system property codemode.sampleDir (set by the parent pom) is missing");
    Path path = Path.of(dir);
    if (!Files.isRegularFile(path.resolve("invoices.parquet"))) {
      throw new IllegalStateException(
          "no sample parquet files in " + path + ": generate them with sample-data/regenerate.sh");
    }
    return path;
  }

  /**
   * Column labels, DuckDB's type names of the columns, and rows, values as DuckDB's JDBC driver
   * returns them.
   */
  record Result(List<String> columns, List<String> types, List<List<Object>> rows) {}

  /** Runs a statement that returns no rows, e.g. to create the differential tests' tables. */
  void execute(String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  Result query(String sql) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(sql)) {
      ResultSetMetaData meta = rs.getMetaData();
      List<String> columns = new ArrayList<>();
      List<String> types = new ArrayList<>();
      for (int i = 1; i <= meta.getColumnCount(); i++) {
        columns.add(meta.getColumnLabel(i));
        types.add(meta.getColumnTypeName(i));
      }
      List<List<Object>> rows = new ArrayList<>();
      while (rs.next()) {
        List<Object> row = new ArrayList<>(columns.size());
        for (int i = 1; i <= columns.size(); i++) {
          row.add(rs.getObject(i));
        }
        rows.add(row);
      }
      return new Result(columns, types, rows);
    }
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
