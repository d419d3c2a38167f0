package io.codemode4j.sql.internal;

import io.codemode4j.sql.SqlRefusedException;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.dialect.DuckDBSqlDialect;
import org.apache.calcite.sql.fun.SqlIntervalOperator;
import org.jspecify.annotations.Nullable;

/**
 * Renders the approved tree as the DuckDB SQL that is executed, and checks the text DuckDB will
 * read.
 *
 * <p>Executing this rendering rather than the submitted text closes the parser differentials:
 * Calcite reads {@code //} as a comment where DuckDB reads integer division, and {@code $$} as an
 * identifier where DuckDB reads a string quote; text that Calcite skipped or misread could
 * otherwise run. Rendering decisions on top of Calcite's {@link DuckDBSqlDialect}:
 *
 * <ul>
 *   <li>every identifier is double-quoted, so case and reserved words ({@code "year"}, {@code
 *       "month"}) survive and no identifier can be read as a keyword; the one exception is a name
 *       DuckDB calls as a function whether quoted or not ({@code current_date}), written as typed
 *       so its label is kept ({@link AsWritten});
 *   <li>numbers keep their written digits and negative ones their parentheses, {@code ::} on a
 *       subquery and a subquery as a whole condition get parentheses of their own ({@link
 *       SubqueryParentheses}), {@code INTERVAL (expression) DAY} keeps its parentheses;
 *   <li>every compound expression is parenthesised, so DuckDB groups it exactly as Calcite's tree
 *       does whatever the two parsers' precedences: Calcite's {@code ::} operator prints its
 *       operand without parentheses, and {@code (a / 100)::DECIMAL} came out as {@code a / 100 ::
 *       DECIMAL}, which DuckDB reads as {@code a / (100::DECIMAL)};
 *   <li>string literals are always plain {@code '...'} with {@code ''} escapes: Calcite would
 *       otherwise prefix a character set ({@code _UTF16'...'}, {@code _ISO-8859-1'...'}) that
 *       DuckDB cannot parse;
 *   <li>LIMIT/OFFSET rather than {@code FETCH NEXT n ROWS ONLY}, DuckDB's own spelling.
 * </ul>
 *
 * Then the rendered text is scanned the way DuckDB lexes it ({@link Rendering#checkLexically}):
 * outside string literals and quoted identifiers it may hold only words, numbers, whitespace and
 * operator characters, never a comment, a statement separator, a dollar quote, a parameter or a
 * prefixed string. A rendering that breaks this (a Calcite bug, say) is refused instead of
 * executed.
 */
public final class DuckDbRenderer {

  private static final DuckDBSqlDialect DIALECT = new RenderingDialect();

  private static final String ENGINE = "DuckDB";

  private DuckDbRenderer() {}

  /** The DuckDB SQL for {@code approved}, checked lexically; public for the DuckDB dialect. */
  public static String render(SqlNode approved) throws SqlRefusedException {
    return Rendering.render(approved, DIALECT, ENGINE);
  }

  /** Calcite's DuckDB dialect with the string literal and LIMIT decisions above. */
  private static final class RenderingDialect extends DuckDBSqlDialect {

    RenderingDialect() {
      super(DuckDBSqlDialect.DEFAULT_CONTEXT);
    }

    @Override
    public void quoteStringLiteral(StringBuilder buf, @Nullable String charsetName, String val) {
      Rendering.plainStringLiteral(buf, val);
    }

    @Override
    public void unparseOffsetFetch(
        SqlWriter writer, @Nullable SqlNode offset, @Nullable SqlNode fetch) {
      unparseFetchUsingLimit(writer, offset, fetch);
    }

    /** {@code INTERVAL (expression) DAY}: DuckDB takes an expression there only in parentheses. */
    @Override
    public void unparseCall(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
      if (call.getOperator() instanceof SqlIntervalOperator
          && !(call.operand(0) instanceof SqlLiteral)) {
        writer.keyword("INTERVAL");
        SqlWriter.Frame frame = writer.startList("(", ")");
        call.operand(0).unparse(writer, 0, 0);
        writer.endList(frame);
        call.operand(1).unparse(writer, 0, 0);
        return;
      }
      super.unparseCall(writer, call, leftPrec, rightPrec);
    }
  }
}
