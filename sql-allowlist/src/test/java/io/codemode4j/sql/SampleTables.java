package io.codemode4j.sql;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The tables the allowlist's tests query: those of the bundled billing sample, with its tenant
 * scopes. The sample itself lives in warehouse-tools ({@code BillingSample}); this module only
 * needs its shape, so the tests name it here and the allowlist ships without any tables.
 */
public final class SampleTables {

  /** Each table and the view, with how it is confined to a tenant's regions. */
  public static final Map<String, TenantScope> SCOPES = scopes();

  /** The sample's names for the refusals' examples and advice, as warehouse-tools gives them. */
  public static final SchemaExamples EXAMPLES =
      new SchemaExamples(
          "invoices",
          "customers",
          "customer_id",
          "status",
          "paid",
          "region",
          "issued_on",
          "paid_on",
          "amount_cents");

  private SampleTables() {}

  /** An allowlist of the sample's tables with every default. */
  public static SqlAllowlist allowlist() {
    return builder().build();
  }

  /** A builder holding the sample's tables, for tests that change another setting. */
  public static SqlAllowlist.Builder builder() {
    SqlAllowlist.Builder builder = SqlAllowlist.builder().examples(EXAMPLES);
    SCOPES.forEach(builder::table);
    return builder;
  }

  private static Map<String, TenantScope> scopes() {
    Map<String, TenantScope> scopes = new LinkedHashMap<>();
    scopes.put("customers", TenantScope.byColumn("region"));
    scopes.put("invoices", TenantScope.byColumn("region"));
    scopes.put("invoice_summary", TenantScope.byColumn("region"));
    scopes.put("invoice_lines", TenantScope.throughParent("invoice_id", "invoices", "invoice_id"));
    return java.util.Collections.unmodifiableMap(scopes);
  }
}
