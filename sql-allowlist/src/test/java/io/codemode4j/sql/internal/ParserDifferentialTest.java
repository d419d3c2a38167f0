package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.RefusedQueriesTest;
import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusal;
import io.codemode4j.sql.dialect.Dialect;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Text Calcite and DuckDB read differently. The allowlist refuses it up front; and even a tree
 * parsed from such text, by the core parser or by Babel, renders to SQL in which DuckDB can only
 * run what Calcite parsed.
 */
class ParserDifferentialTest {

  /** Calcite: {@code SELECT 1} then a comment. DuckDB: {@code 1 // 1} and a call of query_table. */
  static final String DOUBLE_SLASH =
      "SELECT 1 // 1, (SELECT count(*) FROM query_table('invoices')) AS leak";

  /**
   * Calcite: identifier {@code $$}, a quoted identifier, FROM invoices, a comment. DuckDB: a
   * dollar-quoted string, a call of query_table, another dollar-quoted string.
   */
  static final String DOLLAR_QUOTE =
      "SELECT $$ AS a, \"$$, (SELECT count(*) FROM query_table('invoices')) AS leak, "
          + "$$\" FROM invoices -- $$";

  static final String CORE = "core";
  static final String BABEL = "babel";

  private static final SqlAllowlist ALLOWLIST = SampleTables.allowlist();
  private static final Approver BABEL_ONLY = BabelOnly.defaults();
  private static final QueryPolicy POLICY = QueryPolicy.unscoped(10);

  @ParameterizedTest
  @ValueSource(
      strings = {
        DOUBLE_SLASH,
        DOLLAR_QUOTE,
        "SELECT amount_cents // 100 FROM invoices",
        "SELECT $$text$$",
        "SELECT 1 AS $x"
      })
  void approve_differentialText_isRefusedWithAHint(String sql) {
    SqlRefusal refusal = RefusedQueriesTest.refusalOf(sql, POLICY);

    assertThat(refusal.reason()).isEqualTo(RefusalReason.UNSUPPORTED_SYNTAX);
    assertThat(refusal.message()).containsAnyOf("'//' is not supported", "'$' is not supported");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT 'http://example.com' AS url",
        "SELECT 1 AS x -- see http://example.com",
        "SELECT 1 /* a // b */ AS x",
        "SELECT 1 AS \"a//b\"",
        "SELECT 'price $$' AS \"$$\""
      })
  void approve_slashesAndDollarsInsideLiteralsOrComments_areAccepted(String sql) throws Exception {
    assertThat(ALLOWLIST.approve(sql, POLICY).sql()).startsWith("SELECT");
    assertThat(BABEL_ONLY.approve(sql, POLICY)).isEqualTo(ALLOWLIST.approve(sql, POLICY));
  }

  @ParameterizedTest
  @ValueSource(strings = {CORE, BABEL})
  void render_doubleSlashTree_containsOnlyWhatCalciteParsed(String parser) throws Exception {
    String rendered = Rendering.render(parse(DOUBLE_SLASH, parser), Dialect.duckDb());

    assertThat(rendered).isEqualTo("SELECT 1").doesNotContain("query_table");
  }

  @ParameterizedTest
  @ValueSource(strings = {CORE, BABEL})
  void render_dollarQuoteTree_keepsThePayloadInsideAQuotedIdentifier(String parser)
      throws Exception {
    String rendered = Rendering.render(parse(DOLLAR_QUOTE, parser), Dialect.duckDb());

    assertThat(rendered)
        .isEqualTo(
            "SELECT \"$$\" AS \"a\", "
                + "\"$$, (SELECT count(*) FROM query_table('invoices')) AS leak, $$\"\nFROM \"invoices\"");
  }

  @Test
  void parseWithCore_differentialText_isReadByTheCoreParser() {
    assertThat(QueryParser.parseWithCore(DOUBLE_SLASH)).isPresent();
    assertThat(QueryParser.parseWithCore(DOLLAR_QUOTE)).isPresent();
  }

  /**
   * The tree {@code parser} ({@link #CORE} or {@link #BABEL}) reads in {@code sql}, bypassing the
   * allowlist's checks.
   */
  static SqlNode parse(String sql, String parser) throws Exception {
    SqlParser.Config config =
        parser.equals(CORE) ? QueryParser.CORE_CONFIG : QueryParser.BABEL_CONFIG;
    return SqlParser.create(sql, config).parseStmtList().get(0);
  }
}
