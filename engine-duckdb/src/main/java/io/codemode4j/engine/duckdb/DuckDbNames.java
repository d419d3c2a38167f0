package io.codemode4j.engine.duckdb;

/**
 * Identifiers in the statements that build a warehouse's DuckDB files, always quoted: a table or
 * column may be named as a keyword of DuckDB ({@code semi.csv}, a column {@code select}), which an
 * unquoted name would turn into a syntax error at load time. A double quote inside is doubled.
 */
final class DuckDbNames {

  private DuckDbNames() {}

  /** {@code name} as a quoted identifier: {@code semi} becomes {@code "semi"}. */
  static String quoted(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }
}
