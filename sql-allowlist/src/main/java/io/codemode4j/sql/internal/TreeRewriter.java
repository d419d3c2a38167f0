package io.codemode4j.sql.internal;

import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlRefusedException;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;

/**
 * Rewrites a parsed tree in place, bottom-up: every call and list is visited after its operands,
 * and the node {@link #replace} returns takes the place of the one visited.
 *
 * <p>Used before the walker checks the tree, so it stops descending past {@link #MAX_DEPTH}: the
 * walker refuses trees that deep anyway (its own limit is lower). A node whose operand cannot be
 * replaced (a Calcite node without {@code setOperand}) makes the rewrite, and so the query, fail.
 */
abstract class TreeRewriter {

  private static final int MAX_DEPTH = 1_000;

  /**
   * The node to put in place of {@code node} (whose operands were rewritten already), or {@code
   * node}.
   */
  abstract SqlNode replace(SqlNode node) throws SqlRefusedException;

  final SqlNode rewrite(SqlNode node) throws SqlRefusedException {
    return rewrite(node, 0);
  }

  private SqlNode rewrite(SqlNode node, int depth) throws SqlRefusedException {
    if (node == null || depth > MAX_DEPTH) {
      return node;
    }
    if (node instanceof SqlNodeList list) {
      for (int i = 0; i < list.size(); i++) {
        SqlNode element = list.get(i);
        SqlNode replaced = rewrite(element, depth + 1);
        if (replaced != element) {
          list.set(i, replaced);
        }
      }
    } else if (node instanceof SqlCall call) {
      List<SqlNode> operands = call.getOperandList();
      for (int i = 0; i < operands.size(); i++) {
        SqlNode operand = operands.get(i);
        SqlNode replaced = rewrite(operand, depth + 1);
        if (replaced != operand) {
          setOperand(call, i, replaced);
        }
      }
    }
    return replace(node);
  }

  private static void setOperand(SqlCall call, int i, SqlNode operand) throws SqlRefusedException {
    try {
      call.setOperand(i, operand);
    } catch (UnsupportedOperationException e) {
      String name = call.getOperator().getName();
      throw SqlRefusedException.at(
          RefusalReason.UNSUPPORTED_NODE,
          name,
          call.getParserPosition(),
          name + " cannot hold this DuckDB form: move it into a plain SELECT, e.g. a WITH item");
    }
  }
}
