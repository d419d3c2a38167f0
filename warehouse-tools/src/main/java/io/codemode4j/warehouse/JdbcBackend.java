package io.codemode4j.warehouse;

import io.codemode4j.bridge.Durations;
import io.codemode4j.warehouse.engine.JdbcMessages;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs already-approved SQL on a {@link DataSource}'s connections and streams the rows into a
 * {@link QueryResult}: the JDBC half of a {@link Warehouse}.
 *
 * <p>It executes exactly the text it is given, so only {@link Warehouse} calls it, with SQL the
 * allowlist rendered. Every connection is marked read-only before use where the driver allows it (a
 * hint; the database identity's own privileges are the guard). Every statement is watched: past its
 * deadline, or when the calling thread is interrupted, the statement is cancelled inside the
 * database ({@link Statement#cancel()}), which frees the connection for the next borrower instead
 * of leaving a runaway query behind.
 */
final class JdbcBackend implements AutoCloseable {

  /**
   * How often the watchdog looks at running statements; bounds how late a cancellation can come.
   */
  private static final long WATCH_PERIOD_MS = 20;

  private final DataSource dataSource;
  private final boolean owned;
  private final ValueMapping values;
  private final ScheduledExecutorService watchdog;

  /**
   * Platform threads that run the statements. Decided: a JDBC driver's native call (DuckDB's
   * executeQuery) pins a virtual thread to its carrier, and Code Mode runs handlers on virtual
   * threads: with as few carriers as cores, two running queries stopped every other virtual thread
   * of the host, so a new pass's call could not even start. A caller waits here unpinned, and
   * returns at once when it is interrupted while its query thread cancels the statement.
   */
  private final ExecutorService queries;

  /**
   * @param owned whether {@link #close} closes {@code dataSource} (when it is {@link
   *     AutoCloseable}): true for pools the warehouse opened, false for a host's own
   * @param values how the engine's values become JSON
   */
  JdbcBackend(DataSource dataSource, boolean owned, ValueMapping values) {
    this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
    this.owned = owned;
    this.values = Objects.requireNonNull(values, "values");
    this.watchdog =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("codemode-warehouse-watchdog").daemon(true).factory());
    this.queries =
        Executors.newCachedThreadPool(
            Thread.ofPlatform().name("codemode-warehouse-query-", 0).daemon(true).factory());
  }

  /**
   * Borrows one connection and returns it, so a warehouse that cannot be reached fails when it is
   * built rather than on its first query.
   */
  void check() throws WarehouseException {
    try (Connection connection = borrow()) {
      // Borrowed and returned: the database answers.
    } catch (SQLException e) {
      throw unavailable(e);
    }
  }

  /**
   * Executes {@code sql}, keeping at most {@code maxRows} rows; the result is {@code truncated}
   * when the database had at least one more. The SQL itself must already limit the rows it fetches
   * (the allowlist renders {@code maxRows + 1}), since JDBC's {@code setMaxRows} is ignored by
   * DuckDB.
   *
   * <p>Decided: each row's JSON is counted as it is read, and the first row that takes the result
   * past {@code maxResultBytes} ends the read with {@code TOO_LARGE}, so a result is never held
   * (nor encoded) past the limit that would refuse it; the answer is never cut short silently.
   */
  QueryResult execute(String sql, int maxRows, int maxResultBytes, Duration timeout)
      throws WarehouseException {
    if (Thread.currentThread().isInterrupted()) {
      throw new WarehouseException(
          WarehouseException.Kind.INTERRUPTED, "interrupted before the query started");
    }
    Future<QueryResult> running;
    try {
      running = queries.submit(() -> executeHere(sql, maxRows, maxResultBytes, timeout));
    } catch (RejectedExecutionException e) {
      throw new WarehouseException(WarehouseException.Kind.UNAVAILABLE, "the warehouse is closed");
    }
    try {
      return running.get();
    } catch (InterruptedException e) {
      // The query thread's interruption makes its watch cancel the statement; that thread returns
      // the connection once the database stops, and the caller need not wait for it.
      running.cancel(true);
      Thread.currentThread().interrupt();
      throw new WarehouseException(
          WarehouseException.Kind.INTERRUPTED, "query cancelled: the caller was interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof WarehouseException failure) {
        throw failure;
      }
      throw new IllegalStateException("the query failed unexpectedly", e.getCause());
    }
  }

  /** {@link #execute} on the thread that holds the connection, one of {@link #queries}. */
  private QueryResult executeHere(String sql, int maxRows, int maxResultBytes, Duration timeout)
      throws WarehouseException {
    try (Connection connection = borrow();
        Statement statement = connection.createStatement()) {
      Watch watch = watch(statement, timeout);
      try (ResultSet rs = statement.executeQuery(sql)) {
        ResultJson json = ResultJson.forResult(rs.getMetaData(), values);
        List<ObjectNode> rows = new ArrayList<>();
        boolean truncated = false;
        long bytes = json.envelopeBytes();
        while (rs.next()) {
          if (rows.size() == maxRows) {
            truncated = true;
            break;
          }
          ObjectNode row = json.row(rs);
          bytes += ResultJson.bytes(row) + (rows.isEmpty() ? 0 : 1);
          if (bytes > maxResultBytes) {
            throw new WarehouseException(
                WarehouseException.Kind.TOO_LARGE,
                "the result passed "
                    + maxResultBytes
                    + " bytes of JSON (the warehouse's maxResultBytes) at row "
                    + (rows.size() + 1)
                    + ": ask for less, e.g. aggregate in SQL, select fewer or shorter columns, or"
                    + " lower maxRows");
          }
          rows.add(row);
        }
        watch.stop();
        return new QueryResult(json.columns(), rows, truncated);
      } catch (SQLException e) {
        throw watch.failure(e);
      } finally {
        watch.stop();
      }
    } catch (SQLException e) {
      throw new WarehouseException(WarehouseException.Kind.DATABASE, JdbcMessages.firstLine(e), e);
    }
  }

  /**
   * The columns of the named tables and views, in the order given; unknown names are skipped. A
   * name is matched exactly: {@code _} and {@code %} in it are escaped, since {@code getColumns}
   * reads its table argument as a LIKE pattern ({@code invoice_lines} would match {@code
   * invoiceXlines} too).
   */
  List<TableSchema> describe(Collection<String> tables) throws WarehouseException {
    try (Connection connection = borrow()) {
      DatabaseMetaData meta = connection.getMetaData();
      String escape = meta.getSearchStringEscape();
      List<TableSchema> out = new ArrayList<>();
      for (String table : tables) {
        String pattern =
            escape == null || escape.isEmpty()
                ? table
                : table
                    .replace(escape, escape + escape)
                    .replace("_", escape + "_")
                    .replace("%", escape + "%");
        List<Column> columns = new ArrayList<>();
        try (ResultSet rs = meta.getColumns(null, null, pattern, null)) {
          while (rs.next()) {
            if (rs.getString("TABLE_NAME").equalsIgnoreCase(table)) {
              columns.add(new Column(rs.getString("COLUMN_NAME"), rs.getString("TYPE_NAME")));
            }
          }
        }
        if (!columns.isEmpty()) {
          out.add(new TableSchema(table, columns));
        }
      }
      return out;
    } catch (SQLException e) {
      throw new WarehouseException(WarehouseException.Kind.DATABASE, JdbcMessages.firstLine(e), e);
    }
  }

  @Override
  public void close() {
    queries.shutdownNow();
    watchdog.shutdownNow();
    if (owned && dataSource instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        // Closing a pool only releases its connections; nothing is lost if one will not close.
      }
    }
  }

  private Connection borrow() throws WarehouseException {
    Connection connection;
    try {
      connection = dataSource.getConnection();
    } catch (SQLException e) {
      throw unavailable(e);
    }
    markReadOnly(connection);
    return connection;
  }

  /**
   * Marks a connection read-only where the driver lets it change: a hint that lets PostgreSQL open
   * read-only transactions. DuckDB fixes the mode when the database opens and refuses any change on
   * a connection, so a refusal is ignored: the guard is the allowlist in front and the identity (a
   * read-only file, a role with SELECT only) behind, never this flag.
   */
  private static void markReadOnly(Connection connection) {
    try {
      if (!connection.isReadOnly()) {
        connection.setReadOnly(true);
      }
    } catch (SQLException refused) {
      // The driver fixes the mode per database, not per connection; see above.
    }
  }

  private static WarehouseException unavailable(SQLException e) {
    return new WarehouseException(
        WarehouseException.Kind.UNAVAILABLE,
        "no warehouse connection available: " + JdbcMessages.firstLine(e),
        e);
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

  /**
   * Cancels one running statement when its deadline passes or its caller is interrupted.
   *
   * <p>Decided: once the reason is set, the statement is cancelled again every period until the
   * caller stops the watch. DuckDB drops a cancel that comes before the statement starts executing
   * (while it is bound or planned), so one cancel could leave the query to run to its end holding
   * the connection; a pass that ended with calls at once left its connections busy for seconds.
   * Stopping takes the same lock as cancelling, so no cancel reaches the connection once the caller
   * has stopped the watch and may hand the connection back to the pool.
   */
  private static final class Watch implements Runnable {
    private final Statement statement;
    private final Thread caller;
    private final long deadlineNanos;
    private final Duration timeout;
    private final AtomicReference<WarehouseException.@Nullable Kind> cancelledFor =
        new AtomicReference<>();
    private volatile @Nullable ScheduledFuture<?> task;
    private boolean stopped;

    Watch(Statement statement, Thread caller, long deadlineNanos, Duration timeout) {
      this.statement = statement;
      this.caller = caller;
      this.deadlineNanos = deadlineNanos;
      this.timeout = timeout;
    }

    @Override
    public void run() {
      if (cancelledFor.get() == null) {
        if (caller.isInterrupted()) {
          cancelledFor.compareAndSet(null, WarehouseException.Kind.INTERRUPTED);
        } else if (System.nanoTime() - deadlineNanos >= 0) {
          cancelledFor.compareAndSet(null, WarehouseException.Kind.TIMEOUT);
        }
      }
      if (cancelledFor.get() != null) {
        synchronized (this) {
          if (stopped) {
            return;
          }
          try {
            statement.cancel();
          } catch (SQLException ignored) {
            // The statement finished or closed meanwhile: nothing is left to cancel.
          }
        }
      }
    }

    /** Ends the watch: after this returns, the statement is never cancelled again. */
    void stop() {
      synchronized (this) {
        stopped = true;
      }
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
      return new WarehouseException(WarehouseException.Kind.DATABASE, JdbcMessages.firstLine(e), e);
    }
  }
}
