package io.codemode4j.warehouse.engine;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.warehouse.JdbcPools;
import io.codemode4j.warehouse.TenantDataSources;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.config.WarehouseConnection;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * An engine reached by a JDBC URL alone, whose reader is a database user: the shared opening of
 * such engines (PostgreSQL, Trino, MariaDB ...), so each engine says only what is its own: its
 * dialect, how its pool is made safe, where its catalog lives.
 *
 * <p>Decided: a tenant's queries run as a user of its own when the connection names a {@code
 * tenantUser} template, so the engine confines the tenant too (row-level security, row filters,
 * per-tenant views), still behind the allowlist's filters; the reader's credentials then must not
 * be in the URL, where the driver would use them for every tenant's connections.
 */
public abstract class JdbcEngine implements WarehouseEngine {

  protected JdbcEngine() {}

  /**
   * The dialect of a warehouse at {@code jdbcUrl} whose tables are in {@code schema} ({@code null}:
   * the engine's default or the URL's).
   *
   * @throws IllegalArgumentException when the URL and schema do not say where the tables are
   */
  protected abstract Dialect dialect(String jdbcUrl, @Nullable String schema);

  /**
   * The schema a tenant's user reads the tables from, or {@code null} (the default) for the same
   * schema as the reader's: an engine without row-level security keeps each tenant's rows behind
   * views of the same names in a schema of its own (a MariaDB database per tenant), and the
   * tenant's queries are rendered into it.
   */
  protected @Nullable String tenantSchema(String jdbcUrl, @Nullable String schema, Tenant tenant) {
    return null;
  }

  /**
   * Where the catalog reader looks: {@code [catalog, schema]} of the tables, either {@code null}
   * for any, for {@link java.sql.DatabaseMetaData#getTables}.
   */
  protected abstract CatalogPlace catalogPlace(String jdbcUrl, @Nullable String schema);

  /** A JDBC catalog and schema name, either {@code null} for "any". */
  public record CatalogPlace(@Nullable String catalog, @Nullable String schema) {}

  @Override
  public Warehouse open(EngineOpening opening) throws WarehouseException {
    WarehouseConnection.Jdbc jdbc = jdbc(opening.connection());
    Dialect dialect = dialect(jdbc.url(), jdbc.schema());
    SqlAllowlist allowlist = opening.allowlist(dialect);
    EngineOpening.Credentials credentials = opening.credentials();
    Warehouse.Builder builder =
        opening
            .builder(allowlist, this)
            .hikari(pool(jdbc.url(), credentials.user(), credentials.password()));
    TenantUserTemplate users = opening.tenantUsers();
    if (users != null) {
      JdbcPools.requireCredentialsApart(jdbc.url(), name());
      String url = jdbc.url();
      String schema = jdbc.schema();
      builder.tenantDataSources(
          new TenantDataSources() {
            @Override
            public DataSource open(Tenant tenant) throws WarehouseException {
              return JdbcPools.open(pool(url, users.user(tenant), credentials.tenantPassword()));
            }

            @Override
            public @Nullable String schema(Tenant tenant) {
              return tenantSchema(url, schema, tenant);
            }
          });
    }
    return builder.build();
  }

  @Override
  public HikariConfig readerPool(EngineOpening opening) {
    WarehouseConnection.Jdbc jdbc = jdbc(opening.connection());
    EngineOpening.Credentials credentials = opening.credentials();
    return pool(jdbc.url(), credentials.user(), credentials.password());
  }

  @Override
  public List<CatalogTable> catalog(
      WarehouseConnection connection, EngineOpening.Credentials credentials, Path cacheRoot)
      throws WarehouseException {
    WarehouseConnection.Jdbc jdbc = jdbc(connection);
    CatalogPlace place = catalogPlace(jdbc.url(), jdbc.schema());
    HikariConfig config = pool(jdbc.url(), credentials.user(), credentials.password());
    config.setMaximumPoolSize(1);
    try (HikariDataSource pool = JdbcPools.open(config);
        Connection reader = pool.getConnection()) {
      return JdbcCatalog.read(reader, place.catalog(), place.schema());
    } catch (SQLException e) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          "cannot read the catalog of " + JdbcPools.redacted(jdbc.url()) + ": " + e.getMessage(),
          e);
    }
  }

  private WarehouseConnection.Jdbc jdbc(WarehouseConnection connection) {
    if (connection instanceof WarehouseConnection.Jdbc jdbc) {
      return jdbc;
    }
    throw new IllegalArgumentException(
        name() + " serves a JDBC URL, not a directory: give connection.url");
  }
}
