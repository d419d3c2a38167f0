package io.codemode4j.engine.trino;

import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The relations of one schema a Trino warehouse reads, locked down by Trino itself: what {@link
 * TrinoRules} writes into the rules of Trino's file-based system access control ({@code
 * access-control.name=file}, {@code security.config-file=rules.json}) for the users of a {@link
 * TrinoAccess}. What the allowlist might miss, Trino refuses.
 *
 * <p>Decided (each measured by {@code TrinoLockdownIT} with the allowlist bypassed):
 *
 * <ul>
 *   <li>the owner alone may write, own the schema, set session properties and see other users'
 *       queries; every other user reads the catalog read-only, no other catalog, and only the
 *       listed tables and views, with SELECT alone; of the {@code system} catalog only the {@code
 *       jdbc} tables that JDBC's metadata calls read (Trino lists in them only what the user may
 *       read), never {@code runtime.queries}, which shows other users' SQL;
 *   <li>tenants are users: each tenant's user reads every listed base table keyed by a column
 *       through a row filter on that table's own column ({@code "region" IN ('emea')}), a shared
 *       table whole, the reader of every tenant each table without a filter. Never a filter through
 *       a parent table ({@link TenantScope.ThroughParent} is refused): Trino evaluated a query's
 *       failing predicate before a filter's semi join (so an error told another tenant's rows
 *       apart), never before a column filter. A child table carries its parent's tenant column
 *       instead (a table written with it, read through a view of the child's own columns);
 *   <li>views are {@code SECURITY INVOKER}: Trino reads their tables as the caller, with the
 *       caller's row filters, so a view needs no rule of its own and cannot widen what a tenant
 *       reads. The tables a view reads must be granted to its callers too, in this lockdown or in
 *       another schema's of the same rules.
 * </ul>
 *
 * @param catalog the catalog of the tables
 * @param schema the schema of the tables
 * @param tables each listed base table with how a tenant's rows are found: {@link
 *     TenantScope.ByColumn} or {@link TenantScope.Shared}
 * @param views the listed {@code SECURITY INVOKER} views over those tables (or tables of another
 *     locked-down schema)
 * @param owner the user that creates and loads the schema
 */
public record TrinoLockdown(
    String catalog,
    String schema,
    Map<String, TenantScope> tables,
    Set<String> views,
    String owner) {

  private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
  private static final Pattern USER = Pattern.compile("[A-Za-z0-9_.@-]{1,128}");

  public TrinoLockdown {
    requireIdentifier(catalog, "catalog");
    requireIdentifier(schema, "schema");
    Objects.requireNonNull(tables, "tables");
    Objects.requireNonNull(views, "views");
    // Sorted by name: the rules file then reads the same in every JVM, whatever order the caller's
    // map or set iterates in (Map.of and Set.of change theirs from one JVM to the next).
    tables = Collections.unmodifiableMap(new TreeMap<>(tables));
    views = Collections.unmodifiableSet(new TreeSet<>(views));
    if (tables.isEmpty()) {
      throw new IllegalArgumentException("a Trino lockdown needs at least one table to grant");
    }
    tables.forEach(
        (table, scope) -> {
          requireIdentifier(table, "table");
          Objects.requireNonNull(scope, "tenant scope of " + table);
          if (scope instanceof TenantScope.ThroughParent parent) {
            throw new IllegalArgumentException(
                "table "
                    + table
                    + " is keyed through its parent "
                    + parent.parentTable()
                    + ", which a Trino row filter cannot hold: Trino evaluates a query's failing"
                    + " predicate before the semi join of a filter through the parent, so an"
                    + " error tells another tenant's rows apart. Write the table with its"
                    + " parent's tenant column, key it by that column, and serve the child's own"
                    + " columns through a SECURITY INVOKER view");
          }
        });
    views.forEach(view -> requireIdentifier(view, "view"));
    if (!Collections.disjoint(tables.keySet(), views)) {
      throw new IllegalArgumentException(
          "a relation is listed as a table and as a view: " + tables.keySet() + ", " + views);
    }
    requireUser(owner, "owner");
  }

  /**
   * The rules file of this lockdown alone: {@code reader} reads every row of the listed tables and
   * views, each user of {@code tenantUsers} its tenant's rows alone, {@link #owner} everything.
   *
   * @throws IllegalArgumentException as {@link TrinoAccess} and {@link TrinoRules#json}
   */
  public String rules(String reader, Map<Tenant, String> tenantUsers) {
    return TrinoRules.json(List.of(new TrinoAccess(this, reader, tenantUsers)));
  }

  static void requireUser(String name, String what) {
    Objects.requireNonNull(name, what);
    if (!USER.matcher(name).matches()) {
      throw new IllegalArgumentException(
          what
              + " '"
              + name
              + "' is not a valid Trino user here: use 1..128 letters, digits, _ . @ or -");
    }
  }

  private static void requireIdentifier(String name, String what) {
    Objects.requireNonNull(name, what);
    if (!IDENTIFIER.matcher(name).matches()) {
      throw new IllegalArgumentException(
          what + " '" + name + "' is not valid: use a lowercase identifier [a-z_][a-z0-9_]*");
    }
  }
}
