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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The warehouse as analysts reach it: every query passes the SQL allowlist (and the tenant's row
 * filters) first, and only the SQL the allowlist rendered runs, on the read-only identity.
 *
 * <p>Tenant isolation: a warehouse built with {@link #Warehouse(SqlAllowlist, ReadOnlyWarehouse)}
 * relies on the allowlist's row filters alone. The embedded DuckDB warehouse ({@link #openDuckDb})
 * also runs each tenant's queries on a database file that holds only that tenant's rows (built on
 * first use and cached), so no side channel of the filters can reach another tenant's data (see
 * {@link DuckDbWarehouseFile}).
 *
 * <p>Thread-safe; one instance serves all callers and owns its connection pools.
 */
public final class Warehouse implements AutoCloseable {

  /** Opens the read-only database that holds exactly the rows of one tenant. */
  @FunctionalInterface
  private interface TenantDatabases {
    ReadOnlyWarehouse open(Set<String> regions) throws WarehouseException;
  }

  private final SqlAllowlist allowlist;
  private final ReadOnlyWarehouse database;
  private final Optional<TenantDatabases> tenantDatabases;
  private final ConcurrentHashMap<Set<String>, ReadOnlyWarehouse> openTenants =
      new ConcurrentHashMap<>();
  private volatile boolean closed;

  public Warehouse(SqlAllowlist allowlist, ReadOnlyWarehouse database) {
    this(allowlist, database, Optional.empty());
  }

  private Warehouse(
      SqlAllowlist allowlist,
      ReadOnlyWarehouse database,
      Optional<TenantDatabases> tenantDatabases) {
    this.allowlist = Objects.requireNonNull(allowlist, "allowlist");
    this.database = Objects.requireNonNull(database, "database");
    this.tenantDatabases = tenantDatabases;
  }

  /**
   * The embedded default: the parquet files of {@code parquetDir} loaded into a DuckDB file under
   * {@code cacheRoot} (built once per content), served read-only, behind the default allowlist;
   * each tenant's queries run on a file of that tenant's rows alone.
   */
  public static Warehouse openDuckDb(Path parquetDir, Path cacheRoot) throws WarehouseException {
    DuckDbWarehouseFile.Source source = DuckDbWarehouseFile.source(parquetDir, cacheRoot);
    Path file = DuckDbWarehouseFile.prepare(source, cacheRoot, Optional.empty());
    WarehouseConfig config = WarehouseConfig.duckDb(file);
    TenantDatabases tenants =
        regions ->
            ReadOnlyWarehouse.open(
                new WarehouseConfig(
                    DuckDbWarehouseFile.readOnlyUrl(
                        DuckDbWarehouseFile.prepare(source, cacheRoot, Optional.of(regions)),
                        DuckDbLimits.defaults()),
                    config.poolSize(),
                    config.queryTimeout(),
                    config.maxRows()));
    return new Warehouse(
        SqlAllowlist.defaults(), ReadOnlyWarehouse.open(config), Optional.of(tenants));
  }

  /** Runs {@code sql} with the configured defaults for rows and time. */
  public QueryResult query(String sql, Optional<Tenant> tenant)
      throws SqlRefusedException, WarehouseException {
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
    return databaseFor(tenant).execute(approved.sql(), approved.maxRows(), timeout);
  }

  private ReadOnlyWarehouse databaseFor(Optional<Tenant> tenant) throws WarehouseException {
    if (tenant.isEmpty() || tenantDatabases.isEmpty()) {
      return database;
    }
    Set<String> regions = Set.copyOf(tenant.get().values());
    ReadOnlyWarehouse open = openTenants.get(regions);
    if (open != null) {
      return open;
    }
    synchronized (openTenants) {
      open = openTenants.get(regions);
      if (open == null) {
        if (closed) {
          throw new WarehouseException(
              WarehouseException.Kind.UNAVAILABLE, "the warehouse is closed");
        }
        open = tenantDatabases.get().open(regions);
        openTenants.put(regions, open);
      }
      return open;
    }
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
    synchronized (openTenants) {
      closed = true;
      openTenants.values().forEach(ReadOnlyWarehouse::close);
      openTenants.clear();
    }
    database.close();
  }
}
