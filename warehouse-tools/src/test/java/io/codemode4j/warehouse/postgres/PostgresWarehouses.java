package io.codemode4j.warehouse.postgres;

import com.zaxxer.hikari.HikariConfig;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.warehouse.JdbcPools;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.billing.BillingSample;

/** The sample warehouse on the test PostgreSQL, as a host would open it. */
public final class PostgresWarehouses {

  private PostgresWarehouses() {}

  /**
   * The analyst's warehouse; each tenant's queries run as its own role ({@code tenant_<value>}), so
   * row-level security confines them as well as the allowlist's filters.
   */
  public static Warehouse open() throws WarehouseException {
    return Warehouse.builder(BillingPostgres.allowlist(TestPostgres.SCHEMA))
        .hikari(config(TestPostgres.READER))
        .notes(BillingSample.notes(Dialect.postgres(TestPostgres.SCHEMA)))
        .tenantDataSources(
            tenant -> {
              if (tenant.values().size() != 1) {
                throw new WarehouseException(
                    WarehouseException.Kind.UNAVAILABLE,
                    "the test PostgreSQL has one role per single tenant, not " + tenant.values());
              }
              return JdbcPools.open(config("tenant_" + tenant.values().iterator().next()));
            })
        .build();
  }

  public static HikariConfig config(String role) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(TestPostgres.url() + "?readOnly=true&readOnlyMode=always");
    config.setUsername(role);
    config.setPassword(TestPostgres.PASSWORD);
    config.setMaximumPoolSize(2);
    return config;
  }
}
