package io.codemode4j.warehouse;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import io.codemode4j.bridge.Durations;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs already-approved SQL on pooled read-only connections and streams the rows into a {@link
 * QueryResult}.
 *
 * <p>It executes exactly the text it is given, so callers pass only SQL rendered by the allowlist
 * ({@link Warehouse} does). Every statement is watched: past its deadline, or when the calling
 * thread is interrupted, the statement is cancelled inside the database ({@link
 * Statement#cancel()}), which frees the connection for the next borrower instead of leaving a
 * runaway query behind.
 */
public final class ReadOnlyWarehouse implements AutoCloseable {

  /**
   * How often the watchdog looks at running statements; bounds how late a cancellation can come.
   */
  private static final long WATCH_PERIOD_MS = 20;

  private final WarehouseConfig config;
  private final HikariDataSource pool;
  private final ScheduledExecutorService watchdog;

  private ReadOnlyWarehouse(WarehouseConfig config, HikariDataSource pool) {
    this.config = config;
    this.pool = pool;
    this.watchdog =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("codemode-warehouse-watchdog").daemon(true).factory());
  }

  /**
   * Opens the pool and checks that one connection can be made.
   *
   * @throws WarehouseException of kind {@code UNAVAILABLE} when no connection can be opened
   */
  public static ReadOnlyWarehouse open(WarehouseConfig config) throws WarehouseException {
    HikariConfig hikari = new HikariConfig();
    hikari.setPoolName("codemode-warehouse");
    hikari.setJdbcUrl(config.jdbcUrl());
    hikari.setReadOnly(true);
    hikari.setAutoCommit(true);
    hikari.setMaximumPoolSize(config.poolSize());
    hikari.setMinimumIdle(1);
    hikari.setConnectionTimeout(Duration.ofSeconds(30).toMillis());
    try {
      return new ReadOnlyWarehouse(config, new HikariDataSource(hikari));
    } catch (HikariPool.PoolInitializationException | IllegalArgumentException e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          "cannot open the warehouse at " + config.jdbcUrl() + ": " + cause.getMessage(),
          e);
    }
  }

  public WarehouseConfig config() {
    return config;
  }

  /**
   * Executes {@code sql}, keeping at most {@code maxRows} rows; the result is {@code truncated}
   * when the database had at least one more. The SQL itself must already limit the rows it fetches
   * (the allowlist renders {@code maxRows + 1}), since JDBC's {@code setMaxRows} is ignored by
   * DuckDB.
   */
  public QueryResult execute(String sql, int maxRows, Duration timeout) throws WarehouseException {
    WarehouseConfig.requireMaxRows(maxRows);
    WarehouseConfig.requireTimeout(timeout);
    if (Thread.currentThread().isInterrupted()) {
      throw new WarehouseException(
          WarehouseException.Kind.INTERRUPTED, "interrupted before the query started");
    }
    try (Connection connection = borrow();
        Statement statement = connection.createStatement()) {
      Watch watch = watch(statement, timeout);
      try (ResultSet rs = statement.executeQuery(sql)) {
        ResultJson json = ResultJson.forResult(rs.getMetaData());
        List<ObjectNode> rows = new ArrayList<>();
        boolean truncated = false;
        while (rs.next()) {
          if (rows.size() == maxRows) {
            truncated = true;
            break;
          }
          rows.add(json.row(rs));
        }
        watch.stop();
        return new QueryResult(json.columns(), rows, truncated);
      } catch (SQLException e) {
        throw watch.failure(e);
      } finally {
        watch.stop();
      }
    } catch (SQLException e) {
      throw new WarehouseException(
          WarehouseException.Kind.DATABASE, DuckDbWarehouseFile.firstLine(e), e);
    }
  }

  /** The columns of the named tables and views, in the order given; unknown names are skipped. */
  public List<TableSchema> describe(Collection<String> tables) throws WarehouseException {
    try (Connection connection = borrow()) {
      DatabaseMetaData meta = connection.getMetaData();
      List<TableSchema> out = new ArrayList<>();
      for (String table : tables) {
        List<Column> columns = new ArrayList<>();
        try (ResultSet rs = meta.getColumns(null, null, table, null)) {
          while (rs.next()) {
            columns.add(new Column(rs.getString("COLUMN_NAME"), rs.getString("TYPE_NAME")));
          }
        }
        if (!columns.isEmpty()) {
          out.add(new TableSchema(table, columns));
        }
      }
      return out;
    } catch (SQLException e) {
      throw new WarehouseException(
          WarehouseException.Kind.DATABASE, DuckDbWarehouseFile.firstLine(e), e);
    }
  }

  @Override
  public void close() {
    watchdog.shutdownNow();
    pool.close();
  }

  private Connection borrow() throws WarehouseException {
    try {
      return pool.getConnection();
    } catch (SQLException e) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          "no warehouse connection available: " + DuckDbWarehouseFile.firstLine(e),
          e);
    }
  }

  private Watch watch(Statement statement, Duration timeout) {
    Watch watch =
        new Watch(
            statement, Thread.currentThread(), System.nanoTime() + timeout.toNanos(), timeout);
    watch.task =
        watchdog.scheduleAtFixedRate(
            watch, WATCH_PERIOD_MS, WATCH_PERIOD_MS, TimeUnit.MILLISECONDS);
    return watch;
  }

  /** Cancels one running statement when its deadline passes or its caller is interrupted. */
  private static final class Watch implements Runnable {
    private final Statement statement;
    private final Thread caller;
    private final long deadlineNanos;
    private final Duration timeout;
    private final AtomicReference<WarehouseException.Kind> cancelledFor = new AtomicReference<>();
    private volatile ScheduledFuture<?> task;

    Watch(Statement statement, Thread caller, long deadlineNanos, Duration timeout) {
      this.statement = statement;
      this.caller = caller;
      this.deadlineNanos = deadlineNanos;
      this.timeout = timeout;
    }

    @Override
    public void run() {
      WarehouseException.Kind reason = null;
      if (caller.isInterrupted()) {
        reason = WarehouseException.Kind.INTERRUPTED;
      } else if (System.nanoTime() - deadlineNanos >= 0) {
        reason = WarehouseException.Kind.TIMEOUT;
      }
      if (reason != null && cancelledFor.compareAndSet(null, reason)) {
        stop();
        try {
          statement.cancel();
        } catch (SQLException ignored) {
          // The statement finished or closed meanwhile: nothing is left to cancel.
        }
      }
    }

    void stop() {
      ScheduledFuture<?> current = task;
      if (current != null) {
        current.cancel(false);
      }
    }

    WarehouseException failure(SQLException e) {
      WarehouseException.Kind reason = cancelledFor.get();
      if (reason == WarehouseException.Kind.TIMEOUT) {
        return new WarehouseException(
            reason,
            "query cancelled after its timeout of "
                + Durations.format(timeout)
                + " (narrow it, aggregate more, or raise the timeout)",
            e);
      }
      if (reason == WarehouseException.Kind.INTERRUPTED) {
        return new WarehouseException(reason, "query cancelled: the caller was interrupted", e);
      }
      return new WarehouseException(
          WarehouseException.Kind.DATABASE, DuckDbWarehouseFile.firstLine(e), e);
    }
  }
}
