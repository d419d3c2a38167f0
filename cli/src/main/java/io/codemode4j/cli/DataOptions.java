package io.codemode4j.cli;

import io.codemode4j.sample.SampleData;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.billing.BillingSample;
import io.codemode4j.warehouse.postgres.BillingPostgres;
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
          "Read the billing tables from PostgreSQL at this JDBC URL (jdbc:postgresql://host/db) "
              + "instead of DuckDB over --data. Credentials: in the URL (?user=..&password=..), or "
              + "--warehouse-user and the environment variable --warehouse-password-env names "
              + "(default CODEMODE_WAREHOUSE_PASSWORD); never echoed.")
  @Nullable String warehouse;

  @Option(
      names = "--warehouse-user",
      paramLabel = "ROLE",
      description = "The PostgreSQL reader role (default: CODEMODE_WAREHOUSE_USER, or the URL's).")
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
      description = "The PostgreSQL schema of the tables (default: ${DEFAULT-VALUE}).")
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
   * Why {@code tenant} names a region the data does not have, or null when it names none: a typo
   * ({@code --tenant mars}) would otherwise see no rows and look like an answer.
   */
  static @Nullable String unknownRegions(Warehouse warehouse, Tenant tenant)
      throws WarehouseException {
    return unknownRegions(warehouse, tenant, "--tenant");
  }

  /** As {@link #unknownRegions(Warehouse, Tenant)}, the message naming {@code subject}. */
  static @Nullable String unknownRegions(Warehouse warehouse, Tenant tenant, String subject)
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
   * The warehouse at {@code url}, opened as its engine ({@link WarehouseEngine}) opens it, the
   * reader's credentials from the URL or the flags.
   */
  private Warehouse openDatabase(String url, int maxResultBytes) throws WarehouseException {
    WarehouseEngine engine;
    try {
      engine = WarehouseEngine.of(url);
    } catch (IllegalArgumentException e) {
      throw CodemodeCli.usage(spec, e);
    }
    String user = warehouseUser != null ? warehouseUser : System.getenv("CODEMODE_WAREHOUSE_USER");
    String password = System.getenv(warehousePasswordEnv);
    try {
      return switch (engine) {
        case POSTGRESQL ->
            BillingPostgres.open(url, user, password, warehouseSchema, maxResultBytes);
      };
    } catch (IllegalArgumentException e) {
      // A schema that is no identifier.
      throw CodemodeCli.usage(spec, e);
    }
  }
}
