package io.codemode4j.sql.dialect;

import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.internal.DuckDbIdioms;
import io.codemode4j.sql.internal.DuckDbRenderer;
import io.codemode4j.sql.internal.FunctionAllowlist;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.sql.SqlNode;

/**
 * DuckDB: rendering by {@link DuckDbRenderer}, functions of {@link FunctionAllowlist#DEFAULTS}, the
 * built-in types below, the value keywords of {@link FunctionAllowlist#DUCKDB_VALUE_KEYWORDS} and
 * the postfix keywords of {@link DuckDbIdioms#POSTFIX_KEYWORDS}.
 */
final class DuckDbDialect extends Dialect {

  static final DuckDbDialect INSTANCE = new DuckDbDialect();

  /**
   * Types a CAST or {@code ::} may name; DuckDB extension types (JSON, GEOMETRY ...) would
   * autoload. The aliases are the names {@code duckdb_types()} lists for the same built-in types
   * ({@code float8} is DOUBLE, {@code float4} FLOAT, {@code int1}/{@code int2}/{@code int4}/{@code
   * int8} TINYINT to BIGINT, {@code long} BIGINT ...).
   */
  static final Set<String> CAST_TYPES =
      Set.of(
          "boolean",
          "bool",
          "logical",
          "tinyint",
          "smallint",
          "integer",
          "int",
          "bigint",
          "hugeint",
          "ubigint",
          "uinteger",
          "usmallint",
          "utinyint",
          "int1",
          "int2",
          "int4",
          "int8",
          "int16",
          "int32",
          "int64",
          "int128",
          "short",
          "long",
          "signed",
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
          "nvarchar",
          "text",
          "string",
          "date",
          "time",
          "timestamp",
          "timestamptz",
          "interval");

  private DuckDbDialect() {}

  @Override
  public String name() {
    return "DuckDB";
  }

  @Override
  public String render(SqlNode approved) throws SqlRefusedException {
    return DuckDbRenderer.render(approved);
  }

  @Override
  public Set<String> defaultFunctions() {
    return FunctionAllowlist.DEFAULTS;
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
    return DuckDbIdioms.POSTFIX_KEYWORDS;
  }

  @Override
  public String schema() {
    return "main";
  }

  @Override
  public boolean keepsBareTableNames() {
    return true;
  }

  @Override
  public String advice(Advice topic) {
    return switch (topic) {
      case DAYS_BETWEEN -> "date_diff('day', issued_on, paid_on)";
      case DAYS_LATER -> "issued_on + INTERVAL 30 DAY";
      case DAYS_AS_INTERVAL -> "to_days(30)";
      case DATE_PART -> "year(issued_on)";
      case MONTH_AS_TEXT -> "strftime(issued_on, '%Y-%m')";
      case MEDIAN -> "median(amount_cents)";
      case COUNT_WHERE -> "count_if(status = 'paid')";
      case CONDITIONAL -> "if(status = 'paid', amount_cents, 0)";
      case INTEGER_DIVISION -> "divide(amount_cents, 100)";
      case VALUES_AS_TEXT -> "string_agg(status, ', ')";
      case LATEST_PER_GROUP ->
          "SELECT * FROM invoices QUALIFY row_number() OVER (PARTITION BY customer_id ORDER BY "
              + "issued_on DESC) = 1";
      case GROUP_BY_SELECTED -> "SELECT region, status, count(*) FROM invoices GROUP BY ALL";
      case ORDER_BY_SELECTED -> "SELECT region, status FROM invoices ORDER BY ALL";
    };
  }
}
