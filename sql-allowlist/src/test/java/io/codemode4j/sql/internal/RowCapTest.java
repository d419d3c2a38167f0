package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.sql.ApprovedQuery;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SqlAllowlist;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RowCapTest {

  private static final SqlAllowlist ALLOWLIST = SampleTables.allowlist();

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
            # submitted SQL                                                     | maxRows | rendered SQL ends with
            SELECT region FROM invoices                                         | 10      | FROM "invoices" LIMIT 11
            SELECT region FROM invoices LIMIT 5                                 | 10      | FROM "invoices" LIMIT 5
            SELECT region FROM invoices LIMIT 500                               | 10      | FROM "invoices" LIMIT 11
            SELECT region FROM invoices LIMIT 11                                | 10      | FROM "invoices" LIMIT 11
            SELECT region FROM invoices LIMIT ALL                               | 10      | FROM "invoices" LIMIT 11
            SELECT region FROM invoices ORDER BY region DESC                    | 10      | ORDER BY "region" DESC LIMIT 11
            SELECT region FROM invoices ORDER BY region LIMIT 3 OFFSET 20       | 10      | ORDER BY "region" LIMIT 3 OFFSET 20
            SELECT region FROM invoices ORDER BY region OFFSET 20               | 10      | ORDER BY "region" LIMIT 11 OFFSET 20
            SELECT region FROM invoices FETCH FIRST 50 ROWS ONLY                | 1       | FROM "invoices" LIMIT 2
            SELECT 1 UNION ALL SELECT 2                                         | 1       | UNION ALL SELECT 2 LIMIT 2
            SELECT 1 AS x UNION ALL SELECT 2 ORDER BY x DESC                    | 1       | ORDER BY "x" DESC LIMIT 2
            VALUES (1), (2), (3)                                                | 2       | VALUES (1), (2), (3) LIMIT 3
            WITH t AS (SELECT 1 AS x) SELECT x FROM t                           | 5       | (SELECT "x" FROM "t" LIMIT 6)
            WITH t AS (SELECT 1 AS x) SELECT x FROM t ORDER BY x LIMIT 100      | 5       | SELECT "x" FROM "t" ORDER BY "x" LIMIT 6
            SELECT * FROM (SELECT region FROM invoices LIMIT 5000) t            | 9       | LIMIT 5000) AS "t" LIMIT 10
            SELECT region FROM invoices                                         | 1000000 | FROM "invoices" LIMIT 1000001
            """)
  void approve_rowCap_fetchesAtMostMaxRowsPlusOneKeepingOrderAndOffset(
      String sql, int maxRows, String ending) throws Exception {
    ApprovedQuery approved = ALLOWLIST.approve(sql, QueryPolicy.unscoped(maxRows));

    assertThat(TenantRewriteTest.collapse(approved.sql())).endsWith(ending);
  }
}
