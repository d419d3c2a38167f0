package io.codemode4j.sql.internal;

import io.codemode4j.sql.SqlRefusedException;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.dialect.PostgresqlSqlDialect;
import org.apache.calcite.sql.type.SqlTypeName;
import org.jspecify.annotations.Nullable;

/**
 * Renders the approved tree as the PostgreSQL SQL that is executed, after {@link PostgresSyntax}
 * refused what PostgreSQL lacks, and checks the text PostgreSQL will read.
 *
 * <p>The same decisions as {@link DuckDbRenderer}, for the same reasons, on top of Calcite's {@link
 * PostgresqlSqlDialect}: every identifier double-quoted, every compound expression parenthesised,
 * subqueries that stand for values in parentheses of their own ({@link SubqueryParentheses}:
 * PostgreSQL cannot parse a bare subquery with LIMIT in a function argument either), plain {@code
 * '...'} string literals with {@code ''} escapes (never {@code E'...'}: the connection keeps {@code
 * standard_conforming_strings} on, PostgreSQL's default since 9.1, so a backslash is an ordinary
 * character), LIMIT/OFFSET, and the lexical check of {@link Rendering#checkLexically}, which also
 * refuses PostgreSQL's {@code $1} parameters and {@code $$} quotes. A divisor is cast to NUMERIC
 * ({@link FractionalDivision}), so {@code /} keeps the fraction as DuckDB's does, never an integer
 * quotient.
 */
public final class PostgresRenderer {

  private static final String ENGINE = "PostgreSQL";

  private static final PostgresqlSqlDialect DIALECT = new RenderingDialect();

  private PostgresRenderer() {}

  /** The PostgreSQL SQL for {@code approved}, checked; public for the PostgreSQL dialect. */
  public static String render(SqlNode approved) throws SqlRefusedException {
    PostgresSyntax.check(approved);
    return Rendering.render(
        approved.accept(new FractionalDivision("NUMERIC", SqlTypeName.DECIMAL)), DIALECT, ENGINE);
  }

  /** Calcite's PostgreSQL dialect with the string literal and LIMIT decisions above. */
  private static final class RenderingDialect extends PostgresqlSqlDialect {

    RenderingDialect() {
      super(PostgresqlSqlDialect.DEFAULT_CONTEXT);
    }

    @Override
    public void quoteStringLiteral(StringBuilder buf, @Nullable String charsetName, String val) {
      Rendering.plainStringLiteral(buf, val);
    }

    /** {@code INTERVAL 30 DAY} as {@code INTERVAL '30' DAY}: PostgreSQL reads one only so. */
    @Override
    public void unparseCall(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
      if (!Rendering.numericInterval(writer, call)) {
        super.unparseCall(writer, call, leftPrec, rightPrec);
      }
    }

    @Override
    public void unparseOffsetFetch(
        SqlWriter writer, @Nullable SqlNode offset, @Nullable SqlNode fetch) {
      unparseFetchUsingLimit(writer, offset, fetch);
    }
  }
}
