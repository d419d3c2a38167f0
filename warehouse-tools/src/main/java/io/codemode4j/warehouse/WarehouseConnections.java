package io.codemode4j.warehouse;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The connections a {@link Warehouse} reads through: the reader's backend, and each tenant's own
 * where the host confines tenants in the database too ({@link TenantDataSources}), opened at the
 * tenant's first query and kept until close. Decided: a class of its own, as HikariCP keeps the
 * pool apart from what uses it, so that warehouses differing only in their allowlist ({@link
 * Warehouse#withAllowlist}) share one set of connections.
 */
final class WarehouseConnections implements AutoCloseable {

  private final JdbcBackend reader;
  private final @Nullable TenantDataSources tenantSources;
  private final ValueMapping values;
  private final TenantQueryGate gate;

  /** Whether tenants may be served on the reader's connections, behind the row filters alone. */
  private final boolean filtersAlone;

  private final ConcurrentHashMap<SchemaKey, SqlAllowlist> schemaAllowlists =
      new ConcurrentHashMap<>();

  /** Guarded by itself; {@code closed} too. */
  private final Map<Tenant, JdbcBackend> tenants = new HashMap<>();

  private boolean closed;

  WarehouseConnections(
      JdbcBackend reader,
      @Nullable TenantDataSources tenantSources,
      ValueMapping values,
      TenantQueryGate gate,
      boolean filtersAlone) {
    this.reader = reader;
    this.tenantSources = tenantSources;
    this.values = values;
    this.gate = gate;
    this.filtersAlone = filtersAlone;
  }

  /** How many queries each tenant runs at once, shared by every warehouse of these connections. */
  TenantQueryGate gate() {
    return gate;
  }

  /** The reader's backend, which also reads the catalog. */
  JdbcBackend reader() {
    return reader;
  }

  /**
   * The allowlist {@code policy}'s queries are approved by: {@code allowlist}, or the same in the
   * tenant's own schema where its connections read one ({@link TenantDataSources#schema}).
   */
  SqlAllowlist allowlistFor(SqlAllowlist allowlist, QueryPolicy policy) {
    if (tenantSources == null || policy.tenant().isEmpty()) {
      return allowlist;
    }
    String schema = tenantSources.schema(policy.tenant().get());
    if (schema == null) {
      return allowlist;
    }
    // Keyed by the allowlist too: warehouses of one set of connections differ in their allowlist.
    return schemaAllowlists.computeIfAbsent(
        new SchemaKey(allowlist, schema), key -> allowlist.inSchema(schema));
  }

  /** An allowlist and a tenant schema it renders into. */
  private record SchemaKey(SqlAllowlist allowlist, String schema) {}

  /**
   * The backend {@code policy}'s queries run on: its tenant's own, else the reader's. A tenant's
   * own connections are opened at its first query and proven confined to its rows of {@code
   * allowlist}'s tables first ({@link TenantConfinement}), each probe within {@code timeout};
   * connections that fail the proof are closed and the query fails with it, so a tenant whose
   * database was fixed is served at its next query. Without connections of its own a tenant is
   * served on the reader's only when the host said its row filters alone may confine it, or when no
   * table is keyed by tenant.
   */
  JdbcBackend forPolicy(QueryPolicy policy, SqlAllowlist allowlist, Duration timeout)
      throws WarehouseException {
    if (policy.tenant().isEmpty()) {
      return reader;
    }
    Tenant tenant = policy.tenant().get();
    if (tenantSources == null) {
      if (filtersAlone || allowlist.tables().stream().allMatch(t -> shared(allowlist, t))) {
        return reader;
      }
      throw TenantConfinement.unstated(tenant);
    }
    JdbcBackend open = openTenant(tenant);
    if (open != null) {
      return open;
    }
    // Opened and proven outside the lock, so that one tenant's proof never holds up another's
    // queries; two first queries of one tenant may both prove, and the second keeps the first's.
    JdbcBackend opened = new JdbcBackend(tenantSources.open(tenant), true, values);
    try {
      TenantConfinement.prove(opened, allowlist, tenant, timeout);
    } catch (WarehouseException | RuntimeException e) {
      opened.close();
      throw e;
    }
    synchronized (tenants) {
      JdbcBackend raced = openTenant(tenant);
      if (raced != null) {
        opened.close();
        return raced;
      }
      tenants.put(tenant, opened);
      return opened;
    }
  }

  private static boolean shared(SqlAllowlist allowlist, String table) {
    return allowlist.scope(table) instanceof TenantScope.Shared;
  }

  /** The tenant's proven connections, or {@code null} when it has none yet. */
  private @Nullable JdbcBackend openTenant(Tenant tenant) throws WarehouseException {
    synchronized (tenants) {
      if (closed) {
        throw new WarehouseException(
            WarehouseException.Kind.UNAVAILABLE, "the warehouse is closed");
      }
      return tenants.get(tenant);
    }
  }

  @Override
  public void close() {
    synchronized (tenants) {
      closed = true;
      tenants.values().forEach(JdbcBackend::close);
      tenants.clear();
    }
    reader.close();
  }
}
