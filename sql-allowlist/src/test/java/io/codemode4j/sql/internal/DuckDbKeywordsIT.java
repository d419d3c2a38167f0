package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.RefusedQueriesTest;
import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SqlRefusal;
import io.codemode4j.sql.dialect.Dialect;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which of DuckDB's keywords it reads as syntax after a select item, checked against the DuckDB in
 * use.
 */
class DuckDbKeywordsIT {

  /**
   * Expressions of each kind a select item can end with: a call, an aggregate, a name, a literal.
   */
  private static final List<String> EXPRESSIONS =
      List.of("sum(amount_cents)", "count(*)", "region", "1", "(amount_cents + 1)");

  private static Warehouse warehouse;

  @BeforeAll
  static void open() throws SQLException {
    warehouse = Warehouse.all();
  }

  @AfterAll
  static void close() throws SQLException {
    warehouse.close();
  }

  @Test
  void duckdbKeywords_readAsSyntaxAfterAnExpression_areExactlyThePostfixKeywords()
      throws SQLException {
    Set<String> syntax = new TreeSet<>();
    for (List<Object> row : warehouse.query("SELECT keyword_name FROM duckdb_keywords()").rows()) {
      String keyword = (String) row.get(0);
      for (String expression : EXPRESSIONS) {
        String bare = outcome("SELECT " + expression + " " + keyword + " FROM invoices LIMIT 1");
        String aliased =
            outcome("SELECT " + expression + " AS \"" + keyword + "\" FROM invoices LIMIT 1");
        // A word DuckDB cannot parse there is refused by DuckDB itself; only a different reading
        // counts.
        if (!bare.startsWith("error") && !bare.equals(aliased)) {
          syntax.add(Names.fold(keyword));
        }
      }
    }

    assertThat(syntax).isEqualTo(new TreeSet<>(Dialect.duckDb().postfixKeywords().keySet()));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT sum(amount_cents) EXPORT_STATE FROM invoices",
        "SELECT region ISNULL FROM invoices",
        "SELECT region notnull FROM invoices"
      })
  void approve_postfixKeywordAsAlias_isRefusedWithTheRewrite(String sql) {
    SqlRefusal refusal = RefusedQueriesTest.refusalOf(sql, QueryPolicy.unscoped(10));

    assertThat(refusal.reason()).isEqualTo(RefusalReason.UNSUPPORTED_SYNTAX);
    assertThat(refusal.message()).contains("quote");
  }

  @Test
  void approve_postfixKeywordQuotedAsAlias_isAnAlias() throws Exception {
    String sql =
        SampleTables.allowlist()
            .approve("SELECT region AS \"isnull\" FROM invoices", QueryPolicy.unscoped(10))
            .sql();

    assertThat(warehouse.query(sql).columns()).containsExactly("isnull");
  }

  private static String outcome(String sql) {
    try {
      return warehouse.query(sql).toString();
    } catch (SQLException | RuntimeException e) {
      return "error " + e.getMessage();
    }
  }
}
