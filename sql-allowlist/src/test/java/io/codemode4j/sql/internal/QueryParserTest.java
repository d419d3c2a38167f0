package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.codemode4j.sql.Corpus;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.dialect.Dialect;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImpl;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImplConstants;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImplTokenManager;
import org.apache.calcite.sql.parser.impl.SqlParserImpl;
import org.apache.calcite.sql.parser.impl.SqlParserImplConstants;
import org.apache.calcite.sql.parser.impl.SqlParserImplTokenManager;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.Litmus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
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
    assertThat(
            babelOnly.stream()
                .filter(t -> KEYWORD.matcher(t).matches())
                .map(QueryParserTest::unquote))
        .containsExactlyInAnyOrderElementsOf(QueryParser.BABEL_ONLY_KEYWORDS);
    assertThat(
            babelOnly.stream()
                .filter(t -> !KEYWORD.matcher(t).matches())
                .map(QueryParserTest::unquote))
        .containsExactlyInAnyOrderElementsOf(QueryParser.BABEL_ONLY_SYMBOLS);
  }

  @Test
  void coreReservedNames_comparedWithBothGrammars_areReservedByCoreOnlyAndNoTypeNames() {
    SqlAbstractParserImpl.Metadata core = new SqlParserImpl(new StringReader("")).getMetadata();
    SqlAbstractParserImpl.Metadata babel =
        new SqlBabelParserImpl(new StringReader("")).getMetadata();

    assertThat(QueryParser.CORE_RESERVED_NAMES)
        .allSatisfy(
            word -> {
              assertThat(core.isReservedWord(word)).as(word + " reserved by core").isTrue();
              assertThat(babel.isReservedWord(word)).as(word + " reserved by Babel").isFalse();
              assertThat(SqlTypeName.get(word)).as(word + " as a type name").isNull();
            });
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT 1 AS year FROM t",
        "SELECT c.Month FROM t c",
        "SELECT x as\n  POSITION FROM t",
        "SELECT a AS open, b FROM t",
        "SELECT t . day FROM t",
        "SELECT sum(a) AS value FROM t"
      })
  void namesAWordCoreReserves_reservedWordAsAliasOrQualifiedName_isTrue(String sql) {
    assertThat(QueryParser.namesAWordCoreReserves(SqlScan.of(sql))).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT EXTRACT(YEAR FROM d) AS y FROM t",
        "SELECT d + INTERVAL '1' MONTH AS due FROM t",
        "SELECT year(d) AS yr, month FROM t",
        "SELECT 1 AS \"year\" FROM t",
        "SELECT 'a AS year' FROM t",
        "SELECT 1 -- AS year",
        "SELECT CAST(a AS DECIMAL(10, 2)) FROM t",
        "SELECT 1 AS years, c.months FROM t",
        "SELECT CASE WHEN a THEN 1 END AS e FROM t",
        "SELECT a AS /* c */ b FROM t"
      })
  void namesAWordCoreReserves_reservedWordElsewhere_isFalse(String sql) {
    assertThat(QueryParser.namesAWordCoreReserves(SqlScan.of(sql))).isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT a, count(*) FROM t GROUP BY ALL",
        "SELECT a FROM t ORDER BY all DESC",
        "SELECT DISTINCT ON (a) a, b FROM t",
        "SELECT a, b,\nFROM t",
        "SELECT * EXCLUDE (a) FROM t",
        "SELECT t.* replace (a + 1 AS a) FROM t",
        "SELECT * FROM range(10)",
        "SELECT region, month FROM t",
        "SELECT a FROM t GROUP BY a,year"
      })
  void usesSyntaxCoreLacks_duckDbSyntax_isTrue(String sql) {
    assertThat(QueryParser.usesSyntaxCoreLacks(SqlScan.of(sql))).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT a FROM t GROUP BY a ORDER BY a",
        "SELECT DISTINCT a FROM t JOIN u ON t.a = u.a",
        "SELECT a, \"FROM\" FROM t",
        "SELECT a, 'x' FROM t",
        "SELECT * FROM t",
        "SELECT sum(a) OVER (ORDER BY b RANGE BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t",
        "SELECT EXTRACT(MONTH FROM d), d + INTERVAL '1' YEAR FROM t",
        "SELECT TIMESTAMPADD(MONTH, 1, d) FROM t",
        "SELECT a, year (d), hour(d) FROM t",
        "SELECT a, /* x */ b FROM t",
        "SELECT a -- , FROM\nFROM t",
        "SELECT a, \"month\" FROM t"
      })
  void usesSyntaxCoreLacks_syntaxOfBoth_isFalse(String sql) {
    assertThat(QueryParser.usesSyntaxCoreLacks(SqlScan.of(sql))).isFalse();
  }

  /** Like the reserved names: no text of the tests that core reads is routed. */
  @Test
  void usesSyntaxCoreLacks_everyText_isTrueOnlyForTextsCoreCannotRead() {
    List<String> routedButReadByCore = new ArrayList<>();
    int routed = 0;
    for (String sql : BothParsersTest.texts()) {
      if (QueryParser.usesSyntaxCoreLacks(SqlScan.of(sql))) {
        routed++;
        if (QueryParser.parseWithCore(sql).isPresent()) {
          routedButReadByCore.add(sql);
        }
      }
    }

    assertThat(routed).isGreaterThanOrEqualTo(20);
    assertThat(routedButReadByCore).isEmpty();
  }

  /**
   * Routing to Babel skips only doomed core attempts: no text of the tests that core reads is
   * routed.
   */
  @Test
  void namesAWordCoreReserves_everyText_isTrueOnlyForTextsCoreCannotRead() {
    List<String> routedButReadByCore = new ArrayList<>();
    for (String sql : BothParsersTest.texts()) {
      if (QueryParser.namesAWordCoreReserves(SqlScan.of(sql))
          && QueryParser.parseWithCore(sql).isPresent()) {
        routedButReadByCore.add(sql);
      }
    }
    long routedAccepted =
        Corpus.read("/corpus/accepted.sql").entries().stream()
            .filter(entry -> QueryParser.namesAWordCoreReserves(SqlScan.of(entry.sql())))
            .count();

    assertThat(routedButReadByCore).isEmpty();
    assertThat(routedAccepted)
        .as("accepted queries routed straight to Babel")
        .isGreaterThanOrEqualTo(9);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT 1_000",
        "SELECT 0x1F",
        "SELECT 2nd FROM t",
        "SELECT 1e3",
        "SELECT .5a",
        "SELECT 1é",
        "SELECT a::INT",
        "SELECT a <=> b",
        "SELECT ~a",
        "SELECT a !~ b",
        "SELECT !a",
        "SELECT date_part('year', d)",
        "SELECT DATEDIFF(day, a, b)",
        "SELECT a FROM t semi JOIN u ON TRUE",
        "SELECT 1 AS Temp",
        "SELECT If(a, b, c)",
        "SELECT 'if' AS x",
        "SELECT 1 -- 1st"
      })
  void sameTokens_textWithATokenOnlyBabelReads_isFalse(String sql) {
    assertThat(QueryParser.sameTokens(sql)).isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT a1, a_1, $x, 1.5, .5, 10 FROM t WHERE a != b AND c <= d AND e >= f",
        "SELECT iff, ifs, date_parts, semis FROM t",
        "SELECT 'x' || \"y\" FROM t -- comment",
        "SELECT CAST(a AS INTEGER) FROM t",
        "VALUES (1, 2)",
        ""
      })
  void sameTokens_textOfSharedTokens_isTrue(String sql) {
    assertThat(QueryParser.sameTokens(sql)).isTrue();
  }

  /**
   * Random text from pieces that lex differently or alike; whenever the tokens differ, the check
   * says so.
   */
  @Test
  void sameTokens_randomText_isTrueOnlyWhenBothLexersReadTheSameTokens() {
    String[] pieces = {
      "a",
      "e",
      "x",
      "E",
      "N",
      "X",
      "U&",
      "1",
      "0",
      "9",
      "_",
      "$",
      ".",
      " ",
      "\n",
      "'",
      "\"",
      "-",
      "/",
      "*",
      "+",
      ":",
      "!",
      "~",
      "<",
      "=",
      ">",
      "(",
      ")",
      ",",
      ";",
      "|",
      "&",
      "^",
      "%",
      "#",
      "@",
      "`",
      "[",
      "]",
      "{",
      "}",
      "?",
      "\\",
      "é",
      "ı",
      "中",
      "if",
      "IF",
      "semi",
      "Temp",
      "date_part",
      "select",
      "from",
      "as",
      "year",
      "e3",
      "1e",
      "0x",
      "::",
      "<=>",
      "!="
    };
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
  @ValueSource(
      strings = {
        "SELECT 1; SELECT 2",
        "EXPLAIN PLAN FOR SELECT 1",
        "INSERT INTO t VALUES (1)",
        "DELETE FROM t",
        "",
        ";",
        "SELECT 1 AS year",
        "SELECT a::INT FROM t",
        "SELECT * EXCLUDE (a) FROM t"
      })
  void parseWithCore_notOneQueryCoreReads_isEmpty(String sql) {
    assertThat(QueryParser.parseWithCore(sql)).isEmpty();
  }

  static Stream<Arguments> cheapParsers() {
    return Stream.of(
        Arguments.of(
            "core",
            QueryParser.CORE_CONFIG,
            "SELECT 1 AS year FROM t",
            "the core grammar does not read this text"),
        Arguments.of(
            "quick Babel",
            QueryParser.QuickBabelParserImpl.CONFIG,
            "SELECT a, FROM t",
            "Babel does not read this text"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cheapParsers")
  void cheapParser_syntaxError_failsWithoutListingTheExpectedTokens(
      String parser, SqlParser.Config config, String sql, String message) {
    SqlParseException e =
        catchThrowableOfType(
            SqlParseException.class, () -> SqlParser.create(sql, config).parseStmtList());

    assertThat(e).isNotNull();
    assertThat(e.getExpectedTokenSequences()).isNull();
    assertThat(e.getMessage()).isEqualTo(message);
  }

  /**
   * Every text of the corpora and probes, twice over (the second pass with reused parsers): the
   * quick parser reads what stock Babel reads, into the same statements, and fails where it fails.
   */
  @Test
  void quickBabelParser_everyText_readsAsStockBabel() {
    List<String> texts = new ArrayList<>(BothParsersTest.texts());
    texts.addAll(BothParsersTest.texts());
    List<String> differences = new ArrayList<>();
    int read = 0;
    int failed = 0;
    for (String sql : texts) {
      SqlNodeList quick = QueryParser.QuickBabelParserImpl.parse(sql).orElse(null);
      SqlNodeList stock;
      try {
        stock = SqlParser.create(sql, QueryParser.BABEL_CONFIG).parseStmtList();
      } catch (SqlParseException e) {
        stock = null;
      }
      boolean same =
          quick == null
              ? stock == null
              : stock != null && (quick.equalsDeep(stock, Litmus.IGNORE) || sameText(quick, stock));
      if (!same) {
        differences.add(sql + "\n  quick: " + quick + "\n  stock: " + stock);
      }
      read += quick == null ? 0 : 1;
      failed += quick == null ? 1 : 0;
    }

    assertThat(read).isGreaterThanOrEqualTo(800);
    assertThat(failed).isGreaterThanOrEqualTo(200);
    assertThat(differences).isEmpty();
  }

  /**
   * Whether two trees unparse alike, for those {@code equalsDeep} cannot compare: a sample spec of
   * TABLESAMPLE is a literal value without {@code equals}.
   */
  private static boolean sameText(SqlNode one, SqlNode other) {
    try {
      return one.toString().equals(other.toString());
    } catch (RuntimeException e) {
      return false;
    }
  }

  /**
   * Token images, without the unnamed internal tokens ("<token of kind 784>"), numbered per
   * grammar.
   */
  private static Set<String> namedTokens(String[] tokenImage) {
    Set<String> named = new HashSet<>(Arrays.asList(tokenImage));
    named.removeIf(image -> image.startsWith("<token of kind "));
    return named;
  }

  @Test
  void take_afterRelease_reusesTheParser() {
    QueryParser.CoreParserImpl parser = QueryParser.CoreParserImpl.POOL.take("SELECT 1");
    QueryParser.CoreParserImpl.POOL.release(parser);

    assertThat(QueryParser.CoreParserImpl.POOL.take("SELECT 2")).isSameAs(parser);
  }

  /**
   * Texts that parse and texts that fail (inside ROW(...) too), twice over: reuse changes no tree.
   */
  @Test
  void parseWithCore_reusedParsers_readEveryTextAsAFreshParserDoes() throws Exception {
    List<String> texts = new ArrayList<>(BothParsersTest.texts());
    texts.addAll(
        List.of(
            "SELECT ROW(a, (",
            "SELECT ROW(*) FROM t",
            "SELECT (a, *) FROM t",
            "SELECT ?, ? FROM t"));
    List<String> differences = new ArrayList<>();
    int read = 0;
    for (int pass = 0; pass < 2; pass++) {
      for (String sql : texts) {
        String reused =
            QueryParser.parseWithCore(sql).map(QueryParserTest::rendering).orElse("none");
        String fresh = freshCoreParse(sql);
        if (!reused.equals(fresh)) {
          differences.add(sql + "\n  reused: " + reused + "\n  fresh:  " + fresh);
        }
        read += reused.equals("none") ? 0 : 1;
      }
    }

    assertThat(read).isGreaterThanOrEqualTo(600);
    assertThat(differences).isEmpty();
  }

  /** What parseWithCore reads, with a new parser of Calcite's own factory. */
  private static String freshCoreParse(String sql) {
    if (!QueryParser.sameTokens(sql)) {
      return "none";
    }
    try {
      SqlNodeList statements =
          SqlParser.create(sql, QueryParser.BABEL_CONFIG.withParserFactory(SqlParserImpl.FACTORY))
              .parseStmtList();
      boolean oneQuery =
          statements.size() == 1 && QueryWalker.QUERY_KINDS.contains(statements.get(0).getKind());
      return oneQuery ? rendering(statements.get(0)) : "none";
    } catch (SqlParseException e) {
      return "none";
    }
  }

  private static String rendering(SqlNode tree) {
    try {
      return Rendering.render(tree, Dialect.duckDb());
    } catch (SqlRefusedException e) {
      return "refused: " + e.refusal();
    }
  }

  private static String unquote(String tokenImage) {
    return tokenImage.substring(1, tokenImage.length() - 1);
  }

  private static List<String> coreTokens(String sql) {
    SqlParserImplTokenManager lexer =
        new SqlParserImplTokenManager(
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
    SqlBabelParserImplTokenManager lexer =
        new SqlBabelParserImplTokenManager(
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
