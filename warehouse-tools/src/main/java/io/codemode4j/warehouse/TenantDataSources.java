package io.codemode4j.warehouse;

import io.codemode4j.sql.Tenant;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * Where a tenant's queries run when the host keeps each tenant's rows apart in the database itself:
 * a file, schema, database or role per tenant.
 *
 * <p>Decided: the allowlist's row filters confine every query, but a filter in SQL is evaluated by
 * the engine, which may evaluate the query's own predicates first; a predicate that fails on one
 * specific row then turns the engine's error into a yes/no probe of another tenant's data (see the
 * hostile corpus). Rows the tenant's connection cannot read cannot be probed, so a warehouse given
 * this hook runs each tenant's queries there, still behind the allowlist's filters, once they are
 * proven to read no other tenant's row. Without it a tenant's queries are refused, unless the host
 * states that the filters alone may confine its tenants ({@link
 * Warehouse.Builder#confineTenantsByFiltersAlone}), which suits data whose tenants trust each
 * other.
 */
@FunctionalInterface
public interface TenantDataSources {

  /**
   * A data source whose connections read only {@code tenant}'s rows. Called once per distinct
   * tenant; the warehouse keeps it until it closes, and then closes it if it is {@link
   * AutoCloseable}.
   *
   * @throws WarehouseException when it cannot be opened; the query that asked fails with it
   */
  DataSource open(Tenant tenant) throws WarehouseException;

  /**
   * The schema {@code tenant}'s connections read the tables from, or {@code null} (the default) for
   * the allowlist's own: an engine without row-level security keeps each tenant's rows behind views
   * of the same names in a schema of its own, and the tenant's queries are rendered into it.
   */
  default @Nullable String schema(Tenant tenant) {
    return null;
  }
}
