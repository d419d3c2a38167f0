package io.codemode4j.warehouse;

import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The proof that a tenant's own connections ({@link TenantDataSources}) read no other tenant's row,
 * run when they are opened and before any of the tenant's queries: for each allowlisted table that
 * is not shared, the allowlist's probe of a row outside the tenant's scope ({@link
 * SqlAllowlist#foreignRowProbe}) must answer nothing on those connections.
 *
 * <p>Decided: the database's own confinement (row-level security, a view per tenant) is what keeps
 * the error side channels of the row filters closed, so it is proven, not assumed; a connection
 * that shows one foreign row is refused, and so is one whose proof cannot finish (a probe that
 * fails or times out), fail-closed. The probes read at most one row each, through the tenant's
 * connections as every query does, so they prove what those queries will see; views are probed too,
 * since a view that runs with its owner's rights passes the rows of every tenant.
 */
final class TenantConfinement {

  /** Enough for the one row of one constant column a probe may answer. */
  private static final int PROBE_RESULT_BYTES = Warehouse.MIN_RESULT_BYTES;

  private TenantConfinement() {}

  /**
   * Proves {@code tenant}'s connections {@code backend} confined to its rows of the tables of
   * {@code allowlist} (the tenant's own, rendering into its schema where it has one).
   *
   * @throws WarehouseException of kind {@code NOT_CONFINED} naming the first table that shows a
   *     foreign row, or when a probe fails or times out, with what to do
   */
  static void prove(JdbcBackend backend, SqlAllowlist allowlist, Tenant tenant, Duration timeout)
      throws WarehouseException {
    for (String table : inProofOrder(allowlist)) {
      String probe;
      try {
        probe = allowlist.foreignRowProbe(table, tenant);
      } catch (SqlRefusedException e) {
        throw notConfined(tenant, "its proof for " + table + " cannot be rendered", e);
      }
      if (probe == null) {
        continue;
      }
      QueryResult result;
      try {
        result = backend.execute(probe, 1, PROBE_RESULT_BYTES, timeout);
      } catch (WarehouseException e) {
        if (e.kind() == WarehouseException.Kind.INTERRUPTED) {
          throw e;
        }
        throw notConfined(
            tenant,
            "the query proving "
                + table
                + " confined failed ("
                + e.getMessage()
                + "); a tenant's connections must read its rows of every allowlisted table"
                + (e.kind() == WarehouseException.Kind.TIMEOUT
                    ? " within the query timeout, so index the key column or raise the timeout"
                    : ""),
            e);
      }
      if (!result.rows().isEmpty()) {
        throw notConfined(
            tenant,
            "they read a row of "
                + table
                + " that is not its own ("
                + outside(Objects.requireNonNull(allowlist.scope(table)), tenant)
                + ")",
            null);
      }
    }
  }

  /**
   * The refusal of a tenant's query on a warehouse without connections of each tenant's own, whose
   * host did not say its row filters alone may confine tenants. Decided: fail closed by default,
   * since a filter in SQL is evaluated by the engine, which may raise an error on another tenant's
   * row before the filter applies ({@link TenantDataSources}); serving tenants so is a decision the
   * host states ({@link Warehouse.Builder#confineTenantsByFiltersAlone}).
   */
  static WarehouseException unstated(Tenant tenant) {
    return new WarehouseException(
        WarehouseException.Kind.NOT_CONFINED,
        "the warehouse would confine tenant "
            + named(tenant)
            + " by row filters alone, which let a query read another tenant's values through"
            + " errors the database raises before the filter applies, so its queries are refused:"
            + " give the warehouse each tenant's own connections, which the database confines"
            + " (Warehouse.Builder.tenantDataSources, a user per tenant; docs/security.md,"
            + " \"Tenancy on a server database\"), or, for data whose tenants may learn each other's values, call"
            + " Warehouse.Builder.confineTenantsByFiltersAlone()",
        null);
  }

  /**
   * The allowlist's tables, those keyed by a column of their own first, then those keyed through a
   * parent, each by name: a leak is reported at its root (a parent's policy) before what it leaks
   * into (its children), and the same setup always names the same table.
   */
  private static List<String> inProofOrder(SqlAllowlist allowlist) {
    return allowlist.tables().stream()
        .sorted(
            Comparator.comparing(
                    (String table) -> allowlist.scope(table) instanceof TenantScope.ThroughParent)
                .thenComparing(Comparator.naturalOrder()))
        .toList();
  }

  /** Which rows of a table are another tenant's, in words. */
  private static String outside(TenantScope scope, Tenant tenant) {
    return switch (scope) {
      case TenantScope.ByColumn key ->
          "its " + key.column() + " is none of " + String.join(", ", key.values(tenant));
      case TenantScope.ThroughParent parent ->
          "its "
              + parent.column()
              + " names no row of "
              + parent.parentTable()
              + " that is "
              + named(tenant)
              + "'s";
      // A shared table has no probe.
      case TenantScope.Shared shared -> "every tenant's";
    };
  }

  private static WarehouseException notConfined(
      Tenant tenant, String why, @Nullable Throwable cause) {
    return new WarehouseException(
        WarehouseException.Kind.NOT_CONFINED,
        "the database does not confine the connections of tenant "
            + named(tenant)
            + " to its rows: "
            + why
            + ", so its queries are refused. Have the database confine the tenant's user"
            + " (row-level security on each table and security_invoker views on PostgreSQL, row"
            + " filters on Trino, a view per tenant on MariaDB;"
            + " docs/security.md, \"Tenancy on a server database\", links each engine's SQL),"
            + " then try again",
        cause);
  }

  /** The tenant's values for a message, sorted: {@code apac, emea}. */
  private static String named(Tenant tenant) {
    return String.join(", ", tenant.values().stream().sorted().toList());
  }
}
