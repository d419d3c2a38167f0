package io.codemode4j.sql.internal;

import java.util.Objects;
import org.apache.calcite.sql.SqlAlienSystemTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlShuttle;
import org.jspecify.annotations.Nullable;

/**
 * Copies the tree with every divisor cast to a type that keeps the fraction, {@code a / CAST(b AS
 * NUMERIC)} on PostgreSQL and {@code a / CAST(b AS DOUBLE)} on Trino, so that {@code /} means there
 * what it means in the SQL the allowlist reads, DuckDB's: the quotient of any two numbers with its
 * fraction. A rewrite an engine's dialect lists ({@link
 * io.codemode4j.sql.dialect.Rewrites#fractionalDivision}).
 *
 * <p>Decided: without the cast the same text answers differently and silently. PostgreSQL and Trino
 * divide two integers without the fraction ({@code count(*) / 3}, and on Trino {@code sum(cents) /
 * 100}, since its SUM of a bigint is a bigint), and Trino divides decimals at the larger scale of
 * the two ({@code sum(cents) / 100.0} has one decimal, so a cent is rounded away). The allowlist
 * knows no column types, so it cannot tell those cases apart; the divisor's cast settles them
 * whatever the operands are. Integer division is a function of its own in each dialect ({@code
 * Advice.INTEGER_DIVISION}).
 */
final class FractionalDivision extends SqlShuttle {

  private final String typeName;
  private final SqlTypeName type;

  /** {@code typeName}: the engine's name of {@code type}, as the cast writes it. */
  FractionalDivision(String typeName, SqlTypeName type) {
    this.typeName = Objects.requireNonNull(typeName, "typeName");
    this.type = Objects.requireNonNull(type, "type");
  }

  @Override
  public @Nullable SqlNode visit(SqlCall call) {
    SqlNode visited = super.visit(call);
    if (visited instanceof SqlCall copy && copy.getKind() == SqlKind.DIVIDE) {
      SqlNode divisor = copy.operand(1);
      SqlParserPos pos = divisor.getParserPosition();
      SqlNode cast =
          SqlStdOperatorTable.CAST.createCall(
              pos,
              divisor,
              new SqlDataTypeSpec(new SqlAlienSystemTypeNameSpec(typeName, type, pos), pos));
      // Typed as nodes: the generic operand() would pick createCall's List overload.
      SqlNode dividend = copy.operand(0);
      return copy.getOperator().createCall(copy.getParserPosition(), dividend, cast);
    }
    return visited;
  }
}
