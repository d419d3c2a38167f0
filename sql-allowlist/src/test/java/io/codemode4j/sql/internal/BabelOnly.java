package io.codemode4j.sql.internal;

import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.sql.dialect.Dialect;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The approver of {@link SqlAllowlist#defaults()} with Calcite's core parser switched off, so that
 * Babel parses every text: for the tests that compare the two parser paths. Built here, not through
 * the builder, because the switch is not API.
 */
final class BabelOnly {

  private BabelOnly() {}

  /** The default tables (as {@code SqlAllowlist.Builder.defaultTables()} lists them) and limits. */
  static Approver defaults() {
    Map<String, TenantScope> tables = new LinkedHashMap<>();
    tables.put("customers", TenantScope.byColumn("region"));
    tables.put("invoices", TenantScope.byColumn("region"));
    tables.put("invoice_summary", TenantScope.byColumn("region"));
    tables.put("invoice_lines", TenantScope.throughParent("invoice_id", "invoices", "invoice_id"));
    return new Approver(
        Dialect.duckDb(),
        new AllowedTables(tables),
        Set.of(),
        SqlAllowlist.DEFAULT_MAX_SQL_BYTES,
        false,
        SqlAllowlist.DEFAULT_APPROVAL_CACHE_SIZE);
  }
}
