package io.codemode4j.sql.internal;

import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlRefusal;
import io.codemode4j.sql.SqlRefusedException;
import java.math.BigDecimal;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDialect;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.fun.SqlIntervalOperator;

/**
 * What every engine's renderer does the same way: the approved tree, its value subqueries in
 * parentheses of their own ({@link SubqueryParentheses}), written by the engine's Calcite dialect
 * with every identifier quoted and every compound expression parenthesised, then the lexical check
 * of the text the engine will read. The renderers ({@link DuckDbRenderer}, {@link
 * PostgresRenderer}, {@link TrinoRenderer}) hold only what differs: the Calcite dialect and its
 * overrides, and the check pass of what the engine lacks.
 */
final class Rendering {

  /** Operator and punctuation characters a renderer may emit outside quotes. */
  private static final String OPERATOR_CHARACTERS = "(),.*+-/%<>=|:";

  private Rendering() {}

  /**
   * {@code approved} as {@code dialect} writes it, checked by {@link #checkLexically}; {@code
   * engine} names the target in a refusal.
   */
  static String render(SqlNode approved, SqlDialect dialect, String engine)
      throws SqlRefusedException {
    String sql;
    try {
      SqlNode parenthesised =
          SubqueryParentheses.needed(approved)
              ? approved.accept(new SubqueryParentheses())
              : approved;
      sql =
          parenthesised
              .toSqlString(
                  config ->
                      config
                          .withDialect(dialect)
                          .withQuoteAllIdentifiers(true)
                          .withAlwaysUseParentheses(true))
              .getSql();
    } catch (RuntimeException e) {
      throw new SqlRefusedException(refusal(e.getClass().getSimpleName(), engine), e);
    }
    checkLexically(sql, engine);
    return sql;
  }

  /**
   * Refuses {@code sql} unless, outside string literals and quoted identifiers, it holds only
   * words, numbers, whitespace and operator characters; {@code engine} names the target in the
   * message. Every engine here lexes comments, {@code $} quotes or parameters and prefixed strings
   * ({@code E'...'}, {@code U&'...'}) that a renderer must never emit.
   */
  static void checkLexically(String sql, String engine) throws SqlRefusedException {
    int i = 0;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      char next = i + 1 < sql.length() ? sql.charAt(i + 1) : '\0';
      if (c == '\'' || c == '"') {
        if (c == '\'' && i > 0 && Character.isLetter(sql.charAt(i - 1))) {
          throw refused("a prefixed string literal", engine);
        }
        int close = SqlScan.closingQuote(sql, i);
        if (close < 0) {
          throw refused("an unterminated quote", engine);
        }
        i = close + 1;
      } else if ((c == '-' && next == '-') || (c == '/' && (next == '*' || next == '/'))) {
        throw refused("a comment", engine);
      } else if (Character.isLetterOrDigit(c)
          || c == '_'
          || Character.isWhitespace(c)
          || OPERATOR_CHARACTERS.indexOf(c) >= 0) {
        i++;
      } else {
        throw refused("the character '" + c + "'", engine);
      }
    }
  }

  /** The refusal of a tree that cannot be rendered safely for {@code engine}. */
  static SqlRefusal refusal(String what, String engine) {
    return new SqlRefusal(
        RefusalReason.UNSUPPORTED_NODE,
        what,
        1,
        1,
        "the query cannot be rendered safely for "
            + engine
            + " ("
            + what
            + "): simplify the expression");
  }

  /**
   * A string literal as {@code '...'} with {@code ''} escapes, never prefixed: Calcite would
   * otherwise write a character set ({@code _UTF16'...'}) or an escape form no engine here reads
   * the same way.
   */
  static void plainStringLiteral(StringBuilder buf, String value) {
    buf.append('\'').append(value.replace("'", "''")).append('\'');
  }

  /**
   * Writes {@code INTERVAL 30 DAY} (DuckDB's spelling, a number before the unit) as {@code INTERVAL
   * '30' DAY}, the only form PostgreSQL and Trino read; returns whether {@code call} was such an
   * interval.
   */
  static boolean numericInterval(SqlWriter writer, SqlCall call) {
    if (call.getOperator() instanceof SqlIntervalOperator
        && call.operand(0) instanceof SqlNumericLiteral number
        && number.bigDecimalValue() instanceof BigDecimal value) {
      writer.keyword("INTERVAL");
      writer.literal("'" + value.toPlainString() + "'");
      call.operand(1).unparse(writer, 0, 0);
      return true;
    }
    return false;
  }

  private static SqlRefusedException refused(String what, String engine) {
    return new SqlRefusedException(refusal(what, engine));
  }
}
