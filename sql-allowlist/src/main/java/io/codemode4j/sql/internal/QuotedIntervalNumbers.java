package io.codemode4j.sql.internal;

import java.math.BigDecimal;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.fun.SqlIntervalOperator;
import org.apache.calcite.sql.util.SqlShuttle;
import org.jspecify.annotations.Nullable;

/**
 * Copies the tree with the number of each {@code INTERVAL 30 DAY} (DuckDB's spelling, a number
 * before the unit) in quotes, {@code INTERVAL '30' DAY}, the only form PostgreSQL and Trino read:
 * the same interval. A rewrite an engine's dialect lists ({@link
 * io.codemode4j.sql.dialect.Rewrites#quotedIntervalNumbers}).
 *
 * <p>Decided: a rewrite rather than a step of every rendering, since DuckDB names an unaliased
 * column by its text, and {@code INTERVAL '30' DAY} would rename it.
 */
final class QuotedIntervalNumbers extends SqlShuttle {

  @Override
  public @Nullable SqlNode visit(SqlCall call) {
    SqlNode visited = super.visit(call);
    if (visited instanceof SqlCall copy
        && copy.getOperator() instanceof SqlIntervalOperator
        && copy.operand(0) instanceof SqlNumericLiteral number
        && number.bigDecimalValue() instanceof BigDecimal value) {
      SqlNode quoted =
          SqlLiteral.createCharString(value.toPlainString(), number.getParserPosition());
      SqlNode unit = copy.operand(1);
      return copy.getOperator().createCall(copy.getParserPosition(), quoted, unit);
    }
    return visited;
  }
}
