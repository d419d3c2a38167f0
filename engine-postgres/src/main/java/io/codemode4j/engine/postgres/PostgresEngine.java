package io.codemode4j.engine.postgres;

import com.zaxxer.hikari.HikariConfig;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.warehouse.JdbcPools;
import io.codemode4j.warehouse.ValueKind;
import io.codemode4j.warehouse.engine.JdbcEngine;
import io.codemode4j.warehouse.engine.QueryTyping;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * PostgreSQL: its dialect over the tables of one schema ({@code public} unless the description
 * names another), pgjdbc's read-only mode on every connection, and PostgreSQL's type names in the
 * typing text. A reader should be a role of {@link PostgresLockdown}; a user per tenant confines
 * each tenant by row-level security as well.
 */
public final class PostgresEngine extends JdbcEngine {

  /** The schema of the tables when the description names none. */
  static final String DEFAULT_SCHEMA = "public";

  /**
   * The typing text in PostgreSQL's type names (pgjdbc reports {@code int8}, {@code numeric} ...),
   * with what PostgreSQL's SUM, AVG and division return; the types the allowlist cannot produce
   * there (arrays, composite types, bytea) are left out.
   */
  private static final QueryTyping TYPING =
      new QueryTyping(
          "DECIMAL and NUMERIC (SUM of BIGINT, AVG of integers) are strings with the exact"
              + " digits",
          """
                One object per row, keyed by column name (a repeated name gets a suffix: region_2). A value's JSON type \
                follows its column's SQL type (columns[].type, PostgreSQL's name for it), never the value:
                - bool is true or false.
                - int2, int4, int8 (count(*) too), float4 and float8 are numbers; a NaN or infinite float4 or float8 is \
                the string "NaN", "Infinity" or "-Infinity".
                - numeric is a string with the exact digits, e.g. "1234.50". SUM of an int4 column is int8 (a number), of \
                an int8 column numeric (a string); AVG of integers is numeric (a string). x / y keeps the fraction \
                (the divisor is cast to numeric): count(*) / 3 and sum(cents) / 100 are numeric (strings), never \
                integers; div(x, y) divides integers. Add money in SQL, or as integer cents (Number is exact \
                below 2^53) or BigInt, never with parseFloat; return amounts as strings.
                - date is "YYYY-MM-DD"; timestamp and time are ISO-8601 ("2025-01-31T09:30:00", "09:30:00"); \
                timestamptz carries its offset.
                - NULL is null; any other type (text, interval ...) is the database's own text.""",
          "e.g. text, int8, numeric, date");

  @Override
  public String name() {
    return "PostgreSQL";
  }

  @Override
  public boolean supports(String jdbcUrl) {
    return jdbcUrl.startsWith("jdbc:postgresql:");
  }

  @Override
  public String exampleUrl() {
    return "jdbc:postgresql://host:5432/warehouse";
  }

  @Override
  public QueryTyping typing() {
    return TYPING;
  }

  /** pgjdbc reports timestamptz as TIMESTAMP; only its type name tells the offset is there. */
  @Override
  public ValueKind kind(int jdbcType, String typeName) {
    if (typeName.toLowerCase(Locale.ROOT).equals("timestamptz")) {
      return ValueKind.TIMESTAMP_WITH_TIME_ZONE;
    }
    return super.kind(jdbcType, typeName);
  }

  @Override
  protected Dialect dialect(String jdbcUrl, @Nullable String schema) {
    return PostgresSql.dialect(schema == null ? DEFAULT_SCHEMA : schema);
  }

  /**
   * What one sort or hash of a query may hold in memory before it spills to disk: PostgreSQL's
   * {@code work_mem}, set on every session this engine opens (a reader locked down by {@link
   * PostgresLockdown} also has it, with {@code temp_file_limit} bounding the spill, on its role).
   */
  public static final String WORK_MEM = "32MB";

  /**
   * {@inheritDoc} Every session starts with {@link #WORK_MEM} as its {@code work_mem} unless the
   * URL sets {@code options} itself: a program's query cannot take more of the server's memory per
   * operation, whichever role the URL names.
   */
  @Override
  public HikariConfig pool(String jdbcUrl, @Nullable String user, @Nullable String password) {
    HikariConfig config = JdbcPools.config(readOnlyUrl(jdbcUrl), user, password);
    if (!jdbcUrl.contains("options=")) {
      config.addDataSourceProperty("options", "-c work_mem=" + WORK_MEM);
    }
    return config;
  }

  @Override
  protected CatalogPlace catalogPlace(String jdbcUrl, @Nullable String schema) {
    return new CatalogPlace(null, schema == null ? DEFAULT_SCHEMA : schema);
  }

  /**
   * {@code jdbcUrl} with pgjdbc's {@code readOnly=true&readOnlyMode=always} added when it does not
   * set {@code readOnlyMode} itself (so the session is read-only even in auto-commit). Public so
   * that a plain JDBC client measured against the warehouse (the bench's baseline) connects exactly
   * as it does.
   */
  public static String readOnlyUrl(String jdbcUrl) {
    if (jdbcUrl.contains("readOnlyMode=")) {
      return jdbcUrl;
    }
    return jdbcUrl + (jdbcUrl.contains("?") ? "&" : "?") + "readOnly=true&readOnlyMode=always";
  }
}
