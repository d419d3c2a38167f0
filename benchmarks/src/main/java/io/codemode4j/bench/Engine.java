package io.codemode4j.bench;

import io.codemode4j.warehouse.JdbcPools;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.postgres.BillingPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import org.jspecify.annotations.Nullable;

/**
 * A warehouse engine besides the embedded DuckDB that the bench reaches over JDBC, to measure a
 * whole pass of {@code warehouse.query} against plain JDBC on that same engine ({@code
 * query_ratio_<engine>}).
 *
 * <p>Decided: each engine opens its warehouse exactly as users open it ({@link
 * BillingPostgres#open} for PostgreSQL), and its plain JDBC baseline connects with the same URL and
 * identity that warehouse's pool uses, marks the connection read-only as the pool does, and sets
 * the session's schema, so the same SQL text ({@link QueryScenario#SQL}, which names bare tables)
 * runs on both sides. A new engine is one more constant and its cases here.
 */
public enum Engine {
  POSTGRES("PostgreSQL", "--postgres", "jdbc:postgresql://host[:port]/database");

  private final String displayName;
  private final String option;
  private final String urlForm;

  Engine(String displayName, String option, String urlForm) {
    this.displayName = displayName;
    this.option = option;
    this.urlForm = urlForm;
  }

  /** The engine's name for people: {@code PostgreSQL}. */
  public String displayName() {
    return displayName;
  }

  /** The {@code codemode bench} option that gives the engine's JDBC URL: {@code --postgres}. */
  public String option() {
    return option;
  }

  /** The metric measured on this engine: {@code query_ratio_postgres}. */
  public String metric() {
    return "query_ratio_" + name().toLowerCase(java.util.Locale.ROOT);
  }

  /** Why the metric is not measured when the bench was given no endpoint of this engine. */
  String notGiven() {
    return "give "
        + option
        + " JDBC_URL: a "
        + displayName
        + " holding the billing sample (codemode load-sample) and the reader identity README's "
        + displayName
        + " section creates";
  }

  /**
   * Checks that {@code jdbcUrl} is one of this engine's JDBC URLs, as its driver parses it.
   *
   * @throws IllegalArgumentException naming the URL without credentials or options, and the form to
   *     write
   */
  void requireUrl(String jdbcUrl) {
    boolean parses =
        switch (this) {
          case POSTGRES ->
              jdbcUrl.startsWith("jdbc:postgresql:")
                  && org.postgresql.Driver.parseURL(jdbcUrl, new Properties()) != null;
        };
    if (!parses) {
      throw new IllegalArgumentException(
          "'"
              + JdbcPools.redacted(jdbcUrl)
              + "' is not a "
              + displayName
              + " JDBC URL: write "
              + urlForm);
    }
  }

  /** The user {@code jdbcUrl} names itself ({@code user=...}), as its driver reads it, or null. */
  public @Nullable String urlUser(String jdbcUrl) {
    requireUrl(jdbcUrl);
    return switch (this) {
      case POSTGRES -> {
        Properties parsed = org.postgresql.Driver.parseURL(jdbcUrl, new Properties());
        yield parsed == null ? null : parsed.getProperty("user");
      }
    };
  }

  /** The warehouse users open on {@code endpoint}, with the default limits. */
  Warehouse open(EngineEndpoint endpoint) throws WarehouseException {
    return switch (this) {
      case POSTGRES ->
          BillingPostgres.open(
              endpoint.jdbcUrl(),
              endpoint.user(),
              endpoint.password(),
              endpoint.schema(),
              Warehouse.DEFAULT_MAX_RESULT_BYTES);
    };
  }

  /** One plain connection to {@code endpoint}, as the warehouse's pool makes its connections. */
  Connection connect(EngineEndpoint endpoint) throws SQLException {
    Properties credentials = new Properties();
    credentials.setProperty("user", endpoint.user());
    String password = endpoint.password();
    if (password != null) {
      credentials.setProperty("password", password);
    }
    String url =
        switch (this) {
          case POSTGRES -> BillingPostgres.readOnlyUrl(endpoint.jdbcUrl());
        };
    Connection connection = DriverManager.getConnection(url, credentials);
    try {
      connection.setReadOnly(true);
      connection.setSchema(endpoint.schema());
      return connection;
    } catch (SQLException | RuntimeException e) {
      connection.close();
      throw e;
    }
  }
}
