package io.codemode4j.warehouse.postgres;

import com.zaxxer.hikari.HikariConfig;
import io.codemode4j.warehouse.JdbcPools;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.billing.BillingPostgres;
import io.codemode4j.warehouse.billing.BillingSample;

/** The sample warehouse on the test PostgreSQL, as a host would open it. */
public final class PostgresWarehouses {

  private PostgresWarehouses() {}

  /**
   * The analyst's warehouse; each tenant's queries run as its own role ({@link
   * TestPostgres#tenantRole}), so row-level security confines them as well as the allowlist's
   * filters.
   */
  public static Warehouse open() throws WarehouseException {
    return Warehouse.builder(BillingPostgres.allowlist(TestPostgres.SCHEMA))
        .hikari(config(TestPostgres.READER))
        .notes(BillingSample.description(TestPostgres.sampleDir()).notes())
        .tenantDataSources(tenant -> JdbcPools.open(config(TestPostgres.tenantRole(tenant))))
        .build();
  }

  /** A pool of {@link JdbcPools#DEFAULT_POOL_SIZE} read-only connections as {@code role}. */
  public static HikariConfig config(String role) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(TestPostgres.url() + "?readOnly=true&readOnlyMode=always");
    config.setUsername(role);
    config.setPassword(TestPostgres.PASSWORD);
    config.setMaximumPoolSize(JdbcPools.DEFAULT_POOL_SIZE);
    return config;
  }
}
