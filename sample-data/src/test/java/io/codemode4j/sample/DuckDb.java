package io.codemode4j.sample;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** An in-memory DuckDB for tests to query parquet files with. */
final class DuckDb implements AutoCloseable {

  private final Connection connection;

  DuckDb() throws SQLException {
    connection = DriverManager.getConnection("jdbc:duckdb:");
  }

  /**
   * Creates views {@code customers}, {@code invoices} and {@code invoice_lines} over the files in
   * {@code dir}.
   */
  DuckDb withViews(Path dir) throws SQLException {
    execute("CREATE VIEW customers AS SELECT * FROM " + file(dir, SampleData.CUSTOMERS_FILE));
    execute("CREATE VIEW invoices AS SELECT * FROM " + file(dir, SampleData.INVOICES_FILE));
    execute(
        "CREATE VIEW invoice_lines AS SELECT * FROM " + file(dir, SampleData.INVOICE_LINES_FILE));
    return this;
  }

  /** {@code read_parquet('dir/name')}. */
  static String file(Path dir, String name) {
    return "read_parquet('"
        + dir.resolve(name).toAbsolutePath().toString().replace("'", "''")
        + "')";
  }

  void execute(String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  long queryLong(String sql) throws SQLException {
    List<List<Object>> rows = query(sql);
    if (rows.size() != 1 || rows.getFirst().size() != 1) {
      throw new IllegalStateException("expected one value from " + sql + ", got " + rows);
    }
    return ((Number) rows.getFirst().getFirst()).longValue();
  }

  double queryDouble(String sql) throws SQLException {
    return ((Number) query(sql).getFirst().getFirst()).doubleValue();
  }

  /** The first column of every row, as strings. */
  List<String> queryStrings(String sql) throws SQLException {
    return query(sql).stream().map(row -> String.valueOf(row.getFirst())).toList();
  }

  List<List<Object>> query(String sql) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(sql)) {
      int columns = result.getMetaData().getColumnCount();
      List<List<Object>> rows = new ArrayList<>();
      while (result.next()) {
        List<Object> row = new ArrayList<>(columns);
        for (int i = 1; i <= columns; i++) {
          row.add(result.getObject(i));
        }
        rows.add(row);
      }
      return rows;
    }
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
