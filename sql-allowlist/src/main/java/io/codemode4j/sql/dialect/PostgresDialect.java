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

  @Override
  public boolean equals(Object other) {
    return other instanceof PostgresDialect that && schema.equals(that.schema);
  }

  @Override
  public int hashCode() {
    return schema.hashCode();
  }
}
