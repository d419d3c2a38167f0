package io.codemode4j.engine.mariadb;

import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.warehouse.WarehouseException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The MariaDB accounts a warehouse reads through, locked down by MariaDB itself: what the allowlist
 * might miss, the server refuses.
 *
 * <p>Decided (each measured by {@code MariaDbLockdownIT} with the allowlist bypassed):
 *
 * <ul>
 *   <li>every reader is an account {@code user@'%'} stripped of every privilege and then granted
 *       SELECT on the listed tables and views alone, table by table (never {@code db.*}, so a table
 *       added later is not readable until listed): no FILE, PROCESS, CREATE TEMPORARY TABLES, SHOW
 *       DATABASES or any other, so writes, files, other sessions and unlisted objects are refused
 *       by the server;
 *   <li>the role {@code PUBLIC}, which every account holds, is stripped of its grants: {@code
 *       mariadb-install-db} grants it every privilege on {@code test} and {@code test\_%}, where
 *       any reader could otherwise create and fill tables;
 *   <li>{@code MAX_STATEMENT_TIME} and {@code MAX_USER_CONNECTIONS} on the account: the first is
 *       only the session's default (a session may {@code SET} it to 0, which one SELECT, all the
 *       allowlist passes, cannot), the second bounds how many queries a reader runs at once;
 *   <li>MariaDB has no row-level security, so a tenant is a database of its own ({@link
 *       #tenantDatabase}: {@code shop_tenant_north}) holding one view per listed name, {@code SQL
 *       SECURITY DEFINER} over the shared database, filtered by the tenant's value ({@code store IN
 *       ('north')}; a child through its parent's view in the same tenant database: {@code order_id
 *       IN (SELECT order_id FROM shop_tenant_north.orders)}). The tenant's user is granted SELECT
 *       on those views alone, never on the shared database, so every name it reads is its own rows;
 *   <li>each view ends in {@link #NO_PUSHDOWN} ({@code LIMIT} 2^64-1, which cuts nothing): MariaDB
 *       inlines a MERGE view into the query and pushes the query's conditions into a TEMPTABLE one
 *       (condition pushdown for derived tables, on by default), so in both the query's own
 *       predicate reached the base table before the view's filter (a primary-key lookup, index
 *       condition pushdown, a join) and an error on one row of another tenant told that row apart:
 *       6 of 15 probes leaked through MERGE views, 6 through TEMPTABLE ones. MariaDB neither merges
 *       a view with a LIMIT nor pushes a condition into it, so the view's filter is the only
 *       condition its base table sees: 0 of 15 leaked. The cost: every query through a tenant view
 *       reads the tenant's whole table into a temporary table first (NOTES.md has the numbers).
 * </ul>
 *
 * @param database the shared database of the tables
 * @param tables the listed tables and views with their tenant scopes
 * @param statementTimeout each account's {@code MAX_STATEMENT_TIME}, whole seconds or more
 * @param maxConnections each account's {@code MAX_USER_CONNECTIONS}, at least 1
 */
public record MariaDbLockdown(
    String database,
    Map<String, TenantScope> tables,
    Duration statementTimeout,
    int maxConnections) {

  /**
   * The end of every tenant view: a LIMIT that cuts no row but keeps MariaDB from merging the view
   * into a query or pushing a query's conditions into it.
   */
  public static final String NO_PUSHDOWN = " LIMIT 18446744073709551615";

  /** A line of {@code SHOW GRANTS FOR PUBLIC}. */
  private static final Pattern PUBLIC_GRANT = Pattern.compile("GRANT (.+) ON (.+) TO PUBLIC");

  public MariaDbLockdown {
    MariaDbNames.requireIdentifier(database, "database");
    Objects.requireNonNull(tables, "tables");
    Map<String, TenantScope> listed =
        java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tables));
    tables = listed;
    if (listed.isEmpty()) {
      throw new IllegalArgumentException("a MariaDB lockdown needs at least one table to grant");
    }
    listed.forEach(
        (table, scope) -> {
          MariaDbNames.requireIdentifier(table, "table");
          if (scope instanceof TenantScope.ThroughParent parent
              && !listed.containsKey(parent.parentTable())) {
            throw new IllegalArgumentException(
                "table "
                    + table
                    + " is scoped through "
                    + parent.parentTable()
                    + ", which the lockdown does not list: list the parent too");
          }
        });
    Objects.requireNonNull(statementTimeout, "statementTimeout");
    if (statementTimeout.toSeconds() < 1) {
      throw new IllegalArgumentException(
          "statementTimeout must be at least 1 s (MAX_STATEMENT_TIME), was " + statementTimeout);
    }
    if (maxConnections < 1) {
      throw new IllegalArgumentException(
          "maxConnections must be at least 1 (MAX_USER_CONNECTIONS), was " + maxConnections);
    }
  }

  /** The database of {@code tenant}'s views, {@link #tenantDatabase(String, Tenant)}. */
  public String tenantDatabase(Tenant tenant) {
    return tenantDatabase(database, tenant);
  }

  /**
   * The database of {@code tenant}'s views beside {@code database}: {@code <database>_tenant_<its
   * value>}, e.g. {@code shop_tenant_north}. The one name both the lockdown creates and the engine
   * renders a tenant's queries into ({@link MariaDbEngine#tenantSchema}).
   *
   * @throws IllegalArgumentException for a tenant of several values, or when the name is no
   *     lowercase identifier of at most 64 characters
   */
  public static String tenantDatabase(String database, Tenant tenant) {
    return MariaDbNames.requireIdentifier(
        database + "_tenant_" + oneValue(tenant), "tenant database");
  }

  /**
   * {@code name} in backticks, for a loader's DDL (as {@code PostgresLockdown.quote} is for
   * PostgreSQL's).
   *
   * @throws IllegalArgumentException when {@code name} is no lowercase identifier of at most 64
   *     characters
   */
  public static String quote(String name) {
    return MariaDbNames.quote(name);
  }

  /** The reader of every row of the listed tables: {@code user} with {@code password}. */
  public void applyReader(Connection admin, String user, String password)
      throws WarehouseException {
    List<String> grants = new ArrayList<>();
    for (String table : tables.keySet()) {
      grants.add(MariaDbNames.qualified(database, table));
    }
    apply(admin, user, password, List.of(), grants, "database " + database);
  }

  /**
   * The reader of {@code tenant}'s rows alone: its database of views ({@link #tenantDatabase}),
   * created or replaced, and {@code user} with {@code password} granted those views alone. The
   * admin becomes the views' definer, so it must keep SELECT on the shared tables.
   *
   * @throws IllegalArgumentException for a tenant of several values: a user reads one value's rows
   */
  public void applyTenant(Connection admin, Tenant tenant, String user, String password)
      throws WarehouseException {
    String own = tenantDatabase(tenant);
    List<String> statements = new ArrayList<>();
    statements.add(
        "CREATE DATABASE IF NOT EXISTS "
            + MariaDbNames.quote(own)
            + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
    List<String> grants = new ArrayList<>();
    // Parents first: a child's view reads its parent's view in the tenant database.
    for (String table : parentsFirst()) {
      statements.add(
          "CREATE OR REPLACE ALGORITHM=TEMPTABLE SQL SECURITY DEFINER VIEW "
              + MariaDbNames.qualified(own, table)
              + " AS SELECT * FROM "
              + MariaDbNames.qualified(database, table)
              + where(Objects.requireNonNull(tables.get(table)), own, tenant)
              + NO_PUSHDOWN);
      grants.add(MariaDbNames.qualified(own, table));
    }
    apply(admin, user, password, statements, grants, "tenant database " + own);
  }

  private String where(TenantScope scope, String own, Tenant tenant) {
    return switch (scope) {
      case TenantScope.Shared shared -> "";
      case TenantScope.ByColumn byColumn ->
          " WHERE " + byColumn.condition(MariaDbNames.quote(byColumn.column()), tenant);
      case TenantScope.ThroughParent parent ->
          " WHERE "
              + MariaDbNames.quote(parent.column())
              + " IN (SELECT "
              + MariaDbNames.quote(parent.parentColumn())
              + " FROM "
              + MariaDbNames.qualified(own, parent.parentTable())
              + ")";
    };
  }

  /** The listed names, each after the parent it is scoped through. */
  private List<String> parentsFirst() {
    List<String> ordered = new ArrayList<>();
    while (ordered.size() < tables.size()) {
      int before = ordered.size();
      tables.forEach(
          (table, scope) -> {
            if (!ordered.contains(table)
                && (!(scope instanceof TenantScope.ThroughParent parent)
                    || ordered.contains(parent.parentTable()))) {
              ordered.add(table);
            }
          });
      if (ordered.size() == before) {
        throw new IllegalArgumentException(
            "the tables' tenant scopes form a cycle through their parents: " + tables);
      }
    }
    return ordered;
  }

  private static String oneValue(Tenant tenant) {
    if (tenant.values().size() != 1) {
      throw new IllegalArgumentException(
          "a MariaDB tenant user reads the rows of one value, but the tenant names "
              + tenant.values().size()
              + " ("
              + String.join(", ", new java.util.TreeSet<>(tenant.values()))
              + "): give each value a user of its own");
    }
    return tenant.values().iterator().next();
  }

  /**
   * Runs {@code statements}, then makes {@code user} an account holding SELECT on {@code grants}
   * alone; idempotent, so a lockdown can be applied again after a reload.
   */
  private void apply(
      Connection admin,
      String user,
      String password,
      List<String> statements,
      List<String> grants,
      String where)
      throws WarehouseException {
    String account = MariaDbNames.account(user);
    Objects.requireNonNull(password, "password");
    try (Statement sql = admin.createStatement()) {
      for (String statement : statements) {
        sql.execute(statement);
      }
      revokePublic(sql);
      sql.execute("CREATE USER IF NOT EXISTS " + account);
      try (PreparedStatement alter =
          admin.prepareStatement(
              "ALTER USER "
                  + account
                  + " IDENTIFIED BY ? WITH MAX_USER_CONNECTIONS "
                  + maxConnections
                  + " MAX_STATEMENT_TIME "
                  + statementTimeout.toSeconds())) {
        alter.setString(1, password);
        alter.execute();
      }
      sql.execute("REVOKE ALL PRIVILEGES, GRANT OPTION FROM " + account);
      for (String object : grants) {
        sql.execute("GRANT SELECT ON " + object + " TO " + account);
      }
    } catch (SQLException e) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          "cannot lock down MariaDB user "
              + user
              + " on "
              + where
              + ": "
              + String.valueOf(e.getMessage()).replace(password, "***")
              + " (the admin connection needs CREATE USER, GRANT OPTION and SELECT on "
              + database
              + ", and CREATE and CREATE VIEW for tenant databases)",
          e);
    }
  }

  /** Revokes each grant the role PUBLIC holds beyond USAGE. */
  private static void revokePublic(Statement sql) throws SQLException {
    List<String> revokes = new ArrayList<>();
    try (ResultSet rs = sql.executeQuery("SHOW GRANTS FOR PUBLIC")) {
      while (rs.next()) {
        Matcher grant = PUBLIC_GRANT.matcher(rs.getString(1));
        if (grant.matches() && !grant.group(1).equals("USAGE")) {
          revokes.add("REVOKE " + grant.group(1) + " ON " + grant.group(2) + " FROM PUBLIC");
        }
      }
    }
    for (String revoke : revokes) {
      sql.execute(revoke);
    }
  }
}
