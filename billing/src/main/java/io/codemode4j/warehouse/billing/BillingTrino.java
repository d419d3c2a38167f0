package io.codemode4j.warehouse.billing;

import io.codemode4j.engine.trino.TrinoEngine;
import io.codemode4j.engine.trino.TrinoLockdown;
import io.codemode4j.engine.trino.TrinoSql;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.warehouse.JdbcPools;
import io.codemode4j.warehouse.SqlLiterals;
import io.codemode4j.warehouse.TenantUsers;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The billing sample in Trino: its allowlist in the Trino dialect, the tables and views a lake's
 * owner creates over the sample's parquet files, the lockdown Trino enforces, and the warehouse an
 * analyst reads through.
 *
 * <p>Decided: the lines carry their invoice's region. Trino filters a tenant's rows with a rule on
 * each table ({@link TrinoLockdown}), and a filter through the parent invoice let a failing
 * predicate tell another tenant's rows apart; so {@code invoice_lines_by_region} is written from
 * the lines' parquet joined to the invoices, and {@code invoice_lines}, the name the allowlist and
 * the model know, is a {@code SECURITY INVOKER} view of it with the sample's five columns. The
 * summary is an invoker view too, so both read their tables with the caller's filters.
 */
public final class BillingTrino {

  /** The base tables an analyst reads, each keyed by its region. */
  static final Map<String, TenantScope> TABLES =
      java.util.Collections.unmodifiableMap(
          new LinkedHashMap<>(
              Map.of(
                  "customers", new TenantScope.ByColumn("region"),
                  "invoices", new TenantScope.ByColumn("region"),
                  "invoice_lines_by_region", new TenantScope.ByColumn("region"))));

  /** The invoker views an analyst reads. */
  static final Set<String> VIEWS = Set.of("invoice_lines", "invoice_summary");

  /** The external tables over the parquet files, as Trino types them. */
  private static final Map<String, String> SOURCES =
      Map.of(
          "customers",
          "customer_id varchar, name varchar, region varchar, segment varchar, country varchar",
          "invoices",
          "invoice_id varchar, customer_id varchar, region varchar, issued_on date, due_on date,"
              + " paid_on date, status varchar, currency varchar, amount_cents bigint",
          "invoice_lines_source",
          "invoice_id varchar, line_no integer, product varchar, quantity integer,"
              + " unit_price_cents bigint");

  private BillingTrino() {}

  /** The sample's allowlist for its tables in {@code catalog}.{@code schema}. */
  public static SqlAllowlist allowlist(String catalog, String schema) {
    return BillingSample.builder().dialect(TrinoSql.dialect(catalog, schema)).build();
  }

  /**
   * The sample's lockdown in {@code catalog}.{@code schema}, the schema owned and loaded by {@code
   * owner}: give {@link TrinoLockdown#rules} the reader and the tenants' users.
   */
  public static TrinoLockdown lockdown(String catalog, String schema, String owner) {
    return new TrinoLockdown(catalog, schema, TABLES, VIEWS, owner);
  }

  /**
   * The sample warehouse on Trino at {@code jdbcUrl}, which names the catalog and schema of the
   * tables ({@code jdbc:trino://host:8080/hive/billing}), read as {@code user} ({@code null}: the
   * URL's) with {@code password} ({@code null}: none; Trino takes one only over TLS), pooled by
   * HikariCP; it serves every row, and refuses a tenant's queries ({@code NOT_CONFINED}): a user
   * per tenant, which Trino's row filters confine, is the other {@code open}.
   *
   * @throws IllegalArgumentException when the URL is not a Trino URL naming a catalog and schema
   * @throws WarehouseException of kind {@code UNAVAILABLE} when no connection can be made; the
   *     message names the URL without credentials or options
   */
  public static Warehouse open(
      String jdbcUrl, @Nullable String user, @Nullable String password, int maxResultBytes)
      throws WarehouseException {
    return builder(jdbcUrl, user, password, maxResultBytes).build();
  }

  /**
   * As the other {@code open}, and each tenant's queries run as its own user, {@code
   * tenantUsers.user(tenant)} with {@code tenantPassword} (null when the server needs none), in a
   * pool of its own opened at the tenant's first query: Trino's row filters for that user ({@link
   * TrinoLockdown}) confine them as well as the allowlist's filters.
   *
   * @throws IllegalArgumentException as the other {@code open}, and when the URL names a {@code
   *     user} or {@code password}, which would stand for every tenant's user too
   * @throws WarehouseException as the other {@code open}
   */
  public static Warehouse open(
      String jdbcUrl,
      @Nullable String user,
      @Nullable String password,
      int maxResultBytes,
      TenantUsers tenantUsers,
      @Nullable String tenantPassword)
      throws WarehouseException {
    Objects.requireNonNull(tenantUsers, "tenantUsers");
    JdbcPools.requireCredentialsApart(jdbcUrl, "Trino");
    return builder(jdbcUrl, user, password, maxResultBytes)
        .tenantDataSources(
            tenant ->
                JdbcPools.open(JdbcPools.config(jdbcUrl, tenantUsers.user(tenant), tenantPassword)))
        .build();
  }

  private static Warehouse.Builder builder(
      String jdbcUrl, @Nullable String user, @Nullable String password, int maxResultBytes) {
    List<String> path = TrinoEngine.catalogAndSchema(jdbcUrl);
    TrinoEngine engine = new TrinoEngine();
    return Warehouse.builder(allowlist(path.get(0), path.get(1)))
        .engine(engine)
        .hikari(engine.pool(jdbcUrl, user, password))
        .notes(BillingSample.description(Path.of(".")).notes())
        .maxResultBytes(maxResultBytes);
  }

  /**
   * Creates the sample's tables and views in {@code catalog}.{@code schema} through {@code owner},
   * a connection of the schema's owner: external tables over the three parquet files already in the
   * lake at {@code locations} (table file name without {@code .parquet}, e.g. {@code
   * invoice_lines}, to the directory holding it, e.g. {@code s3://lake/billing/invoice_lines}),
   * then the lines with their invoice's region and the two views. Needs a catalog whose connector
   * takes external tables and writes (Hive's).
   *
   * @throws WarehouseException of kind {@code UNAVAILABLE} when a statement fails; it names the
   *     statement's table and Trino's message
   */
  public static void load(
      Connection owner, String catalog, String schema, Map<String, String> locations)
      throws WarehouseException {
    String s = qualified(catalog, schema);
    List<String> statements = new ArrayList<>();
    statements.add("CREATE SCHEMA IF NOT EXISTS " + s);
    for (Map.Entry<String, String> source : SOURCES.entrySet()) {
      String file =
          source.getKey().equals("invoice_lines_source") ? "invoice_lines" : source.getKey();
      String location = locations.get(file);
      if (location == null) {
        throw new IllegalArgumentException(
            "no location for "
                + file
                + ".parquet: give one for each of "
                + BillingSample.TABLE_FILES);
      }
      statements.add(
          "CREATE TABLE IF NOT EXISTS "
              + s
              + "."
              + source.getKey()
              + " ("
              + source.getValue()
              + ") WITH (format = 'PARQUET', external_location = "
              + SqlLiterals.quote(location)
              + ")");
    }
    statements.add(
        "CREATE TABLE IF NOT EXISTS "
            + s
            + ".invoice_lines_by_region WITH (format = 'PARQUET') AS"
            + " SELECT l.invoice_id, l.line_no, l.product, l.quantity, l.unit_price_cents, i.region"
            + " FROM "
            + s
            + ".invoice_lines_source l JOIN "
            + s
            + ".invoices i ON i.invoice_id = l.invoice_id");
    statements.add(
        "CREATE OR REPLACE VIEW "
            + s
            + ".invoice_lines SECURITY INVOKER AS"
            + " SELECT invoice_id, line_no, product, quantity, unit_price_cents FROM "
            + s
            + ".invoice_lines_by_region");
    statements.add(
        "CREATE OR REPLACE VIEW "
            + s
            + ".invoice_summary SECURITY INVOKER AS "
            + BillingSample.invoiceSummaryQuery(s + "."));
    try (Statement statement = owner.createStatement()) {
      for (String sql : statements) {
        try {
          statement.execute(sql);
        } catch (SQLException e) {
          throw new WarehouseException(
              WarehouseException.Kind.UNAVAILABLE,
              "cannot create the billing sample in Trino "
                  + catalog
                  + "."
                  + schema
                  + " ("
                  + sql.substring(0, Math.min(sql.length(), 80))
                  + "...): "
                  + e.getMessage(),
              e);
        }
      }
    } catch (SQLException e) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE, "cannot reach Trino: " + e.getMessage(), e);
    }
  }

  private static String qualified(String catalog, String schema) {
    return "\"" + requireIdentifier(catalog) + "\".\"" + requireIdentifier(schema) + "\"";
  }

  private static String requireIdentifier(String name) {
    if (!name.matches("[a-z_][a-z0-9_]{0,62}")) {
      throw new IllegalArgumentException(
          "'" + name + "' is not valid: use a lowercase identifier [a-z_][a-z0-9_]*");
    }
    return name;
  }
}
