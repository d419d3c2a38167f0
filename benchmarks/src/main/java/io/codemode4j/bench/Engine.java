package io.codemode4j.bench;

import io.codemode4j.warehouse.JdbcPools;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.billing.BillingPostgres;
import io.codemode4j.warehouse.billing.BillingTrino;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Objects;
import java.util.Properties;
import org.jspecify.annotations.Nullable;

/**
 * A warehouse engine besides the embedded DuckDB that the bench reaches over JDBC, to measure a
 * whole pass of {@code warehouse.query} against plain JDBC on that same engine ({@code
 * query_ratio_<engine>}).
 *
 * <p>Decided: each engine opens its warehouse exactly as users open it ({@link
 * BillingPostgres#open} for PostgreSQL, {@link BillingTrino#open} for Trino), and its plain JDBC
 * baseline connects with the same URL and identity that warehouse's pool uses, marks the connection
 * read-only as the pool does, and sets the session's schema where the URL does not name it
 * (PostgreSQL), so the same SQL text ({@link QueryScenario#SQL}, which names bare tables) runs on
 * both sides. A new engine is one more constant and its cases here.
 */
public enum Engine {
  POSTGRES("PostgreSQL", "--postgres"),
  TRINO("Trino", "--trino");

  private final String displayName;
  private final String option;

  Engine(String displayName, String option) {
    this.displayName = displayName;
    this.option = option;
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
    return "query_ratio_" + name().toLowerCase(Locale.ROOT);
  }

  /** Why the metric is not measured when the bench was given no endpoint of this engine. */
  String notGiven() {
    return "give "
        + option
        + " JDBC_URL: a "
        + displayName
        + switch (this) {
          case POSTGRES ->
              " holding the billing sample (codemode load-sample) and the reader role README's"
                  + " PostgreSQL section creates";
          case TRINO ->
              " holding the billing sample (BillingTrino.load) and a user its access rules let"
                  + " read it (BillingTrino.lockdown)";
        };
  }

  /**
   * Checks that {@code jdbcUrl} is one of this engine's JDBC URLs, as its driver or its warehouse
   * reads it.
   *
   * @throws IllegalArgumentException naming the URL without credentials or options, and the form to
   *     write
   */
  void requireUrl(String jdbcUrl) {
    switch (this) {
      case POSTGRES -> {
        if (!jdbcUrl.startsWith("jdbc:postgresql:")
            || org.postgresql.Driver.parseURL(jdbcUrl, new Properties()) == null) {
          throw new IllegalArgumentException(
              "'"
                  + JdbcPools.redacted(jdbcUrl)
                  + "' is not a PostgreSQL JDBC URL: write"
                  + " jdbc:postgresql://host[:port]/database");
        }
      }
      case TRINO -> io.codemode4j.engine.trino.TrinoEngine.catalogAndSchema(jdbcUrl);
    }
  }

  /**
   * Checks {@code schema}: PostgreSQL's names the schema of the tables; Trino takes none, since its
   * URL names the catalog and schema.
   */
  void requireSchema(@Nullable String schema) {
    switch (this) {
      case POSTGRES -> {
        if (schema == null || schema.isBlank()) {
          throw new IllegalArgumentException("PostgreSQL needs the schema of the tables");
        }
      }
      case TRINO -> {
        if (schema != null) {
          throw new IllegalArgumentException(
              "Trino's URL names the catalog and schema of the tables, so no schema goes apart");
        }
      }
    }
  }

  /** The user {@code jdbcUrl} names itself ({@code user=...}), as its driver reads it, or null. */
  public @Nullable String urlUser(String jdbcUrl) {
    return urlOption(jdbcUrl, "user");
  }

  /** The value of the connection option {@code name} in {@code jdbcUrl}, or null. */
  private @Nullable String urlOption(String jdbcUrl, String name) {
    requireUrl(jdbcUrl);
    return switch (this) {
      case POSTGRES -> {
        Properties parsed = org.postgresql.Driver.parseURL(jdbcUrl, new Properties());
        yield parsed == null ? null : parsed.getProperty(name);
      }
      case TRINO -> {
        // trino-jdbc reads its URL's options as name=value pairs joined by &, undecoded.
        int query = jdbcUrl.indexOf('?');
        String value = null;
        for (String option : query < 0 ? new String[0] : jdbcUrl.substring(query + 1).split("&")) {
          if (option.startsWith(name + "=")) {
            value = option.substring(name.length() + 1);
          }
        }
        yield value;
      }
    };
  }

  /**
   * The endpoint's user to give the driver apart from the URL: null when the URL names it, since
   * trino-jdbc refuses an option given both ways (pgjdbc takes the URL's).
   */
  private @Nullable String userApart(EngineEndpoint endpoint) {
    return urlOption(endpoint.jdbcUrl(), "user") == null ? endpoint.user() : null;
  }

  /** As {@link #userApart}, for the password. */
  private @Nullable String passwordApart(EngineEndpoint endpoint) {
    return urlOption(endpoint.jdbcUrl(), "password") == null ? endpoint.password() : null;
  }

  /** The warehouse users open on {@code endpoint}, with the default limits. */
  Warehouse open(EngineEndpoint endpoint) throws WarehouseException {
    return switch (this) {
      case POSTGRES ->
          BillingPostgres.open(
              endpoint.jdbcUrl(),
              userApart(endpoint),
              passwordApart(endpoint),
              Objects.requireNonNull(endpoint.schema(), "schema"),
              Warehouse.DEFAULT_MAX_RESULT_BYTES);
      case TRINO ->
          BillingTrino.open(
              endpoint.jdbcUrl(),
              userApart(endpoint),
              passwordApart(endpoint),
              Warehouse.DEFAULT_MAX_RESULT_BYTES);
    };
  }

  /** One plain connection to {@code endpoint}, as the warehouse's pool makes its connections. */
  Connection connect(EngineEndpoint endpoint) throws SQLException {
    Properties credentials = new Properties();
    String user = userApart(endpoint);
    if (user != null) {
      credentials.setProperty("user", user);
    }
    String password = passwordApart(endpoint);
    if (password != null) {
      credentials.setProperty("password", password);
    }
    String url =
        switch (this) {
          case POSTGRES ->
              io.codemode4j.engine.postgres.PostgresEngine.readOnlyUrl(endpoint.jdbcUrl());
          case TRINO -> endpoint.jdbcUrl();
        };
    Connection connection = DriverManager.getConnection(url, credentials);
    try {
      connection.setReadOnly(true);
      String schema = endpoint.schema();
      if (schema != null) {
        connection.setSchema(schema);
      }
      return connection;
    } catch (SQLException | RuntimeException e) {
      connection.close();
      throw e;
    }
  }
}
