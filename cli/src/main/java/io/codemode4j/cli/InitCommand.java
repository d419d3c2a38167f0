package io.codemode4j.cli;

import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.config.DescriptionException;
import io.codemode4j.warehouse.config.WarehouseConnection;
import io.codemode4j.warehouse.config.WarehouseDescription;
import io.codemode4j.warehouse.config.WarehouseDescriptions;
import io.codemode4j.warehouse.engine.CatalogTable;
import io.codemode4j.warehouse.engine.DescribedWarehouse;
import io.codemode4j.warehouse.engine.DescribedWarehouses;
import io.codemode4j.warehouse.engine.DescriptionDraft;
import io.codemode4j.warehouse.engine.EngineOpening;
import io.codemode4j.warehouse.engine.WarehouseEngine;
import io.codemode4j.warehouse.engine.WarehouseEngines;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code codemode init}: drafts a warehouse description from the engine's catalog, as the reader,
 * touching nothing, and proves the draft loads as written by opening it.
 */
@Command(
    name = "init",
    mixinStandardHelpOptions = true,
    description = {
      "Draft a warehouse description (the --config file of every command) from the catalog of a"
          + " database or a directory of parquet/CSV files: its tables and views, their columns and"
          + " types, and the database's own comments as notes. It reads as the reader and changes"
          + " nothing; the draft is opened once to prove it loads as written.",
      "With --tenant-column, every table that has the column is keyed by it, a table with a"
          + " foreign key to a keyed table is keyed through it, any other is left out (so nothing"
          + " is readable that you did not decide), and the tenants are the column's values."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:the draft was written",
      "1:the database could not be reached or read",
      "2:usage error (a bad option, an unknown table or tenant column, --out exists)"
    })
final class InitCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--warehouse",
      paramLabel = "JDBC_URL",
      description =
          "The database to describe, e.g. jdbc:postgresql://host/db or"
              + " jdbc:trino://host:8080/CATALOG/SCHEMA; credentials as every command takes them"
              + " (never written into the draft).")
  @Nullable String warehouse;

  @Option(
      names = "--data",
      paramLabel = "DIR",
      description = "A directory of TABLE.parquet or TABLE.csv files to describe instead.")
  @Nullable Path data;

  @Option(
      names = "--schema",
      paramLabel = "SCHEMA",
      description =
          "The schema (PostgreSQL) or database (MariaDB) of the tables (default: the"
              + " engine's or the URL's).")
  @Nullable String schema;

  @Option(
      names = "--tables",
      split = ",",
      paramLabel = "TABLE",
      description = "Only these tables and views (default: every one the reader sees).")
  @Nullable List<String> tables;

  @Option(
      names = "--tenant-column",
      paramLabel = "COLUMN",
      description =
          "The column holding the tenant key: tables that have it are keyed by it, the tenants are"
              + " its distinct values.")
  @Nullable String tenantColumn;

  @Option(
      names = "--subject",
      paramLabel = "TEXT",
      defaultValue = "the warehouse",
      description =
          "What the warehouse is, as the query tool names it (default: ${DEFAULT-VALUE}).")
  String subject = "the warehouse";

  @Option(
      names = "--warehouse-user",
      paramLabel = "USER",
      description = "The reader (default: CODEMODE_WAREHOUSE_USER, else the URL's).")
  @Nullable String warehouseUser;

  @Option(
      names = "--warehouse-password-env",
      paramLabel = "VAR",
      description =
          "The environment variable holding the reader's password, written into the draft as"
              + " passwordEnv (default: "
              + DataOptions.PASSWORD_VARIABLE
              + ", not written).")
  @Nullable String warehousePasswordEnv;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description = "Write the draft here (refused if it exists, unless --force); default: stdout.")
  @Nullable Path out;

  @Option(names = "--force", description = "Overwrite --out if it exists.")
  boolean force;

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    WarehouseConnection connection = connection();
    if (out != null && Files.exists(out) && !force) {
      throw CodemodeCli.usage(
          spec, "--out " + out + " exists: choose another file, or add --force to replace it");
    }
    if (out != null
        && out.toAbsolutePath().getParent() != null
        && !Files.isDirectory(out.toAbsolutePath().getParent())) {
      throw CodemodeCli.usage(
          spec,
          "--out "
              + out
              + ": the directory "
              + out.toAbsolutePath().getParent()
              + " does not exist");
    }
    String user = warehouseUser != null ? warehouseUser : System.getenv("CODEMODE_WAREHOUSE_USER");
    String password =
        System.getenv(
            warehousePasswordEnv != null ? warehousePasswordEnv : DataOptions.PASSWORD_VARIABLE);
    EngineOpening.Credentials credentials = new EngineOpening.Credentials(user, password, null);
    try {
      WarehouseEngine engine = DescribedWarehouses.engineFor(connection);
      List<CatalogTable> catalog = engine.catalog(connection, credentials, DataOptions.cacheRoot());
      Path relativeTo = out == null ? Path.of("") : out.toAbsolutePath().getParent();
      String draft =
          DescriptionDraft.yaml(
              connection,
              catalog,
              new DescriptionDraft.Options(
                  subject,
                  tables == null
                      ? List.of()
                      : tables.stream().map(t -> t.strip().toLowerCase(Locale.ROOT)).toList(),
                  tenantColumn == null ? null : tenantColumn.strip().toLowerCase(Locale.ROOT)),
              relativeTo);
      String problem =
          unfit(draft, relativeTo == null ? Path.of("").toAbsolutePath() : relativeTo, credentials);
      if (problem != null) {
        // Nothing written, nothing lost: the draft goes to stderr for the user to correct by hand.
        err.println(
            "error: codemode init drafted a description that does not load as written ("
                + problem
                + "); nothing was written. This is a defect of init: please report it. The draft,"
                + " to correct by hand:");
        err.print(draft);
        err.flush();
        return CodemodeCli.EXIT_FAILED;
      }
      if (out == null) {
        stdout.print(draft);
        stdout.flush();
      } else {
        Files.writeString(out, draft, StandardCharsets.UTF_8);
        err.println(
            "wrote "
                + out
                + ": review it, then serve it with --config "
                + out
                + " (e.g. codemode tables --config "
                + out
                + ")");
      }
      return CodemodeCli.EXIT_OK;
    } catch (IllegalArgumentException e) {
      throw CodemodeCli.usage(spec, e);
    } catch (WarehouseException e) {
      err.println("error: " + TerminalText.message(e));
      return CodemodeCli.EXIT_FAILED;
    } catch (IOException e) {
      err.println("error: cannot write " + out + ": " + e.getMessage());
      return CodemodeCli.EXIT_FAILED;
    }
  }

  /** Where to read the catalog: {@code --warehouse} or {@code --data}, exactly one. */
  private WarehouseConnection connection() {
    if ((warehouse == null) == (data == null)) {
      throw CodemodeCli.usage(
          spec,
          "give what to describe: --warehouse JDBC_URL (a database) or --data DIR (parquet or CSV"
              + " files), one of them");
    }
    if (data != null) {
      if (!Files.isDirectory(data)) {
        throw CodemodeCli.usage(spec, "--data " + data + " is not a directory");
      }
      if (schema != null) {
        throw CodemodeCli.usage(spec, "--schema applies to a database; a directory has none");
      }
      return new WarehouseConnection.Directory(data, null);
    }
    try {
      WarehouseEngines.require(java.util.Objects.requireNonNull(warehouse));
      return new WarehouseConnection.Jdbc(
          warehouse, warehouseUser, warehousePasswordEnv, schema, null, null);
    } catch (IllegalArgumentException e) {
      throw CodemodeCli.usage(spec, "--warehouse " + e.getMessage());
    }
  }

  /**
   * Reads the draft back and opens it: the draft must load as written and fit the database, and its
   * tenants must be readable. Returns what is wrong with it, or null when it serves as written.
   */
  private static @Nullable String unfit(
      String draft, Path base, EngineOpening.Credentials credentials) throws WarehouseException {
    WarehouseDescription description;
    try {
      description = WarehouseDescriptions.parse(draft, "the draft", base, false);
    } catch (DescriptionException e) {
      return e.getMessage();
    }
    try (DescribedWarehouse opened =
        DescribedWarehouses.open(description, credentials, DataOptions.cacheRoot())) {
      opened.tenantValues();
      return null;
    } catch (DescriptionException e) {
      return e.getMessage();
    }
  }
}
