package io.codemode4j.engine.mariadb;

import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.dialect.SyntaxCheck;
import java.util.Locale;
import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.jspecify.annotations.Nullable;

/**
 * What MariaDB 10.11 lacks and no {@link io.codemode4j.sql.dialect.SqlFeature} expresses, each
 * refused naming MariaDB and what to write instead (measured on the server, NOTES.md):
 *
 * <ul>
 *   <li>{@code FULL JOIN} and {@code LATERAL}: not in MariaDB's grammar;
 *   <li>{@code GROUPING SETS} and {@code CUBE}: not in its grammar; {@code ROLLUP} only as {@code
 *       GROUP BY a, b WITH ROLLUP} (Calcite's MySQL rendering), so only as the whole GROUP BY, and
 *       "Incorrect usage of CUBE/ROLLUP and ORDER BY" beside an ORDER BY of the same SELECT;
 *   <li>a column list on a derived table, {@code (VALUES ...) AS v(a, b)} or {@code (SELECT ...) AS
 *       t(a, b)}: a syntax error (a WITH's column list is MariaDB's too, and passes);
 *   <li>{@code NULLS FIRST/LAST} on a column's position ({@code ORDER BY 1 NULLS LAST}): the
 *       dialect orders by {@code x IS NULL} first, and {@code (1) IS NULL} is no column;
 *   <li>{@code date_format} with a third argument (a locale): its growth is measured by its format,
 *       the one literal allowed.
 * </ul>
 */
final class MariaDbSyntax implements SyntaxCheck {

  @Override
  public void check(SqlCall call) throws SqlRefusedException {
    switch (call) {
      case SqlJoin join when join.getJoinType() == JoinType.FULL ->
          throw refused(
              "FULL",
              join.getParserPosition(),
              "FULL JOIN is not supported by MariaDB: write the LEFT JOIN, then UNION ALL the"
                  + " RIGHT JOIN's rows whose left key IS NULL");
      case SqlSelect select -> rollup(select, select.getOrderList());
      case SqlOrderBy orderBy when orderBy.query instanceof SqlSelect select ->
          rollup(select, orderBy.orderList);
      default -> {}
    }
    SqlKind kind = call.getKind();
    if (kind == SqlKind.LATERAL) {
      throw refused(
          "LATERAL",
          call.getParserPosition(),
          "LATERAL is not supported by MariaDB: join a grouped subquery on its key, or compute the"
              + " value in a scalar subquery");
    }
    if (kind == SqlKind.GROUPING_SETS || kind == SqlKind.CUBE) {
      throw refused(
          kind == SqlKind.CUBE ? "CUBE" : "GROUPING SETS",
          call.getParserPosition(),
          "GROUPING SETS and CUBE are not supported by MariaDB: UNION ALL one grouped query per"
              + " set, or write GROUP BY a, b WITH ROLLUP's form, GROUP BY ROLLUP (a, b), alone");
    }
    if (kind == SqlKind.AS && call.operandCount() > 2) {
      throw refused(
          "AS",
          call.getParserPosition(),
          "a column list after a derived table's alias is not supported by MariaDB: name the"
              + " columns inside it, e.g. SELECT 1 AS a, 2 AS b, or in a WITH: WITH v (a, b) AS"
              + " (...)");
    }
    if ((kind == SqlKind.NULLS_FIRST || kind == SqlKind.NULLS_LAST) && isOrdinal(call.operand(0))) {
      throw refused(
          kind == SqlKind.NULLS_FIRST ? "NULLS FIRST" : "NULLS LAST",
          call.getParserPosition(),
          "NULLS FIRST and NULLS LAST after a column's position are not supported by MariaDB:"
              + " name the column or its alias instead of the number");
    }
    if (call.getOperator() instanceof SqlFunction function) {
      arguments(call, function.getName().toLowerCase(Locale.ROOT));
    }
  }

  /** Refuses a ROLLUP that MariaDB cannot write as {@code WITH ROLLUP}. */
  private static void rollup(SqlSelect select, @Nullable SqlNodeList orderList)
      throws SqlRefusedException {
    SqlNodeList groups = select.getGroup();
    if (groups == null) {
      return;
    }
    for (SqlNode group : groups) {
      if (group.getKind() != SqlKind.ROLLUP) {
        continue;
      }
      if (groups.size() > 1) {
        throw refused(
            "ROLLUP",
            group.getParserPosition(),
            "ROLLUP beside other GROUP BY items is not supported by MariaDB, which writes it GROUP"
                + " BY a, b WITH ROLLUP: put every grouping column in the ROLLUP");
      }
      if (orderList != null && !orderList.isEmpty()) {
        throw refused(
            "ROLLUP",
            group.getParserPosition(),
            "ROLLUP with ORDER BY in the same SELECT is not supported by MariaDB: order in an"
                + " outer query, SELECT * FROM (SELECT ... GROUP BY ROLLUP (a, b)) AS r ORDER BY"
                + " a");
      }
    }
  }

  private static void arguments(SqlCall call, String name) throws SqlRefusedException {
    if (name.equals("date_trunc")
        && !(call.operandCount() == 2
            && call.operand(0) instanceof SqlCharStringLiteral part
            && MariaDbDateTrunc.PARTS.contains(
                part.getValueAs(String.class).toLowerCase(Locale.ROOT)))) {
      throw refused(
          "date_trunc",
          call.getParserPosition(),
          "date_trunc takes one of 'year', 'quarter', 'month', 'week' or 'day', written as text,"
              + " and a date on MariaDB here, e.g. date_trunc('month', d)");
    }
    if (name.equals("date_format") && call.operandCount() != 2) {
      throw refused(
          "date_format",
          call.getParserPosition(),
          "date_format takes a date and a format on MariaDB here, e.g. date_format(d, '%Y-%m')");
    }
  }

  private static boolean isOrdinal(SqlNode item) {
    SqlNode value = item.getKind() == SqlKind.DESCENDING ? ((SqlCall) item).operand(0) : item;
    return value instanceof SqlNumericLiteral;
  }

  private static SqlRefusedException refused(String element, SqlParserPos pos, String message) {
    return SqlRefusedException.at(RefusalReason.UNSUPPORTED_SYNTAX, element, pos, message);
  }
}
