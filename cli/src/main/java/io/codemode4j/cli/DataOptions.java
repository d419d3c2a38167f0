package io.codemode4j.cli;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.sample.SampleData;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.billing.BillingSample;
import io.codemode4j.warehouse.config.DescriptionException;
import io.codemode4j.warehouse.config.TableDescription;
import io.codemode4j.warehouse.config.Tenancy;
import io.codemode4j.warehouse.config.WarehouseConnection;
import io.codemode4j.warehouse.config.WarehouseDescription;
import io.codemode4j.warehouse.config.WarehouseDescriptions;
import io.codemode4j.warehouse.engine.DescribedWarehouse;
import io.codemode4j.warehouse.engine.DescribedWarehouses;
import io.codemode4j.warehouse.engine.EngineOpening;
import io.codemode4j.warehouse.engine.TenantUserTemplate;
import io.codemode4j.warehouse.engine.WarehouseEngines;
import io.codemode4j.warehouse.pack.PackContext;
import io.codemode4j.warehouse.pack.ToolPacks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What warehouse a command serves: a description file ({@code --config}, else {@code
 * CODEMODE_CONFIG}, else the bundled billing sample), pointed elsewhere by {@code --data} or {@code
 * --warehouse} if asked, with who reads it there; shared by every command that opens the warehouse.
 *
 * <p>Decided: a flag wins over the description, and the description over the environment's defaults
 * ({@code CODEMODE_WAREHOUSE_USER}, {@code CODEMODE_WAREHOUSE_PASSWORD}), so the file states the
 * usual case and a command line can still override one part of it; passwords come only from
 * environment variables, which the description and the flags name.
 */
final class DataOptions {

  /** The reader's password variable when neither a flag nor the description names one. */
  static final String PASSWORD_VARIABLE = EngineOpening.Credentials.PASSWORD_VARIABLE;

  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      defaultValue = "${env:CODEMODE_CONFIG}",
      description =
          "The warehouse description (YAML or JSON: connection, tables with notes and tenant keys,"
              + " tenancy, limits, tool packs; `codemode init` drafts one). Default: CODEMODE_CONFIG,"
              + " else the bundled billing sample.")
  @Nullable Path config;

  @Option(
      names = "--data",
      paramLabel = "DIR",
      description =
          "Serve the described tables from the parquet or CSV files of this directory (one file per"
              + " table, TABLE.parquet or TABLE.csv) with the embedded DuckDB, instead of the"
              + " description's connection.")
  @Nullable Path data;

  @Option(
      names = "--warehouse",
      paramLabel = "JDBC_URL",
      description =
          "Serve the described tables from the database at this JDBC URL instead of the"
              + " description's connection: PostgreSQL (jdbc:postgresql://host/db), Trino"
              + " (jdbc:trino://host:8080/CATALOG/SCHEMA) or any engine on the class path."
              + " Credentials: in the URL (?user=..&password=..), or --warehouse-user and the"
              + " environment variable --warehouse-password-env names; never echoed.")
  @Nullable String warehouse;

  @Option(
      names = "--warehouse-tenant-user",
      paramLabel = "TEMPLATE",
      description =
          "Run each tenant's queries (--tenant, or an mcp --tokens tenant) as a database user of "
              + "its own: this template with the tenant's key for {tenant}, e.g. tenant_{tenant} "
              + "runs --tenant emea as tenant_emea, whose row-level security (PostgreSQL) or row "
              + "filters (Trino) confine it besides the allowlist's filters. One key value per "
              + "tenant; needs a database, with the reader's credentials outside its URL.")
  @Nullable String warehouseTenantUser;

  @Option(
      names = "--warehouse-tenant-password-env",
      paramLabel = "VAR",
      description =
          "The environment variable holding the tenant users' password (default: the"
              + " description's, else the reader's).")
  @Nullable String warehouseTenantPasswordEnv;

  @Option(
      names = "--warehouse-user",
      paramLabel = "USER",
      description =
          "The reader: a database user that may read the described tables (default:"
              + " CODEMODE_WAREHOUSE_USER, else the description's, else the URL's).")
  @Nullable String warehouseUser;

  @Option(
      names = "--warehouse-password-env",
      paramLabel = "VAR",
      description =
          "The environment variable holding the reader's password (default: the description's,"
              + " else "
              + PASSWORD_VARIABLE
              + ").")
  @Nullable String warehousePasswordEnv;

  @Option(
      names = "--warehouse-schema",
      paramLabel = "SCHEMA",
      description =
          "The schema of the tables (PostgreSQL's schema; default: the description's, for the"
              + " sample billing); a Trino URL names its catalog and schema in its path.")
  @Nullable String warehouseSchema;

  /** The cache directory of every command: {@link EngineOpening#defaultCacheRoot()}. */
  static Path cacheRoot() {
    return EngineOpening.defaultCacheRoot();
  }

  /** The warehouse the options describe, with its own result byte limit. */
  DescribedWarehouse open() throws WarehouseException {
    return open(null);
  }

  /**
   * The warehouse the options describe, its results limited to {@code maxResultBytes} of JSON each
   * ({@code null}: the description's limit); opened and checked against the database.
   *
   * @throws picocli.CommandLine.ParameterException a usage error when the description or an option
   *     is wrong (a missing file, a table the database lacks, a bad URL)
   * @throws WarehouseException when the database cannot be reached or read
   */
  DescribedWarehouse open(@Nullable Integer maxResultBytes) throws WarehouseException {
    WarehouseDescription description = description();
    if (maxResultBytes != null) {
      description = description.withLimits(description.limits().withMaxResultBytes(maxResultBytes));
    }
    Map<String, String> env = System.getenv();
    EngineOpening.Credentials credentials = credentials(description.connection(), env);
    try {
      return DescribedWarehouses.open(description, credentials, cacheRoot());
    } catch (DescriptionException | IllegalArgumentException e) {
      throw CodemodeCli.usage(spec, String.valueOf(e.getMessage()));
    }
  }

  /** The description the options name, with the flags' overrides applied. */
  WarehouseDescription description() throws WarehouseException {
    WarehouseDescription description;
    if (config != null) {
      try {
        description = WarehouseDescriptions.load(config);
      } catch (DescriptionException e) {
        throw CodemodeCli.usage(spec, e.getMessage());
      }
    } else {
      description = BillingSample.description(data != null ? data : bundledSample());
    }
    if (data != null && warehouse != null) {
      throw CodemodeCli.usage(
          spec, "give one of --data (a directory of files) and --warehouse (a database), not both");
    }
    WarehouseConnection connection = description.connection();
    if (data != null) {
      checkDataDirectory(data, description);
      connection = new WarehouseConnection.Directory(data, connection.schema());
    } else if (warehouse != null) {
      try {
        WarehouseEngines.require(warehouse);
        connection =
            new WarehouseConnection.Jdbc(
                warehouse,
                null,
                null,
                connection.schema(),
                connection instanceof WarehouseConnection.Jdbc jdbc ? jdbc.tenantUser() : null,
                null);
      } catch (IllegalArgumentException e) {
        throw CodemodeCli.usage(spec, "--warehouse " + e.getMessage());
      }
    }
    if (warehouseSchema != null) {
      connection =
          switch (connection) {
            case WarehouseConnection.Directory directory ->
                throw CodemodeCli.usage(
                    spec, "--warehouse-schema applies to a database; a directory has no schemas");
            case WarehouseConnection.Jdbc jdbc ->
                new WarehouseConnection.Jdbc(
                    jdbc.url(),
                    jdbc.user(),
                    jdbc.passwordEnv(),
                    warehouseSchema,
                    jdbc.tenantUser(),
                    jdbc.tenantPasswordEnv());
          };
    }
    if (warehouseTenantUser != null) {
      if (!(connection instanceof WarehouseConnection.Jdbc jdbc)) {
        throw CodemodeCli.usage(
            spec,
            "--warehouse-tenant-user applies to a database: over files, each tenant already reads"
                + " a DuckDB file of its own rows");
      }
      if (!(description.tenancy() instanceof Tenancy.Keyed keyed)) {
        throw CodemodeCli.usage(
            spec,
            "--warehouse-tenant-user gives each tenant a user of its own, but "
                + description.origin().name()
                + " has no tenancy");
      }
      try {
        template(keyed);
      } catch (IllegalArgumentException e) {
        throw CodemodeCli.usage(spec, e);
      }
      connection =
          new WarehouseConnection.Jdbc(
              jdbc.url(),
              jdbc.user(),
              jdbc.passwordEnv(),
              jdbc.schema(),
              warehouseTenantUser,
              jdbc.tenantPasswordEnv());
    }
    return description.withConnection(connection);
  }

  /** The bundled sample's directory, unpacked under the cache once. */
  private static Path bundledSample() throws WarehouseException {
    try {
      return SampleData.bundledDirectory(cacheRoot());
    } catch (IOException e) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          "cannot unpack the bundled sample data: " + e.getMessage(),
          e);
    }
  }

  /**
   * The reader's and tenant users' credentials: a flag, else the environment's default, else the
   * description's; a password only from the variable a flag or the description names.
   */
  private EngineOpening.Credentials credentials(
      WarehouseConnection connection, Map<String, String> env) {
    return EngineOpening.Credentials.resolve(
        connection, env, warehouseUser, warehousePasswordEnv, warehouseTenantPasswordEnv);
  }

  /**
   * A {@code --data} that is no directory, or lacks a table's file, is the user's to fix: a usage
   * error naming the flag, the files it must hold and how to make a set.
   */
  private void checkDataDirectory(Path dir, WarehouseDescription description) {
    List<String> files =
        description.tables().values().stream()
            .filter(table -> table.view() == null)
            .map(TableDescription::name)
            .map(name -> name + ".parquet")
            .toList();
    String must =
        " (give a directory holding "
            + String.join(", ", files)
            + " or the same as .csv, e.g. one written by `codemode generate --out DIR`)";
    if (!Files.isDirectory(dir)) {
      throw CodemodeCli.usage(
          spec,
          "--data " + dir + (Files.exists(dir) ? " is not a directory" : " does not exist") + must);
    }
    List<String> missing =
        files.stream()
            .filter(
                file ->
                    !Files.isRegularFile(dir.resolve(file))
                        && !Files.isRegularFile(dir.resolve(file.replace(".parquet", ".csv"))))
            .toList();
    if (!missing.isEmpty()) {
      throw CodemodeCli.usage(
          spec, "--data " + dir + " has no " + String.join(", ", missing) + must);
    }
  }

  /**
   * Why {@code --tenant}'s {@code tenant} cannot be served, or null when it can: see {@link
   * #tenantProblem(DescribedWarehouse, Tenant, String)}.
   */
  @Nullable String tenantProblem(DescribedWarehouse warehouse, Tenant tenant)
      throws WarehouseException {
    return tenantProblem(warehouse, tenant, "--tenant");
  }

  /**
   * Why {@code subject}, {@code tenant}, cannot be served, or null when it can: several values
   * where a user per tenant serves one value each (checked first: the warehouse's checks open the
   * tenant's user); the description has no tenancy; it names a key value the data does not have (a
   * typo would otherwise see no rows and look like an answer); or the tenant's user reads rows that
   * are not its own ({@link DescribedWarehouse#tenantProblem}).
   */
  @Nullable String tenantProblem(DescribedWarehouse warehouse, Tenant tenant, String subject)
      throws WarehouseException {
    if (warehouse.description().connection() instanceof WarehouseConnection.Jdbc jdbc
        && jdbc.tenantUser() != null
        && warehouse.description().tenancy() instanceof Tenancy.Keyed keyed) {
      String problem = template(keyed, jdbc.tenantUser()).problem(tenant, subject);
      if (problem != null) {
        return problem;
      }
    }
    return warehouse.tenantProblem(tenant, subject);
  }

  private TenantUserTemplate template(Tenancy.Keyed keyed) {
    return template(keyed, java.util.Objects.requireNonNull(warehouseTenantUser));
  }

  private TenantUserTemplate template(Tenancy.Keyed keyed, String template) {
    String source =
        template.equals(warehouseTenantUser) ? "--warehouse-tenant-user" : "connection.tenantUser";
    return new TenantUserTemplate(template, source, keyed.key(), keyed.plural());
  }

  /**
   * Installs the description's toolkit ({@code warehouse.*} and its packs) into {@code builder}.
   *
   * @throws picocli.CommandLine.ParameterException when a listed pack is missing or cannot serve
   *     the description
   */
  CodeMode.Builder install(
      DescribedWarehouse warehouse, PackContext context, CodeMode.Builder builder)
      throws WarehouseException {
    try {
      return ToolPacks.install(warehouse, context, builder);
    } catch (DescriptionException e) {
      throw CodemodeCli.usage(spec, e.getMessage());
    }
  }
}
