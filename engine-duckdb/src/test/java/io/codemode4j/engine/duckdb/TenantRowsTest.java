package io.codemode4j.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import org.junit.jupiter.api.Test;

class TenantRowsTest {

  @Test
  void where_byColumn_keepsTheTenantsValuesSortedAndQuoted() {
    assertThat(TenantRows.where(new TenantScope.ByColumn("region"), Tenant.of("emea", "apac")))
        .isEqualTo(" WHERE region IN ('apac', 'emea')");
  }

  @Test
  void where_throughParent_keepsRowsWhoseParentIsAlreadyLoaded() {
    assertThat(
            TenantRows.where(
                new TenantScope.ThroughParent("invoice_id", "invoices", "invoice_id"),
                Tenant.of("emea")))
        .isEqualTo(" WHERE invoice_id IN (SELECT invoice_id FROM invoices)");
  }

  @Test
  void variant_ofATenant_isItsValuesSortedAndJoined() {
    assertThat(TenantRows.variant(Tenant.of("emea", "apac", "americas")))
        .isEqualTo("americas+apac+emea");
  }
}
