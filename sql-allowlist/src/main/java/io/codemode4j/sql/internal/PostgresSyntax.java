package io.codemode4j.sql.internal;

import io.codemode4j.sql.SqlRefusedException;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlStarExclude;
import org.apache.calcite.sql.SqlStarReplace;
import org.apache.calcite.sql.fun.SqlIntervalOperator;

/**
 * Refuses, in an approved tree, the DuckDB constructs the parser reads but PostgreSQL lacks or
 * reads differently, each with what to write instead. A check pass only: it changes nothing, so the
 * rendering of an accepted query is Calcite's PostgreSQL rendering of the approved tree.
 *
 * <ul>
 *   <li>{@code GROUP BY ALL}, {@code ORDER BY ALL} ({@link DuckDbForms#ALL_COLUMNS});
 *   <li>{@code QUALIFY};
 *   <li>{@code * EXCLUDE (...)} and {@code * REPLACE (...)};
 *   <li>{@code IGNORE NULLS}/{@code RESPECT NULLS} (PostgreSQL's window functions have neither);
 *   <li>a table function other than {@code generate_series} ({@code range}, whose end is exclusive
 *       in DuckDB and which PostgreSQL lacks);
 *   <li>{@code INTERVAL (expression) DAY}, which PostgreSQL cannot parse;
 *   <li>{@code TRY_CAST}, which PostgreSQL lacks;
 *   <li>{@code SIMILAR TO}, which both engines parse but DuckDB reads as a regular expression
 *       ({@code .} any character) and PostgreSQL as SQL's pattern ({@code .} a dot, {@code %} any):
 *       the same text would return other rows (found by {@code PostgresDifferentialIT}).
 * </ul>
 *
 * Other differences need no pass: functions are the dialect's own allowlist ({@link
 * PostgresFunctions}), cast types the dialect's, and {@code DISTINCT ON}, {@code ::}, {@code ILIKE}
 * and {@code f(x ORDER BY y)} are PostgreSQL syntax too. What PostgreSQL computes differently from
 * DuckDB (integer {@code /} divides integers, {@code SUM} of an integer column is BIGINT or
 * NUMERIC) is its documented meaning, which the query tool's description names.
 */
final class PostgresSyntax {

  private PostgresSyntax() {}

  static void check(SqlNode approved) throws SqlRefusedException {
    LackingSyntax.walk(approved, PostgresSyntax::call);
  }

  private static void call(SqlCall call) throws SqlRefusedException {
    switch (call) {
      case SqlStarExclude exclude ->
          throw LackingSyntax.refuse(
              "EXCLUDE",
              exclude,
              "* EXCLUDE (...) is DuckDB syntax that PostgreSQL lacks: list the columns to return");
      case SqlStarReplace replace ->
          throw LackingSyntax.refuse(
              "REPLACE",
              replace,
              "* REPLACE (...) is DuckDB syntax that PostgreSQL lacks: list the columns, each "
                  + "computed as needed, e.g. SELECT id, round(amount, 0) AS amount");
      case SqlSelect select when select.getQualify() instanceof SqlNode qualify ->
          throw LackingSyntax.refuse(
              "QUALIFY",
              qualify,
              "QUALIFY is DuckDB syntax that PostgreSQL lacks: compute the window function in a "
                  + "subquery (or WITH) and filter it in the outer query's WHERE");
      default -> {}
    }
    if (call.getOperator() == DuckDbForms.ALL_COLUMNS) {
      throw LackingSyntax.refuse(
          "ALL",
          call,
          "GROUP BY ALL and ORDER BY ALL are DuckDB syntax that PostgreSQL lacks: list the "
              + "columns, e.g. GROUP BY region, customer or GROUP BY 1, 2");
    }
    if (call.getOperator() instanceof DuckDbForms.CallModifiers modifiers
        && modifiers.nullTreatment != DuckDbForms.NullTreatment.NONE) {
      throw LackingSyntax.refuse(
          modifiers.nullTreatment.keywords,
          call,
          "PostgreSQL has no IGNORE NULLS or RESPECT NULLS: filter the nulls out first, e.g. in a "
              + "subquery WHERE x IS NOT NULL, or use max(x) over a frame");
    }
    if (call.getOperator() == DuckDbForms.TABLE_FUNCTION
        && !(call.operand(0) instanceof SqlCall function
            && Names.fold(function.getOperator().getName()).equals("generate_series"))) {
      throw LackingSyntax.refuse(
          "range",
          call,
          "PostgreSQL has no range() table function: write generate_series(start, stop), whose "
              + "stop is included");
    }
    if (call.getKind() == SqlKind.SAFE_CAST) {
      throw LackingSyntax.refuse(
          "TRY_CAST",
          call,
          "PostgreSQL has no TRY_CAST: cast only what converts, e.g. CASE WHEN s ~ '^[0-9]+$' THEN "
              + "CAST(s AS INTEGER) END, or CAST where every value converts");
    }
    if (call.getKind() == SqlKind.SIMILAR) {
      throw LackingSyntax.refuse(
          "SIMILAR TO",
          call,
          "SIMILAR TO matches differently in PostgreSQL (. is a dot, % any text) than in DuckDB: "
              + "write LIKE, e.g. invoice_id LIKE 'INV-00000%'");
    }
    if (call.getOperator() instanceof SqlIntervalOperator
        && !(call.operand(0) instanceof SqlLiteral)) {
      throw LackingSyntax.refuse(
          "INTERVAL",
          call,
          "PostgreSQL reads INTERVAL only before a string: multiply instead, e.g. n * INTERVAL "
              + "'1 day'");
    }
  }
}
