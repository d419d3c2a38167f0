package io.codemode4j.bench;

import io.codemode4j.engine.duckdb.DuckDbLimits;
import io.codemode4j.engine.duckdb.DuckDbReadOnly;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.billing.BillingSample;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The baseline of every query metric: plain JDBC on one held connection to the same database as the
 * warehouse, reading every value of every row with {@code getObject}. On DuckDB it connects with
 * the same read-only URL (so the same database instance) as the warehouse's pool; on another engine
 * as {@link Engine#connect} says (the same URL and identity as the warehouse).
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

  /** Connects to {@code endpoint} as the warehouse opened on it does. */
  public static PlainJdbc open(EngineEndpoint endpoint) throws SQLException {
    return new PlainJdbc(endpoint.engine().connect(endpoint));
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

  /**
   * Runs {@code sql} and returns its rows, each value as the driver's text of it ({@code
   * getString}, null for SQL NULL): what the bench compares with a pass's rows before it times
   * anything.
   */
  List<List<@Nullable String>> rows(String sql) throws SQLException {
    List<List<@Nullable String>> rows = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(sql)) {
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<@Nullable String> row = new ArrayList<>(columns);
        for (int column = 1; column <= columns; column++) {
          row.add(rs.getString(column));
        }
        rows.add(row);
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
