package io.codemode4j.engine.mariadb;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
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
 * <p>An ordinal ({@code ORDER BY 1}) is ordered by what it names, since {@code (1) IS NULL} would
 * name no column: the select item's alias, column or, in a plain SELECT, expression ({@code
 * count(*) ... ORDER BY 1} as {@code (COUNT(*)) IS NULL, (COUNT(*))}); in a UNION, whose ORDER BY
 * reads only the result's names, its first SELECT's alias or column. Left as written, its NULLs
 * first on MariaDB, only where no name reaches it: after a {@code *}, or an unnamed expression of a
 * UNION.
 *
 * <p>Copy-on-write: the tree given is never changed; only the nodes above a change are copied.
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
      copy.setOrderBy(nullsLast(order, select));
      return copy;
    }
    if (visited instanceof SqlOrderBy orderBy && needed(orderBy.orderList)) {
      return new SqlOrderBy(
          orderBy.getParserPosition(),
          orderBy.query,
          nullsLast(orderBy.orderList, orderBy.query),
          orderBy.offset,
          orderBy.fetch);
    }
    if (visited instanceof SqlWindow window && needed(window.getOrderList())) {
      SqlWindow copy = (SqlWindow) window.clone(window.getParserPosition());
      copy.setOrderList(nullsLast(window.getOrderList(), null));
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
        && item.getKind() != SqlKind.DESCENDING
        && item.getKind() != SqlKind.NULLS_FIRST
        && item.getKind() != SqlKind.NULLS_LAST;
  }

  /** {@code items} of {@code query}'s ORDER BY (none for a window's), ascending ones NULLS LAST. */
  private static SqlNodeList nullsLast(SqlNodeList items, @Nullable SqlNode query) {
    List<SqlNode> out = new ArrayList<>();
    for (SqlNode item : items) {
      SqlNode value = item instanceof SqlNumericLiteral ordinal ? named(ordinal, query) : item;
      out.add(
          ascendingUnmarked(item) && value != null
              ? SqlStdOperatorTable.NULLS_LAST.createCall(item.getParserPosition(), value)
              : item);
    }
    return new SqlNodeList(out, items.getParserPosition());
  }

  /** What the ordinal names in {@code query}'s result, or null when no name reaches it. */
  private static @Nullable SqlNode named(SqlNumericLiteral ordinal, @Nullable SqlNode query) {
    SqlSelect select = query instanceof SqlSelect plain ? plain : firstSelect(query);
    if (select == null || !ordinal.isInteger()) {
      return null;
    }
    int position = ordinal.intValue(true);
    SqlNodeList items = select.getSelectList();
    if (position < 1 || position > items.size()) {
      return null;
    }
    for (int i = 0; i < position; i++) {
      if (items.get(i) instanceof SqlIdentifier id && id.isStar()) {
        return null;
      }
    }
    SqlNode item = items.get(position - 1);
    boolean union = select != query;
    if (item.getKind() == SqlKind.AS) {
      return ((SqlCall) item).operand(1);
    }
    if (item instanceof SqlIdentifier column) {
      return union ? new SqlIdentifier(column.names.getLast(), column.getParserPosition()) : column;
    }
    return union ? null : item;
  }

  /** The first SELECT of a UNION, INTERSECT or EXCEPT, whose names its result has. */
  private static @Nullable SqlSelect firstSelect(@Nullable SqlNode query) {
    SqlNode first = query;
    while (first instanceof SqlCall set
        && (set.getKind() == SqlKind.UNION
            || set.getKind() == SqlKind.INTERSECT
            || set.getKind() == SqlKind.EXCEPT)) {
      first = set.operand(0);
    }
    return first instanceof SqlSelect select ? select : null;
  }
}
