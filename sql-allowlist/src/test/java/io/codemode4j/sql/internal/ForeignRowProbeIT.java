package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import java.sql.SQLException;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link SqlAllowlist#foreignRowProbe} over the sample in DuckDB: on a database holding only the
 * tenant's rows every probe answers nothing; on one holding more, the probe of each table that
 * holds another tenant's rows answers one, a child whose parent is confined included.
 */
class ForeignRowProbeIT {

  private static final SqlAllowlist ALLOWLIST = SampleTables.allowlist();
  private static final Tenant EMEA = Tenant.of("emea");

  private static Warehouse everything;
  private static Warehouse emeaOnly;
  private static Warehouse emeaButEveryLine;

  @BeforeAll
  static void loadWarehouses() throws SQLException {
    everything = Warehouse.all();
    emeaOnly = Warehouse.onlyRegions(Set.of("emea"));
    emeaButEveryLine = Warehouse.onlyRegionsButEveryLine(Set.of("emea"));
  }

  @AfterAll
  static void closeWarehouses() throws SQLException {
    everything.close();
    emeaOnly.close();
    emeaButEveryLine.close();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"customers", "invoices", "invoice_summary", "invoice_lines"})
  void foreignRowProbe_tenantsRowsAlone_answersNoRow(String table) throws Exception {
    assertThat(emeaOnly.query(probe(table, EMEA)).rows()).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"customers", "invoices", "invoice_summary", "invoice_lines"})
  void foreignRowProbe_everyRow_answersOneForeignRow(String table) throws Exception {
    assertThat(everything.query(probe(table, EMEA)).rows()).hasSize(1);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"customers, 0", "invoices, 0", "invoice_summary, 0", "invoice_lines, 1"})
  void foreignRowProbe_childNotConfined_answersItsForeignRowOnly(String table, int rows)
      throws Exception {
    assertThat(emeaButEveryLine.query(probe(table, EMEA)).rows()).hasSize(rows);
  }

  @Test
  void foreignRowProbe_tenantOfEveryRegion_answersNoRow() throws Exception {
    Tenant every = Tenant.of("americas", "apac", "emea");

    for (String table : ALLOWLIST.tables()) {
      assertThat(everything.query(probe(table, every)).rows()).as(table).isEmpty();
    }
  }

  @Test
  void foreignRowProbe_keyThatCanHoldNoneOfTheValues_findsEveryRowForeign() throws Exception {
    SqlAllowlist numbers =
        SqlAllowlist.builder()
            .table("invoices", new TenantScope.ByColumn("customer_id", TenantScope.KeyType.INTEGER))
            .build();

    String sql = numbers.foreignRowProbe("invoices", EMEA);

    assertThat(sql).contains("NOT FALSE");
    assertThat(emeaOnly.query(sql).rows()).hasSize(1);
  }

  @Test
  void foreignRowProbe_sharedTable_isNull() throws Exception {
    SqlAllowlist shared =
        SqlAllowlist.builder().table("customers", new TenantScope.Shared()).build();

    assertThat(shared.foreignRowProbe("customers", EMEA)).isNull();
  }

  @Test
  void foreignRowProbe_tableNotAllowlisted_isRefusedNamingIt() {
    assertThatThrownBy(() -> ALLOWLIST.foreignRowProbe("payroll", EMEA))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("payroll is not allowlisted");
  }

  @Test
  void foreignRowProbe_inSchema_readsTheTenantsSchema() throws Exception {
    String sql = ALLOWLIST.inSchema("tenant_emea").foreignRowProbe("invoice_lines", EMEA);

    assertThat(sql).contains("\"tenant_emea\".\"invoice_lines\"");
    assertThat(sql).contains("\"tenant_emea\".\"invoices\"");
    assertThat(sql).doesNotContain("\"main\"");
  }

  private static String probe(String table, Tenant tenant) throws Exception {
    String sql = ALLOWLIST.foreignRowProbe(table, tenant);
    assertThat(sql).as(table).isNotNull();
    return sql;
  }
}
