package io.codemode4j.warehouse;

import java.util.Objects;

/**
 * SQL string literals for values that tools write into SQL text: a typed tool's arguments (the
 * billing sample's customer names), and file paths and tenant key values in the statements that
 * build DuckDB files.
 *
 * <p>Decided: typed tools build SQL text and send it through the allowlist like any analyst query,
 * rather than binding parameters on a side path that the allowlist never sees; so every value must
 * become a literal that cannot end early. Standard SQL (Calcite and DuckDB alike) ends a literal
 * only at a single quote, which a doubled quote escapes; backslashes are not escapes in either.
 * This is the module's one quoting rule.
 */
public final class SqlLiterals {

  private SqlLiterals() {}

  /** {@code value} as a single-quoted SQL literal: {@code O'Brien} becomes {@code 'O''Brien'}. */
  public static String quote(String value) {
    Objects.requireNonNull(value, "value");
    return "'" + value.replace("'", "''") + "'";
  }
}
