package io.codemode4j.warehouse;

import io.codemode4j.sql.Tenant;

/**
 * The database user each tenant's queries run as, where the engine itself confines a user to its
 * tenant's rows (PostgreSQL's row-level security per role, Trino's row filters per user): the
 * engine-neutral half of "a user per tenant". The engine's opening (e.g. {@code
 * BillingPostgres.open}) makes each tenant a pool of its own for the user named here and hands it
 * to {@link Warehouse.Builder#tenantDataSources}, so every tenant query runs as that user, still
 * behind the allowlist's filters.
 */
@FunctionalInterface
public interface TenantUsers {

  /**
   * The user whose connections read only {@code tenant}'s rows. Called once per distinct tenant,
   * when its first query runs.
   *
   * @throws WarehouseException when the tenant has no such user (e.g. a tenant of two regions where
   *     each user reads one); the query that asked fails with it
   */
  String user(Tenant tenant) throws WarehouseException;
}
