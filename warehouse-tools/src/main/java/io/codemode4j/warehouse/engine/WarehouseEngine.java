package io.codemode4j.warehouse.engine;

import com.zaxxer.hikari.HikariConfig;
import io.codemode4j.warehouse.JdbcPools;
import io.codemode4j.warehouse.ValueMapping;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.config.WarehouseConnection;
import java.nio.file.Path;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One database engine as a warehouse: its dialect, driver, pool, value mapping ({@link
 * ValueMapping}), the typing text the model reads and how it reads a catalog. Engines are plug-ins:
 * each module registers its engine in {@code
 * META-INF/services/io.codemode4j.warehouse.engine.WarehouseEngine}, and {@link WarehouseEngines}
 * finds the one that {@linkplain #supports supports} a JDBC URL, as Testcontainers finds a database
 * module by what it supports. No generic module names an engine.
 *
 * <p>An engine decides the safety of its own connections: it opens them read-only with the engine's
 * own caps (a read-only file, pgjdbc's read-only mode, session limits) and refuses a URL it cannot
 * open safely, saying what to give instead.
 */
public interface WarehouseEngine extends ValueMapping {

  /** The engine's name, as messages and the query tool name it: {@code PostgreSQL}. */
  String name();

  /**
   * Whether this engine confines a tenant by itself, with no user per tenant: the embedded DuckDB
   * serves each tenant from a file of its rows alone. A server database confines a tenant only
   * through a user of the tenant's own ({@code connection.tenantUser}) whose rows the database
   * restricts (row-level security, views, access rules): row filters alone let a query read another
   * tenant's values through errors the database raises before the filter applies, so without such
   * users a confined principal is refused. False by default.
   */
  default boolean confinesTenantsItself() {
    return false;
  }

  /** Whether {@code jdbcUrl} is one of this engine's, by its scheme ({@code jdbc:postgresql:}). */
  boolean supports(String jdbcUrl);

  /** A URL of this engine, for a message that lists the supported engines. */
  String exampleUrl();

  /**
   * Whether this engine serves a directory of data files (parquet, CSV) as a warehouse; exactly one
   * engine on the class path should.
   */
  default boolean servesDirectories() {
    return false;
  }

  /**
   * The configuration of a reader pool of this engine: {@link JdbcPools#config} by default; an
   * engine adds its read-only options, session caps and driver properties, or refuses a URL it
   * cannot open safely.
   *
   * @throws IllegalArgumentException when {@code jdbcUrl} cannot be opened safely, saying what to
   *     give instead
   */
  default HikariConfig pool(String jdbcUrl, @Nullable String user, @Nullable String password) {
    return JdbcPools.config(jdbcUrl, user, password);
  }

  /**
   * Checks a pool configuration a host made itself ({@link Warehouse.Builder#hikari}) before it
   * opens; nothing by default.
   *
   * @throws IllegalArgumentException when the pool would not open, or not safely, saying why
   */
  default void checkPool(HikariConfig config) {}

  /** What the query tool tells the model about this engine's types and arithmetic. */
  QueryTyping typing();

  /**
   * Opens the described warehouse: its allowlist in this engine's dialect over {@code
   * opening.tables()}, its reader pool, and its tenants' isolation. {@link DescribedWarehouses}
   * checks it against the description afterwards.
   *
   * @throws WarehouseException of kind {@code UNAVAILABLE} when it cannot be opened, saying why
   *     without any password
   * @throws IllegalArgumentException when the connection is not one this engine can serve safely (a
   *     URL missing what the engine needs), saying what to give
   */
  Warehouse open(EngineOpening opening) throws WarehouseException;

  /**
   * The configuration of the reader pool {@link #open} reads {@code opening}'s data through, as the
   * unconfined reader: a baseline for measuring what the warehouse adds over plain JDBC on the same
   * database ({@code codemode bench --config}). Opening a pool of it is the caller's act; nothing
   * it runs passes the allowlist.
   *
   * @throws WarehouseException when the data cannot be prepared (files an engine loads first)
   * @throws IllegalArgumentException when the connection is not one this engine serves safely
   */
  HikariConfig readerPool(EngineOpening opening) throws WarehouseException;

  /**
   * The tables and views a reader of {@code connection} sees, with their columns, types, foreign
   * keys and the database's own comments, for drafting a description ({@code codemode init});
   * touches nothing the reader could not read. A directory's tables are its data files.
   *
   * @param cacheRoot where an engine that loads files may build what it reads the catalog from
   * @throws WarehouseException when the catalog cannot be read
   * @throws IllegalArgumentException when the connection is not one this engine serves
   */
  List<CatalogTable> catalog(
      WarehouseConnection connection, EngineOpening.Credentials credentials, Path cacheRoot)
      throws WarehouseException;
}
