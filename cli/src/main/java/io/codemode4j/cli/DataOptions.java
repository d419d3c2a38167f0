package io.codemode4j.cli;

import io.codemode4j.sample.SampleData;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.billing.BillingSample;
import io.codemode4j.warehouse.postgres.BillingPostgres;
import io.codemode4j.warehouse.trino.BillingTrino;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Where the data lives, the parquet and its cache or a {@code --warehouse} database, with who reads
 * it there; shared by every command that opens the warehouse.
 */
final class DataOptions {

  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Option(
      names = "--data",
      paramLabel = "DIR",
      description =
          "Parquet directory with customers.parquet, invoices.parquet and invoice_lines.parquet "
              + "(default: the bundled sample data).")
  @Nullable Path data;

  @Option(
      names = "--warehouse",
      paramLabel = "JDBC_URL",
      description =
          "Read the billing tables from PostgreSQL (jdbc:postgresql://host/db) or Trino "
              + "(jdbc:trino://host:8080/CATALOG/SCHEMA) at this JDBC URL instead of DuckDB over "
              + "--data. Credentials: in the URL (?user=..&password=..), or --warehouse-user and the "
              + "environment variable --warehouse-password-env names (default "
              + "CODEMODE_WAREHOUSE_PASSWORD); never echoed.")
  @Nullable String warehouse;

  @Option(
      names = "--warehouse-tenant-user",
      paramLabel = "TEMPLATE",
      description =
          "Run each tenant's queries (--tenant, or an mcp --tokens tenant) as a database user of "
              + "its own: this template with the region for {tenant}, e.g. tenant_{tenant} runs "
              + "--tenant emea as tenant_emea, whose row-level security (PostgreSQL) or row filters "
              + "(Trino) confine it besides the allowlist's filters. One region per tenant; needs "
              + "--warehouse, with the reader's credentials outside its URL.")
  @Nullable String warehouseTenantUser;

  @Option(
      names = "--warehouse-tenant-password-env",
      paramLabel = "VAR",
      description =
          "The environment variable holding the tenant users' password (default: the one "
              + "--warehouse-password-env names).")
  @Nullable String warehouseTenantPasswordEnv;

  @Option(
      names = "--warehouse-user",
      paramLabel = "ROLE",
      description =
          "The reader: a PostgreSQL role or Trino user (default: CODEMODE_WAREHOUSE_USER, or the "
              + "URL's).")
  @Nullable String warehouseUser;

  @Option(
      names = "--warehouse-password-env",
      paramLabel = "VAR",
      defaultValue = "CODEMODE_WAREHOUSE_PASSWORD",
      description =
          "The environment variable holding the reader's password (default: ${DEFAULT-VALUE}).")
  String warehousePasswordEnv = "CODEMODE_WAREHOUSE_PASSWORD";

  @Option(
      names = "--warehouse-schema",
      paramLabel = "SCHEMA",
      defaultValue = "billing",
      description =
          "The PostgreSQL schema of the tables (default: ${DEFAULT-VALUE}); a Trino URL names its "
              + "catalog and schema in its path.")
  String warehouseSchema = "billing";

  /**
   * The system property {@code codemode.cacheDir}, else {@code CODEMODE_CACHE_DIR}, else {@code
   * $XDG_CACHE_HOME/codemode4j}, else {@code ~/.cache/codemode4j}.
   */
  static Path cacheRoot() {
    String explicit = System.getProperty("codemode.cacheDir", System.getenv("CODEMODE_CACHE_DIR"));
    if (explicit != null && !explicit.isBlank()) {
      return Path.of(explicit);
    }
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base =
        xdg != null && !xdg.isBlank()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".cache");
    return base.resolve("codemode4j");
  }

  /**
   * Why {@code --tenant}'s {@code tenant} cannot be served, or null when it can: see {@link
   * #tenantProblem(Warehouse, Tenant, String)}.
   */
  @Nullable String tenantProblem(Warehouse warehouse, Tenant tenant) throws WarehouseException {
    return tenantProblem(warehouse, tenant, "--tenant");
  }

  /**
   * Why {@code subject}, {@code tenant}, cannot be served, or null when it can: it names a region
   * the data does not have (a typo, {@code --tenant mars}, would otherwise see no rows and look
   * like an answer), or several regions where {@code --warehouse-tenant-user} maps one region to
   * one user.
   */
  @Nullable String tenantProblem(Warehouse warehouse, Tenant tenant, String subject)
      throws WarehouseException {
    String unknown = unknownRegions(warehouse, tenant, subject);
    if (unknown != null || warehouseTenantUser == null) {
      return unknown;
    }
    return new TenantUserTemplate(warehouseTenantUser).problem(tenant, subject);
  }

  private static @Nullable String unknownRegions(Warehouse warehouse, Tenant tenant, String subject)
      throws WarehouseException {
    Set<String> known = new TreeSet<>();
    try {
      warehouse
          .query("SELECT DISTINCT region FROM customers", QueryPolicy.unscoped(1_000))
          .rows()
          .forEach(row -> known.add(row.get("region").asString()));
    } catch (SqlRefusedException e) {
      // BillingSample.open checked customers.region; the allowlist has no reason to refuse.
      throw new IllegalStateException("the sample's allowlist refused its own region list", e);
    }
    List<String> unknown =
        tenant.values().stream().filter(r -> !known.contains(r)).sorted().toList();
    if (unknown.isEmpty()) {
      return null;
    }
    return subject
        + " names "
        + (unknown.size() == 1 ? "a region" : "regions")
        + " the data does not have ("
        + String.join(", ", unknown)
        + "): its regions are "
        + String.join(", ", known);
  }

  /**
   * A {@code --data} that is no directory, or lacks a table file, is the user's to fix: a usage
   * error naming the flag, the files it must hold and how to make a set.
   */
  private void checkDataDirectory(Path data) {
    String must =
        " (give a directory holding "
            + String.join(", ", BillingSample.TABLE_FILES)
            + ", e.g. one written by `codemode generate --out DIR`)";
    if (!Files.isDirectory(data)) {
      throw CodemodeCli.usage(
          spec,
          "--data "
              + data
              + (Files.exists(data) ? " is not a directory" : " does not exist")
              + must);
    }
    List<String> missing =
        BillingSample.TABLE_FILES.stream()
            .filter(file -> !Files.isRegularFile(data.resolve(file)))
            .toList();
    if (!missing.isEmpty()) {
      throw CodemodeCli.usage(
          spec, "--data " + data + " has no " + String.join(", ", missing) + must);
    }
  }

  Warehouse openWarehouse() throws WarehouseException {
    return openWarehouse(Warehouse.DEFAULT_MAX_RESULT_BYTES);
  }

  /** The warehouse, its results limited to {@code maxResultBytes} of JSON each. */
  Warehouse openWarehouse(int maxResultBytes) throws WarehouseException {
    if (warehouse != null) {
      return openDatabase(warehouse, maxResultBytes);
    }
    if (warehouseTenantUser != null) {
      throw CodemodeCli.usage(
          spec,
          "--warehouse-tenant-user applies to a --warehouse database: over parquet, each tenant"
              + " already reads a DuckDB file of its own rows");
    }
    Path dir;
    if (data != null) {
      checkDataDirectory(data);
      dir = data;
    } else {
      try {
        dir = SampleData.bundledDirectory(cacheRoot());
      } catch (IOException e) {
        throw new WarehouseException(
            WarehouseException.Kind.UNAVAILABLE,
            "cannot unpack the bundled sample data: " + e.getMessage(),
            e);
      }
    }
    return BillingSample.open(dir, cacheRoot(), maxResultBytes);
  }

  /**
   * The warehouse at {@code url}, opened as its engine ({@link WarehouseEngine}) opens it: the
   * reader's credentials from the URL or the flags, and with {@code --warehouse-tenant-user} each
   * tenant's queries as its own user.
   */
  private Warehouse openDatabase(String url, int maxResultBytes) throws WarehouseException {
    WarehouseEngine engine;
    TenantUserTemplate tenantUsers;
    try {
      engine = WarehouseEngine.of(url);
      tenantUsers =
          warehouseTenantUser == null ? null : new TenantUserTemplate(warehouseTenantUser);
    } catch (IllegalArgumentException e) {
      throw CodemodeCli.usage(spec, e);
    }
    String user = warehouseUser != null ? warehouseUser : System.getenv("CODEMODE_WAREHOUSE_USER");
    String password = System.getenv(warehousePasswordEnv);
    String tenantPassword =
        warehouseTenantPasswordEnv == null ? password : System.getenv(warehouseTenantPasswordEnv);
    try {
      return switch (engine) {
        case POSTGRESQL ->
            tenantUsers == null
                ? BillingPostgres.open(url, user, password, warehouseSchema, maxResultBytes)
                : BillingPostgres.open(
                    url,
                    user,
                    password,
                    warehouseSchema,
                    maxResultBytes,
                    tenantUsers,
                    tenantPassword);
        case TRINO ->
            tenantUsers == null
                ? BillingTrino.open(url, user, password, maxResultBytes)
                : BillingTrino.open(
                    url, user, password, maxResultBytes, tenantUsers, tenantPassword);
      };
    } catch (IllegalArgumentException e) {
      // A schema that is no identifier, a Trino URL without its catalog and schema, or
      // credentials in the URL beside tenant users.
      throw CodemodeCli.usage(spec, e);
    }
  }
}
