package io.codemode4j.sql.internal;

import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlRefusedException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.jspecify.annotations.Nullable;

/**
 * The depth of a parsed tree, measured without recursion, before any pass that recurses on it.
 *
 * <p>Decided: {@link QueryParser#MAX_NESTING} bounds what the parsers recurse on (parentheses,
 * brackets, CASE), but an operator chain such as {@code 1 + 1 + ... + 1} parses flat and becomes a
 * tree as deep as it is long, which the rewriting passes, the walker and the renderer then recurse
 * on: 190 terms ran out of a 256 KiB stack while a large one approved them. So the tree's depth is
 * measured here with a heap stack, and a tree deeper than {@link #MAX_DEPTH} is refused before
 * those passes run, the same on every thread. The walker's own depth check stays for the trees the
 * passes rewrite after this check.
 */
final class TreeDepth {

  /**
   * The deepest tree approved: every shape within {@link QueryParser#MAX_NESTING} fits (a subquery
   * or a CASE level is two or three nodes), and the passes over a tree this deep fit a 256 KiB
   * stack with room to spare ({@code NestingDepthTest}).
   */
  static final int MAX_DEPTH = 120;

  private TreeDepth() {}

  private record Visit(SqlNode node, int depth) {}

  /** Refuses {@code tree} when it is more than {@link #MAX_DEPTH} nodes deep. */
  static void check(SqlNode tree) throws SqlRefusedException {
    Deque<Visit> pending = new ArrayDeque<>();
    pending.push(new Visit(tree, 1));
    while (!pending.isEmpty()) {
      Visit visit = pending.pop();
      if (visit.depth() > MAX_DEPTH) {
        throw SqlRefusedException.at(
            RefusalReason.TOO_COMPLEX,
            visit.depth() + " levels",
            visit.node().getParserPosition(),
            "the query's expressions nest more than "
                + MAX_DEPTH
                + " levels deep (a long chain of operators nests one level per operator): "
                + "flatten it, e.g. sum the values in a subquery or split the chain over a WITH "
                + "clause");
      }
      for (SqlNode child : children(visit.node())) {
        if (child != null) {
          pending.push(new Visit(child, visit.depth() + 1));
        }
      }
    }
  }

  /** Operands may be null (an absent clause). */
  private static List<? extends @Nullable SqlNode> children(SqlNode node) {
    if (node instanceof SqlNodeList list) {
      return list.getList();
    }
    if (node instanceof SqlCall call) {
      return call.getOperandList();
    }
    return List.of();
  }
}
