package io.codemode4j.sql.dialect;

import io.codemode4j.sql.internal.Rewriting;
import java.util.Objects;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Rewrites a dialect may list ({@link Dialect.Builder#rewrite}) for what engines commonly write
 * otherwise than DuckDB, the SQL the allowlist reads. Each copies the calls above a change and
 * returns the tree as it is where nothing changes.
 */
public final class Rewrites {

  private Rewrites() {}

  /**
   * Every divisor cast to {@code type}, written {@code typeName} ({@code a / CAST(b AS NUMERIC)}),
   * so that {@code /} keeps the fraction as DuckDB's does: for an engine that divides two integers
   * without it, or decimals at the larger scale of the two. The type must keep the fraction of any
   * quotient of numbers the engine divides: its exact NUMERIC, or DOUBLE.
   */
  public static TreeRewrite fractionalDivision(String typeName, SqlTypeName type) {
    Objects.requireNonNull(typeName, "typeName");
    Objects.requireNonNull(type, "type");
    return tree -> Rewriting.fractionalDivision(tree, typeName, type);
  }

  /**
   * Each {@code IGNORE NULLS} or {@code RESPECT NULLS}, which DuckDB writes inside the call ({@code
   * lag(x IGNORE NULLS)}), after the call's arguments ({@code lag(x) IGNORE NULLS}): for an engine
   * that reads it only there, whose dialect therefore lacks {@link
   * SqlFeature#NULL_TREATMENT_WITH_ORDER}.
   */
  public static TreeRewrite nullTreatmentAfterCall() {
    return Rewriting::nullTreatmentAfterCall;
  }

  /**
   * Each {@code INTERVAL 30 DAY} as {@code INTERVAL '30' DAY}: for an engine that reads an
   * interval's number only in quotes.
   */
  public static TreeRewrite quotedIntervalNumbers() {
    return Rewriting::quotedIntervalNumbers;
  }
}
