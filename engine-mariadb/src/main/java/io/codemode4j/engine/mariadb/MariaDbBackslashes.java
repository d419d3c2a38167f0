package io.codemode4j.engine.mariadb;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * A tree rewrite of the MariaDB dialect: a string literal holding a backslash becomes the
 * concatenation of its parts around {@code char(92 USING utf8mb4)}, so {@code 'a\b'} is written
 * {@code concat_ws('', 'a', char(92 USING utf8mb4), 'b')}.
 *
 * <p>Decided: MariaDB reads a backslash in a literal as an escape unless the session's {@code
 * sql_mode} has {@code NO_BACKSLASH_ESCAPES} ({@code 'a\'} does not end), so the dialect {@link
 * io.codemode4j.sql.dialect.Dialect.Builder#readsBackslashEscapes reads backslash escapes} and the
 * rendering refuses any literal that still holds one; written as a character code, the backslash
 * means itself under every mode, so such a query runs rather than being refused. {@code char(92
 * USING utf8mb4)} is coercible text ({@code COERCIBILITY} 4, as a literal), so a comparison takes
 * the column's collation; {@code char(92)} alone would be binary. Runs after {@link
 * MariaDbLikeEscape}, whose escape character makes a backslash in a pattern mean itself too.
 */
public final class MariaDbBackslashes extends SqlShuttle {

  private static final char BACKSLASH = '\\';

  /** {@code char(92 USING utf8mb4)}: MariaDB's backslash, one character of utf8mb4 text. */
  private static final SqlFunction BACKSLASH_CHARACTER =
      new SqlFunction(
          "CHAR",
          SqlKind.OTHER_FUNCTION,
          ReturnTypes.VARCHAR,
          null,
          OperandTypes.NILADIC,
          SqlFunctionCategory.STRING) {
        @Override
        public void unparse(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
          writer.print("char(92 USING utf8mb4)");
          writer.setNeedWhitespace(true);
        }
      };

  private MariaDbBackslashes() {}

  /** {@code tree} with no backslash in any string literal. */
  public static SqlNode apply(SqlNode tree) {
    SqlNode rewritten = tree.accept(new MariaDbBackslashes());
    return rewritten == null ? tree : rewritten;
  }

  @Override
  public SqlNode visit(SqlLiteral literal) {
    if (!(literal instanceof SqlCharStringLiteral text)) {
      return literal;
    }
    String value = text.getValueAs(String.class);
    if (value.indexOf(BACKSLASH) < 0) {
      return literal;
    }
    SqlParserPos pos = literal.getParserPosition();
    List<SqlNode> parts = new ArrayList<>();
    String[] pieces = value.split("\\\\", -1);
    for (int i = 0; i < pieces.length; i++) {
      if (i > 0) {
        parts.add(BACKSLASH_CHARACTER.createCall(pos));
      }
      if (!pieces[i].isEmpty()) {
        parts.add(SqlLiteral.createCharString(pieces[i], pos));
      }
    }
    return SqlLibraryOperators.CONCAT_FUNCTION.createCall(pos, parts);
  }
}
