package io.codemode4j.sql.internal;

import io.codemode4j.sql.SqlRefusedException;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlStarExclude;
import org.apache.calcite.sql.SqlStarReplace;
import org.apache.calcite.sql.fun.SqlBetweenOperator;
import org.apache.calcite.sql.fun.SqlIntervalOperator;
import org.apache.calcite.sql.fun.SqlLibraryOperators;

/**
 * Refuses, in an approved tree, the constructs the parser reads but Trino lacks or reads
 * differently, each with what to write instead. A check pass only: it changes nothing.
 *
 * <ul>
 *   <li>{@code GROUP BY ALL}, {@code ORDER BY ALL}: Trino reads {@code GROUP BY ALL a} as the set
 *       quantifier ALL, not as "every other column";
 *   <li>{@code QUALIFY}, {@code * EXCLUDE (...)}, {@code * REPLACE (...)}, {@code DISTINCT ON};
 *   <li>a table function in FROM ({@code range}, {@code generate_series}), which Trino lacks;
 *   <li>{@code INTERVAL (expression) DAY} and an interval written as one string ({@code INTERVAL
 *       '30 days'}), which Trino cannot parse;
 *   <li>{@code ILIKE} and {@code SIMILAR TO}, which Trino lacks;
 *   <li>{@code NATURAL JOIN} and {@code BETWEEN SYMMETRIC}, which Trino lacks;
 *   <li>an expression in {@code GROUPING SETS}, {@code ROLLUP} or {@code CUBE}, where Trino takes
 *       columns only;
 *   <li>a null treatment beside an ordering inside one call ({@code first(x ORDER BY d IGNORE
 *       NULLS)}), which no Trino function takes.
 * </ul>
 *
 * Other differences need no pass: functions are the dialect's own allowlist ({@link
 * TrinoFunctions}), cast types the dialect's; {@code ::}, {@code INTERVAL 30 DAY} and a null
 * treatment inside the call are written the Trino way by {@link TrinoRenderer}; {@code TRY_CAST},
 * {@code FILTER (WHERE ...)} and {@code IGNORE NULLS} are Trino syntax too. What Trino computes
 * differently from DuckDB (integer {@code /} divides integers, {@code SUM} of an integer column is
 * BIGINT, a string is not compared with a date) is its documented meaning, which the query tool's
 * description names.
 */
final class TrinoSyntax {

  private TrinoSyntax() {}

  static void check(SqlNode approved) throws SqlRefusedException {
    LackingSyntax.walk(approved, TrinoSyntax::call);
  }

  private static void call(SqlCall call) throws SqlRefusedException {
    switch (call) {
      case SqlStarExclude exclude ->
          throw LackingSyntax.refuse(
              "EXCLUDE",
              exclude,
              "* EXCLUDE (...) is DuckDB syntax that Trino lacks: list the columns to return");
      case SqlStarReplace replace ->
          throw LackingSyntax.refuse(
              "REPLACE",
              replace,
              "* REPLACE (...) is DuckDB syntax that Trino lacks: list the columns, each computed"
                  + " as needed, e.g. SELECT id, round(amount, 0) AS amount");
      case SqlSelect select when select.getQualify() instanceof SqlNode qualify ->
          throw LackingSyntax.refuse(
              "QUALIFY",
              qualify,
              "QUALIFY is DuckDB syntax that Trino lacks: compute the window function in a"
                  + " subquery (or WITH) and filter it in the outer query's WHERE");
      case SqlJoin join when join.isNatural() ->
          throw LackingSyntax.refuse(
              "NATURAL",
              join,
              "Trino has no NATURAL JOIN: name the columns, e.g. JOIN invoices USING"
                  + " (customer_id) or JOIN invoices i ON i.customer_id = c.customer_id");
      default -> {}
    }
    if (call.getOperator() == DuckDbForms.ALL_COLUMNS) {
      throw LackingSyntax.refuse(
          "ALL",
          call,
          "GROUP BY ALL and ORDER BY ALL mean something else to Trino: list the columns, e.g."
              + " GROUP BY region, customer or GROUP BY 1, 2");
    }
    if (call.getOperator() == DuckDbForms.DISTINCT_ON) {
      throw LackingSyntax.refuse(
          "DISTINCT ON",
          call,
          "Trino has no DISTINCT ON: number the rows in a subquery, row_number() OVER (PARTITION"
              + " BY customer ORDER BY issued_on DESC) AS n, and keep WHERE n = 1");
    }
    if (call.getOperator() instanceof DuckDbForms.CallModifiers modifiers
        && modifiers.nullTreatment != DuckDbForms.NullTreatment.NONE
        && !((SqlNodeList) call.operand(1)).isEmpty()) {
      throw LackingSyntax.refuse(
          modifiers.nullTreatment.keywords,
          call,
          "Trino takes IGNORE NULLS only after a window function, e.g. lag(x) IGNORE NULLS OVER"
              + " (ORDER BY d), never beside an ORDER BY inside the call");
    }
    if (call.getOperator() == DuckDbForms.TABLE_FUNCTION) {
      throw LackingSyntax.refuse(
          "range",
          call,
          "Trino has no generate_series or range table function: compute the series in"
              + " JavaScript, or select the distinct values the tables hold");
    }
    if (call.getOperator() == DuckDbForms.INTERVAL_TEXT) {
      throw LackingSyntax.refuse(
          "INTERVAL",
          call,
          "Trino reads an interval as a number in a string and one unit: write INTERVAL '30' DAY"
              + " or INTERVAL '1' MONTH");
    }
    if (call.getOperator() instanceof SqlIntervalOperator
        && !(call.operand(0) instanceof SqlLiteral)) {
      throw LackingSyntax.refuse(
          "INTERVAL",
          call,
          "Trino reads INTERVAL only before a string: multiply instead, e.g. n * INTERVAL '1'"
              + " DAY");
    }
    if (call.getOperator() == SqlLibraryOperators.ILIKE
        || call.getOperator() == SqlLibraryOperators.NOT_ILIKE) {
      throw LackingSyntax.refuse(
          "ILIKE", call, "Trino has no ILIKE: compare in one case, e.g. lower(name) LIKE 'acme%'");
    }
    if (call.getOperator() instanceof SqlBetweenOperator between
        && between.flag == SqlBetweenOperator.Flag.SYMMETRIC) {
      throw LackingSyntax.refuse(
          "SYMMETRIC",
          call,
          "Trino has no BETWEEN SYMMETRIC: order the bounds, e.g. x BETWEEN least(a, b) AND"
              + " greatest(a, b)");
    }
    if (call.getKind() == SqlKind.GROUPING_SETS
        || call.getKind() == SqlKind.ROLLUP
        || call.getKind() == SqlKind.CUBE) {
      groupingColumns(call);
    }
    if (call.getKind() == SqlKind.SIMILAR) {
      throw LackingSyntax.refuse(
          "SIMILAR TO",
          call,
          "Trino has no SIMILAR TO: write LIKE, e.g. invoice_id LIKE 'INV-00000%', or"
              + " regexp_like(invoice_id, '^INV-0+1$')");
    }
  }

  /** Trino groups GROUPING SETS, ROLLUP and CUBE by columns only. */
  private static void groupingColumns(SqlNode node) throws SqlRefusedException {
    switch (node) {
      case SqlIdentifier column -> {}
      case SqlNodeList list -> {
        for (SqlNode element : list) {
          groupingColumns(element);
        }
      }
      case SqlCall call
          when call.getKind() == SqlKind.ROW
              || call.getKind() == SqlKind.GROUPING_SETS
              || call.getKind() == SqlKind.ROLLUP
              || call.getKind() == SqlKind.CUBE -> {
        for (SqlNode operand : call.getOperandList()) {
          groupingColumns(operand);
        }
      }
      default ->
          throw LackingSyntax.refuse(
              "GROUPING SETS",
              node,
              "Trino groups GROUPING SETS, ROLLUP and CUBE by columns only: compute the"
                  + " expression in a subquery (or WITH), e.g. year(issued_on) AS year, and group"
                  + " by its column");
    }
  }
}
