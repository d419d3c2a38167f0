package io.codemode4j.warehouse.trino;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The lockdown Trino enforces by itself, as file-based system access control rules. Tenants map to
 * Trino users: {@code analyst} reads every region of the allowlisted tables, {@code
 * analyst_<region>} (one user per tenant region, e.g. {@code analyst_emea}) reads the same tables
 * through a row filter on that region; {@code invoice_lines} gets its invoice's region from the
 * loader (a filter through the parent invoice leaked through errors, see TrinoLockdownIT). {@link
 * #WRITER} owns the {@code hive.billing} schema and loads it; no other user may write, read another
 * catalog (the {@code system} catalog included: its {@code runtime.queries} shows other users'
 * SQL), another schema or table, impersonate, or set any session property.
 */
public final class TrinoRules {

  /** The identity that creates the schema and the external tables over the parquet files. */
  public static final String WRITER = "writer";

  /** The analyst of every region (the library's unscoped reader). */
  public static final String ANALYST = "analyst";

  /** The tenant regions that get a user of their own. */
  public static final List<String> REGIONS = List.of("emea", "apac", "americas");

  /** The catalog and schema the sample lives in. */
  public static final String SCHEMA = "hive.billing";

  /** The allowlisted relations: BillingSample's three tables and its view. */
  public static final List<String> TABLES =
      List.of("customers", "invoices", "invoice_lines", "invoice_summary");

  private TrinoRules() {}

  /** The Trino user of one tenant region. */
  public static String tenantUser(String region) {
    return ANALYST + "_" + region;
  }

  /** The rules file's JSON. */
  public static String json() {
    String regional = "customers|invoices|invoice_lines|invoice_summary";
    String tenants =
        REGIONS.stream()
            .map(
                r ->
                    """
                    {"user": "%1$s", "catalog": "hive", "schema": "billing", "table": "%2$s",
                     "privileges": ["SELECT"], "filter": "region = '%3$s'"},
                    """
                        .formatted(tenantUser(r), regional, r))
            .collect(Collectors.joining());
    return """
        {
          "catalogs": [
            {"user": "%1$s", "allow": "all"},
            {"user": "%2$s(_[a-z]+)?", "catalog": "hive", "allow": "read-only"},
            {"allow": "none"}
          ],
          "schemas": [
            {"user": "%1$s", "owner": true},
            {"owner": false}
          ],
          "tables": [
            {"user": "%1$s", "privileges": ["SELECT", "INSERT", "DELETE", "UPDATE", "OWNERSHIP", "GRANT_SELECT"]},
            %3$s
            {"user": "%2$s", "catalog": "hive", "schema": "billing", "table": "%4$s", "privileges": ["SELECT"]},
            {"privileges": []}
          ],
          "system_session_properties": [
            {"user": "%1$s", "allow": true},
            {"allow": false}
          ],
          "catalog_session_properties": [
            {"user": "%1$s", "allow": true},
            {"allow": false}
          ],
          "impersonation": [],
          "queries": [
            {"user": "%1$s", "allow": ["execute", "kill", "view"]},
            {"allow": ["execute"]}
          ],
          "system_information": [
            {"user": "%1$s", "allow": ["read"]}
          ]
        }
        """
        .formatted(WRITER, ANALYST, tenants, String.join("|", TABLES));
  }
}
