package io.codemode4j.sql.dialect;

import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.internal.FunctionAllowlist;
import io.codemode4j.sql.internal.Names;
import io.codemode4j.sql.internal.PostgresFunctions;
import io.codemode4j.sql.internal.PostgresRenderer;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.sql.SqlNode;

/**
 * PostgreSQL: rendering (and the refusal of what PostgreSQL lacks) by {@link PostgresRenderer},
 * functions of {@link PostgresFunctions#DEFAULTS}, the built-in types below, the SQL value
 * functions PostgreSQL's grammar knows (the same eleven names as DuckDB's, {@link
 * FunctionAllowlist#DUCKDB_VALUE_KEYWORDS}) and its postfix {@code ISNULL}/{@code NOTNULL}.
 */
final class PostgresDialect extends Dialect {

  /**
   * Types a CAST or {@code ::} may name: PostgreSQL's built-in scalar types and their aliases
   * ({@code int4}, {@code float8}, {@code bpchar} ...), no array, range, JSON, network or extension
   * type. {@code double} is the one DuckDB spelling Calcite renders as PostgreSQL's {@code DOUBLE
   * PRECISION}.
   */
  static final Set<String> CAST_TYPES =
      Set.of(
          "boolean",
          "bool",
          "smallint",
          "integer",
          "int",
          "bigint",
          "int2",
          "int4",
          "int8",
          "decimal",
          "dec",
          "numeric",
          "real",
          "float",
          "float4",
          "float8",
          "double",
          "varchar",
          "char",
          "bpchar",
          "text",
          "date",
          "time",
          "timestamp",
          "timestamptz",
          "interval");

  private static final Map<String, String> POSTFIX_KEYWORDS =
      Map.of(
          "isnull",
              "ISNULL after an expression means IS NULL to PostgreSQL: write x IS NULL, or quote the "
                  + "alias, e.g. x AS \"isnull\"",
          "notnull",
              "NOTNULL after an expression means IS NOT NULL to PostgreSQL: write x IS NOT NULL, or "
                  + "quote the alias, e.g. x AS \"notnull\"");

  private final String schema;

  PostgresDialect(String schema) {
    this.schema = Names.requireIdentifier(schema, "schema");
  }

  @Override
  public String name() {
    return "PostgreSQL";
  }

  @Override
  public String render(SqlNode approved) throws SqlRefusedException {
    return PostgresRenderer.render(approved);
  }

  @Override
  public Set<String> defaultFunctions() {
    return PostgresFunctions.DEFAULTS;
  }

  @Override
  public Set<String> castTypes() {
    return CAST_TYPES;
  }

  @Override
  public Set<String> valueKeywords() {
    return FunctionAllowlist.DUCKDB_VALUE_KEYWORDS;
  }

  @Override
  public Map<String, String> postfixKeywords() {
    return POSTFIX_KEYWORDS;
  }

  @Override
  public String schema() {
    return schema;
  }

  @Override
  public boolean keepsBareTableNames() {
    return false;
  }

  /**
   * Decided: a date minus a date is PostgreSQL's count of days and a date plus an integer its date
   * that many days later (both stay integers and dates, where an interval would make a timestamp);
   * one row per group is the window function filtered in an outer query, which reads the same on
   * every engine (DISTINCT ON would too, but its own refusal is where this advice is also given).
   */
  @Override
  public String advice(Advice topic) {
    return switch (topic) {
      case DAYS_BETWEEN -> "paid_on - issued_on";
      case DAYS_LATER -> "issued_on + 30";
      case DAYS_AS_INTERVAL -> "30 * INTERVAL '1' DAY";
      case DATE_PART -> "extract(year FROM issued_on)";
      case MONTH_AS_TEXT -> "to_char(issued_on, 'YYYY-MM')";
      case MEDIAN -> "percentile_cont(0.5) WITHIN GROUP (ORDER BY amount_cents)";
      case COUNT_WHERE -> "count(*) FILTER (WHERE status = 'paid')";
      case CONDITIONAL -> "CASE WHEN status = 'paid' THEN amount_cents ELSE 0 END";
      case INTEGER_DIVISION -> "div(amount_cents, 100)";
      case VALUES_AS_TEXT -> "string_agg(status, ', ')";
      case LATEST_PER_GROUP ->
          "SELECT customer_id, issued_on FROM (SELECT customer_id, issued_on, row_number() OVER "
              + "(PARTITION BY customer_id ORDER BY issued_on DESC) AS n FROM invoices) AS latest "
              + "WHERE n = 1";
      case GROUP_BY_SELECTED -> "SELECT region, status, count(*) FROM invoices GROUP BY 1, 2";
      case ORDER_BY_SELECTED -> "SELECT region, status FROM invoices ORDER BY 1, 2";
    };
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof PostgresDialect that && schema.equals(that.schema);
  }

  @Override
  public int hashCode() {
    return schema.hashCode();
  }
}
