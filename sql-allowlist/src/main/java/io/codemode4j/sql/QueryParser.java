package io.codemode4j.sql;

import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImpl;
import org.apache.calcite.sql.validate.SqlConformanceEnum;

/**
 * Turns the submitted text into exactly one query tree, or a refusal that says why.
 *
 * <p><b>Why Babel.</b> The Babel parser ({@link SqlBabelParserImpl}) reads far more of the SQL analysts
 * write for DuckDB than Calcite's core parser: {@code ::} casts, {@code ILIKE}, {@code QUALIFY},
 * {@code * EXCLUDE/REPLACE}, {@code INTERVAL 30 DAY}, {@code TRY_CAST}, and reserved words such as
 * {@code year} or {@code month} as aliases (measured: 32 of 36 realistic DuckDB queries parse, 27 with the
 * core parser). It costs roughly three times the core parser's parse time (a few hundred microseconds per
 * query, dominated by lookahead), which is small next to running the query; a later benchmark issue
 * measures it. Babel also parses statements we never run (SET, CREATE, DESCRIBE ...): those are refused by
 * kind right after parsing, and the walker accepts only node kinds it knows.
 *
 * <p>Identifiers: double quotes, case kept as written and compared case-insensitively, like DuckDB.
 * Conformance BABEL is the lenient one the Babel grammar expects. The text must hold exactly one
 * statement ({@code parseStmtList()} then a count), so a trailing {@code ;} is fine and a second
 * statement is refused.
 */
final class QueryParser {

    static final SqlParser.Config CONFIG = SqlParser.config()
            .withParserFactory(SqlBabelParserImpl.FACTORY)
            .withQuoting(Quoting.DOUBLE_QUOTE)
            .withUnquotedCasing(Casing.UNCHANGED)
            .withQuotedCasing(Casing.UNCHANGED)
            .withCaseSensitive(false)
            .withConformance(SqlConformanceEnum.BABEL);

    private static final String ONE_QUERY = "send one read-only query: SELECT ..., WITH ... SELECT ... or VALUES ...";

    /** First words of DuckDB statements that are not queries, to name the kind when parsing fails. */
    private static final Set<String> STATEMENT_WORDS = Set.of(
            "ABORT", "ALTER", "ANALYZE", "ATTACH", "BEGIN", "CALL", "CHECKPOINT", "COMMENT", "COMMIT", "COPY",
            "CREATE", "DEALLOCATE", "DECLARE", "DELETE", "DESC", "DESCRIBE", "DETACH", "DO", "DROP", "END",
            "EXECUTE", "EXPLAIN", "EXPORT", "FORCE", "GRANT", "IMPORT", "INSERT", "INSTALL", "LOAD", "LOCK",
            "MERGE", "PRAGMA", "PREPARE", "REFRESH", "RESET", "REVOKE", "ROLLBACK", "SET", "SHOW", "START",
            "SUMMARIZE", "TRUNCATE", "UPDATE", "UPSERT", "USE", "VACUUM");

    /** The token Calcite quotes in its message ({@code Encountered "x"}, {@code near the keyword 'x'}). */
    private static final Pattern QUOTED_TOKEN = Pattern.compile("[\"']([^\"']+)[\"']");

    private final int maxSqlBytes;

    QueryParser(int maxSqlBytes) {
        this.maxSqlBytes = maxSqlBytes;
    }

    /** The single query in {@code sql}; the size limit is checked before anything is parsed. */
    SqlNode parse(String sql) throws SqlRefusedException {
        checkSize(sql);
        SqlScan scan = SqlScan.of(sql);
        if (scan.doubleSlash().isPresent()) {
            int at = scan.doubleSlash().getAsInt();
            throw refusal(scan, RefusalReason.UNSUPPORTED_SYNTAX, "//", at, DuckDbIdioms.DOUBLE_SLASH_HINT);
        }
        SqlNodeList statements;
        try {
            statements = SqlParser.create(sql, CONFIG).parseStmtList();
        } catch (SqlParseException e) {
            throw explain(scan, e);
        }
        if (statements.isEmpty()) {
            throw refusal(scan, RefusalReason.SYNTAX, "", 0, "the SQL is empty: " + ONE_QUERY);
        }
        if (statements.size() > 1) {
            SqlNode second = statements.get(1);
            throw SqlRefusedException.at(RefusalReason.MULTIPLE_STATEMENTS, second.getKind().sql,
                    second.getParserPosition(), "only one statement is allowed: " + ONE_QUERY);
        }
        SqlNode statement = statements.get(0);
        if (!QueryWalker.QUERY_KINDS.contains(statement.getKind())) {
            throw notAQuery(scan, statement);
        }
        return statement;
    }

    private void checkSize(String sql) throws SqlRefusedException {
        long bytes = utf8Length(sql);
        if (bytes > maxSqlBytes) {
            throw new SqlRefusedException(new SqlRefusal(RefusalReason.TOO_LONG, bytes + " bytes", 1, 1,
                    "the SQL is " + bytes + " bytes (UTF-8); the limit is " + maxSqlBytes
                            + " bytes: split the work into smaller queries"));
        }
    }

    /** UTF-8 length, stopping early: a huge string is measured only up to just past the limit. */
    private long utf8Length(String sql) {
        long bytes = 0;
        for (int i = 0; i < sql.length() && bytes <= maxSqlBytes; i++) {
            char c = sql.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c)) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    private static SqlRefusedException notAQuery(SqlScan scan, SqlNode statement) {
        if (statement.getKind() == SqlKind.EXPLICIT_TABLE) {
            return SqlRefusedException.at(RefusalReason.UNSUPPORTED_SYNTAX, "TABLE", statement.getParserPosition(),
                    DuckDbIdioms.TABLE_HINT);
        }
        String word = scan.firstWord().text();
        if (word.equals("PIVOT") || word.equals("UNPIVOT")) {
            return DuckDbIdioms.find(scan).map(SqlRefusedException::new).orElseThrow();
        }
        String element = word.isEmpty() ? statement.getKind().sql : word;
        return SqlRefusedException.at(RefusalReason.STATEMENT_KIND, element, statement.getParserPosition(),
                element + " statements are not allowed: " + ONE_QUERY);
    }

    /** Names the problem behind a parse failure, from the most to the least specific explanation. */
    private static SqlRefusedException explain(SqlScan scan, SqlParseException e) {
        if (e.getCause() instanceof StackOverflowError) {
            return refusal(scan, RefusalReason.TOO_COMPLEX, "", 0,
                    "the SQL is nested too deeply to check: flatten it, e.g. with a WITH clause");
        }
        SqlScan.Word word = scan.firstWord();
        if (STATEMENT_WORDS.contains(word.text())) {
            return refusal(scan, RefusalReason.STATEMENT_KIND, word.text(), word.index(),
                    word.text() + " statements are not allowed: " + ONE_QUERY);
        }
        if (word.text().equals("FROM")) {
            return refusal(scan, RefusalReason.UNSUPPORTED_SYNTAX, "FROM", word.index(),
                    "FROM-first queries are not supported: start with SELECT, e.g. SELECT * FROM invoices");
        }
        if (word.text().equals("TABLE")) {
            return refusal(scan, RefusalReason.UNSUPPORTED_SYNTAX, "TABLE", word.index(), DuckDbIdioms.TABLE_HINT);
        }
        if (scan.secondStatement().isPresent()) {
            int at = scan.secondStatement().getAsInt();
            return refusal(scan, RefusalReason.MULTIPLE_STATEMENTS, ";", at,
                    "only one statement is allowed: " + ONE_QUERY);
        }
        return DuckDbIdioms.find(scan).map(SqlRefusedException::new).orElseGet(() -> syntaxError(e));
    }

    /** Calcite's position and first line, without its list of expected tokens. */
    private static SqlRefusedException syntaxError(SqlParseException e) {
        SqlParserPos pos = e.getPos() == null ? SqlParserPos.ZERO : e.getPos();
        String first = String.valueOf(e.getMessage()).lines().findFirst().orElse("").strip();
        String detail = first.replaceFirst("\\s*at line \\d+, column \\d+\\.?$", "").replaceFirst("\\.$", "");
        Matcher token = QUOTED_TOKEN.matcher(detail);
        String element = token.find() ? token.group(1).strip() : "";
        return SqlRefusedException.at(RefusalReason.SYNTAX, element, pos,
                "syntax error: " + detail + "; " + ONE_QUERY);
    }

    private static SqlRefusedException refusal(
            SqlScan scan, RefusalReason reason, String element, int index, String message) {
        return new SqlRefusedException(
                new SqlRefusal(reason, element, scan.line(index), scan.column(index), message));
    }
}
