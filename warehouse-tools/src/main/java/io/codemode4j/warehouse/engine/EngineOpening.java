package io.codemode4j.warehouse.engine;

import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.config.Tenancy;
import io.codemode4j.warehouse.config.WarehouseConnection;
import io.codemode4j.warehouse.config.WarehouseDescription;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What an engine is asked to open: a description, the credentials the front end resolved for it
 * (never read from the description itself, which only names their variables), and where the engine
 * may cache what it builds.
 *
 * @param description the tables, tenancy, limits and connection
 * @param credentials the reader's and tenant users' credentials
 * @param cacheRoot a directory the engine may write (built database files), created on demand
 */
public record EngineOpening(
    WarehouseDescription description, Credentials credentials, Path cacheRoot) {

  public EngineOpening {
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(credentials, "credentials");
    Objects.requireNonNull(cacheRoot, "cacheRoot");
  }

  /**
   * Where the front ends cache what engines build, unless told otherwise: the system property
   * {@code codemode.cacheDir}, else {@code CODEMODE_CACHE_DIR}, else {@code
   * $XDG_CACHE_HOME/codemode4j}, else {@code ~/.cache/codemode4j}.
   */
  public static Path defaultCacheRoot() {
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

  /** The connection to open. */
  public WarehouseConnection connection() {
    return description.connection();
  }

  /** The allowlist of the described tables and views in {@code dialect}. */
  public SqlAllowlist allowlist(Dialect dialect) {
    return description.allowlist(dialect).build();
  }

  /**
   * A warehouse builder over {@code allowlist} with the description's notes and limits and {@code
   * engine}'s typing and values; the engine gives it its backend.
   */
  public Warehouse.Builder builder(SqlAllowlist allowlist, WarehouseEngine engine) {
    return Warehouse.builder(allowlist)
        .engine(engine)
        .notes(description.notes())
        .maxRows(description.limits().maxRows())
        .maxResultBytes(description.limits().maxResultBytes())
        .queryTimeout(description.limits().queryTimeout());
  }

  /**
   * The user per tenant the connection names ({@code tenantUser}), or {@code null} when the
   * allowlist's filters and the reader's own confinement confine tenants.
   */
  public @Nullable TenantUserTemplate tenantUsers() {
    if (!(connection() instanceof WarehouseConnection.Jdbc jdbc) || jdbc.tenantUser() == null) {
      return null;
    }
    // The description reader refuses a tenantUser without a tenancy.
    Tenancy.Keyed keyed = (Tenancy.Keyed) description.tenancy();
    return new TenantUserTemplate(
        jdbc.tenantUser(), "connection.tenantUser", keyed.key(), keyed.plural());
  }

  /**
   * The credentials a front end resolved for a connection.
   *
   * @param user the reader, or {@code null} for the URL's (or none)
   * @param password the reader's password, or {@code null} for the URL's (or none)
   * @param tenantPassword the tenant users' password, or {@code null} for none
   */
  public record Credentials(
      @Nullable String user, @Nullable String password, @Nullable String tenantPassword) {

    /** No credentials apart from the URL's. */
    public static final Credentials NONE = new Credentials(null, null, null);

    /** The reader, unless a front end's flag names one; before the description's. */
    public static final String USER_VARIABLE = "CODEMODE_WAREHOUSE_USER";

    /** The reader's password, unless a flag or the description names another variable. */
    public static final String PASSWORD_VARIABLE = "CODEMODE_WAREHOUSE_PASSWORD";

    /**
     * The credentials of {@code connection} as every front end resolves them from {@code env}, with
     * no flag of its own: see {@link #resolve}.
     */
    public static Credentials fromEnvironment(
        WarehouseConnection connection, Map<String, String> env) {
      return resolve(connection, env, null, null, null);
    }

    /**
     * The credentials of {@code connection}: the reader is {@code user}, else {@value
     * #USER_VARIABLE}, else the description's; its password is read from the variable {@code
     * passwordVariable} names, else the description's {@code passwordEnv}, else {@value
     * #PASSWORD_VARIABLE}; the tenant users' from {@code tenantPasswordVariable}, else the
     * description's {@code tenantPasswordEnv}, else it is the reader's. A password is only ever
     * read from a variable, never from a file or a flag's value. A directory has none.
     *
     * @param user a front end's flag for the reader, null when not given
     * @param passwordVariable a flag naming the password's variable, null when not given
     * @param tenantPasswordVariable a flag naming the tenant users' variable, null when not given
     */
    public static Credentials resolve(
        WarehouseConnection connection,
        Map<String, String> env,
        @Nullable String user,
        @Nullable String passwordVariable,
        @Nullable String tenantPasswordVariable) {
      if (!(connection instanceof WarehouseConnection.Jdbc jdbc)) {
        return NONE;
      }
      String reader = user != null ? user : env.get(USER_VARIABLE);
      if (reader == null) {
        reader = jdbc.user();
      }
      String passwordFrom =
          passwordVariable != null
              ? passwordVariable
              : jdbc.passwordEnv() != null ? jdbc.passwordEnv() : PASSWORD_VARIABLE;
      String password = env.get(passwordFrom);
      String tenantFrom =
          tenantPasswordVariable != null ? tenantPasswordVariable : jdbc.tenantPasswordEnv();
      return new Credentials(reader, password, tenantFrom == null ? password : env.get(tenantFrom));
    }

    @Override
    public String toString() {
      // Never a password, in any log or message.
      return "Credentials[user=" + user + "]";
    }
  }
}
