package io.codemode4j.sql.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlShuttle;
import org.jspecify.annotations.Nullable;

/**
 * Groups {@code ||} with arithmetic as DuckDB does.
 *
 * <p>DuckDB, like PostgreSQL, binds {@code ||} looser than {@code + - * / %}: {@code 'a' || 1 + 2}
 * is {@code 'a' || (1 + 2)}, {@code 'a3'}. Calcite gives {@code ||} the precedence of {@code *}, so
 * both of its parsers build {@code ('a' || 1) + 2}, and {@code 1 + 2 || 'a'} as {@code 1 + (2 ||
 * 'a')}. Both readings keep the operands and operators in the order written, so this pass takes
 * each chain of these operators that contains a {@code ||} (stopping at anything written in
 * parentheses, which is one operand), and builds it again with DuckDB's precedence: {@code * / %}
 * first, then {@code + -}, then {@code ||}, each from left to right. A chain without {@code ||} is
 * left as Calcite built it. The input tree is not changed.
 */
final class ConcatPrecedence extends SqlShuttle {

  private final SqlScan text;

  private ConcatPrecedence(SqlScan text) {
    this.text = text;
  }

  /**
   * {@code query}, parsed from {@code text}, with every chain holding {@code ||} grouped as DuckDB
   * groups it.
   */
  static SqlNode regroup(SqlNode query, SqlScan text) {
    // Most queries have no ||: then there is nothing to regroup, and no need to copy the tree.
    return text.sql().contains("||") ? query.accept(new ConcatPrecedence(text)) : query;
  }

  @Override
  public @Nullable SqlNode visit(SqlCall call) {
    if (level(call) == 0) {
      return super.visit(call);
    }
    List<SqlNode> operands = new ArrayList<>();
    List<SqlOperator> operators = new ArrayList<>();
    flatten(call, operands, operators, true);
    if (operators.stream().noneMatch(op -> op == SqlStdOperatorTable.CONCAT)) {
      return super.visit(call);
    }
    operands.replaceAll(operand -> operand.accept(this));
    return build(operands, operators);
  }

  /**
   * The operands and operators of the chain rooted at {@code node}, in the order they were written.
   */
  private void flatten(
      SqlNode node, List<SqlNode> operands, List<SqlOperator> operators, boolean root) {
    if (node instanceof SqlCall call
        && level(call) > 0
        && (root || !text.parenthesised(call.getParserPosition()))) {
      flatten(call.operand(0), operands, operators, false);
      operators.add(call.getOperator());
      flatten(call.operand(1), operands, operators, false);
    } else {
      operands.add(node);
    }
  }

  /** Operator precedence climbing, left to right within a level. */
  private static SqlNode build(List<SqlNode> operands, List<SqlOperator> operators) {
    Deque<SqlNode> values = new ArrayDeque<>();
    Deque<SqlOperator> pending = new ArrayDeque<>();
    values.push(operands.get(0));
    for (int i = 0; i < operators.size(); i++) {
      SqlOperator operator = operators.get(i);
      while (!pending.isEmpty() && precedence(pending.peek()) >= precedence(operator)) {
        reduce(values, pending.pop());
      }
      pending.push(operator);
      values.push(operands.get(i + 1));
    }
    while (!pending.isEmpty()) {
      reduce(values, pending.pop());
    }
    return values.pop();
  }

  private static void reduce(Deque<SqlNode> values, SqlOperator operator) {
    SqlNode right = values.pop();
    SqlNode left = values.pop();
    SqlParserPos pos = left.getParserPosition().plus(right.getParserPosition());
    values.push(operator.createCall(pos, left, right));
  }

  /** DuckDB's precedence of a chain operator: higher binds tighter; 0 for anything else. */
  private static int level(SqlCall call) {
    // Infix operators only: mod(a, b) is a call, one operand of the chain.
    if (call.operandCount() != 2 || call.getOperator().getSyntax() != SqlSyntax.BINARY) {
      return 0;
    }
    return precedence(call.getOperator());
  }

  private static int precedence(SqlOperator operator) {
    if (operator == SqlStdOperatorTable.CONCAT) {
      return 1;
    }
    SqlKind kind = operator.getKind();
    return switch (kind) {
      case PLUS, MINUS -> 2;
      case TIMES, DIVIDE, MOD -> 3;
      default -> 0;
    };
  }
}
