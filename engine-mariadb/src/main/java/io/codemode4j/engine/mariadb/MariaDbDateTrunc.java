package io.codemode4j.engine.mariadb;

import java.util.Locale;
import java.util.Set;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlShuttle;
import org.jspecify.annotations.Nullable;

/**
 * A tree rewrite of the MariaDB dialect: DuckDB's {@code date_trunc('month', x)}, which MariaDB
 * lacks, as the same value in MariaDB's functions, a TIMESTAMP (DATETIME) at midnight as DuckDB
 * answers for a DATE too:
 *
 * <ul>
 *   <li>{@code year}, {@code month}, {@code day}: {@code CAST(date_format(x, '%Y-%m-01') AS
 *       DATETIME(6))}, the first day written by its format;
 *   <li>{@code quarter}: {@code CAST(concat_ws('-', year(x), (quarter(x) - 1) * 3 + 1, 1) AS
 *       DATETIME(6))};
 *   <li>{@code week}: the Monday before, {@code CAST(date_sub(CAST(x AS DATE), INTERVAL weekday(x)
 *       DAY) AS DATETIME(6))} (DuckDB's weeks are ISO weeks; MariaDB's {@code weekday} is 0 on
 *       Monday).
 * </ul>
 *
 * <p>{@link MariaDbSyntax} refuses every other part and a computed one, so this meets only the
 * parts above, written as a literal. Copy-on-write: only the calls above a change are copied.
 */
public final class MariaDbDateTrunc extends SqlShuttle {

  /** The parts {@link #apply} writes, lowercase. */
  static final Set<String> PARTS = Set.of("year", "quarter", "month", "week", "day");

  private MariaDbDateTrunc() {}

  /** {@code tree} with every {@code date_trunc} written in MariaDB's functions. */
  public static SqlNode apply(SqlNode tree) {
    SqlNode rewritten = tree.accept(new MariaDbDateTrunc());
    return rewritten == null ? tree : rewritten;
  }

  /** Whether {@code call} is a call of {@code date_trunc}. */
  static boolean isDateTrunc(SqlCall call) {
    return call.getOperator() instanceof SqlFunction function
        && function.getName().equalsIgnoreCase("date_trunc");
  }

  @Override
  public @Nullable SqlNode visit(SqlCall call) {
    SqlNode visited = super.visit(call);
    if (visited instanceof SqlCall truncation
        && isDateTrunc(truncation)
        && truncation.operandCount() == 2
        && truncation.operand(0) instanceof SqlCharStringLiteral part) {
      return truncated(
          part.getValueAs(String.class).toLowerCase(Locale.ROOT),
          truncation.operand(1),
          truncation.getParserPosition());
    }
    return visited;
  }

  private static SqlNode truncated(String part, SqlNode x, SqlParserPos pos) {
    SqlNode first =
        switch (part) {
          case "year" -> call("date_format", pos, x, SqlLiteral.createCharString("%Y-01-01", pos));
          case "month" -> call("date_format", pos, x, SqlLiteral.createCharString("%Y-%m-01", pos));
          case "day" -> call("date_format", pos, x, SqlLiteral.createCharString("%Y-%m-%d", pos));
          case "quarter" ->
              call(
                  "concat_ws",
                  pos,
                  SqlLiteral.createCharString("-", pos),
                  SqlStdOperatorTable.YEAR.createCall(pos, x),
                  SqlStdOperatorTable.PLUS.createCall(
                      pos,
                      SqlStdOperatorTable.MULTIPLY.createCall(
                          pos,
                          SqlStdOperatorTable.MINUS.createCall(
                              pos,
                              SqlStdOperatorTable.QUARTER.createCall(pos, x),
                              SqlLiteral.createExactNumeric("1", pos)),
                          SqlLiteral.createExactNumeric("3", pos)),
                      SqlLiteral.createExactNumeric("1", pos)),
                  SqlLiteral.createExactNumeric("1", pos));
          case "week" ->
              SqlStdOperatorTable.MINUS.createCall(
                  pos,
                  cast(x, SqlTypeName.DATE, pos),
                  SqlStdOperatorTable.INTERVAL.createCall(
                      pos,
                      call("weekday", pos, x),
                      new SqlIntervalQualifier(TimeUnit.DAY, null, pos)));
          default ->
              throw new IllegalArgumentException(
                  "date_trunc on MariaDB takes one of " + PARTS + ", not '" + part + "'");
        };
    return cast(first, SqlTypeName.TIMESTAMP, pos);
  }

  private static SqlNode cast(SqlNode value, SqlTypeName type, SqlParserPos pos) {
    return SqlStdOperatorTable.CAST.createCall(
        pos, value, new SqlDataTypeSpec(new SqlBasicTypeNameSpec(type, pos), pos));
  }

  /** A call of MariaDB's function {@code name}, which Calcite writes quoted: MariaDB reads it. */
  private static SqlNode call(String name, SqlParserPos pos, SqlNode... operands) {
    return new SqlUnresolvedFunction(
            new SqlIdentifier(name, pos),
            null,
            null,
            null,
            null,
            SqlFunctionCategory.USER_DEFINED_FUNCTION)
        .createCall(pos, operands);
  }
}
