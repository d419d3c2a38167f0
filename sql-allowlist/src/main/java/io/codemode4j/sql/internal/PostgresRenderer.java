package io.codemode4j.sql.internal;

import io.codemode4j.sql.SqlRefusedException;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.dialect.PostgresqlSqlDialect;
import org.apache.calcite.sql.fun.SqlIntervalOperator;
import org.jspecify.annotations.Nullable;

/**
 * Renders the approved tree as the PostgreSQL SQL that is executed, after {@link PostgresSyntax}
 * refused what PostgreSQL lacks, and checks the text PostgreSQL will read.
 *
 * <p>The same decisions as {@link DuckDbRenderer}, for the same reasons, on top of Calcite's {@link
 * PostgresqlSqlDialect}: every identifier double-quoted, every compound expression parenthesised,
 * subqueries that stand for values in parentheses of their own ({@link
 * DuckDbRenderer.SubqueryParentheses}: PostgreSQL cannot parse a bare subquery with LIMIT in a
 * function argument either), plain {@code '...'} string literals with {@code ''} escapes (never
 * {@code E'...'}: the connection keeps {@code standard_conforming_strings} on, PostgreSQL's default
 * since 9.1, so a backslash is an ordinary character), LIMIT/OFFSET, and the lexical check of
 * {@link DuckDbRenderer#checkLexically}, which also refuses PostgreSQL's {@code $1} parameters and
 * {@code $$} quotes.
 */
public final class PostgresRenderer {

  private static final String ENGINE = "PostgreSQL";

  private static final PostgresqlSqlDialect DIALECT = new RenderingDialect();

  private PostgresRenderer() {}

  /** The PostgreSQL SQL for {@code approved}, checked; public for the PostgreSQL dialect. */
  public static String render(SqlNode approved) throws SqlRefusedException {
    PostgresSyntax.check(approved);
    String sql;
    try {
      SqlNode parenthesised =
          DuckDbRenderer.SubqueryParentheses.needed(approved)
              ? approved.accept(new DuckDbRenderer.SubqueryParentheses())
              : approved;
      sql =
          parenthesised
              .toSqlString(
                  config ->
                      config
                          .withDialect(DIALECT)
                          .withQuoteAllIdentifiers(true)
                          .withAlwaysUseParentheses(true))
              .getSql();
    } catch (RuntimeException e) {
      throw new SqlRefusedException(
          DuckDbRenderer.renderingRefusal(e.getClass().getSimpleName(), ENGINE), e);
    }
    DuckDbRenderer.checkLexically(sql, ENGINE);
    return sql;
  }

  /** Calcite's PostgreSQL dialect with the string literal and LIMIT decisions above. */
  private static final class RenderingDialect extends PostgresqlSqlDialect {

    RenderingDialect() {
      super(PostgresqlSqlDialect.DEFAULT_CONTEXT);
    }

    @Override
    public void quoteStringLiteral(StringBuilder buf, @Nullable String charsetName, String val) {
      buf.append('\'').append(val.replace("'", "''")).append('\'');
    }

    /**
     * {@code INTERVAL 30 DAY} (DuckDB's spelling, a number before the unit) as {@code INTERVAL '30'
     * DAY}: PostgreSQL reads an interval literal only from a string.
     */
    @Override
    public void unparseCall(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
      if (call.getOperator() instanceof SqlIntervalOperator
          && call.operand(0) instanceof SqlNumericLiteral number
          && number.bigDecimalValue() instanceof java.math.BigDecimal value) {
        writer.keyword("INTERVAL");
        writer.literal("'" + value.toPlainString() + "'");
        call.operand(1).unparse(writer, 0, 0);
        return;
      }
      super.unparseCall(writer, call, leftPrec, rightPrec);
    }

    @Override
    public void unparseOffsetFetch(
        SqlWriter writer, @Nullable SqlNode offset, @Nullable SqlNode fetch) {
      unparseFetchUsingLimit(writer, offset, fetch);
    }
  }
}
