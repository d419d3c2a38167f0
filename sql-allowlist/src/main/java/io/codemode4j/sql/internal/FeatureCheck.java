package io.codemode4j.sql.internal;

import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.dialect.Advice;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.sql.dialect.SqlFeature;
import io.codemode4j.sql.dialect.SyntaxCheck;
import java.util.EnumSet;
import java.util.Set;
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
import org.jspecify.annotations.Nullable;

/**
 * The check pass of an approved query against its dialect: every call, outermost first (a SELECT, a
 * join, an operator, a function, DuckDB's forms), is refused when it is the construct of a {@link
 * SqlFeature} the dialect lacks, and then handed to each of the dialect's own {@link SyntaxCheck}s.
 * It changes nothing, so the rendering is of the approved query.
 *
 * <p>Decided: each feature's refusal is written here once, the engine's name and the dialect's
 * advice over the allowlist's examples its parameters ({@link #message}), so that no engine has a
 * copy of its own and an engine defined outside this module refuses as the bundled ones do.
 */
final class FeatureCheck {

  private static final Set<SqlFeature> ALL = EnumSet.allOf(SqlFeature.class);

  private final Dialect dialect;
  private final Advisor advisor;

  private FeatureCheck(Advisor advisor) {
    this.dialect = advisor.dialect();
    this.advisor = advisor;
  }

  /** Refuses in {@code approved} what {@code advisor}'s dialect lacks, saying what to write. */
  static void check(SqlNode approved, Advisor advisor) throws SqlRefusedException {
    Dialect dialect = advisor.dialect();
    // The reference dialect has every feature and no check of its own: nothing to walk.
    if (dialect.features().containsAll(ALL) && dialect.checks().isEmpty()) {
      return;
    }
    new FeatureCheck(advisor).walk(approved);
  }

  private void walk(@Nullable SqlNode node) throws SqlRefusedException {
    switch (node) {
      case null -> {}
      case SqlNodeList list -> {
        for (SqlNode element : list) {
          walk(element);
        }
      }
      case SqlCall call -> {
        features(call);
        for (SyntaxCheck check : dialect.checks()) {
          check.check(call);
        }
        for (SqlNode operand : call.getOperandList()) {
          walk(operand);
        }
      }
      default -> {}
    }
  }

  /** Refuses {@code call} if it is the construct of a feature the dialect lacks. */
  private void features(SqlCall call) throws SqlRefusedException {
    switch (call) {
      case SqlStarExclude exclude -> require(SqlFeature.STAR_EXCLUDE, "EXCLUDE", exclude);
      case SqlStarReplace replace -> require(SqlFeature.STAR_REPLACE, "REPLACE", replace);
      case SqlSelect select when select.getQualify() instanceof SqlNode qualify ->
          require(SqlFeature.QUALIFY, "QUALIFY", qualify);
      case SqlJoin join when join.isNatural() -> require(SqlFeature.NATURAL_JOIN, "NATURAL", join);
      default -> {}
    }
    if (call.getOperator() == DuckDbForms.ALL_COLUMNS) {
      require(SqlFeature.GROUP_AND_ORDER_BY_ALL, "ALL", call);
    } else if (call.getOperator() == DuckDbForms.DISTINCT_ON) {
      require(SqlFeature.DISTINCT_ON, "DISTINCT ON", call);
    } else if (call.getOperator() instanceof DuckDbForms.CallModifiers modifiers
        && modifiers.nullTreatment != DuckDbForms.NullTreatment.NONE) {
      require(SqlFeature.NULL_TREATMENT, modifiers.nullTreatment.keywords, call);
      if (!((SqlNodeList) call.operand(1)).isEmpty()) {
        require(SqlFeature.NULL_TREATMENT_WITH_ORDER, modifiers.nullTreatment.keywords, call);
      }
    } else if (call.getOperator() == DuckDbForms.INTERVAL_TEXT) {
      require(SqlFeature.INTERVAL_STRING, "INTERVAL", call);
    } else if (call.getOperator() instanceof SqlIntervalOperator
        && !(call.operand(0) instanceof SqlLiteral)) {
      require(SqlFeature.INTERVAL_EXPRESSION, "INTERVAL", call);
    } else if (call.getOperator() == SqlLibraryOperators.ILIKE
        || call.getOperator() == SqlLibraryOperators.NOT_ILIKE) {
      require(SqlFeature.ILIKE, "ILIKE", call);
    } else if (call.getOperator() instanceof SqlBetweenOperator between
        && between.flag == SqlBetweenOperator.Flag.SYMMETRIC) {
      require(SqlFeature.BETWEEN_SYMMETRIC, "SYMMETRIC", call);
    } else if (isGrouping(call) && !dialect.supports(SqlFeature.GROUPING_EXPRESSIONS)) {
      groupingColumns(call);
    } else if (call.getKind() == SqlKind.SIMILAR) {
      require(SqlFeature.SIMILAR_TO, "SIMILAR TO", call);
    } else if (call.getKind() == SqlKind.SAFE_CAST) {
      require(SqlFeature.TRY_CAST, "TRY_CAST", call);
    } else if (call.getKind() == SqlKind.FILTER) {
      require(SqlFeature.AGGREGATE_FILTER, "FILTER", call);
    } else if (call.getKind() == SqlKind.NULLS_FIRST || call.getKind() == SqlKind.NULLS_LAST) {
      require(SqlFeature.NULLS_ORDERING, call.getKind().sql.replace('_', ' '), call);
    }
  }

  private static boolean isGrouping(SqlCall call) {
    return call.getKind() == SqlKind.GROUPING_SETS
        || call.getKind() == SqlKind.ROLLUP
        || call.getKind() == SqlKind.CUBE;
  }

  /** Refuses every operand of a grouping set that is not a column. */
  private void groupingColumns(SqlNode node) throws SqlRefusedException {
    switch (node) {
      case SqlIdentifier column -> {}
      case SqlNodeList list -> {
        for (SqlNode element : list) {
          groupingColumns(element);
        }
      }
      case SqlCall call when call.getKind() == SqlKind.ROW || isGrouping(call) -> {
        for (SqlNode operand : call.getOperandList()) {
          groupingColumns(operand);
        }
      }
      default -> require(SqlFeature.GROUPING_EXPRESSIONS, "GROUPING SETS", node);
    }
  }

  /** Refuses {@code at}, {@code element} as written, unless the dialect has {@code feature}. */
  private void require(SqlFeature feature, String element, SqlNode at) throws SqlRefusedException {
    if (!dialect.supports(feature)) {
      throw SqlRefusedException.at(
          RefusalReason.UNSUPPORTED_SYNTAX, element, at.getParserPosition(), message(feature));
    }
  }

  /** The refusal of {@code feature}'s construct: what it is, the engine, what to write instead. */
  private String message(SqlFeature feature) {
    String engine = advisor.engine();
    return switch (feature) {
      case GROUP_AND_ORDER_BY_ALL ->
          "GROUP BY ALL and ORDER BY ALL are not supported by "
              + engine
              + ": list the columns, e.g. "
              + advisor.example("GROUP BY {group}, {category}")
              + " or GROUP BY 1, 2";
      case QUALIFY ->
          "QUALIFY is not supported by "
              + engine
              + ": compute the window function in a subquery (or WITH) and filter it in the outer"
              + " query's WHERE";
      case STAR_EXCLUDE ->
          "* EXCLUDE (...) is not supported by " + engine + ": list the columns to return";
      case STAR_REPLACE ->
          "* REPLACE (...) is not supported by "
              + engine
              + ": list the columns, each computed as needed, e.g. "
              + advisor.example("SELECT {key}, round({amount}, 0) AS {amount}");
      case DISTINCT_ON ->
          "DISTINCT ON is not supported by " + engine + ": " + advisor.in(Advice.LATEST_PER_GROUP);
      case NULL_TREATMENT ->
          "IGNORE NULLS and RESPECT NULLS are not supported by "
              + engine
              + ": filter the nulls out first, e.g. in a subquery WHERE x IS NOT NULL, or use"
              + " max(x) over a frame";
      case NULL_TREATMENT_WITH_ORDER ->
          "IGNORE NULLS or RESPECT NULLS beside an ORDER BY inside a call is not supported by "
              + engine
              + ": write it after a window function's arguments, e.g. lag(x) IGNORE NULLS OVER"
              + " (ORDER BY d)";
      case INTERVAL_EXPRESSION ->
          "INTERVAL before an expression is not supported by "
              + engine
              + ", which reads INTERVAL only before a string: multiply instead, e.g. n * INTERVAL"
              + " '1' DAY";
      case INTERVAL_STRING ->
          "an interval written as one string ('30 days') is not supported by "
              + engine
              + ", which reads a number in a string and one unit: write INTERVAL '30' DAY or"
              + " INTERVAL '1' MONTH";
      case TRY_CAST ->
          "TRY_CAST is not supported by "
              + engine
              + ": cast only the values that convert, choosing them with CASE WHEN, or CAST where"
              + " every value converts";
      case ILIKE ->
          "ILIKE is not supported by "
              + engine
              + ": compare in one case, e.g. "
              + advisor.example("lower({category}) LIKE {value_like}");
      case SIMILAR_TO ->
          "SIMILAR TO is not supported by "
              + engine
              + " as this allowlist reads it (its pattern a regular expression, . any character): "
              + advisor.in(Advice.PATTERN_MATCH);
      case NATURAL_JOIN ->
          "NATURAL JOIN is not supported by "
              + engine
              + ": name the columns, e.g. "
              + advisor.example(
                  "JOIN {table} USING ({key}) or JOIN {table} {table_alias} ON"
                      + " {table_alias}.{key} = {related_alias}.{key}");
      case BETWEEN_SYMMETRIC ->
          "BETWEEN SYMMETRIC is not supported by "
              + engine
              + ": order the bounds, e.g. x BETWEEN least(a, b) AND greatest(a, b)";
      case GROUPING_EXPRESSIONS ->
          "an expression in GROUPING SETS, ROLLUP or CUBE is not supported by "
              + engine
              + ", which groups them by columns only: compute the expression in a subquery (or"
              + " WITH), e.g. "
              + advisor.advice(Advice.DATE_PART)
              + " AS year, and group by its column";
      case AGGREGATE_FILTER ->
          "FILTER (WHERE ...) is not supported by "
              + engine
              + ": aggregate a CASE instead, e.g. "
              + advisor.example("sum(CASE WHEN {category} = {value} THEN {amount} END)");
      case NULLS_ORDERING ->
          "NULLS FIRST and NULLS LAST are not supported by "
              + engine
              + ": order by whether the value is null first, e.g. "
              + advisor.example("ORDER BY {later_date} IS NULL, {later_date}");
    };
  }
}
