package io.codemode4j.warehouse;

import com.zaxxer.hikari.HikariConfig;
import io.codemode4j.sql.ApprovedQuery;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.warehouse.engine.QueryTyping;
import io.codemode4j.warehouse.engine.WarehouseEngine;
import io.codemode4j.warehouse.engine.WarehouseEngines;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * The warehouse as analysts reach it: an {@link SqlAllowlist} plus a JDBC backend. Every query
 * passes the allowlist (and the tenant's row filters) first, and only the SQL the allowlist
 * rendered runs, on read-only connections.
 *
 * <p>Build one over any JDBC database: {@code Warehouse.builder(allowlist).dataSource(ds).build()}
 * (or {@link Builder#hikari} or {@link Builder#jdbcUrl}), with {@link WarehouseNotes} on what the
 * tables mean. The bundled sample is one such warehouse ({@code
 * io.codemode4j.warehouse.billing.BillingSample}).
 *
 * <p>Tenant isolation: the allowlist's row filters confine every query. A warehouse given {@link
 * Builder#tenantDataSources} also runs each tenant's queries on connections that read that tenant's
 * rows alone, proven so when they open, so no side channel of the filters can reach another
 * tenant's data (see {@link TenantDataSources}); one without them refuses a tenant's queries unless
 * the host says the filters alone may confine its tenants ({@link
 * Builder#confineTenantsByFiltersAlone}).
 *
 * <p>Thread-safe; one instance serves all callers and owns the pools it opened (not a host's own
 * {@code DataSource}).
 */
public final class Warehouse implements AutoCloseable {

  /** How long one query may run by default before it is cancelled inside the database. */
  public static final Duration DEFAULT_QUERY_TIMEOUT = Duration.ofSeconds(10);

  /** The row cap of one query by default. */
  public static final int DEFAULT_MAX_ROWS = 10_000;

  /** The highest row cap one query may have. */
  public static final int MAX_ROWS_LIMIT = QueryPolicy.MAX_ROWS_LIMIT;

  /**
   * The most UTF-8 bytes of JSON one query's result may have by default: the bridge's default
   * {@code maxHostCallBytes}, which would refuse a larger result anyway, only after it was built.
   */
  public static final int DEFAULT_MAX_RESULT_BYTES = 1024 * 1024;

  /**
   * Queries one tenant (or the unconfined reader) runs at once by default: one less than the
   * default pool, so that no tenant holds every connection and a program's {@code Promise.all} of
   * three queries still runs them together.
   */
  public static final int DEFAULT_MAX_CONCURRENT_QUERIES_PER_TENANT =
      JdbcPools.DEFAULT_POOL_SIZE - 1;

  /** The least and most {@link Builder#maxResultBytes} may be. */
  public static final int MIN_RESULT_BYTES = 1024;

  public static final int MAX_RESULT_BYTES = 256 * 1024 * 1024;

  private final SqlAllowlist allowlist;
  private final WarehouseConnections connections;
  private final @Nullable WarehouseEngine engine;
  private final WarehouseNotes notes;
  private final Duration queryTimeout;
  private final int maxRows;
  private final int maxResultBytes;

  private Warehouse(
      SqlAllowlist allowlist,
      WarehouseConnections connections,
      @Nullable WarehouseEngine engine,
      WarehouseNotes notes,
      Duration queryTimeout,
      int maxRows,
      int maxResultBytes) {
    this.allowlist = allowlist;
    this.connections = connections;
    this.engine = engine;
    this.notes = notes;
    this.queryTimeout = queryTimeout;
    this.maxRows = maxRows;
    this.maxResultBytes = maxResultBytes;
  }

  /**
   * This warehouse behind {@code other}, an allowlist of the same tables that differs in what it
   * tells (its examples, {@link SqlAllowlist#withExamples}) or in how it writes a tenant key's
   * values (their type, {@link SqlAllowlist#withScopes}), never in which rows a tenant reads: a
   * warehouse over the same connections, for a host that learns its schema once the warehouse is
   * open. Closing either closes the connections of both, so keep one.
   *
   * @throws IllegalArgumentException when {@code other} allowlists other tables, another dialect,
   *     or keys a table by another column
   */
  public Warehouse withAllowlist(SqlAllowlist other) {
    if (!other.tables().equals(allowlist.tables())
        || !other.dialect().equals(allowlist.dialect())) {
      throw new IllegalArgumentException(
          "withAllowlist takes an allowlist of the same tables in the same dialect: it changes what"
              + " the warehouse tells, never what it reads");
    }
    for (String table : allowlist.tables()) {
      if (!sameRows(allowlist.scope(table), other.scope(table))) {
        throw new IllegalArgumentException(
            "withAllowlist takes an allowlist that keys each table as this one does, but "
                + table
                + " is "
                + allowlist.scope(table)
                + " here and "
                + other.scope(table)
                + " there: it changes what the warehouse tells, never what it reads");
      }
    }
    return new Warehouse(other, connections, engine, notes, queryTimeout, maxRows, maxResultBytes);
  }

  /** Whether two scopes keep the same rows: equal, or the same key column of another type. */
  private static boolean sameRows(@Nullable TenantScope one, @Nullable TenantScope other) {
    if (one instanceof TenantScope.ByColumn a && other instanceof TenantScope.ByColumn b) {
      return a.column().equals(b.column());
    }
    return Objects.equals(one, other);
  }

  /** A warehouse whose queries {@code allowlist} approves; give it a backend next. */
  public static Builder builder(SqlAllowlist allowlist) {
    return new Builder(allowlist);
  }

  /** Runs {@code sql} under {@code policy} with the default query timeout. */
  public QueryResult query(String sql, QueryPolicy policy)
      throws SqlRefusedException, WarehouseException {
    return query(sql, policy, queryTimeout);
  }

  /**
   * Approves {@code sql} under {@code policy} (its tenant and row cap), then runs the approved
   * rendering, cancelling it inside the database after {@code timeout}. Its rows are counted as
   * JSON while they are read, and reading stops as soon as they pass {@link #maxResultBytes()}.
   *
   * @throws SqlRefusedException when the allowlist refuses the SQL; nothing reached the database
   * @throws WarehouseException when the approved query failed, timed out, was interrupted or
   *     answered more than {@link #maxResultBytes()}
   */
  public QueryResult query(String sql, QueryPolicy policy, Duration timeout)
      throws SqlRefusedException, WarehouseException {
    requireTimeout(timeout);
    SqlAllowlist approving = connections.allowlistFor(allowlist, policy);
    ApprovedQuery approved = approving.approve(sql, policy);
    try (TenantQueryGate.Permit place = connections.gate().enter(policy, timeout)) {
      return connections
          .forPolicy(policy, approving, timeout)
          .execute(approved.sql(), approved.maxRows(), maxResultBytes, timeout);
    }
  }

  /**
   * Opens {@code tenant}'s own connections now, where the warehouse has them ({@link
   * Builder#tenantDataSources}), and proves they read no other tenant's row of any allowlisted
   * table, as its first query would: for a front end that serves a tenant to refuse at start-up
   * what would otherwise fail its first query. Does nothing for a warehouse without them.
   *
   * @throws WarehouseException of kind {@code NOT_CONFINED} when a connection reads a row that is
   *     not the tenant's, or the proof could not finish; of another kind when the connections
   *     cannot be opened
   */
  public void proveConfined(Tenant tenant) throws WarehouseException {
    QueryPolicy policy = forTenant(tenant);
    connections.forPolicy(policy, connections.allowlistFor(allowlist, policy), queryTimeout);
  }

  /** Every row visible, at most {@link #maxRows()} returned. */
  public QueryPolicy unscoped() {
    return QueryPolicy.unscoped(maxRows);
  }

  /** Only {@code tenant}'s rows visible, at most {@link #maxRows()} returned. */
  public QueryPolicy forTenant(Tenant tenant) {
    return QueryPolicy.forTenant(tenant, maxRows);
  }

  /**
   * The allowlisted tables and views with their columns as the database reports them, sorted by
   * name; an allowlisted name the database does not have is left out.
   */
  public List<TableSchema> tables() throws WarehouseException {
    return connections.reader().describe(allowlist.tables().stream().sorted().toList());
  }

  public SqlAllowlist allowlist() {
    return allowlist;
  }

  /**
   * What the query tool tells the model about the engine's types: the engine's own ({@link
   * Builder#engine}), else {@link QueryTyping#STANDARD}.
   */
  public QueryTyping typing() {
    return engine == null ? QueryTyping.STANDARD : engine.typing();
  }

  /** What the host said about the warehouse, for the query tool's description. */
  public WarehouseNotes notes() {
    return notes;
  }

  /** The default time one query may run. */
  public Duration queryTimeout() {
    return queryTimeout;
  }

  /** The default row cap of one query. */
  public int maxRows() {
    return maxRows;
  }

  /** The most UTF-8 bytes of JSON one query's result may have. */
  public int maxResultBytes() {
    return maxResultBytes;
  }

  @Override
  public void close() {
    connections.close();
  }

  /** {@code timeout} if it is above zero and at most an hour. */
  static Duration requireTimeout(Duration timeout) {
    Objects.requireNonNull(timeout, "queryTimeout");
    if (timeout.isNegative() || timeout.isZero() || timeout.compareTo(Duration.ofHours(1)) > 0) {
      throw new IllegalArgumentException(
          "query timeout must be above 0 and at most 1h, was " + timeout);
    }
    return timeout;
  }

  /**
   * Configures a warehouse; exactly one backend ({@code dataSource}, {@code hikari} or {@code
   * jdbcUrl}).
   */
  public static final class Builder {

    private final SqlAllowlist allowlist;
    private @Nullable DataSource dataSource;
    private @Nullable HikariConfig hikari;
    private @Nullable String jdbcUrl;
    private int poolSize = JdbcPools.DEFAULT_POOL_SIZE;
    private WarehouseNotes notes = WarehouseNotes.NONE;
    private Duration queryTimeout = DEFAULT_QUERY_TIMEOUT;
    private int maxRows = DEFAULT_MAX_ROWS;
    private int maxResultBytes = DEFAULT_MAX_RESULT_BYTES;
    private @Nullable TenantDataSources tenantSources;
    private @Nullable WarehouseEngine engine;
    private int maxConcurrentQueriesPerTenant = DEFAULT_MAX_CONCURRENT_QUERIES_PER_TENANT;
    private boolean filtersAlone;

    private Builder(SqlAllowlist allowlist) {
      this.allowlist = Objects.requireNonNull(allowlist, "allowlist");
    }

    /**
     * Queries one tenant (the unconfined reader counted as one) runs at once, at least 1 (default
     * {@value #DEFAULT_MAX_CONCURRENT_QUERIES_PER_TENANT}); a query over it waits its turn, at most
     * its timeout, so one tenant's flood queues behind itself and not in the shared pool.
     */
    public Builder maxConcurrentQueriesPerTenant(int value) {
      if (value < 1) {
        throw new IllegalArgumentException(
            "maxConcurrentQueriesPerTenant must be at least 1, was " + value);
      }
      this.maxConcurrentQueriesPerTenant = value;
      return this;
    }

    /**
     * The engine the data source belongs to: its value mapping reads the results, its typing is
     * what the query tool says of types, and it checks the pool a URL or {@link #hikari} opens. By
     * default the engine that supports the {@link #jdbcUrl} or {@link #hikari} URL, else the engine
     * named as the allowlist's dialect, else none (JDBC's type codes alone).
     */
    public Builder engine(WarehouseEngine engine) {
      this.engine = Objects.requireNonNull(engine, "engine");
      return this;
    }

    /**
     * The host's own data source; the warehouse borrows from it and never closes it. Its identity
     * should be able to read the allowlisted tables and nothing more: the allowlist decides what is
     * asked, the database's privileges are the guard behind it.
     */
    public Builder dataSource(DataSource dataSource) {
      this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
      return this;
    }

    /**
     * A HikariCP pool configured by a copy of {@code config}, opened and closed by the warehouse.
     */
    public Builder hikari(HikariConfig config) {
      this.hikari = Objects.requireNonNull(config, "config");
      return this;
    }

    /**
     * A pool of {@link #poolSize} connections to {@code jdbcUrl}, opened and closed by the
     * warehouse.
     */
    public Builder jdbcUrl(String jdbcUrl) {
      this.jdbcUrl = Objects.requireNonNull(jdbcUrl, "jdbcUrl");
      return this;
    }

    /**
     * Connections of the pool {@link #jdbcUrl} opens, 1..64; {@value JdbcPools#DEFAULT_POOL_SIZE}
     * by default.
     */
    public Builder poolSize(int poolSize) {
      if (poolSize < 1 || poolSize > 64) {
        throw new IllegalArgumentException("poolSize must be 1..64, was " + poolSize);
      }
      this.poolSize = poolSize;
      return this;
    }

    /** What the tables mean, shown to models; none by default. */
    public Builder notes(WarehouseNotes notes) {
      this.notes = Objects.requireNonNull(notes, "notes");
      return this;
    }

    /** How long one query may run by default, above 0 and at most 1h; 10 s by default. */
    public Builder queryTimeout(Duration timeout) {
      this.queryTimeout = requireTimeout(timeout);
      return this;
    }

    /** The row cap of one query by default, 1..1,000,000; 10,000 by default. */
    public Builder maxRows(int maxRows) {
      if (maxRows < 1 || maxRows > MAX_ROWS_LIMIT) {
        throw new IllegalArgumentException(
            "maxRows must be 1.." + MAX_ROWS_LIMIT + ", was " + maxRows);
      }
      this.maxRows = maxRows;
      return this;
    }

    /**
     * The most UTF-8 bytes of JSON ({@link QueryResult#toJson()}) one query's result may have,
     * {@value #MIN_RESULT_BYTES}..{@value #MAX_RESULT_BYTES}; 1 MiB by default. Rows are counted
     * while they are read and reading stops at the first that passes it, so no larger result is
     * ever held. Keep it at most Code Mode's {@code maxHostCallBytes}, which refuses a larger tool
     * result only after it was built.
     */
    public Builder maxResultBytes(int maxResultBytes) {
      if (maxResultBytes < MIN_RESULT_BYTES || maxResultBytes > MAX_RESULT_BYTES) {
        throw new IllegalArgumentException(
            "maxResultBytes must be "
                + MIN_RESULT_BYTES
                + ".."
                + MAX_RESULT_BYTES
                + ", was "
                + maxResultBytes);
      }
      this.maxResultBytes = maxResultBytes;
      return this;
    }

    /**
     * Serves tenants on the reader's connections, confined by the allowlist's row filters alone:
     * for data whose tenants may learn each other's values, since a query can read another tenant's
     * values through errors the database raises before the filter applies. Without it (and without
     * {@link #tenantDataSources}) a tenant's query is refused with kind {@code NOT_CONFINED},
     * whatever the engine: the confinement is stated, never assumed.
     */
    public Builder confineTenantsByFiltersAlone() {
      this.filtersAlone = true;
      return this;
    }

    /** Runs each tenant's queries on its own data source as well as behind the row filters. */
    public Builder tenantDataSources(TenantDataSources sources) {
      this.tenantSources = Objects.requireNonNull(sources, "sources");
      return this;
    }

    /**
     * Opens the backend and checks that one connection can be had.
     *
     * @throws WarehouseException of kind {@code UNAVAILABLE} when no connection can be had
     * @throws IllegalStateException when not exactly one backend was given
     */
    public Warehouse build() throws WarehouseException {
      int backends =
          (dataSource == null ? 0 : 1) + (hikari == null ? 0 : 1) + (jdbcUrl == null ? 0 : 1);
      if (backends != 1) {
        throw new IllegalStateException(
            "a warehouse needs exactly one backend, got "
                + backends
                + ": call one of dataSource(...), hikari(...) or jdbcUrl(...)");
      }
      String url = jdbcUrl != null ? jdbcUrl : hikari != null ? hikari.getJdbcUrl() : null;
      WarehouseEngine engine = this.engine;
      if (engine == null && url != null) {
        engine = WarehouseEngines.find(url);
      }
      if (engine == null) {
        engine = WarehouseEngines.named(allowlist.dialect().name());
      }
      ValueMapping values = engine == null ? ValueMapping.STANDARD : engine;
      JdbcBackend backend;
      if (dataSource != null) {
        backend = new JdbcBackend(dataSource, false, values);
      } else if (hikari != null) {
        if (engine != null) {
          engine.checkPool(hikari);
        }
        backend = new JdbcBackend(JdbcPools.open(hikari), true, values);
      } else {
        // The count above leaves only the URL.
        HikariConfig config =
            engine == null
                ? JdbcPools.config(Objects.requireNonNull(jdbcUrl), null, null)
                : engine.pool(Objects.requireNonNull(jdbcUrl), null, null);
        config.setMaximumPoolSize(poolSize);
        backend = new JdbcBackend(JdbcPools.open(config), true, values);
      }
      try {
        backend.check();
      } catch (WarehouseException e) {
        backend.close();
        throw e;
      }
      return new Warehouse(
          allowlist,
          new WarehouseConnections(
              backend,
              tenantSources,
              values,
              new TenantQueryGate(maxConcurrentQueriesPerTenant),
              filtersAlone),
          engine,
          notes,
          queryTimeout,
          maxRows,
          maxResultBytes);
    }
  }
}
