package io.codemode4j.sql.internal;

import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlRefusedException;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.jspecify.annotations.Nullable;

/**
 * The walk of a check pass for an engine that lacks some of the syntax the parser reads: every call
 * of the approved tree (a SELECT, a join, an operator, a function, DuckDB's forms) goes to the
 * engine's check, which refuses what the engine lacks saying what to write instead, before its
 * operands are walked. It changes nothing, so the engine's rendering is of the approved tree.
 * {@link PostgresSyntax} and {@link TrinoSyntax} hold only their engine's checks.
 */
final class LackingSyntax {

  /** An engine's check of one call: returns when the engine has it, throws a refusal otherwise. */
  @FunctionalInterface
  interface Check {
    void call(SqlCall call) throws SqlRefusedException;
  }

  private LackingSyntax() {}

  /** Hands every call of {@code node}, outermost first, to {@code check}. */
  static void walk(@Nullable SqlNode node, Check check) throws SqlRefusedException {
    switch (node) {
      case null -> {}
      case SqlNodeList list -> {
        for (SqlNode element : list) {
          walk(element, check);
        }
      }
      case SqlCall call -> {
        check.call(call);
        for (SqlNode operand : call.getOperandList()) {
          walk(operand, check);
        }
      }
      default -> {}
    }
  }

  /** The refusal of {@code what} at {@code at}, unsupported syntax, saying {@code message}. */
  static SqlRefusedException refuse(String what, SqlNode at, String message) {
    return SqlRefusedException.at(
        RefusalReason.UNSUPPORTED_SYNTAX, what, at.getParserPosition(), message);
  }
}
