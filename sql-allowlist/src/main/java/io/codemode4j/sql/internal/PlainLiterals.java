package io.codemode4j.sql.internal;

import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.util.NlsString;

/**
 * Copies the tree with every string literal written plain, {@code '...'} with {@code ''} for a
 * quote, whatever dialect writes it.
 *
 * <p>Decided: a step of the rendering for every dialect rather than an override of each engine's
 * Calcite dialect, since Calcite would otherwise prefix a character set ({@code _UTF16'...'},
 * {@code _ISO-8859-1'...'}) that no engine here reads, and an engine's own escape form ({@code
 * E'...'}, a backslash) would let a value end its literal where the lexical check does not see it.
 * So the engine must read a backslash in a string as itself (PostgreSQL's {@code
 * standard_conforming_strings}, on by default; Trino and DuckDB always), which a dialect's
 * connection ensures.
 */
final class PlainLiterals extends SqlShuttle {

  @Override
  public SqlNode visit(SqlLiteral literal) {
    if (literal instanceof SqlCharStringLiteral text && !(literal instanceof Plain)) {
      return new Plain(text.getNlsString().getValue(), literal.getParserPosition());
    }
    return literal;
  }

  /** A string literal that renders its value plain. */
  static final class Plain extends SqlCharStringLiteral {

    private final String value;

    Plain(String value, SqlParserPos pos) {
      super(new NlsString(value, null, null), pos);
      this.value = value;
    }

    @Override
    public Plain clone(SqlParserPos pos) {
      return new Plain(value, pos);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
      writer.literal("'" + value.replace("'", "''") + "'");
    }
  }
}
