package io.codemode4j.bench;

import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.billing.BillingSample;
import io.codemode4j.warehouse.duckdb.DuckDbLimits;
import io.codemode4j.warehouse.duckdb.DuckDbReadOnly;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Objects;

/**
 * The baseline of every query metric: plain JDBC on one held connection to the same DuckDB file,
 * with the same read-only URL (so the same database instance) as the warehouse's pool, reading
 * every value of every row with {@code getObject}.
 */
public final class PlainJdbc implements AutoCloseable {

  private final Connection connection;
  private long sink;

  private PlainJdbc(Connection connection) {
    this.connection = connection;
  }

  /**
   * Connects to the prepared warehouse file of {@code parquetDir} (built under {@code cacheRoot} if
   * needed).
   */
  public static PlainJdbc open(Path parquetDir, Path cacheRoot)
      throws WarehouseException, SQLException {
    Path file = BillingSample.prepare(parquetDir, cacheRoot);
    return new PlainJdbc(
        DriverManager.getConnection(DuckDbReadOnly.url(file, DuckDbLimits.defaults())));
  }

  /** Runs {@code sql} and reads all of its rows; returns how many there were. */
  public int query(String sql) throws SQLException {
    Objects.requireNonNull(sql, "sql");
    int rows = 0;
    try (Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(sql)) {
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        rows++;
        for (int column = 1; column <= columns; column++) {
          sink += Objects.hashCode(rs.getObject(column));
        }
      }
    }
    return rows;
  }

  /** A value that depends on every value read, so no read can be optimised away. */
  public long sink() {
    return sink;
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
