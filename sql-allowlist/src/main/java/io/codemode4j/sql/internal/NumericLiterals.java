package io.codemode4j.sql.internal;

import java.math.BigDecimal;
import java.util.Objects;
import org.apache.calcite.sql.SqlNumericLiteral;

/**
 * The value of a numeric literal. Calcite declares {@code SqlLiteral.bigDecimalValue()} nullable
 * because a string or symbol literal has none; a {@link SqlNumericLiteral} always has one, and this
 * is the one place that says so.
 */
final class NumericLiterals {

  private NumericLiterals() {}

  static BigDecimal value(SqlNumericLiteral number) {
    return Objects.requireNonNull(number.bigDecimalValue(), "a numeric literal has a value");
  }
}
