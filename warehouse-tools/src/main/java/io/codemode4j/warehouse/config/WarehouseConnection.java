package io.codemode4j.warehouse.config;

import java.nio.file.Path;
import java.util.Objects;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Where the described tables live and who reads them: a database at a JDBC URL, or a directory of
 * parquet and CSV files served by the embedded DuckDB. Credentials never live in a description: a
 * password is named by the environment variable that holds it.
 */
public sealed interface WarehouseConnection {

  /** An environment variable's name: letters, digits and _, not starting with a digit. */
  Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,127}");

  /**
   * The schema the tables live in, on an engine that has schemas (PostgreSQL's schema, MariaDB's
   * database); {@code null} for the engine's or the URL's own. Kept when a front end replaces the
   * URL or directory, so one description serves the same tables wherever they were loaded.
   */
  @Nullable String schema();

  /**
   * A database at {@code url}.
   *
   * @param url the JDBC URL; user information in it is allowed but better given apart
   * @param user the reader's user, or {@code null} for the URL's (or the front end's)
   * @param passwordEnv the environment variable holding the reader's password, or {@code null}
   * @param schema see {@link WarehouseConnection#schema()}
   * @param tenantUser a user per tenant: a template with {@code {tenant}} for the tenant's key, or
   *     {@code null} when the allowlist's filters (and the engine's own confinement of the reader)
   *     confine tenants
   * @param tenantPasswordEnv the variable holding the tenant users' password, or {@code null} for
   *     {@code passwordEnv}'s
   */
  record Jdbc(
      String url,
      @Nullable String user,
      @Nullable String passwordEnv,
      @Nullable String schema,
      @Nullable String tenantUser,
      @Nullable String tenantPasswordEnv)
      implements WarehouseConnection {

    public Jdbc {
      Objects.requireNonNull(url, "url");
      if (!url.startsWith("jdbc:")) {
        throw new IllegalArgumentException("a warehouse URL starts with 'jdbc:'");
      }
      requireVariable(passwordEnv, "passwordEnv");
      requireVariable(tenantPasswordEnv, "tenantPasswordEnv");
      if (tenantUser != null && !tenantUser.contains("{tenant}")) {
        throw new IllegalArgumentException(
            "tenantUser '" + tenantUser + "' must contain {tenant}, e.g. tenant_{tenant}");
      }
    }

    /** A URL alone: the reader and its password from the URL or the front end. */
    public static Jdbc of(String url) {
      return new Jdbc(url, null, null, null, null, null);
    }

    private static void requireVariable(@Nullable String name, String what) {
      if (name != null && !VARIABLE.matcher(name).matches()) {
        throw new IllegalArgumentException(
            what
                + " must name an environment variable (letters, digits and _), was '"
                + name
                + "': the password itself never goes in a description");
      }
    }
  }

  /**
   * A directory of one file per table, {@code <table>.parquet} or {@code <table>.csv}, loaded into
   * an embedded DuckDB database that queries read read-only.
   *
   * @param directory an absolute path
   * @param schema see {@link WarehouseConnection#schema()}; unused by the directory itself
   */
  record Directory(Path directory, @Nullable String schema) implements WarehouseConnection {
    public Directory {
      directory = directory.toAbsolutePath().normalize();
    }
  }
}
