package io.codemode4j.engine.mariadb;

import com.zaxxer.hikari.HikariConfig;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.warehouse.JdbcPools;
import io.codemode4j.warehouse.ValueKind;
import io.codemode4j.warehouse.engine.JdbcEngine;
import io.codemode4j.warehouse.engine.QueryTyping;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * MariaDB: its pool (read-only sessions, no local files, no multi-statements, the session's {@code
 * sql_mode}), its type names and arithmetic in the typing text, and its catalog, over the tables of
 * one database (the description's {@code connection.schema}, else the URL's database). A reader
 * should be an account of {@link MariaDbLockdown}.
 *
 * <p>Decided: not registered in {@code META-INF/services} yet. Its dialect is pending (the
 * allowlist's dialects are sealed today; the pieces are {@link MariaDbSqlDialect}, {@link
 * MariaDbCastTypes} and {@link MariaDbFunctions}), so {@link #dialect} throws, and an engine found
 * by URL that could not open a warehouse would be listed among the supported ones. The rest is
 * here, tested against the server, so that registering it is the one step left.
 */
public final class MariaDbEngine extends JdbcEngine {

  /**
   * The typing text in the type names MariaDB's driver reports, with MariaDB's arithmetic as the
   * MariaDB dialect will render it (NOTES.md): SUM and AVG are DECIMAL, division is DOUBLE (the
   * divisor cast, as on Trino), a comparison is an integer, and date - date is not a number of
   * days.
   */
  private static final QueryTyping TYPING =
      new QueryTyping(
          "DECIMAL (SUM of integers, AVG) is a string with the exact digits",
          """
                One object per row, keyed by column name (a repeated name gets a suffix: region_2). A value's JSON type \
                follows its column's SQL type (columns[].type, MariaDB's name for it), never the value:
                - BIT (a BOOLEAN column) is true or false; a comparison selected as a value (status = 'paid') is an \
                INTEGER, 1 or 0.
                - TINYINT, SMALLINT, MEDIUMINT, INTEGER, BIGINT (count(*) too), FLOAT and DOUBLE are numbers; BIGINT \
                UNSIGNED is a string of digits.
                - DECIMAL is a string with the exact digits, e.g. "1234.50". SUM of an integer column is DECIMAL (a \
                string); AVG is DECIMAL with four more decimals (a string). x / y is a DOUBLE (the divisor is cast \
                to DOUBLE), never an integer; x DIV y divides integers. For an exact amount multiply: \
                sum(cents) * 0.01 is DECIMAL. Add money in SQL, or as integer cents (Number is exact below 2^53) or \
                BigInt, never with parseFloat; return amounts as strings.
                - DATE is "YYYY-MM-DD"; DATETIME, TIMESTAMP and TIME are ISO-8601 ("2025-01-31T09:30:00", \
                "09:30:00"), without an offset. date - date is not a number of days: write datediff(a, b).
                - NULL is null; any other type (VARCHAR, TEXT, JSON ...) is the database's own text.""",
          "e.g. VARCHAR, BIGINT, DECIMAL, DATE");

  /**
   * Driver options that would widen what a session may do: several statements in one text, or a
   * file of the client's machine sent to the server ({@code LOAD DATA LOCAL}).
   */
  private static final Pattern UNSAFE_OPTION =
      Pattern.compile(
          "[?&](allowMultiQueries|allowLocalInfile)=(?!false(&|$))", Pattern.CASE_INSENSITIVE);

  /**
   * The session's {@code sql_mode}: {@code ONLY_FULL_GROUP_BY} refuses a column neither grouped nor
   * aggregated, which MariaDB would otherwise answer with an arbitrary row's value where DuckDB
   * fails; strict mode and no engine substitution as MariaDB's default. Nothing the dialect renders
   * depends on {@code ANSI_QUOTES}, {@code PIPES_AS_CONCAT} or {@code NO_BACKSLASH_ESCAPES}
   * (backticks, {@code concat()}, no backslash in a literal; NOTES.md), so they are left out.
   */
  static final String SQL_MODE =
      "ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION";

  @Override
  public String name() {
    return "MariaDB";
  }

  @Override
  public boolean supports(String jdbcUrl) {
    return jdbcUrl.startsWith("jdbc:mariadb:");
  }

  @Override
  public String exampleUrl() {
    return "jdbc:mariadb://host:3306/warehouse";
  }

  @Override
  public QueryTyping typing() {
    return TYPING;
  }

  /** MariaDB's driver reports BIGINT UNSIGNED as BIGINT, whose values may exceed a long. */
  @Override
  public ValueKind kind(int jdbcType, String typeName) {
    if (typeName.toUpperCase(Locale.ROOT).equals("BIGINT UNSIGNED")) {
      return ValueKind.WIDE_INTEGER;
    }
    return super.kind(jdbcType, typeName);
  }

  /**
   * Pending: the allowlist's dialects are sealed until its open dialect builder lands.
   *
   * @throws IllegalStateException always, saying so
   */
  @Override
  protected Dialect dialect(String jdbcUrl, @Nullable String schema) {
    throw new IllegalStateException(
        "MariaDB's SQL dialect is pending (the allowlist has no MariaDB dialect yet, only its"
            + " pieces in codemode4j-engine-mariadb): serve "
            + database(jdbcUrl, schema)
            + " through another engine until it lands");
  }

  /**
   * A pool whose sessions are read-only, in {@link #SQL_MODE}, with the driver's local files,
   * multi-statements off and YEAR read as a number.
   *
   * @throws IllegalArgumentException when the URL turns on multi-statements or local files
   */
  @Override
  public HikariConfig pool(String jdbcUrl, @Nullable String user, @Nullable String password) {
    if (UNSAFE_OPTION.matcher(jdbcUrl).find()) {
      throw new IllegalArgumentException(
          "'"
              + JdbcPools.redacted(jdbcUrl)
              + "' turns on allowMultiQueries or allowLocalInfile, which would let one query text"
              + " run several statements or read the client's files: remove the option");
    }
    HikariConfig config = JdbcPools.config(jdbcUrl, user, password);
    config.addDataSourceProperty("allowMultiQueries", "false");
    config.addDataSourceProperty("allowLocalInfile", "false");
    config.addDataSourceProperty("yearIsDateType", "false");
    // A hint, as PostgreSQL's default_transaction_read_only: the grants are the guard.
    config.setConnectionInitSql(
        "SET SESSION tx_read_only = 1, SESSION sql_mode = '" + SQL_MODE + "'");
    return config;
  }

  @Override
  protected CatalogPlace catalogPlace(String jdbcUrl, @Nullable String schema) {
    // MariaDB's driver reports databases as JDBC catalogs.
    return new CatalogPlace(database(jdbcUrl, schema), null);
  }

  /**
   * The database of the tables: {@code schema} (the description's {@code connection.schema}), else
   * the URL's ({@code jdbc:mariadb://host:3306/billing}).
   *
   * @throws IllegalArgumentException when neither names one, or the name is not a lowercase
   *     identifier
   */
  public static String database(String jdbcUrl, @Nullable String schema) {
    if (schema != null) {
      return MariaDbNames.requireIdentifier(schema, "connection.schema");
    }
    String path;
    try {
      path = new URI(jdbcUrl.substring("jdbc:".length())).getPath();
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          "'" + JdbcPools.redacted(jdbcUrl) + "' is not a valid URL: " + e.getReason(), e);
    }
    String database = path == null ? "" : path.replaceFirst("^/", "");
    if (database.isEmpty()) {
      throw new IllegalArgumentException(
          "'"
              + JdbcPools.redacted(jdbcUrl)
              + "' names no database: give connection.schema or end the URL with it, e.g."
              + " jdbc:mariadb://host:3306/billing");
    }
    return MariaDbNames.requireIdentifier(database, "the URL's database");
  }
}
