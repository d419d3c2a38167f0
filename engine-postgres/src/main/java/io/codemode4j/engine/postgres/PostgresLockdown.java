package io.codemode4j.engine.postgres;

import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.warehouse.SqlLiterals;
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
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The PostgreSQL identities a warehouse reads through, locked down by PostgreSQL itself: what the
 * allowlist might miss, the server refuses.
 *
 * <p>Decided (each measured by {@code PostgresLockdownIT} with the allowlist bypassed):
 *
 * <ul>
 *   <li>every reader is a LOGIN role without any attribute (no superuser, CREATEDB, CREATEROLE,
 *       REPLICATION or BYPASSRLS), granted CONNECT on the database, USAGE on the schema and SELECT
 *       on the allowlisted tables and views only: nothing else is readable and nothing writable;
 *   <li>{@code REVOKE TEMPORARY ON DATABASE ... FROM PUBLIC} (PostgreSQL grants it to everyone by
 *       default, so a reader could create temporary tables) and {@code REVOKE CREATE ON SCHEMA}
 *       from PUBLIC on the tables' schema and on {@code public};
 *   <li>{@code default_transaction_read_only} and {@code statement_timeout} on each role: the first
 *       is only a hint (a session may turn it off), so the privileges are the guard; the second
 *       caps a query the pool's own timeout failed to cancel;
 *   <li>{@code work_mem} ({@link PostgresEngine#WORK_MEM}) and {@code temp_file_limit} ({@link
 *       #TEMP_FILE_LIMIT}) on each role: a sort or hash holds at most that much memory before it
 *       spills, and the spill of a query at most that much disk, so one program's query cannot take
 *       gigabytes of the server (a session cannot raise {@code temp_file_limit}: only a superuser
 *       sets it);
 *   <li>tenants by a role per tenant and row-level security: every base table has RLS enabled, and
 *       a policy per role says which rows it reads ({@code region IN ('emea')}, or through the
 *       parent table for a child), the unscoped reader's policy all rows. PostgreSQL orders a
 *       policy's qualifier before the query's own conditions unless they are leakproof (security
 *       barrier), so a failing expression never sees another tenant's row: the error side channel
 *       that made DuckDB need a file per tenant is closed by the server. Views are created {@code
 *       security_invoker}, so the caller's policies apply through them.
 * </ul>
 *
 * @param database the database name
 * @param schema the schema of the tables
 * @param tables the allowlisted tables and views with their tenant scopes
 * @param statementTimeout the server-side cap per statement
 */
public record PostgresLockdown(
    String database, String schema, Map<String, TenantScope> tables, Duration statementTimeout) {

  /** The most temporary-file space one query of a locked-down role may use. */
  public static final String TEMP_FILE_LIMIT = "1GB";

  public PostgresLockdown {
    requireIdentifier(database, "database");
    requireIdentifier(schema, "schema");
    tables = Map.copyOf(new LinkedHashMap<>(tables));
    tables.keySet().forEach(table -> requireIdentifier(table, "table"));
    if (tables.isEmpty()) {
      throw new IllegalArgumentException("a lockdown needs at least one table to grant");
    }
    Objects.requireNonNull(statementTimeout, "statementTimeout");
    if (statementTimeout.isNegative() || statementTimeout.isZero()) {
      throw new IllegalArgumentException(
          "statementTimeout must be above 0, was " + statementTimeout);
    }
  }

  /** The reader of every row: {@code role} with {@code password}. */
  public void applyReader(Connection admin, String role, String password)
      throws WarehouseException {
    apply(admin, role, password, null);
  }

  /** The reader of {@code tenant}'s rows only: {@code role} with {@code password}. */
  public void applyTenant(Connection admin, Tenant tenant, String role, String password)
      throws WarehouseException {
    apply(admin, role, password, tenant);
  }

  /**
   * {@code tenant} {@code null} reads every row, else its rows alone; the statements are
   * idempotent, so a lockdown can be applied again after a reload.
   */
  private void apply(Connection admin, String role, String password, @Nullable Tenant tenant)
      throws WarehouseException {
    requireIdentifier(role, "role");
    Objects.requireNonNull(password, "password");
    List<String> statements = new ArrayList<>();
    String quotedRole = quote(role);
    String secret = SqlLiterals.quote(password);
    statements.add(
        "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = "
            + SqlLiterals.quote(role)
            + ") THEN CREATE ROLE "
            + quotedRole
            + "; END IF; END $$");
    statements.add(
        "ALTER ROLE "
            + quotedRole
            + " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD "
            + secret);
    statements.add("ALTER ROLE " + quotedRole + " SET default_transaction_read_only = on");
    statements.add(
        "ALTER ROLE "
            + quotedRole
            + " SET statement_timeout = "
            + SqlLiterals.quote(statementTimeout.toMillis() + "ms"));
    statements.add(
        "ALTER ROLE "
            + quotedRole
            + " SET work_mem = "
            + SqlLiterals.quote(PostgresEngine.WORK_MEM));
    statements.add(
        "ALTER ROLE "
            + quotedRole
            + " SET temp_file_limit = "
            + SqlLiterals.quote(TEMP_FILE_LIMIT));
    statements.add("REVOKE TEMPORARY ON DATABASE " + quote(database) + " FROM PUBLIC");
    statements.add("REVOKE CREATE ON SCHEMA public FROM PUBLIC");
    statements.add("REVOKE ALL ON SCHEMA " + quote(schema) + " FROM PUBLIC");
    statements.add("GRANT CONNECT ON DATABASE " + quote(database) + " TO " + quotedRole);
    statements.add("GRANT USAGE ON SCHEMA " + quote(schema) + " TO " + quotedRole);
    try (Statement statement = admin.createStatement()) {
      for (Map.Entry<String, TenantScope> table : tables.entrySet()) {
        String name = quote(schema) + "." + quote(table.getKey());
        statements.add("GRANT SELECT ON " + name + " TO " + quotedRole);
        if (isBaseTable(admin, table.getKey())) {
          statements.add("ALTER TABLE " + name + " ENABLE ROW LEVEL SECURITY");
          String policy = quote("codemode_" + role);
          statements.add("DROP POLICY IF EXISTS " + policy + " ON " + name);
          statements.add(
              "CREATE POLICY "
                  + policy
                  + " ON "
                  + name
                  + " FOR SELECT TO "
                  + quotedRole
                  + " USING ("
                  + (tenant == null ? "true" : condition(table.getValue(), tenant))
                  + ")");
        }
      }
      for (String sql : statements) {
        statement.execute(sql);
      }
    } catch (SQLException e) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          "cannot lock down PostgreSQL role "
              + role
              + " on "
              + database
              + "."
              + schema
              + ": "
              + String.valueOf(e.getMessage()).replace(password, "***")
              + " (the admin connection must be a superuser or own the tables)",
          e);
    }
  }

  private String condition(TenantScope scope, Tenant tenant) {
    return switch (scope) {
      case TenantScope.Shared shared -> "true";
      case TenantScope.ByColumn byColumn -> byColumn.condition(quote(byColumn.column()), tenant);
      case TenantScope.ThroughParent parent ->
          quote(parent.column())
              + " IN (SELECT "
              + quote(parent.parentColumn())
              + " FROM "
              + quote(schema)
              + "."
              + quote(parent.parentTable())
              + ")";
    };
  }

  private boolean isBaseTable(Connection admin, String table) throws SQLException {
    try (PreparedStatement query =
        admin.prepareStatement(
            "SELECT c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE n.nspname = ? AND c.relname = ?")) {
      query.setString(1, schema);
      query.setString(2, table);
      try (ResultSet rs = query.executeQuery()) {
        if (!rs.next()) {
          throw new SQLException(
              "table " + schema + "." + table + " does not exist: load the data first");
        }
        return rs.getString(1).equals("r");
      }
    }
  }

  private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

  /**
   * {@code name} if it is a plain lowercase PostgreSQL identifier, which needs no escaping; public
   * for loaders that write the same schema.
   */
  public static String requireIdentifier(String name, String what) {
    Objects.requireNonNull(name, what);
    if (!IDENTIFIER.matcher(name).matches()) {
      throw new IllegalArgumentException(
          what + " '" + name + "' is not valid: use a lowercase identifier [a-z_][a-z0-9_]*");
    }
    return name;
  }

  /** {@code identifier}, already checked by {@link #requireIdentifier}, double-quoted. */
  public static String quote(String identifier) {
    return '"' + identifier + '"';
  }
}
