package io.codemode4j.warehouse;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.Tenant;
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

  private final ConcurrentHashMap<SchemaKey, SqlAllowlist> schemaAllowlists =
      new ConcurrentHashMap<>();

  /** Guarded by itself; {@code closed} too. */
  private final Map<Tenant, JdbcBackend> tenants = new HashMap<>();

  private boolean closed;

  WarehouseConnections(
      JdbcBackend reader,
      @Nullable TenantDataSources tenantSources,
      ValueMapping values,
      TenantQueryGate gate) {
    this.reader = reader;
    this.tenantSources = tenantSources;
    this.values = values;
    this.gate = gate;
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

  /** The backend {@code policy}'s queries run on: its tenant's own, else the reader's. */
  JdbcBackend forPolicy(QueryPolicy policy) throws WarehouseException {
    if (tenantSources == null || policy.tenant().isEmpty()) {
      return reader;
    }
    Tenant tenant = policy.tenant().get();
    synchronized (tenants) {
      if (closed) {
        throw new WarehouseException(
            WarehouseException.Kind.UNAVAILABLE, "the warehouse is closed");
      }
      JdbcBackend open = tenants.get(tenant);
      if (open == null) {
        open = new JdbcBackend(tenantSources.open(tenant), true, values);
        tenants.put(tenant, open);
      }
      return open;
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
