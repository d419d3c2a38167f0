package io.codemode4j.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.warehouse.billing.BillingSample;
import java.util.List;
import org.junit.jupiter.api.Test;

class AcceptedCorpusTest {

  @Test
  void queries_packagedCorpus_holdsQueriesTheAllowlistApprovesForATenant() {
    List<AcceptedCorpus.Query> queries = AcceptedCorpus.queries();
    SqlAllowlist allowlist = BillingSample.allowlist();

    assertThat(queries).hasSizeGreaterThan(40);
    assertThat(queries)
        .allSatisfy(
            query ->
                assertThatCode(() -> allowlist.approve(query.sql(), AllowlistScenario.POLICY))
                    .as(query.name())
                    .doesNotThrowAnyException());
  }

  @Test
  void parse_entriesWithAttributes_keepsOnlyNamesAndSql() {
    List<AcceptedCorpus.Query> queries =
        AcceptedCorpus.parse(
            """
        -- preamble comment
        -- name: first
        -- rows: unordered
        SELECT 1
        -- a comment inside the SQL

        -- name: second
        SELECT 2
        """);

    assertThat(queries)
        .containsExactly(
            new AcceptedCorpus.Query("first", "SELECT 1\n-- a comment inside the SQL"),
            new AcceptedCorpus.Query("second", "SELECT 2"));
  }
}
