package io.codemode4j.bench;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
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
 * the same read-only URL (so the same database instance) as the warehouse's pool; on a described
 * warehouse through the reader pool configuration its engine gives the warehouse ({@link
 * #open(HikariConfig)}).
 */
public final class PlainJdbc implements AutoCloseable {

  private final Connection connection;
  private final @Nullable HikariDataSource pool;
  private long sink;

  private PlainJdbc(Connection connection) {
    this(connection, null);
  }

  private PlainJdbc(Connection connection, @Nullable HikariDataSource pool) {
    this.connection = connection;
    this.pool = pool;
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

  /**
   * Connects as a pool of {@code config} would (its URL, identity, read-only session, schema and
   * driver options): the reader pool a warehouse's engine configures, held at one connection.
   *
   * @throws SQLException what the engine or its driver said (the URL, a login)
   */
  public static PlainJdbc open(HikariConfig config) throws SQLException {
    HikariConfig one = new HikariConfig();
    config.copyStateTo(one);
    // As JdbcPools.open makes every warehouse pool: read-only sessions, each statement committed.
    one.setReadOnly(true);
    one.setAutoCommit(true);
    one.setMaximumPoolSize(1);
    one.setMinimumIdle(1);
    one.setPoolName("codemode-bench-plain");
    HikariDataSource pool;
    try {
      pool = new HikariDataSource(one);
    } catch (RuntimeException e) {
      // Hikari wraps the driver's refusal (a login, a host) in its own unchecked exception.
      throw e.getCause() instanceof SQLException cause
          ? cause
          : new SQLException(e.getMessage(), e);
    }
    try {
      return new PlainJdbc(pool.getConnection(), pool);
    } catch (SQLException | RuntimeException e) {
      pool.close();
      throw e;
    }
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
    try {
      connection.close();
    } finally {
      if (pool != null) {
        pool.close();
      }
    }
  }
}
