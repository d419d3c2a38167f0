package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.RefusedQueriesTest;
import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DuckDbSyntaxTest {

  private static final SqlAllowlist ALLOWLIST = SampleTables.allowlist();
  private static final QueryPolicy POLICY = QueryPolicy.unscoped(100);

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
            SELECT date, value FROM invoice_summary                                | SELECT "date", "value"
            SELECT s.date FROM invoice_summary s                                   | SELECT "s"."date"
            SELECT month AS date, revenue AS timestamp FROM invoice_summary        | AS "date", "revenue" AS "timestamp"
            SELECT CAST(month AS DATE) AS d, DATE '2024-01-01' AS e                 | CAST("month" AS DATE) AS "d", DATE '2024-01-01' AS "e"
            SELECT INTERVAL '30 days' AS i                                         | SELECT (CAST ('30 days' AS INTERVAL)) AS "i"
            SELECT '1 year 2 months'::INTERVAL AS i                                | (CAST ('1 year 2 months' AS INTERVAL)) AS "i"
            SELECT INTERVAL '-3 hours' AS i                                        | (CAST ('-3 hours' AS INTERVAL)) AS "i"
            SELECT region, count(*) FROM invoices GROUP BY ALL                     | GROUP BY ALL
            SELECT region FROM invoices GROUP BY ALL HAVING count(*) > 1           | GROUP BY ALL
            SELECT DISTINCT ON (customer_id) customer_id FROM invoices             | SELECT DISTINCT ON ("customer_id") "customer_id"
            SELECT first(invoice_id ORDER BY issued_on DESC) FROM invoices         | FIRST("invoice_id" ORDER BY "issued_on" DESC)
            SELECT sum(DISTINCT amount_cents ORDER BY amount_cents) FROM invoices  | SUM(DISTINCT "amount_cents" ORDER BY "amount_cents")
            SELECT last_value(paid_on IGNORE NULLS) OVER (ORDER BY issued_on) FROM invoices | LAST_VALUE("paid_on" IGNORE NULLS) OVER (ORDER BY "issued_on")
            SELECT last_value(paid_on) IGNORE NULLS OVER (ORDER BY issued_on) FROM invoices | LAST_VALUE("paid_on" IGNORE NULLS) OVER (ORDER BY "issued_on")
            SELECT * FROM range(0, 3)                                              | FROM "range"(0, 3)
            """)
  void approve_duckdbSyntax_isRenderedAsDuckDbWritesIt(String sql, String rendering)
      throws Exception {
    assertThat(ALLOWLIST.approve(sql, POLICY).sql()).contains(rendering);
  }

  @Test
  void approve_trailingCommaBeforeFrom_isDropped() throws Exception {
    assertThat(ALLOWLIST.approve("SELECT region, status, FROM invoices", POLICY).sql())
        .isEqualTo("SELECT \"region\", \"status\"\nFROM \"invoices\"\nLIMIT 101");
  }

  @Test
  void approve_refusalAfterARewrittenWord_pointsIntoTheSubmittedText() {
    SqlRefusal refusal =
        RefusedQueriesTest.refusalOf("SELECT date, getenv('X') FROM invoice_summary", POLICY);

    assertThat(refusal.element()).isEqualTo("getenv");
    assertThat(refusal.column()).isEqualTo(14);
  }

  @Test
  void approve_syntaxErrorAfterGroupByAll_isExplainedWhereItIs() {
    SqlRefusal refusal =
        RefusedQueriesTest.refusalOf(
            "SELECT region, count(*) FROM invoices GROUP BY ALL HAVING count(*) >> 1", POLICY);

    assertThat(refusal.reason()).isEqualTo(RefusalReason.SYNTAX);
    assertThat(refusal.column()).isGreaterThan(60);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
            SELECT region FROM invoices GROUP BY ALL, region                       | GROUP BY ALL
            SELECT DISTINCT ON (customer_id)customer_id FROM invoices              | DISTINCT ON
            SELECT U&"\\0024000", date FROM invoice_summary                        | date
            """)
  void approve_duckdbSyntaxThatCannotBeRewritten_isRefused(String sql, String element) {
    assertThat(RefusedQueriesTest.refusalOf(sql, POLICY).element()).startsWith(element);
  }
}
