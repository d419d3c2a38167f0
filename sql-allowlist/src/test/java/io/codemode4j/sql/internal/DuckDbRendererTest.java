package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SchemaExamples;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.dialect.Dialect;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlShuttle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Rendering pitfalls of Calcite's DuckDB dialect and how the renderer avoids them. */
class DuckDbRendererTest {

  private static final SqlAllowlist ALLOWLIST = SampleTables.allowlist();

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
            # submitted expression                  | rendered expression
            _UTF8'x'                                | 'x'
            N'national'                             | 'national'
            U&'caf\\00e9'                            | 'café'
            'it''s'                                 | 'it''s'
            'back\\slash'                           | 'back\\slash'
            (amount_cents / 100)::DECIMAL(18, 2)    | (("amount_cents" / 100) :: DECIMAL(18, 2))
            amount_cents::DOUBLE / 100              | (("amount_cents" :: DOUBLE) / 100)
            a OR b AND c                            | ("a" OR ("b" AND "c"))
            (a OR b) AND c                          | (("a" OR "b") AND "c")
            x BETWEEN 1 AND 2                       | ("x" BETWEEN ASYMMETRIC 1 AND 2)
            42.                                     | 42.
            .34                                     | .34
            1.50                                    | 1.50
            1e3                                     | 1e3
            -5                                      | (-5)
            - 2.50                                  | (-2.50)
            (-5)                                    | (-5)
            a - -5                                  | ("a" - (-5))
            EXTRACT(dow FROM d)                     | DATE_PART('dow', "d")
            EXTRACT(Year FROM d)                    | DATE_PART('YEAR', "d")
            trim(s)                                 | TRIM("s")
            Current_Date                            | Current_Date
            d + INTERVAL (n) DAY                    | ("d" + (INTERVAL ("n") DAY))
            d + INTERVAL 3 DAY                      | ("d" + (INTERVAL 3 DAY))
            coalesce((SELECT 1 ORDER BY 1 LIMIT 1), 0) | COALESCE(((SELECT 1 ORDER BY 1 LIMIT 1)), 0)
            coalesce((SELECT 1 UNION SELECT 2), 0)  | COALESCE(((SELECT 1 UNION SELECT 2)), 0)
            CASE WHEN a THEN (SELECT 1 LIMIT 1) END | (CASE WHEN "a" THEN ((SELECT 1 LIMIT 1)) ELSE NULL END)
            5 IN (SELECT 1 LIMIT 1)                 | (5 IN (SELECT 1 LIMIT 1))
            EXISTS (SELECT 1 LIMIT 1)               | (EXISTS (SELECT 1 LIMIT 1))
            """)
  void render_expression_isUnambiguousDuckDbSql(String expression, String rendered)
      throws Exception {
    String sql = ALLOWLIST.approve("SELECT " + expression + " AS v", QueryPolicy.unscoped(1)).sql();

    assertThat(TenantRewriteTest.collapse(sql)).startsWith("SELECT " + rendered + " AS \"v\"");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = "=>",
      quoteCharacter = '`',
      textBlock =
          """
            # submitted expression                  => rendered expression
            'a' || 1 + 2                            => ('a' || (1 + 2))
            1 + 2 || 'a'                            => ((1 + 2) || 'a')
            'n' || 10 / 4 || 'x'                    => (('n' || (10 / 4)) || 'x')
            ('a' || 1) + 2                          => (('a' || 1) + 2)
            2 * 3 || 'a'                            => ((2 * 3) || 'a')
            """)
  void render_concatenationWithArithmetic_groupsAsDuckDbDoes(String expression, String rendered)
      throws Exception {
    String sql = ALLOWLIST.approve("SELECT " + expression + " AS v", QueryPolicy.unscoped(1)).sql();

    assertThat(TenantRewriteTest.collapse(sql)).startsWith("SELECT " + rendered + " AS \"v\"");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "SELECT 1 FROM invoices WHERE (SELECT true)",
        "SELECT 1 FROM invoices GROUP BY region HAVING (SELECT true)",
        "SELECT 1 FROM invoices QUALIFY (SELECT true)"
      })
  void render_subqueryAsAWholeCondition_isParenthesised(String submitted) throws Exception {
    String sql = ALLOWLIST.approve(submitted, QueryPolicy.unscoped(1)).sql();

    assertThat(TenantRewriteTest.collapse(sql)).contains(" (((SELECT TRUE))) LIMIT 2");
  }

  @Test
  void render_numbersOnBothParserPaths_keepTheirSpelling() throws Exception {
    // Core reads the first query, Babel the second (for its ::): both keep the written digits.
    String core =
        ALLOWLIST.approve("SELECT 42. AS a, .34 AS b FROM invoices", QueryPolicy.unscoped(1)).sql();
    String babel =
        ALLOWLIST.approve("SELECT 42.::DECIMAL AS a, .34 AS b", QueryPolicy.unscoped(1)).sql();

    assertThat(core).startsWith("SELECT 42. AS \"a\", .34 AS \"b\"");
    assertThat(babel).startsWith("SELECT (42. :: DECIMAL) AS \"a\", .34 AS \"b\"");
  }

  @Test
  void render_reservedWordsAndCase_areQuoted() throws Exception {
    String sql =
        ALLOWLIST
            .approve(
                "SELECT year(issued_on) AS year, \"Region\" AS \"Month\" FROM invoices",
                QueryPolicy.unscoped(1))
            .sql();

    assertThat(sql).startsWith("SELECT YEAR(\"issued_on\") AS \"year\", \"Region\" AS \"Month\"");
  }

  @Test
  void render_identifierWithQuote_isEscaped() throws Exception {
    String sql = ALLOWLIST.approve("SELECT 1 AS \"a\"\"b\"", QueryPolicy.unscoped(1)).sql();

    assertThat(sql).startsWith("SELECT 1 AS \"a\"\"b\"");
  }

  @Test
  void render_limit_usesDuckDbLimitNotFetchNext() throws Exception {
    String sql =
        ALLOWLIST.approve("SELECT 1 FETCH FIRST 1 ROWS ONLY", QueryPolicy.unscoped(5)).sql();

    assertThat(sql).contains("LIMIT 1").doesNotContain("FETCH");
  }

  /**
   * A pass that copies the tree (a dialect's rewrite) copies DuckDB's forms as forms: a copy
   * rendered as a plain call would be parenthesised, {@code (string_agg(...)) OVER}, which DuckDB
   * cannot parse.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT string_agg(x, 'a' ORDER BY d) FROM t                  | STRING_AGG("x", 'b' ORDER BY "d")
          SELECT last_value(x IGNORE NULLS) OVER (ORDER BY d = 'a') FROM t | LAST_VALUE("x" IGNORE NULLS) OVER
          SELECT DISTINCT ON ('a') x FROM t                             | SELECT DISTINCT ON ('b') "x"
          SELECT x FROM t GROUP BY ALL HAVING x = 'a'                   | GROUP BY ALL
          SELECT * FROM generate_series('a', 3)                         | FROM "generate_series"('b', 3)
          """)
  void render_formsCopiedByAShuttle_renderAsForms(String sql, String rendered) throws Exception {
    SqlNode tree =
        QueryParser.parseWithBabel(
            SqlScan.of(sql), new Advisor(Dialect.duckDb(), SchemaExamples.neutral()));
    DuckDbForms.normalise(tree);

    SqlNode copied =
        tree.accept(
            new SqlShuttle() {
              @Override
              public SqlNode visit(SqlLiteral literal) {
                return literal instanceof SqlCharStringLiteral text
                        && text.getNlsString().getValue().equals("a")
                    ? SqlLiteral.createCharString("b", literal.getParserPosition())
                    : literal;
              }
            });

    assertThat(Rendering.render(copied, Dialect.duckDb())).contains(rendered);
  }

  @ParameterizedTest
  @ValueSource(strings = {"DATE --", "DATE;", "DATE /*", "DATE $", "DATE #", "DATE ?"})
  void render_textDuckDbWouldReadAsCommentOrSeparator_isRefused(String tag) {
    SqlLiteral literal = SqlLiteral.createUnknown(tag, "2024-01-01", SqlParserPos.ZERO);

    assertThatThrownBy(() -> Rendering.render(literal, Dialect.duckDb()))
        .isInstanceOfSatisfying(
            SqlRefusedException.class,
            e -> assertThat(e.refusal().reason()).isEqualTo(RefusalReason.UNSUPPORTED_NODE));
  }
}
