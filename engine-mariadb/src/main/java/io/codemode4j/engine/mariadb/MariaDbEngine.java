package io.codemode4j.engine.mariadb;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.warehouse.JdbcPools;
import io.codemode4j.warehouse.ValueKind;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.config.WarehouseConnection;
import io.codemode4j.warehouse.engine.EngineOpening;
import io.codemode4j.warehouse.engine.JdbcEngine;
import io.codemode4j.warehouse.engine.QueryTyping;
import java.net.URI;
import java.net.URISyntaxException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * MariaDB: its dialect ({@link MariaDbSql}), its pool (read-only sessions, no local files, no
 * multi-statements, the session's {@code sql_mode}), its type names and arithmetic in the typing
 * text, and its catalog, over the tables of one database (the description's {@code
 * connection.schema}, else the URL's database). A reader should be an account of {@link
 * MariaDbLockdown}; with a {@code tenantUser} template, each tenant's queries are rendered into the
 * tenant's own database of views ({@link #tenantSchema}) and run as its user.
 *
 * <p>Decided: a warehouse is opened over the database's column types ({@link MariaDbColumnTypes},
 * read as the reader when it opens), so that its dialect tells a date column from a number in
 * {@code a - b}; the engine registered in {@code META-INF/services} knows none and opens each
 * warehouse through an instance of its own that does.
 */
public final class MariaDbEngine extends JdbcEngine {

  /**
   * The typing text in the type names MariaDB's driver reports, with MariaDB's arithmetic as the
   * MariaDB dialect renders it (NOTES.md): SUM and AVG are DECIMAL, division is DOUBLE (the divisor
   * cast, as on Trino), a comparison is an integer, and + and - on a date are refused.
   */
  private static final QueryTyping TYPING =
      new QueryTyping(
          "DECIMAL (SUM of integers, AVG) is a string with the exact digits",
          """
                One object per row, keyed by column name (a repeated name gets a suffix: status_2). A value's JSON type \
                follows its column's SQL type (columns[].type, MariaDB's name for it), never the value:
                - BIT (a BOOLEAN column) is true or false; a comparison selected as a value (status = 'paid') is an \
                INTEGER, 1 or 0.
                - TINYINT, SMALLINT, MEDIUMINT, INTEGER, BIGINT (count(*) too), FLOAT and DOUBLE are numbers; BIGINT \
                UNSIGNED is a string of digits.
                - DECIMAL is a string with the exact digits, e.g. "1234.50". SUM of an integer column is DECIMAL (a \
                string); AVG is DECIMAL with four more decimals (a string). x / y is a DOUBLE (the divisor is cast \
                to DOUBLE), never an integer. For an exact amount multiply: sum(cents) * 0.01 is DECIMAL. Add money \
                in SQL, or as integer cents (Number is exact below 2^53) or BigInt, never with parseFloat; return \
                amounts as strings.
                - DATE is "YYYY-MM-DD"; DATETIME, TIMESTAMP and TIME are ISO-8601 ("2025-01-31T09:30:00", \
                "09:30:00"), without an offset. + and - on a date are refused (MariaDB would compute them on \
                YYYYMMDD): write datediff(later, earlier) for days, date_add(d, INTERVAL 30 DAY) for a later date.
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
  /** A URL's address, its database path and its options. */
  private static final Pattern DATABASE_PATH =
      Pattern.compile("(jdbc:mariadb:(?:[a-z]+:)?//[^/?]*)(/[^?]*)?(\\?.*)?");

  static final String SQL_MODE =
      "ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION";

  /**
   * The column types this instance's warehouses are opened over; unknown for the registered one.
   */
  private final MariaDbColumnTypes types;

  /** The engine as {@code ServiceLoader} makes it: it reads each warehouse's column types. */
  public MariaDbEngine() {
    this(MariaDbColumnTypes.UNKNOWN);
  }

  private MariaDbEngine(MariaDbColumnTypes types) {
    this.types = types;
  }

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
   * Opens the described warehouse over its database's column types, read as the reader first.
   *
   * @throws WarehouseException of kind {@code UNAVAILABLE} when the types cannot be read (the
   *     message names the database, never a password)
   */
  @Override
  public Warehouse open(EngineOpening opening) throws WarehouseException {
    if (types.known()) {
      return super.open(opening);
    }
    if (!(opening.connection() instanceof WarehouseConnection.Jdbc jdbc)) {
      return super.open(opening);
    }
    String database = database(jdbc.url(), jdbc.schema());
    EngineOpening.Credentials credentials = opening.credentials();
    HikariConfig config = pool(jdbc.url(), credentials.user(), credentials.password());
    config.setMaximumPoolSize(1);
    MariaDbColumnTypes read;
    try (HikariDataSource pool = JdbcPools.open(config);
        Connection reader = pool.getConnection()) {
      read = MariaDbColumnTypes.read(reader, database);
    } catch (SQLException e) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          "cannot read the column types of MariaDB database "
              + database
              + " at "
              + JdbcPools.redacted(jdbc.url())
              + ": "
              + e.getMessage()
              + " (the reader needs SELECT on the described tables)",
          e);
    }
    return new MariaDbEngine(read).open(opening);
  }

  /** MariaDB's dialect over the database's tables, with this instance's column types. */
  @Override
  protected Dialect dialect(String jdbcUrl, @Nullable String schema) {
    return MariaDbSql.dialect(database(jdbcUrl, schema), types);
  }

  /**
   * The database of {@code tenant}'s views, {@link MariaDbLockdown#tenantDatabase}: its queries are
   * rendered into it. {@code null} for a tenant with no database of its own (several values, or a
   * value that is no part of a name): its queries then name the shared database, which its user is
   * never granted, and {@code TenantUserTemplate} refuses a tenant of several values before that.
   */
  @Override
  protected @Nullable String tenantSchema(String jdbcUrl, @Nullable String schema, Tenant tenant) {
    try {
      return MariaDbLockdown.tenantDatabase(database(jdbcUrl, schema), tenant);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /**
   * A pool whose sessions are read-only, in {@link #SQL_MODE}, with the driver's local files,
   * multi-statements off and YEAR read as a number, connected to no database ({@link
   * #withoutDatabase}).
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
    HikariConfig config = JdbcPools.config(withoutDatabase(jdbcUrl), user, password);
    config.addDataSourceProperty("allowMultiQueries", "false");
    config.addDataSourceProperty("allowLocalInfile", "false");
    config.addDataSourceProperty("yearIsDateType", "false");
    // A hint, as PostgreSQL's default_transaction_read_only: the grants are the guard.
    config.setConnectionInitSql(
        "SET SESSION tx_read_only = 1, SESSION sql_mode = '" + SQL_MODE + "'");
    return config;
  }

  /**
   * {@code jdbcUrl} without its database ({@code jdbc:mariadb://host:3306/?options}). Decided: the
   * sessions need none, since the dialect names every table's database, and a tenant's user, who
   * may read its own database of views alone, is refused a connection to the URL's database
   * (measured: "Access denied for user 'shop_east'@'%' to database 'shop'").
   */
  static String withoutDatabase(String jdbcUrl) {
    Matcher url = DATABASE_PATH.matcher(jdbcUrl);
    return url.matches()
        ? url.group(1) + "/" + (url.group(3) == null ? "" : url.group(3))
        : jdbcUrl;
  }

  @Override
  protected CatalogPlace catalogPlace(String jdbcUrl, @Nullable String schema) {
    // MariaDB's driver reports databases as JDBC catalogs.
    return new CatalogPlace(database(jdbcUrl, schema), null);
  }

  /**
   * The database of the tables: {@code schema} (the description's {@code connection.schema}), else
   * the URL's ({@code jdbc:mariadb://host:3306/warehouse}).
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
              + " jdbc:mariadb://host:3306/warehouse");
    }
    return MariaDbNames.requireIdentifier(database, "the URL's database");
  }
}
