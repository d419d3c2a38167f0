package io.codemode4j.engine.postgres;

import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.dialect.Advice;
import io.codemode4j.sql.dialect.AdviceTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The PostgreSQL dialect's advice: every topic is SQL its allowlist approves, and a refusal gives
 * it, naming no function or clause PostgreSQL lacks.
 */
class PostgresAdviceTest {

  private static final SqlAllowlist ALLOWLIST =
      SampleTables.builder().dialect(PostgresSql.dialect("billing")).build();

  @ParameterizedTest
  @EnumSource(Advice.class)
  void advice_everyTopic_isApprovedByItsOwnDialect(Advice topic) throws SqlRefusedException {
    AdviceTest.assertApproved(ALLOWLIST, topic);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT datediff('day', issued_on, due_on) FROM invoices          | paid_on - issued_on
          SELECT date_diff('day', issued_on, due_on) FROM invoices         | paid_on - issued_on
          SELECT date_add(issued_on, INTERVAL 30 DAY) FROM invoices       | issued_on + 30
          SELECT strftime(issued_on, '%Y-%m') FROM invoices              | to_char(issued_on, 'YYYY-MM')
          SELECT year(issued_on) FROM invoices                           | extract(year FROM issued_on)
          SELECT median(amount_cents) FROM invoices                      | percentile_cont(0.5) WITHIN GROUP
          SELECT count_if(status = 'paid') FROM invoices                 | count(*) FILTER (WHERE
          SELECT if(status = 'paid', 1, 0) FROM invoices                 | CASE WHEN
          SELECT divide(amount_cents, 100) FROM invoices                 | div(amount_cents, 100)
          SELECT listagg(status, ', ') FROM invoices                     | string_agg(status, ', ')
          SELECT arg_max(customer_id, issued_on) FROM invoices           | row_number() OVER
          SELECT 7 // 2                                                  | div(amount_cents, 100)
          SELECT * FROM invoices i ASOF JOIN customers c ON i.customer_id = c.customer_id | WHERE n = 1
          SELECT region, count(*) FROM invoices GROUP BY ALL WHERE region = 'emea' | GROUP BY 1, 2
          SELECT region, status FROM invoices ORDER BY ALL, region       | ORDER BY 1, 2
          SELECT DISTINCT ON (customer_id)customer_id FROM invoices ORDER BY customer_id | WHERE n = 1
          SELECT CAST(amount_cents AS INTERVAL DAY) FROM invoices        | 30 * INTERVAL '1' DAY
          SELECT "current_user" FROM invoices                           | read by PostgreSQL
          SELECT 1 FROM invoices WHERE status SIMILAR TO 'pa.*'          | status LIKE 'paid%'
          """)
  void approve_refusalThatAdvises_givesTheDialectsAdvice(String sql, String advice) {
    AdviceTest.assertAdvisesOnlyItsOwnSql(ALLOWLIST, sql, advice);
  }
}
