package io.codemode4j.warehouse;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.Tenant;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * How many queries each tenant runs at once: at most {@code perTenant}, the unconfined reader
 * counted as one tenant of its own; a query over it waits its turn, at most its own timeout.
 *
 * <p>Decided: a tenant's flood (many passes, each with its {@code Promise.all}) queues behind
 * itself, not in the shared pool, so the other tenants' queries still find connections and the
 * database's own resources are shared by tenants, not by whoever sends most. Waiting rather than
 * refusing at once keeps a program's {@code Promise.all} of a few queries working; the wait is
 * bounded by the query's timeout and then fails as a timeout saying why.
 */
final class TenantQueryGate {

  /** A place held; closing it gives it back. */
  interface Permit extends AutoCloseable {
    @Override
    void close();
  }

  private final int perTenant;
  private final ConcurrentHashMap<Tenant, Semaphore> byTenant = new ConcurrentHashMap<>();
  private final Semaphore unconfined;

  TenantQueryGate(int perTenant) {
    if (perTenant < 1) {
      throw new IllegalArgumentException(
          "maxConcurrentQueriesPerTenant must be at least 1, was " + perTenant);
    }
    this.perTenant = perTenant;
    this.unconfined = new Semaphore(perTenant, true);
  }

  /**
   * A place for one query of {@code policy}'s tenant, waiting at most {@code wait}.
   *
   * @throws WarehouseException {@code TIMEOUT} when none freed in time, {@code INTERRUPTED} when
   *     the caller was interrupted while waiting
   */
  Permit enter(QueryPolicy policy, Duration wait) throws WarehouseException {
    Semaphore places =
        policy.tenant().isEmpty()
            ? unconfined
            : byTenant.computeIfAbsent(policy.tenant().get(), t -> new Semaphore(perTenant, true));
    try {
      if (!places.tryAcquire(wait.toNanos(), TimeUnit.NANOSECONDS)) {
        throw new WarehouseException(
            WarehouseException.Kind.TIMEOUT,
            "waited "
                + wait.toMillis()
                + " ms for one of the "
                + perTenant
                + " queries "
                + (policy.tenant().isEmpty() ? "the unconfined reader" : "this tenant")
                + " may run at once (maxConcurrentQueriesPerTenant): run fewer queries at once",
            null);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new WarehouseException(
          WarehouseException.Kind.INTERRUPTED, "interrupted while waiting to run the query", e);
    }
    return places::release;
  }
}
