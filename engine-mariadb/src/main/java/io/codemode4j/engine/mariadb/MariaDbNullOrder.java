package io.codemode4j.engine.mariadb;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlShuttle;
import org.jspecify.annotations.Nullable;

/**
 * A tree rewrite of a MariaDB dialect: every ascending ORDER BY item without {@code NULLS
 * FIRST/LAST} (of a query or a window) becomes {@code NULLS LAST}, DuckDB's default, which {@link
 * MariaDbSqlDialect} writes as an ordering on {@code x IS NULL} first. MariaDB sorts NULL as the
 * lowest value, so its ascending order puts NULLs first where DuckDB puts them last; descending,
 * both put them last, so a descending item is left as written.
 *
 * <p>Copy-on-write: the tree given is never changed; only the nodes above a change are copied. An
 * ordinal ({@code ORDER BY 1}) is left as written, since {@code (1) IS NULL} would no longer name a
 * column: its NULLs still come first on MariaDB.
 */
public final class MariaDbNullOrder extends SqlShuttle {

  private MariaDbNullOrder() {}

  /** {@code tree} with DuckDB's null order made explicit. */
  public static SqlNode apply(SqlNode tree) {
    SqlNode rewritten = tree.accept(new MariaDbNullOrder());
    return rewritten == null ? tree : rewritten;
  }

  @Override
  public @Nullable SqlNode visit(SqlCall call) {
    SqlNode visited = super.visit(call);
    if (visited instanceof SqlSelect select
        && select.getOrderList() instanceof SqlNodeList order
        && needed(order)) {
      SqlSelect copy = (SqlSelect) select.clone(select.getParserPosition());
      copy.setOrderBy(nullsLast(order));
      return copy;
    }
    if (visited instanceof SqlOrderBy orderBy && needed(orderBy.orderList)) {
      return new SqlOrderBy(
          orderBy.getParserPosition(),
          orderBy.query,
          nullsLast(orderBy.orderList),
          orderBy.offset,
          orderBy.fetch);
    }
    if (visited instanceof SqlWindow window && needed(window.getOrderList())) {
      SqlWindow copy = (SqlWindow) window.clone(window.getParserPosition());
      copy.setOrderList(nullsLast(window.getOrderList()));
      return copy;
    }
    return visited;
  }

  private static boolean needed(SqlNodeList items) {
    for (SqlNode item : items) {
      if (ascendingUnmarked(item)) {
        return true;
      }
    }
    return false;
  }

  private static boolean ascendingUnmarked(@Nullable SqlNode item) {
    return item != null
        && !(item instanceof SqlNumericLiteral)
        && item.getKind() != SqlKind.DESCENDING
        && item.getKind() != SqlKind.NULLS_FIRST
        && item.getKind() != SqlKind.NULLS_LAST;
  }

  private static SqlNodeList nullsLast(SqlNodeList items) {
    List<SqlNode> out = new ArrayList<>();
    for (SqlNode item : items) {
      out.add(
          ascendingUnmarked(item)
              ? SqlStdOperatorTable.NULLS_LAST.createCall(item.getParserPosition(), item)
              : item);
    }
    return new SqlNodeList(out, items.getParserPosition());
  }
}
