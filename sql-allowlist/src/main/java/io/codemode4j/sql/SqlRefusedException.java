package io.codemode4j.sql;

import java.util.Objects;
import org.apache.calcite.sql.parser.SqlParserPos;

/** A query was refused; {@link #refusal()} says why, where, and what is allowed instead. */
public final class SqlRefusedException extends Exception {

  private static final long serialVersionUID = 1L;

  private final transient SqlRefusal refusal;

  /**
   * Refusals are an expected outcome, told by the refusal's position, so no stack trace is
   * recorded.
   */
  public SqlRefusedException(SqlRefusal refusal) {
    super(describe(Objects.requireNonNull(refusal, "refusal")), null, false, false);
    this.refusal = refusal;
  }

  /**
   * A refusal because the allowlist itself failed on the query (Calcite could not render a tree it
   * approved): fail closed, and chain the failure so the host's log shows where.
   */
  public SqlRefusedException(SqlRefusal refusal, Throwable cause) {
    super(
        describe(Objects.requireNonNull(refusal, "refusal")),
        Objects.requireNonNull(cause, "cause"),
        false,
        true);
    this.refusal = refusal;
  }

  /** The refusal as one line: its reason, position, element and advice; never null. */
  @Override
  public String getMessage() {
    return Objects.requireNonNull(super.getMessage());
  }

  public SqlRefusal refusal() {
    return refusal;
  }

  /**
   * A refusal at a parser position; Calcite's zero position (generated nodes) maps to 1:1. Public
   * for the allowlist's internal packages and a dialect's {@link
   * io.codemode4j.sql.dialect.SyntaxCheck}, which refuse at the node they check; a caller of the
   * allowlist only catches this exception.
   */
  public static SqlRefusedException at(
      RefusalReason reason, String element, SqlParserPos pos, String message) {
    return new SqlRefusedException(
        new SqlRefusal(
            reason,
            element,
            Math.max(1, pos.getLineNum()),
            Math.max(1, pos.getColumnNum()),
            message));
  }

  private static String describe(SqlRefusal refusal) {
    return "SQL refused ("
        + refusal.reason()
        + " at line "
        + refusal.line()
        + ", column "
        + refusal.column()
        + "): "
        + refusal.message();
  }
}
