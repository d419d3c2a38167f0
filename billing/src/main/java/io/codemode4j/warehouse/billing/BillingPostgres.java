package io.codemode4j.warehouse.billing;

import io.codemode4j.engine.postgres.PostgresEngine;
import io.codemode4j.engine.postgres.PostgresLockdown;
import io.codemode4j.engine.postgres.PostgresSql;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.warehouse.JdbcPools;
import io.codemode4j.warehouse.TenantUsers;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.config.WarehouseDescription;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The billing sample in PostgreSQL: its allowlist in the PostgreSQL dialect, and the loader that
 * puts the parquet files into a schema through a writer identity of its own (never the reader's).
 *
 * <p>Decided: the loader reads the parquet with an in-memory DuckDB (the same reader the embedded
 * warehouse uses) and writes with batched inserts in one transaction: {@code CREATE TABLE IF NOT
 * EXISTS}, {@code TRUNCATE}, insert, {@code CREATE OR REPLACE VIEW}. Loading again leaves the same
 * rows and keeps the tables, so their grants and row-level security policies stay in place.
 */
public final class BillingPostgres {

  /** The columns of each table with their PostgreSQL types, parents first. */
  private static final Map<String, List<String>> COLUMNS =
      Map.of(
          "customers",
          List.of(
              "customer_id text PRIMARY KEY",
              "name text NOT NULL",
              "region text NOT NULL",
              "segment text NOT NULL",
              "country text NOT NULL"),
          "invoices",
          List.of(
              "invoice_id text PRIMARY KEY",
              "customer_id text NOT NULL",
              "region text NOT NULL",
              "issued_on date NOT NULL",
              "due_on date NOT NULL",
              "paid_on date",
              "status text NOT NULL",
              "currency text NOT NULL",
              "amount_cents bigint NOT NULL"),
          "invoice_lines",
          List.of(
              "invoice_id text NOT NULL",
              "line_no integer NOT NULL",
              "product text NOT NULL",
              "quantity integer NOT NULL",
              "unit_price_cents bigint NOT NULL"));

  private static final List<String> TABLES = List.of("customers", "invoices", "invoice_lines");

  private BillingPostgres() {}

  /** The sample's allowlist for its tables in {@code schema}. */
  public static SqlAllowlist allowlist(String schema) {
    return BillingSample.builder().dialect(PostgresSql.dialect(schema)).build();
  }

  /**
   * The sample warehouse on PostgreSQL at {@code jdbcUrl} (credentials in the URL, or {@code user}
   * and {@code password}, either may be null), its tables in {@code schema}, pooled by HikariCP
   * with pgjdbc's {@code readOnly=true&readOnlyMode=always} added when the URL does not set them.
   * Its identity should be a reader of {@link #lockdown}; it serves every row, and refuses a
   * tenant's queries ({@code NOT_CONFINED}): a role per tenant, which row-level security confines,
   * is the other {@code open}.
   *
   * @throws WarehouseException of kind {@code UNAVAILABLE} when no connection can be made; the
   *     message names the URL without credentials or options
   */
  public static Warehouse open(
      String jdbcUrl,
      @Nullable String user,
      @Nullable String password,
      String schema,
      int maxResultBytes)
      throws WarehouseException {
    return builder(jdbcUrl, user, password, schema, maxResultBytes).build();
  }

  /**
   * As the other {@code open}, and each tenant's queries run as its own role, {@code
   * tenantUsers.user(tenant)} with {@code tenantPassword} (null when the server needs none), in a
   * pool of its own opened at the tenant's first query: PostgreSQL's row-level security (a {@link
   * PostgresLockdown#applyTenant} role) confines them as well as the allowlist's filters.
   *
   * @throws IllegalArgumentException when the URL names a {@code user} or {@code password}, which
   *     pgjdbc would let win over every tenant's role
   * @throws WarehouseException as the other {@code open}; a tenant role that cannot log in fails
   *     that tenant's queries with a message naming the role
   */
  public static Warehouse open(
      String jdbcUrl,
      @Nullable String user,
      @Nullable String password,
      String schema,
      int maxResultBytes,
      TenantUsers tenantUsers,
      @Nullable String tenantPassword)
      throws WarehouseException {
    Objects.requireNonNull(tenantUsers, "tenantUsers");
    JdbcPools.requireCredentialsApart(jdbcUrl, "PostgreSQL");
    PostgresEngine engine = new PostgresEngine();
    return builder(jdbcUrl, user, password, schema, maxResultBytes)
        .tenantDataSources(
            tenant ->
                JdbcPools.open(engine.pool(jdbcUrl, tenantUsers.user(tenant), tenantPassword)))
        .build();
  }

  private static Warehouse.Builder builder(
      String jdbcUrl,
      @Nullable String user,
      @Nullable String password,
      String schema,
      int maxResultBytes) {
    if (!jdbcUrl.startsWith("jdbc:postgresql:")) {
      throw new IllegalArgumentException(
          "a PostgreSQL warehouse URL starts with 'jdbc:postgresql:', was '"
              + JdbcPools.redacted(jdbcUrl)
              + "'");
    }
    PostgresEngine engine = new PostgresEngine();
    WarehouseDescription sample = BillingSample.description(Path.of("."));
    return Warehouse.builder(allowlist(schema))
        .engine(engine)
        .hikari(engine.pool(jdbcUrl, user, password))
        .notes(sample.notes())
        .maxResultBytes(maxResultBytes);
  }

  /** The lockdown of the sample's tables and view in {@code database}.{@code schema}. */
  public static PostgresLockdown lockdown(String database, String schema) {
    Map<String, TenantScope> scopes = new java.util.LinkedHashMap<>();
    scopes.put("customers", new TenantScope.ByColumn("region"));
    scopes.put("invoices", new TenantScope.ByColumn("region"));
    scopes.put(
        "invoice_lines", new TenantScope.ThroughParent("invoice_id", "invoices", "invoice_id"));
    scopes.put("invoice_summary", new TenantScope.ByColumn("region"));
    return new PostgresLockdown(database, schema, scopes, Warehouse.DEFAULT_QUERY_TIMEOUT);
  }

  /**
   * Loads {@code parquetDir}'s three files into {@code schema} through {@code writer} (which needs
   * CREATE on the database, or the schema already and CREATE on it), idempotently, and returns the
   * rows loaded per table.
   */
  public static Map<String, Long> load(Connection writer, Path parquetDir, String schema)
      throws WarehouseException {
    PostgresLockdown.requireIdentifier(schema, "schema");
    String s = PostgresLockdown.quote(schema);
    Map<String, Long> counts = new java.util.LinkedHashMap<>();
    try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
        Statement reader = duck.createStatement()) {
      boolean autoCommit = writer.getAutoCommit();
      writer.setAutoCommit(false);
      try (Statement ddl = writer.createStatement()) {
        ddl.execute("CREATE SCHEMA IF NOT EXISTS " + s);
        for (String table : TABLES) {
          ddl.execute(
              "CREATE TABLE IF NOT EXISTS "
                  + s
                  + "."
                  + table
                  + " ("
                  + String.join(", ", COLUMNS.get(table))
                  + ")");
        }
        ddl.execute(
            "TRUNCATE " + String.join(", ", TABLES.stream().map(t -> s + "." + t).toList()));
        for (String table : TABLES) {
          counts.put(table, copy(reader, writer, parquetDir, s, table));
        }
        ddl.execute(
            "CREATE OR REPLACE VIEW "
                + s
                + ".invoice_summary WITH (security_invoker = true) AS "
                + BillingSample.invoiceSummaryQuery(s + "."));
        writer.commit();
      } catch (SQLException | RuntimeException e) {
        writer.rollback();
        throw e;
      } finally {
        writer.setAutoCommit(autoCommit);
      }
    } catch (SQLException e) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          "cannot load "
              + parquetDir
              + " into PostgreSQL schema "
              + schema
              + ": "
              + e.getMessage()
              + " (nothing was changed: the load is one transaction)",
          e);
    }
    return counts;
  }

  private static long copy(
      Statement reader, Connection writer, Path parquetDir, String schema, String table)
      throws SQLException {
    List<String> names = new ArrayList<>();
    for (String column : Objects.requireNonNull(COLUMNS.get(table), table)) {
      names.add(column.substring(0, column.indexOf(' ')));
    }
    return ParquetCopy.copy(reader, writer, parquetDir, table, schema + "." + table, names);
  }
}
