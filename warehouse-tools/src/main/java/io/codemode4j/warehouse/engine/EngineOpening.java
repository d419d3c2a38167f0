package io.codemode4j.warehouse.engine;

import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.config.Tenancy;
import io.codemode4j.warehouse.config.WarehouseConnection;
import io.codemode4j.warehouse.config.WarehouseDescription;
import java.nio.file.Path;
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

    @Override
    public String toString() {
      // Never a password, in any log or message.
      return "Credentials[user=" + user + "]";
    }
  }
}
