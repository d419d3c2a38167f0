package io.codemode4j.warehouse;

import io.codemode4j.sql.ApprovedQuery;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The warehouse as analysts reach it: every query passes the SQL allowlist (and the tenant's row filters)
 * first, and only the SQL the allowlist rendered runs, on the read-only identity.
 *
 * <p>Thread-safe; one instance serves all callers and owns its connection pool.
 */
public final class Warehouse implements AutoCloseable {

  private final SqlAllowlist allowlist;
  private final ReadOnlyWarehouse database;

  public Warehouse(SqlAllowlist allowlist, ReadOnlyWarehouse database) {
    this.allowlist = Objects.requireNonNull(allowlist, "allowlist");
    this.database = Objects.requireNonNull(database, "database");
  }

  /**
   * The embedded default: the parquet files of {@code parquetDir} loaded into a DuckDB file under
   * {@code cacheRoot} (built once per content), served read-only, behind the default allowlist.
   */
  public static Warehouse openDuckDb(Path parquetDir, Path cacheRoot) throws WarehouseException {
    Path file = DuckDbWarehouseFile.prepare(parquetDir, cacheRoot);
    return new Warehouse(SqlAllowlist.defaults(), ReadOnlyWarehouse.open(WarehouseConfig.duckDb(file)));
  }

  /** Runs {@code sql} with the configured defaults for rows and time. */
  public QueryResult query(String sql, Optional<Tenant> tenant) throws SqlRefusedException, WarehouseException {
    WarehouseConfig config = database.config();
    return query(sql, tenant, config.maxRows(), config.queryTimeout());
  }

  /**
   * Approves {@code sql} for the tenant (if any), then runs the approved rendering.
   *
   * @throws SqlRefusedException when the allowlist refuses the SQL; nothing reached the database
   * @throws WarehouseException when the approved query failed, timed out or was interrupted
   */
  public QueryResult query(String sql, Optional<Tenant> tenant, int maxRows, Duration timeout)
      throws SqlRefusedException, WarehouseException {
    ApprovedQuery approved = allowlist.approve(sql, new QueryPolicy(tenant, maxRows));
    return database.execute(approved.sql(), approved.maxRows(), timeout);
  }

  /** The allowlisted tables and views with their columns, sorted by name. */
  public List<TableSchema> tables() throws WarehouseException {
    return database.describe(allowlist.tables().stream().sorted().toList());
  }

  public SqlAllowlist allowlist() {
    return allowlist;
  }

  /** The database's configuration: its default row cap and query timeout among others. */
  public WarehouseConfig config() {
    return database.config();
  }

  @Override
  public void close() {
    database.close();
  }
}
