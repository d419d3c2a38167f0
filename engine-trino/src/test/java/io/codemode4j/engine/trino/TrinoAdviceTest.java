package io.codemode4j.engine.trino;

import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.dialect.Advice;
import io.codemode4j.sql.dialect.AdviceTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The Trino dialect's advice: every topic is SQL its allowlist approves, and a refusal gives it,
 * naming no function or clause Trino lacks.
 */
class TrinoAdviceTest {

  private static final SqlAllowlist ALLOWLIST =
      SampleTables.builder().dialect(TrinoSql.dialect("hive", "billing")).build();

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
          SELECT datediff('day', issued_on, due_on) FROM invoices          | date_diff('day', issued_on, paid_on)
          SELECT date_sub('day', issued_on, due_on) FROM invoices          | date_diff('day', issued_on, paid_on)
          SELECT strftime(issued_on, '%Y-%m') FROM invoices              | date_format(issued_on, '%Y-%m')
          SELECT to_char(issued_on, 'YYYY-MM') FROM invoices             | date_format(issued_on, '%Y-%m')
          SELECT median(amount_cents) FROM invoices                      | row_number() OVER (ORDER BY amount_cents)
          SELECT string_agg(status, ', ') FROM invoices                  | listagg(status, ', ') WITHIN GROUP
          SELECT array_agg(status) FROM invoices                         | listagg(status, ', ') WITHIN GROUP
          SELECT arg_max(customer_id, issued_on) FROM invoices           | row_number() OVER
          SELECT 7 // 2                                                  | amount_cents / 100
          SELECT * FROM invoices i ASOF JOIN customers c ON i.customer_id = c.customer_id | WHERE n = 1
          SELECT region, count(*) FROM invoices GROUP BY ALL WHERE region = 'emea' | GROUP BY 1, 2
          SELECT region, status FROM invoices ORDER BY ALL, region       | ORDER BY 1, 2
          SELECT CAST(amount_cents AS INTERVAL DAY) FROM invoices        | 30 * INTERVAL '1' DAY
          SELECT "current_user" FROM invoices                           | read by Trino
          SELECT 1 FROM invoices WHERE status SIMILAR TO 'pa.*'          | regexp_like(status, '^paid')
          """)
  void approve_refusalThatAdvises_givesTheDialectsAdvice(String sql, String advice) {
    AdviceTest.assertAdvisesOnlyItsOwnSql(ALLOWLIST, sql, advice);
  }
}
