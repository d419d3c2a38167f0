package io.codemode4j.engine.trino;

import io.codemode4j.sql.Tenant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The identities a Trino warehouse reads through, locked down by Trino itself: the rules of Trino's
 * file-based system access control ({@code access-control.name=file}, {@code
 * security.config-file=rules.json}). What the allowlist might miss, Trino refuses.
 *
 * <p>Decided (each measured by {@code TrinoLockdownIT} with the allowlist bypassed):
 *
 * <ul>
 *   <li>the owner alone may write, own the schema, set session properties and see other users'
 *       queries; every other user reads the catalog read-only, no other catalog, and only the
 *       listed tables and views, with SELECT alone; of the {@code system} catalog only the {@code
 *       jdbc} tables that JDBC's metadata calls read (Trino lists in them only what the user may
 *       read), never {@code runtime.queries}, which shows other users' SQL;
 *   <li>tenants are users: each tenant's user reads every listed base table through a row filter on
 *       that table's own tenant column ({@code "region" IN ('emea')}), the reader of every tenant
 *       without one. A filter on the table's own column, not one through a parent table: Trino
 *       evaluated a query's failing predicate before a filter's semi join (so an error told another
 *       tenant's rows apart), never before a column filter;
 *   <li>views are {@code SECURITY INVOKER}: Trino reads their tables as the caller, with the
 *       caller's row filters, so a view needs no rule of its own and cannot widen what a tenant
 *       reads.
 * </ul>
 *
 * <p>Users are matched by name exactly (each name a quoted regular expression), so a tenant's user
 * named {@code analyst_emea} never matches {@code analyst_emea2}.
 *
 * @param catalog the catalog of the tables
 * @param schema the schema of the tables
 * @param tables each listed base table with its tenant column
 * @param views the listed {@code SECURITY INVOKER} views over those tables
 * @param owner the user that creates and loads the schema
 */
public record TrinoLockdown(
    String catalog, String schema, Map<String, String> tables, Set<String> views, String owner) {

  private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
  private static final Pattern USER = Pattern.compile("[A-Za-z0-9_.@-]{1,128}");
  private static final JsonMapper JSON = JsonMapper.builder().build();

  public TrinoLockdown {
    requireIdentifier(catalog, "catalog");
    requireIdentifier(schema, "schema");
    Objects.requireNonNull(tables, "tables");
    Objects.requireNonNull(views, "views");
    tables = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tables));
    views = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(views));
    if (tables.isEmpty()) {
      throw new IllegalArgumentException("a Trino lockdown needs at least one table to grant");
    }
    tables.forEach(
        (table, column) -> {
          requireIdentifier(table, "table");
          requireIdentifier(column, "tenant column of " + table);
        });
    views.forEach(view -> requireIdentifier(view, "view"));
    requireUser(owner, "owner");
  }

  /**
   * The rules file: {@code reader} reads every row of the listed tables and views, each user of
   * {@code tenantUsers} its tenant's rows alone, {@link #owner} everything.
   *
   * @throws IllegalArgumentException when a user name is not 1..128 characters of letters, digits
   *     and {@code _ . @ -}, or two identities share a name
   */
  public String rules(String reader, Map<Tenant, String> tenantUsers) {
    requireUser(reader, "reader");
    Set<String> names = new TreeSet<>(List.of(owner, reader));
    tenantUsers.forEach(
        (tenant, user) -> {
          requireUser(user, "user of tenant " + tenant.values());
          names.add(user);
        });
    if (names.size() != 2 + tenantUsers.size()) {
      throw new IllegalArgumentException(
          "the owner, the reader and each tenant need users of their own, got owner "
              + owner
              + ", reader "
              + reader
              + " and tenants "
              + tenantUsers);
    }
    ObjectNode rules = JSON.createObjectNode();
    ArrayNode catalogs = rules.putArray("catalogs");
    catalogs.addObject().put("user", exactly(owner)).put("allow", "all");
    String readers = exactly(names.stream().filter(n -> !n.equals(owner)).toList());
    catalogs
        .addObject()
        .put("user", readers)
        .put("catalog", exactly(List.of(catalog, "system")))
        .put("allow", "read-only");
    catalogs.addObject().put("allow", "none");

    ArrayNode schemas = rules.putArray("schemas");
    schemas.addObject().put("user", exactly(owner)).put("owner", true);
    schemas.addObject().put("owner", false);

    ArrayNode grants = rules.putArray("tables");
    ObjectNode ownerGrant = grants.addObject().put("user", exactly(owner));
    List.of("SELECT", "INSERT", "DELETE", "UPDATE", "OWNERSHIP", "GRANT_SELECT")
        .forEach(ownerGrant.putArray("privileges")::add);
    tenantUsers.entrySet().stream()
        .sorted(Map.Entry.comparingByValue())
        .forEach(
            tenant -> {
              tables.forEach(
                  (table, column) ->
                      select(grants, tenant.getValue(), List.of(table))
                          .put("filter", filter(column, tenant.getKey())));
              if (!views.isEmpty()) {
                select(grants, tenant.getValue(), List.copyOf(views));
              }
            });
    List<String> everything = new java.util.ArrayList<>(tables.keySet());
    everything.addAll(views);
    select(grants, reader, everything);
    // JDBC's DatabaseMetaData reads system.jdbc, which Trino filters to what the user may read.
    ObjectNode metadata =
        grants
            .addObject()
            .put("user", readers)
            .put("catalog", "system")
            .put("schema", "jdbc")
            .put("table", "columns|tables|schemas|catalogs");
    metadata.putArray("privileges").add("SELECT");
    grants.addObject().putArray("privileges");

    ArrayNode systemSession = rules.putArray("system_session_properties");
    systemSession.addObject().put("user", exactly(owner)).put("allow", true);
    systemSession.addObject().put("allow", false);
    ArrayNode catalogSession = rules.putArray("catalog_session_properties");
    catalogSession.addObject().put("user", exactly(owner)).put("allow", true);
    catalogSession.addObject().put("allow", false);
    rules.putArray("impersonation");
    ArrayNode queries = rules.putArray("queries");
    ObjectNode ownQueries = queries.addObject().put("user", exactly(owner));
    List.of("execute", "kill", "view").forEach(ownQueries.putArray("allow")::add);
    queries.addObject().putArray("allow").add("execute");
    rules
        .putArray("system_information")
        .addObject()
        .put("user", exactly(owner))
        .putArray("allow")
        .add("read");
    return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(rules) + "\n";
  }

  private ObjectNode select(ArrayNode grants, String user, List<String> relations) {
    ObjectNode grant =
        grants
            .addObject()
            .put("user", exactly(user))
            .put("catalog", exactly(catalog))
            .put("schema", exactly(schema))
            .put("table", exactly(relations));
    grant.putArray("privileges").add("SELECT");
    return grant;
  }

  /** The row filter of {@code tenant} on a table keyed by {@code column}. */
  private static String filter(String column, Tenant tenant) {
    return '"'
        + column
        + "\" IN ("
        + new TreeSet<>(tenant.values())
            .stream().map(v -> "'" + v + "'").collect(Collectors.joining(", "))
        + ")";
  }

  private static String exactly(String name) {
    return Pattern.quote(name);
  }

  private static String exactly(List<String> names) {
    return names.stream().map(Pattern::quote).collect(Collectors.joining("|"));
  }

  private static void requireIdentifier(String name, String what) {
    Objects.requireNonNull(name, what);
    if (!IDENTIFIER.matcher(name).matches()) {
      throw new IllegalArgumentException(
          what + " '" + name + "' is not valid: use a lowercase identifier [a-z_][a-z0-9_]*");
    }
  }

  private static void requireUser(String name, String what) {
    Objects.requireNonNull(name, what);
    if (!USER.matcher(name).matches()) {
      throw new IllegalArgumentException(
          what
              + " '"
              + name
              + "' is not a valid Trino user here: use 1..128 letters, digits, _ . @ or -");
    }
  }
}
