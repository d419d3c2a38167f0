package io.codemode4j.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImplConstants;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImplTokenManager;
import org.apache.calcite.sql.parser.impl.SqlParserImplConstants;
import org.apache.calcite.sql.parser.impl.SqlParserImplTokenManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class QueryParserTest {

    private static final Pattern KEYWORD = Pattern.compile("\"[A-Z_]+\"");

    @Test
    void babelOnlyTokens_comparedWithBothGrammars_areExactlyTheListedOnes() {
        Set<String> core = namedTokens(SqlParserImplConstants.tokenImage);
        Set<String> babel = namedTokens(SqlBabelParserImplConstants.tokenImage);
        Set<String> babelOnly = new HashSet<>(babel);
        babelOnly.removeAll(core);
        Set<String> coreOnly = new HashSet<>(core);
        coreOnly.removeAll(babel);

        assertThat(coreOnly).as("tokens only the core lexer knows").isEmpty();
        assertThat(babelOnly.stream().filter(t -> KEYWORD.matcher(t).matches()).map(QueryParserTest::unquote))
                .containsExactlyInAnyOrderElementsOf(QueryParser.BABEL_ONLY_KEYWORDS);
        assertThat(babelOnly.stream().filter(t -> !KEYWORD.matcher(t).matches()).map(QueryParserTest::unquote))
                .containsExactlyInAnyOrderElementsOf(QueryParser.BABEL_ONLY_SYMBOLS);
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT 1_000", "SELECT 0x1F", "SELECT 2nd FROM t", "SELECT 1e3", "SELECT .5a",
        "SELECT 1é", "SELECT a::INT", "SELECT a <=> b", "SELECT ~a", "SELECT a !~ b", "SELECT !a",
        "SELECT date_part('year', d)", "SELECT DATEDIFF(day, a, b)", "SELECT a FROM t semi JOIN u ON TRUE",
        "SELECT 1 AS Temp", "SELECT If(a, b, c)", "SELECT 'if' AS x", "SELECT 1 -- 1st"})
    void sameTokens_textWithATokenOnlyBabelReads_isFalse(String sql) {
        assertThat(QueryParser.sameTokens(sql)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT a1, a_1, $x, 1.5, .5, 10 FROM t WHERE a != b AND c <= d AND e >= f",
        "SELECT iff, ifs, date_parts, semis FROM t", "SELECT 'x' || \"y\" FROM t -- comment",
        "SELECT CAST(a AS INTEGER) FROM t", "VALUES (1, 2)", ""})
    void sameTokens_textOfSharedTokens_isTrue(String sql) {
        assertThat(QueryParser.sameTokens(sql)).isTrue();
    }

    /** Random text from pieces that lex differently or alike; whenever the tokens differ, the check says so. */
    @Test
    void sameTokens_randomText_isTrueOnlyWhenBothLexersReadTheSameTokens() {
        String[] pieces = {"a", "e", "x", "E", "N", "X", "U&", "1", "0", "9", "_", "$", ".", " ", "\n", "'", "\"",
            "-", "/", "*", "+", ":", "!", "~", "<", "=", ">", "(", ")", ",", ";", "|", "&", "^", "%", "#", "@", "`",
            "[", "]", "{", "}", "?", "\\", "é", "ı", "中", "if", "IF", "semi", "Temp", "date_part", "select", "from",
            "as", "year", "e3", "1e", "0x", "::", "<=>", "!="};
        Random random = new Random(6);
        int differing = 0;
        int alike = 0;
        List<String> missed = new ArrayList<>();
        for (int n = 0; n < 20_000; n++) {
            StringBuilder text = new StringBuilder();
            for (int k = 1 + random.nextInt(8); k > 0; k--) {
                text.append(pieces[random.nextInt(pieces.length)]);
            }
            String sql = text.toString();
            if (coreTokens(sql).equals(babelTokens(sql))) {
                alike++;
            } else {
                differing++;
                if (QueryParser.sameTokens(sql)) {
                    missed.add(sql + " -> core " + coreTokens(sql) + ", Babel " + babelTokens(sql));
                }
            }
        }

        assertThat(differing).as("texts the lexers read differently").isGreaterThan(1_000);
        assertThat(alike).as("texts the lexers read alike").isGreaterThan(1_000);
        assertThat(missed).isEmpty();
    }

    @Test
    void parseWithCore_plainQuery_isTheQuery() {
        assertThat(QueryParser.parseWithCore("SELECT region FROM invoices WHERE amount_cents > 10"))
                .hasValueSatisfying(query -> assertThat(query.toString()).contains("invoices"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT 1; SELECT 2", "EXPLAIN PLAN FOR SELECT 1", "INSERT INTO t VALUES (1)",
        "DELETE FROM t", "", ";", "SELECT 1 AS year", "SELECT a::INT FROM t", "SELECT * EXCLUDE (a) FROM t"})
    void parseWithCore_notOneQueryCoreReads_isEmpty(String sql) {
        assertThat(QueryParser.parseWithCore(sql)).isEmpty();
    }

    @Test
    void coreParser_syntaxError_failsWithoutListingTheExpectedTokens() {
        SqlParseException e = catchThrowableOfType(SqlParseException.class,
                () -> SqlParser.create("SELECT 1 AS year FROM t", QueryParser.CORE_CONFIG).parseStmtList());

        assertThat(e).isNotNull();
        assertThat(e.getExpectedTokenSequences()).isNull();
        assertThat(e.getMessage()).isEqualTo("the core grammar does not read this text");
    }

    /** Token images, without the unnamed internal tokens ("<token of kind 784>"), numbered per grammar. */
    private static Set<String> namedTokens(String[] tokenImage) {
        Set<String> named = new HashSet<>(Arrays.asList(tokenImage));
        named.removeIf(image -> image.startsWith("<token of kind "));
        return named;
    }

    private static String unquote(String tokenImage) {
        return tokenImage.substring(1, tokenImage.length() - 1);
    }

    private static List<String> coreTokens(String sql) {
        SqlParserImplTokenManager lexer = new SqlParserImplTokenManager(
                new org.apache.calcite.sql.parser.impl.SimpleCharStream(new StringReader(sql)));
        lexer.SwitchTo(Arrays.asList(SqlParserImplTokenManager.lexStateNames).indexOf("DQID"));
        List<String> tokens = new ArrayList<>();
        try {
            for (var token = lexer.getNextToken(); token.kind != 0; token = lexer.getNextToken()) {
                tokens.add(SqlParserImplConstants.tokenImage[token.kind] + " " + token.image);
            }
        } catch (org.apache.calcite.sql.parser.impl.TokenMgrError e) {
            tokens.add("lexical error: " + e.getMessage());
        }
        return tokens;
    }

    private static List<String> babelTokens(String sql) {
        SqlBabelParserImplTokenManager lexer = new SqlBabelParserImplTokenManager(
                new org.apache.calcite.sql.parser.babel.SimpleCharStream(new StringReader(sql)));
        lexer.SwitchTo(Arrays.asList(SqlBabelParserImplTokenManager.lexStateNames).indexOf("DQID"));
        List<String> tokens = new ArrayList<>();
        try {
            for (var token = lexer.getNextToken(); token.kind != 0; token = lexer.getNextToken()) {
                tokens.add(SqlBabelParserImplConstants.tokenImage[token.kind] + " " + token.image);
            }
        } catch (org.apache.calcite.sql.parser.babel.TokenMgrError e) {
            tokens.add("lexical error: " + e.getMessage());
        }
        return tokens;
    }
}
