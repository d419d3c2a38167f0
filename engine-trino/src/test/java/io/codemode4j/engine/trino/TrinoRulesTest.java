package io.codemode4j.engine.trino;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The rules file {@link TrinoRules} writes, read back as JSON: which user gets which grant and
 * filter. Trino applying them is measured by {@code TrinoLockdownIT} and {@code
 * TrinoShopLockdownIT}.
 */
class TrinoRulesTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Tenant NORTH = Tenant.of("north");

  /** Trips keyed by their depot, depots by their own column, a shared fare table, a view. */
  private static TrinoLockdown rides() {
    Map<String, TenantScope> tables = new LinkedHashMap<>();
    tables.put("depots", new TenantScope.ByColumn("depot"));
    tables.put("trips", new TenantScope.ByColumn("depot"));
    tables.put("fares", new TenantScope.Shared());
    return new TrinoLockdown("lake", "rides", tables, Set.of("trip_days"), "loader");
  }

  /** The carried-key table a view of {@code rides} reads, in a schema of its own. */
  private static TrinoLockdown stops() {
    return new TrinoLockdown(
        "lake",
        "rides_keyed",
        Map.of("stops_by_depot", new TenantScope.ByColumn("depot")),
        Set.of(),
        "loader");
  }

  @Test
  void rules_tablesAndViewsInAnyOrder_sameFile() {
    Map<String, TenantScope> reversed = new LinkedHashMap<>();
    reversed.put("fares", new TenantScope.Shared());
    reversed.put("trips", new TenantScope.ByColumn("depot"));
    reversed.put("depots", new TenantScope.ByColumn("depot"));
    TrinoLockdown other =
        new TrinoLockdown(
            "lake",
            "rides",
            reversed,
            new LinkedHashSet<>(List.of("z_days", "trip_days")),
            "loader");
    TrinoLockdown ordered =
        new TrinoLockdown(
            "lake",
            "rides",
            rides().tables(),
            new LinkedHashSet<>(List.of("trip_days", "z_days")),
            "loader");

    // A rules file that changed with the caller's iteration order (Map.of's changes from one JVM to
    // the next) could not be compared across runs or processes.
    assertThat(TrinoRules.json(List.of(new TrinoAccess(other, "dispatch", Map.of(NORTH, "n")))))
        .isEqualTo(
            TrinoRules.json(List.of(new TrinoAccess(ordered, "dispatch", Map.of(NORTH, "n")))));
  }

  @Test
  void rules_tenantUser_filtersEachTableByItsColumn_sharedTableWhole() {
    JsonNode rules = parse(rides().rules("dispatch", Map.of(NORTH, "dispatch_north")));

    assertThat(grant(rules, "dispatch_north", "rides", "trips").get("filter").asString())
        .isEqualTo("\"depot\" IN ('north')");
    assertThat(grant(rules, "dispatch_north", "rides", "depots").get("filter").asString())
        .isEqualTo("\"depot\" IN ('north')");
    assertThat(grant(rules, "dispatch_north", "rides", "fares").has("filter")).isFalse();
    assertThat(grant(rules, "dispatch_north", "rides", "trip_days").has("filter")).isFalse();
    for (String relation : List.of("depots", "trips", "fares", "trip_days")) {
      assertThat(grant(rules, "dispatch", "rides", relation).has("filter")).as(relation).isFalse();
    }
  }

  @Test
  void rules_wholeNumberKey_filtersByNumbersTrinoCompares() {
    TrinoLockdown numbered =
        new TrinoLockdown(
            "lake",
            "rides",
            Map.of("trips", new TenantScope.ByColumn("depot_id", TenantScope.KeyType.INTEGER)),
            Set.of(),
            "loader");

    JsonNode rules =
        parse(
            numbered.rules(
                "dispatch",
                Map.of(Tenant.of("7"), "dispatch_7", Tenant.of("north"), "dispatch_north")));

    // Trino refuses integer = varchar, so a quoted '7' would fail every query of the user.
    assertThat(grant(rules, "dispatch_7", "rides", "trips").get("filter").asString())
        .isEqualTo("\"depot_id\" IN (7)");
    // A value the column cannot hold: a filter that keeps no row, never a failing one.
    assertThat(grant(rules, "dispatch_north", "rides", "trips").get("filter").asString())
        .isEqualTo("1 = 0");
  }

  @Test
  void rules_twoSchemas_grantEachUserOnlyTheSchemasOfItsAccesses() {
    JsonNode rules =
        parse(
            TrinoRules.json(
                List.of(
                    new TrinoAccess(rides(), "dispatch", Map.of(NORTH, "dispatch_north")),
                    new TrinoAccess(stops(), "dispatch", Map.of(NORTH, "dispatch_north")),
                    new TrinoAccess(
                        new TrinoLockdown(
                            "lake",
                            "payments",
                            Map.of("payouts", new TenantScope.ByColumn("depot")),
                            Set.of(),
                            "loader"),
                        "treasurer",
                        Map.of()))));

    assertThat(
            grant(rules, "dispatch_north", "rides_keyed", "stops_by_depot")
                .get("filter")
                .asString())
        .isEqualTo("\"depot\" IN ('north')");
    assertThat(grant(rules, "dispatch", "rides_keyed", "stops_by_depot").has("filter")).isFalse();
    assertThat(grant(rules, "treasurer", "payments", "payouts").has("filter")).isFalse();
    assertThat(grant(rules, "dispatch", "payments", "payouts").get("privileges")).isEmpty();
    assertThat(grant(rules, "treasurer", "rides", "trips").get("privileges")).isEmpty();
    assertThat(grant(rules, "treasurer", "rides_keyed", "stops_by_depot").get("privileges"))
        .isEmpty();
  }

  @Test
  void rules_twoCatalogs_eachUserReadsItsOwnCatalogAndSystem() {
    JsonNode rules =
        parse(
            TrinoRules.json(
                List.of(
                    new TrinoAccess(rides(), "dispatch", Map.of()),
                    new TrinoAccess(
                        new TrinoLockdown(
                            "warehouse",
                            "finance",
                            Map.of("ledger", new TenantScope.Shared()),
                            Set.of(),
                            "loader"),
                        "accountant",
                        Map.of()))));

    assertThat(catalog(rules, "dispatch", "lake")).isEqualTo("read-only");
    assertThat(catalog(rules, "dispatch", "system")).isEqualTo("read-only");
    assertThat(catalog(rules, "dispatch", "warehouse")).isEqualTo("none");
    assertThat(catalog(rules, "accountant", "warehouse")).isEqualTo("read-only");
    assertThat(catalog(rules, "accountant", "lake")).isEqualTo("none");
    assertThat(catalog(rules, "loader", "warehouse")).isEqualTo("all");
  }

  @Test
  void lockdown_tableKeyedThroughItsParent_isRefusedSayingWhatToWrite() {
    assertThatThrownBy(
            () ->
                new TrinoLockdown(
                    "lake",
                    "rides",
                    Map.of(
                        "depots",
                        new TenantScope.ByColumn("depot"),
                        "stops",
                        new TenantScope.ThroughParent("trip_id", "trips", "trip_id")),
                    Set.of(),
                    "loader"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("stops is keyed through its parent trips")
        .hasMessageContaining("SECURITY INVOKER view");
  }

  @Test
  void rules_twoOwners_areRefused() {
    TrinoLockdown other =
        new TrinoLockdown(
            "lake", "payments", Map.of("payouts", new TenantScope.Shared()), Set.of(), "admin");

    assertThatThrownBy(
            () ->
                TrinoRules.json(
                    List.of(
                        new TrinoAccess(rides(), "dispatch", Map.of()),
                        new TrinoAccess(other, "treasurer", Map.of()))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("one owner writes every schema");
  }

  @Test
  void rules_oneSchemaLockedDownTwice_isRefused() {
    assertThatThrownBy(
            () ->
                TrinoRules.json(
                    List.of(
                        new TrinoAccess(rides(), "dispatch", Map.of()),
                        new TrinoAccess(rides(), "auditor", Map.of()))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("lake.rides is locked down twice");
  }

  @Test
  void access_readerNamedAsTheOwner_isRefused() {
    assertThatThrownBy(() -> new TrinoAccess(rides(), "loader", Map.of(NORTH, "dispatch_north")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("users of their own");
  }

  @Test
  void lockdown_relationListedAsTableAndView_isRefused() {
    assertThatThrownBy(
            () ->
                new TrinoLockdown(
                    "lake",
                    "rides",
                    Map.of("trips", new TenantScope.Shared()),
                    Set.of("trips"),
                    "loader"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("as a table and as a view");
  }

  private static JsonNode parse(String rules) {
    return JSON.readTree(rules);
  }

  /** The first table rule matching {@code user} on {@code schema.table}, as Trino picks it. */
  private static JsonNode grant(JsonNode rules, String user, String schema, String table) {
    for (JsonNode rule : rules.get("tables")) {
      if (matches(rule, "user", user)
          && matches(rule, "catalog", "lake")
          && matches(rule, "schema", schema)
          && matches(rule, "table", table)) {
        return rule;
      }
    }
    throw new AssertionError("no rule matches " + user + " on " + schema + "." + table);
  }

  /** What the first catalog rule matching {@code user} on {@code catalog} allows. */
  private static String catalog(JsonNode rules, String user, String catalog) {
    for (JsonNode rule : rules.get("catalogs")) {
      if (matches(rule, "user", user) && matches(rule, "catalog", catalog)) {
        return rule.get("allow").asString();
      }
    }
    throw new AssertionError("no catalog rule matches " + user + " on " + catalog);
  }

  /** A rule's field matches {@code value} as Trino reads it: a whole-value regular expression. */
  private static boolean matches(JsonNode rule, String field, String value) {
    return !rule.has(field) || Pattern.matches(rule.get(field).asString(), value);
  }
}
