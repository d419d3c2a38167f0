package io.codemode4j.engine.mariadb;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlLikeOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlShuttle;
import org.jspecify.annotations.Nullable;

/**
 * A tree rewrite of the MariaDB dialect: every {@code LIKE} without {@code ESCAPE} is given {@code
 * ESCAPE '!'}, its pattern's {@code !} doubled ({@code replace(p, '!', '!!')} when the pattern is
 * computed). DuckDB's LIKE has no escape character unless told, so a backslash in a pattern is
 * itself; MariaDB's default escape is the backslash under every {@code sql_mode} (measured: even
 * with {@code NO_BACKSLASH_ESCAPES}, {@code 'a\b' LIKE 'a\b'} is 0, and {@code ESCAPE ''} is
 * refused there), so the same pattern would match other rows. With an escape character of its own
 * whose every occurrence is doubled, MariaDB reads each character of DuckDB's pattern as DuckDB
 * does.
 *
 * <p>Copy-on-write: the tree given is never changed; only the calls above a change are copied. A
 * LIKE that names its own {@code ESCAPE} is left as written.
 */
public final class MariaDbLikeEscape extends SqlShuttle {

  private static final String ESCAPE = "!";

  private MariaDbLikeEscape() {}

  /** {@code tree} with every LIKE's escape character made explicit. */
  public static SqlNode apply(SqlNode tree) {
    SqlNode rewritten = tree.accept(new MariaDbLikeEscape());
    return rewritten == null ? tree : rewritten;
  }

  @Override
  public @Nullable SqlNode visit(SqlCall call) {
    SqlNode visited = super.visit(call);
    if (visited instanceof SqlCall like
        && like.getKind() == SqlKind.LIKE
        && like.getOperator() instanceof SqlLikeOperator
        && like.operandCount() == 2) {
      SqlParserPos pos = like.getParserPosition();
      SqlNode pattern = like.operand(1);
      SqlNode escaped =
          pattern instanceof SqlCharStringLiteral literal
              ? SqlLiteral.createCharString(
                  literal.getValueAs(String.class).replace(ESCAPE, ESCAPE + ESCAPE), pos)
              : SqlStdOperatorTable.REPLACE.createCall(
                  pos, pattern, literal(pos), SqlLiteral.createCharString(ESCAPE + ESCAPE, pos));
      return like.getOperator().createCall(pos, like.operand(0), escaped, literal(pos));
    }
    return visited;
  }

  private static SqlLiteral literal(SqlParserPos pos) {
    return SqlLiteral.createCharString(ESCAPE, pos);
  }
}
