package io.codemode4j.engine.trino;

import io.codemode4j.sql.TenantScope;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
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
 * The rules file of Trino's file-based system access control for one or more {@link TrinoAccess}es:
 * several schemas (of one catalog or several), each with its own reader and tenant users, locked
 * down by one coordinator. What each user may do is what {@link TrinoLockdown} decides; a user of
 * one access reads nothing of another's schema unless an access of that schema names it too.
 *
 * <p>Decided: one owner writes every schema of a rules file (it is the one identity Trino lets do
 * everything, so a second would be a second superuser), and each schema is locked down once (two
 * lockdowns of one schema would give its users two rules, of which Trino applies the first).
 */
public final class TrinoRules {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private TrinoRules() {}

  /**
   * The rules file granting each of {@code accesses}, the owner of their lockdowns everything.
   *
   * @throws IllegalArgumentException when there is no access, the lockdowns have different owners,
   *     or two lock down the same schema
   */
  public static String json(List<TrinoAccess> accesses) {
    Objects.requireNonNull(accesses, "accesses");
    if (accesses.isEmpty()) {
      throw new IllegalArgumentException("Trino rules need at least one access to grant");
    }
    String owner = accesses.getFirst().lockdown().owner();
    Set<String> schemas = new HashSet<>();
    for (TrinoAccess access : accesses) {
      TrinoLockdown lockdown = access.lockdown();
      if (!lockdown.owner().equals(owner)) {
        throw new IllegalArgumentException(
            "one owner writes every schema of a rules file, got "
                + owner
                + " and "
                + lockdown.owner());
      }
      if (!schemas.add(lockdown.catalog() + "." + lockdown.schema())) {
        throw new IllegalArgumentException(
            "schema "
                + lockdown.catalog()
                + "."
                + lockdown.schema()
                + " is locked down twice: give it one lockdown and one access");
      }
    }
    Set<String> readers = new TreeSet<>();
    Map<String, Set<String>> usersByCatalog = new LinkedHashMap<>();
    for (TrinoAccess access : accesses) {
      readers.addAll(access.users());
      usersByCatalog
          .computeIfAbsent(access.lockdown().catalog(), c -> new TreeSet<>())
          .addAll(access.users());
    }

    ObjectNode rules = JSON.createObjectNode();
    ArrayNode catalogs = rules.putArray("catalogs");
    catalogs.addObject().put("user", exactly(owner)).put("allow", "all");
    usersByCatalog.forEach(
        (catalog, users) ->
            catalogs
                .addObject()
                .put("user", exactly(List.copyOf(users)))
                .put("catalog", exactly(List.of(catalog, "system")))
                .put("allow", "read-only"));
    catalogs.addObject().put("allow", "none");

    ArrayNode schemaRules = rules.putArray("schemas");
    schemaRules.addObject().put("user", exactly(owner)).put("owner", true);
    schemaRules.addObject().put("owner", false);

    ArrayNode grants = rules.putArray("tables");
    ObjectNode ownerGrant = grants.addObject().put("user", exactly(owner));
    List.of("SELECT", "INSERT", "DELETE", "UPDATE", "OWNERSHIP", "GRANT_SELECT")
        .forEach(ownerGrant.putArray("privileges")::add);
    accesses.forEach(access -> grant(grants, access));
    // JDBC's DatabaseMetaData reads system.jdbc, which Trino filters to what the user may read.
    ObjectNode metadata =
        grants
            .addObject()
            .put("user", exactly(List.copyOf(readers)))
            .put("catalog", "system")
            .put("schema", "jdbc")
            .put("table", "columns|tables|schemas|catalogs");
    metadata.putArray("privileges").add("SELECT");
    grants.addObject().putArray("privileges");

    ArrayNode systemSession = rules.putArray("system_session_properties");
    systemSession.addObject().put("user", exactly(owner)).put("allow", true);
    // TrinoEngine lowers each session's memory limits; Trino keeps the lower of a session's value
    // and the cluster's, so these two can only lower them (resource_overcommit stays refused).
    systemSession
        .addObject()
        .put("property", "query_max_memory|query_max_memory_per_node")
        .put("allow", true);
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

  /**
   * The table rules of {@code access}: each tenant's user (by name) a rule per base table, with the
   * row filter of a table keyed by a column, then one for the views; the reader one for all.
   */
  private static void grant(ArrayNode grants, TrinoAccess access) {
    TrinoLockdown lockdown = access.lockdown();
    access.tenantUsers().entrySet().stream()
        .sorted(Map.Entry.comparingByValue())
        .forEach(
            tenant -> {
              lockdown
                  .tables()
                  .forEach(
                      (table, scope) -> {
                        ObjectNode grant =
                            select(grants, lockdown, tenant.getValue(), List.of(table));
                        // A shared table is read whole; the lockdown holds no other scope.
                        if (scope instanceof TenantScope.ByColumn byColumn) {
                          grant.put(
                              "filter",
                              byColumn.condition('"' + byColumn.column() + '"', tenant.getKey()));
                        }
                      });
              if (!lockdown.views().isEmpty()) {
                select(grants, lockdown, tenant.getValue(), List.copyOf(lockdown.views()));
              }
            });
    List<String> everything = new ArrayList<>(lockdown.tables().keySet());
    everything.addAll(lockdown.views());
    select(grants, lockdown, access.reader(), everything);
  }

  private static ObjectNode select(
      ArrayNode grants, TrinoLockdown lockdown, String user, List<String> relations) {
    ObjectNode grant =
        grants
            .addObject()
            .put("user", exactly(user))
            .put("catalog", exactly(lockdown.catalog()))
            .put("schema", exactly(lockdown.schema()))
            .put("table", exactly(relations));
    grant.putArray("privileges").add("SELECT");
    return grant;
  }

  private static String exactly(String name) {
    return Pattern.quote(name);
  }

  private static String exactly(List<String> names) {
    return names.stream().map(Pattern::quote).collect(Collectors.joining("|"));
  }
}
