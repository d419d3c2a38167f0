package io.codemode4j.sql.internal;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.util.SqlShuttle;
import org.jspecify.annotations.Nullable;

/**
 * Writes every subquery that stands for a value in parentheses of its own: Calcite renders them for
 * a plain SELECT but not for a subquery with ORDER BY/LIMIT (or a set operation) in a function
 * argument, a CASE branch or as a whole WHERE ({@code coalesce(SELECT ... LIMIT 1, 0)}), which
 * DuckDB cannot parse. Parentheses around a scalar subquery change neither its value nor DuckDB's
 * label for it. Subqueries whose parentheses are part of the syntax around them keep what Calcite
 * writes: in FROM, under IN, EXISTS and quantified comparisons (where {@code ((SELECT ...))} would
 * read as a one-element list), as operands of set operations, WITH items and the query of an ORDER
 * BY.
 */
final class SubqueryParentheses extends SqlShuttle {

  private static final Set<SqlKind> KEEP_OPERANDS =
      EnumSet.of(
          SqlKind.IN,
          SqlKind.NOT_IN,
          SqlKind.SOME,
          SqlKind.ALL,
          SqlKind.EXISTS,
          SqlKind.UNIQUE,
          SqlKind.AS,
          SqlKind.LATERAL,
          SqlKind.WITH,
          SqlKind.WITH_ITEM,
          SqlKind.ORDER_BY,
          SqlKind.JOIN,
          SqlKind.UNION,
          SqlKind.INTERSECT,
          SqlKind.EXCEPT);

  private static final SqlOperator PARENTHESES =
      new SqlSpecialOperator("()", SqlKind.OTHER) {
        @Override
        public void unparse(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
          SqlWriter.Frame frame = writer.startList("(", ")");
          call.operand(0).unparse(writer, 0, 0);
          writer.endList(frame);
        }
      };

  @Override
  public @Nullable SqlNode visit(SqlCall call) {
    SqlNode visited = super.visit(call);
    if (!(visited instanceof SqlCall copy) || KEEP_OPERANDS.contains(copy.getKind())) {
      return visited;
    }
    if (copy.getOperator() == SqlLibraryOperators.INFIX_CAST) {
      // Calcite writes the operand of :: bare, even a plain SELECT.
      SqlNode operand = copy.operand(0);
      SqlNode wrapped = condition(operand);
      return wrapped == operand
          ? copy
          : copy.getOperator()
              .createCall(
                  copy.getFunctionQuantifier(), copy.getParserPosition(), wrapped, copy.operand(1));
    }
    if (copy instanceof SqlSelect visitedSelect) {
      if (condition(visitedSelect.getWhere()) == visitedSelect.getWhere()
          && condition(visitedSelect.getHaving()) == visitedSelect.getHaving()
          && condition(visitedSelect.getQualify()) == visitedSelect.getQualify()) {
        return visitedSelect;
      }
      SqlSelect select =
          (SqlSelect)
              visitedSelect
                  .getOperator()
                  .createCall(
                      null,
                      visitedSelect.getParserPosition(),
                      visitedSelect.getOperandList().toArray(SqlNode[]::new));
      select.setWhere(condition(select.getWhere()));
      select.setHaving(condition(select.getHaving()));
      select.setQualify(condition(select.getQualify()));
      return select;
    }
    List<SqlNode> operands = new ArrayList<>(copy.getOperandList());
    boolean changed = false;
    for (int i = 0; i < operands.size(); i++) {
      SqlNode operand = operands.get(i);
      SqlNode wrapped = parenthesised(operand);
      if (wrapped != operand) {
        operands.set(i, wrapped);
        changed = true;
      }
    }
    return changed
        ? copy.getOperator()
            .createCall(
                copy.getFunctionQuantifier(),
                copy.getParserPosition(),
                operands.toArray(SqlNode[]::new))
        : copy;
  }

  @Override
  public SqlNode visit(SqlNodeList list) {
    // A shuttle returns a list for a list.
    SqlNodeList visited = (SqlNodeList) Objects.requireNonNull(super.visit(list));
    if (visited.stream().allMatch(element -> parenthesised(element) == element)) {
      return visited;
    }
    SqlNodeList copy = new SqlNodeList(visited.getParserPosition());
    for (SqlNode element : visited) {
      copy.add(parenthesised(element));
    }
    return copy;
  }

  /**
   * Whether {@link #visit} would add parentheses anywhere in {@code node}: checked first, without
   * copying, since most trees (a tenant's derived tables included) need none.
   */
  static boolean needed(SqlNode node) {
    if (node instanceof SqlNodeList list) {
      for (SqlNode element : list) {
        if (parenthesised(element) != element || needed(element)) {
          return true;
        }
      }
      return false;
    }
    if (!(node instanceof SqlCall call)) {
      return false;
    }
    if (call.getOperator() == SqlLibraryOperators.INFIX_CAST
        && condition(call.operand(0)) != call.operand(0)) {
      return true;
    }
    if (call instanceof SqlSelect select
        && (condition(select.getWhere()) != select.getWhere()
            || condition(select.getHaving()) != select.getHaving()
            || condition(select.getQualify()) != select.getQualify())) {
      return true;
    }
    boolean wraps = !KEEP_OPERANDS.contains(call.getKind()) && !(call instanceof SqlSelect);
    for (SqlNode operand : call.getOperandList()) {
      if (operand != null && ((wraps && parenthesised(operand) != operand) || needed(operand))) {
        return true;
      }
    }
    return false;
  }

  /** {@code node} in parentheses if it is a subquery Calcite would write without them. */
  private static @Nullable SqlNode parenthesised(@Nullable SqlNode node) {
    // A list may hold nulls (an absent operand), which Calcite's SqlNodeList does not declare.
    return node == null || node instanceof SqlSelect ? node : queryInParentheses(node);
  }

  /** A whole WHERE, HAVING or QUALIFY, if any: there Calcite writes even a plain SELECT bare. */
  private static @Nullable SqlNode condition(@Nullable SqlNode node) {
    return node == null ? null : queryInParentheses(node);
  }

  private static SqlNode queryInParentheses(SqlNode node) {
    return node.isA(SqlKind.QUERY) ? PARENTHESES.createCall(node.getParserPosition(), node) : node;
  }
}
