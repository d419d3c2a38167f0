package io.codemode4j.engine.trino;

import com.zaxxer.hikari.HikariConfig;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.warehouse.JdbcPools;
import io.codemode4j.warehouse.engine.JdbcEngine;
import io.codemode4j.warehouse.engine.QueryTyping;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Trino: its dialect over the tables of the catalog and schema the URL names ({@code
 * jdbc:trino://host:8080/CATALOG/SCHEMA}), and Trino's type names and arithmetic in the typing
 * text. A reader should be a user of {@link TrinoLockdown}'s rules; a user per tenant confines each
 * tenant by Trino's row filters as well.
 */
public final class TrinoEngine extends JdbcEngine {

  /**
   * The typing text in Trino's type names, with what Trino's SUM, AVG, division and date
   * subtraction return: the arithmetic a query written for DuckDB gets wrong there.
   */
  private static final QueryTyping TYPING =
      new QueryTyping(
          "decimal is a string with the exact digits (SUM of integers is bigint, a number)",
          """
                One object per row, keyed by column name (a repeated name gets a suffix: region_2). A value's JSON type \
                follows its column's SQL type (columns[].type, Trino's name for it), never the value:
                - boolean is true or false.
                - tinyint, smallint, integer, bigint (count(*) too), real and double (avg of integers too) are numbers; a \
                NaN or infinite real or double is the string "NaN", "Infinity" or "-Infinity".
                - decimal(p,s) is a string with the exact digits, e.g. "1234.50". SUM of an integer column is bigint (a \
                number), of a decimal column decimal (a string). x / y is always a double (the divisor is cast to \
                double), never an integer or a decimal cut to its operands' scale. For an exact amount \
                multiply: sum(cents) * 0.01 is decimal(p,2). Add money in SQL, or as integer cents \
                (Number is exact below 2^53) or BigInt, never with parseFloat; return amounts as strings.
                - date is "YYYY-MM-DD"; timestamp and time are ISO-8601 ("2025-01-31T09:30:00", "09:30:00"); timestamp \
                with time zone carries its offset. date - date is an interval (its text, "3 00:00:00.000"): write \
                date_diff('day', a, b) for days; a date compares only with a date (DATE '2024-01-31', not '2024-01-31').
                - NULL is null; any other type (varchar, interval ...) is the database's own text.""",
          "e.g. varchar, bigint, decimal(18,2), date");

  /**
   * What one query may hold in memory, on the whole cluster and on each node: Trino's {@code
   * query_max_memory} and {@code query_max_memory_per_node}, set on every session this engine
   * opens. Trino takes the lower of a session's value and the cluster's {@code query.max-memory}
   * and {@code query.max-memory-per-node}, so a session can only lower the cluster's limits; {@link
   * TrinoRules} lets every user set these two properties and no other.
   */
  public static final String QUERY_MAX_MEMORY = "1GB";

  /** The session properties of {@link #QUERY_MAX_MEMORY}, in trino-jdbc's form. */
  static final String MEMORY_SESSION =
      "query_max_memory:" + QUERY_MAX_MEMORY + ";query_max_memory_per_node:" + QUERY_MAX_MEMORY;

  @Override
  public String name() {
    return "Trino";
  }

  /**
   * {@inheritDoc} Every session starts with {@link #QUERY_MAX_MEMORY} as its memory limits unless
   * the URL sets {@code sessionProperties} itself: a program's query cannot take more of the
   * cluster's memory, whichever user the URL names.
   */
  @Override
  public HikariConfig pool(String jdbcUrl, @Nullable String user, @Nullable String password) {
    HikariConfig config = JdbcPools.config(jdbcUrl, user, password);
    if (!jdbcUrl.contains("sessionProperties=")) {
      config.addDataSourceProperty("sessionProperties", MEMORY_SESSION);
    }
    return config;
  }

  @Override
  public boolean supports(String jdbcUrl) {
    return jdbcUrl.startsWith("jdbc:trino:");
  }

  @Override
  public String exampleUrl() {
    return "jdbc:trino://host:8080/hive/warehouse";
  }

  @Override
  public QueryTyping typing() {
    return TYPING;
  }

  /** The URL names the catalog and schema; a description's schema must agree with it. */
  @Override
  protected Dialect dialect(String jdbcUrl, @Nullable String schema) {
    List<String> path = catalogAndSchema(jdbcUrl);
    if (schema != null && !schema.equals(path.get(1))) {
      throw new IllegalArgumentException(
          "connection.schema "
              + schema
              + " differs from the schema the Trino URL names ("
              + path.get(1)
              + "): a Trino URL names the catalog and schema, so leave connection.schema out");
    }
    return TrinoSql.dialect(path.get(0), path.get(1));
  }

  @Override
  protected CatalogPlace catalogPlace(String jdbcUrl, @Nullable String schema) {
    List<String> path = catalogAndSchema(jdbcUrl);
    return new CatalogPlace(path.get(0), path.get(1));
  }

  /**
   * The catalog and schema of a Trino URL's path, {@code jdbc:trino://host:port/catalog/schema}.
   * Public so that a plain JDBC client measured against the warehouse (the bench's baseline) can
   * check its URL the same way.
   *
   * @throws IllegalArgumentException naming the URL without credentials or options, and the form
   */
  public static List<String> catalogAndSchema(String jdbcUrl) {
    Objects.requireNonNull(jdbcUrl, "jdbcUrl");
    String must =
        " (a Trino warehouse URL names the catalog and schema of the tables, e.g."
            + " jdbc:trino://127.0.0.1:8080/hive/billing)";
    if (!jdbcUrl.startsWith("jdbc:trino://")) {
      throw new IllegalArgumentException(
          "'" + JdbcPools.redacted(jdbcUrl) + "' is not a Trino JDBC URL" + must);
    }
    String path;
    try {
      path = new URI(jdbcUrl.substring("jdbc:".length())).getPath();
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          "'" + JdbcPools.redacted(jdbcUrl) + "' is not a valid URL: " + e.getReason() + must, e);
    }
    String[] parts = path == null ? new String[0] : path.replaceFirst("^/", "").split("/");
    if (parts.length != 2 || parts[0].isEmpty() || parts[1].isEmpty()) {
      throw new IllegalArgumentException(
          "'" + JdbcPools.redacted(jdbcUrl) + "' does not name a catalog and a schema" + must);
    }
    return List.of(parts[0], parts[1]);
  }
}
