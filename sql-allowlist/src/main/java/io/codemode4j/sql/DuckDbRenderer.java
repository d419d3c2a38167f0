package io.codemode4j.sql;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.dialect.DuckDBSqlDialect;

/**
 * Renders the approved tree as the DuckDB SQL that is executed, and checks the text DuckDB will read.
 *
 * <p>Executing this rendering rather than the submitted text closes the parser differentials: Calcite
 * reads {@code //} as a comment where DuckDB reads integer division, and {@code $$} as an identifier where
 * DuckDB reads a string quote; text that Calcite skipped or misread could otherwise run. Rendering
 * decisions on top of Calcite's {@link DuckDBSqlDialect}:
 * <ul>
 *   <li>every identifier is double-quoted, so case and reserved words ({@code "year"}, {@code "month"})
 *       survive and no identifier can be read as a keyword;</li>
 *   <li>every compound expression is parenthesised, so DuckDB groups it exactly as Calcite's tree does
 *       whatever the two parsers' precedences: Calcite's {@code ::} operator prints its operand without
 *       parentheses, and {@code (a / 100)::DECIMAL} came out as {@code a / 100 :: DECIMAL}, which DuckDB
 *       reads as {@code a / (100::DECIMAL)};</li>
 *   <li>string literals are always plain {@code '...'} with {@code ''} escapes: Calcite would otherwise
 *       prefix a character set ({@code _UTF16'...'}, {@code _ISO-8859-1'...'}) that DuckDB cannot parse;</li>
 *   <li>LIMIT/OFFSET rather than {@code FETCH NEXT n ROWS ONLY}, DuckDB's own spelling.</li>
 * </ul>
 * Then the rendered text is scanned the way DuckDB lexes it: outside string literals and quoted
 * identifiers it may hold only words, numbers, whitespace and operator characters, never a comment,
 * a statement separator, a dollar quote, a parameter or a prefixed string. A rendering that breaks this
 * (a Calcite bug, say) is refused instead of executed.
 */
final class DuckDbRenderer {

    private static final DuckDBSqlDialect DIALECT = new RenderingDialect();

    /** Operator and punctuation characters the renderer may emit outside quotes. */
    private static final String OPERATOR_CHARACTERS = "(),.*+-/%<>=|:";

    private DuckDbRenderer() {
    }

    static String render(SqlNode approved) throws SqlRefusedException {
        String sql;
        try {
            sql = approved.toSqlString(config -> config
                    .withDialect(DIALECT)
                    .withQuoteAllIdentifiers(true)
                    .withAlwaysUseParentheses(true)).getSql();
        } catch (RuntimeException e) {
            throw renderingRefused(e.getClass().getSimpleName());
        }
        checkLexically(sql);
        return sql;
    }

    private static void checkLexically(String sql) throws SqlRefusedException {
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            char next = i + 1 < sql.length() ? sql.charAt(i + 1) : '\0';
            if (c == '\'' || c == '"') {
                if (c == '\'' && i > 0 && Character.isLetter(sql.charAt(i - 1))) {
                    throw renderingRefused("a prefixed string literal");
                }
                i = closingQuote(sql, i, c) + 1;
            } else if ((c == '-' && next == '-') || (c == '/' && (next == '*' || next == '/'))) {
                throw renderingRefused("a comment");
            } else if (Character.isLetterOrDigit(c) || c == '_' || Character.isWhitespace(c)
                    || OPERATOR_CHARACTERS.indexOf(c) >= 0) {
                i++;
            } else {
                throw renderingRefused("the character '" + c + "'");
            }
        }
    }

    private static int closingQuote(String sql, int open, char quote) throws SqlRefusedException {
        int i = open + 1;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i;
            }
            i++;
        }
        throw renderingRefused("an unterminated quote");
    }

    private static SqlRefusedException renderingRefused(String what) {
        return new SqlRefusedException(new SqlRefusal(RefusalReason.UNSUPPORTED_NODE, what, 1, 1,
                "the query cannot be rendered safely for DuckDB (" + what + "): simplify the expression"));
    }

    /** Calcite's DuckDB dialect with the string literal and LIMIT decisions above. */
    private static final class RenderingDialect extends DuckDBSqlDialect {

        RenderingDialect() {
            super(DuckDBSqlDialect.DEFAULT_CONTEXT);
        }

        @Override
        public void quoteStringLiteral(StringBuilder buf, String charsetName, String val) {
            buf.append('\'').append(val.replace("'", "''")).append('\'');
        }

        @Override
        public void unparseOffsetFetch(SqlWriter writer, SqlNode offset, SqlNode fetch) {
            unparseFetchUsingLimit(writer, offset, fetch);
        }
    }
}
