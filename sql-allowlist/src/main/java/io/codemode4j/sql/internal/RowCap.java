package io.codemode4j.sql.internal;

import java.math.BigDecimal;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.jspecify.annotations.Nullable;

/**
 * Puts the row limit inside the SQL itself (DuckDB's JDBC driver ignores {@code setMaxRows}).
 *
 * <p>The top-level query fetches at most {@code limit} rows: an existing ORDER BY/LIMIT node keeps
 * its ordering and OFFSET and gets {@code LIMIT min(existing, limit)}; a WITH gets the limit on its
 * body; any other query (SELECT, set operation, VALUES) is wrapped in a LIMIT that applies to its
 * whole result.
 */
final class RowCap {

  private RowCap() {}

  static SqlNode apply(SqlNode query, int limit) {
    if (query instanceof SqlWith with) {
      with.body = apply(with.body, limit);
      return with;
    }
    SqlParserPos pos = query.getParserPosition();
    if (query instanceof SqlOrderBy orderBy) {
      return new SqlOrderBy(
          pos, orderBy.query, orderBy.orderList, orderBy.offset, fetch(orderBy.fetch, limit, pos));
    }
    return new SqlOrderBy(pos, query, SqlNodeList.EMPTY, null, fetch(null, limit, pos));
  }

  private static SqlNode fetch(@Nullable SqlNode existing, int limit, SqlParserPos pos) {
    // The walker accepted only whole-number literals as LIMIT.
    if (existing instanceof SqlNumericLiteral number
        && NumericLiterals.value(number).compareTo(BigDecimal.valueOf(limit)) <= 0) {
      return existing;
    }
    return SqlLiteral.createExactNumeric(Integer.toString(limit), pos);
  }
}
