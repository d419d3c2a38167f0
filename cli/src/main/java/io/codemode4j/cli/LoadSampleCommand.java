package io.codemode4j.cli;

import io.codemode4j.sample.SampleData;
import io.codemode4j.warehouse.JdbcPools;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.billing.SampleLoader;
import io.codemode4j.warehouse.engine.WarehouseEngine;
import io.codemode4j.warehouse.engine.WarehouseEngines;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code codemode load-sample --warehouse URL}: loads the bundled (or {@code --data}) parquet into
 * PostgreSQL or MariaDB through a writer identity, idempotently ({@link SampleLoader}).
 */
@Command(
    name = "load-sample",
    mixinStandardHelpOptions = true,
    description =
        "Load the billing parquet into PostgreSQL or MariaDB with a writer identity (again: the"
            + " same rows).")
final class LoadSampleCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--warehouse",
      required = true,
      paramLabel = "JDBC_URL",
      description =
          "PostgreSQL or MariaDB JDBC URL of the database to load (credentials as for --user).")
  String warehouse;

  @Option(
      names = "--data",
      paramLabel = "DIR",
      description = "Parquet directory (default: the bundled sample data).")
  @Nullable Path data;

  @Option(
      names = "--user",
      paramLabel = "ROLE",
      description = "The writer role (default: CODEMODE_WRITER_USER, or the URL's).")
  @Nullable String user;

  @Option(
      names = "--password-env",
      paramLabel = "VAR",
      defaultValue = "CODEMODE_WRITER_PASSWORD",
      description =
          "Environment variable holding the writer's password (default: ${DEFAULT-VALUE}).")
  String passwordEnv = "CODEMODE_WRITER_PASSWORD";

  @Option(
      names = "--schema",
      paramLabel = "SCHEMA",
      defaultValue = "billing",
      description =
          "Schema (PostgreSQL) or database (MariaDB) to load into, created when missing (default:"
              + " ${DEFAULT-VALUE}).")
  String schema = "billing";

  @Override
  public Integer call() {
    WarehouseEngine engine;
    try {
      engine = WarehouseEngines.require(warehouse);
    } catch (IllegalArgumentException e) {
      throw CodemodeCli.usage(spec, "--warehouse " + e.getMessage());
    }
    SampleLoader loader = SampleLoader.of(engine);
    if (loader == null) {
      throw CodemodeCli.usage(
          spec,
          "load-sample loads "
              + SampleLoader.engines()
              + ", not "
              + engine.name()
              + ": a lake's or another database's owner creates the sample's tables with its own"
              + " tools (see docs/engines/)");
    }
    return load(loader);
  }

  private int load(SampleLoader loader) {
    PrintWriter out = spec.commandLine().getOut();
    Properties credentials = new Properties();
    String role = user != null ? user : System.getenv("CODEMODE_WRITER_USER");
    if (role != null) {
      credentials.setProperty("user", role);
    }
    String password = System.getenv(passwordEnv);
    if (password != null) {
      credentials.setProperty("password", password);
    }
    try {
      Path dir = data != null ? data : SampleData.bundledDirectory(DataOptions.cacheRoot());
      Map<String, Long> rows;
      try (Connection writer = DriverManager.getConnection(warehouse, credentials)) {
        rows = loader.load(writer, dir, schema);
      }
      rows.forEach((table, n) -> out.println(schema + "." + table + ": " + n + " rows"));
      out.flush();
      return CodemodeCli.EXIT_OK;
    } catch (WarehouseException e) {
      spec.commandLine().getErr().println("error: " + TerminalText.message(e));
      return CodemodeCli.EXIT_FAILED;
    } catch (SQLException | IOException e) {
      // pgjdbc's messages name the user and host, never the password; the URL is shown redacted.
      spec.commandLine()
          .getErr()
          .println(
              "error: cannot load into "
                  + JdbcPools.redacted(warehouse)
                  + ": "
                  + redacted(String.valueOf(e.getMessage()), password));
      return CodemodeCli.EXIT_FAILED;
    }
  }

  private static String redacted(String message, @Nullable String password) {
    return password == null || password.isEmpty() ? message : message.replace(password, "***");
  }
}
