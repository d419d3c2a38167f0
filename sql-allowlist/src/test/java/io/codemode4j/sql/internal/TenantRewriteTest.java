package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.sql.ApprovedQuery;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The tenant rewrite, read off the rendered SQL (whitespace collapsed). */
class TenantRewriteTest {

  private static final SqlAllowlist ALLOWLIST = SampleTables.allowlist();
  private static final QueryPolicy EMEA = QueryPolicy.forTenant(Tenant.of("emea"), 100);

  private static final String INVOICES =
      "(SELECT * FROM \"main\".\"invoices\" AS \"tenant_0\" "
          + "WHERE (\"tenant_0\".\"region\" IN ('emea')))";
  private static final String CUSTOMERS =
      "(SELECT * FROM \"main\".\"customers\" AS \"tenant_0\" "
          + "WHERE (\"tenant_0\".\"region\" IN ('emea')))";
  private static final String SUMMARY =
      "(SELECT * FROM \"main\".\"invoice_summary\" AS \"tenant_0\" "
          + "WHERE (\"tenant_0\".\"region\" IN ('emea')))";
  private static final String LINES =
      "(SELECT * FROM \"main\".\"invoice_lines\" AS \"tenant_0\" "
          + "WHERE (\"tenant_0\".\"invoice_id\" IN (SELECT \"tenant_1\".\"invoice_id\" "
          + "FROM \"main\".\"invoices\" AS \"tenant_1\" WHERE (\"tenant_1\".\"region\" IN ('emea')))))";

  @Test
  void tableWithAlias_becomesFilteredDerivedTableWithThatAlias() throws Exception {
    String sql = rewrite("SELECT i.region FROM invoices i");

    assertThat(sql).contains("FROM " + INVOICES + " AS \"i\"");
  }

  @Test
  void tableWithoutAlias_keepsItsNameAsAlias() throws Exception {
    String sql = rewrite("SELECT invoices.region FROM main.invoices");

    assertThat(sql).contains("FROM " + INVOICES + " AS \"invoices\"");
  }

  @Test
  void columnAliases_stayOnTheDerivedTable() throws Exception {
    String sql = rewrite("SELECT a FROM customers AS c (a, b)");

    assertThat(sql).contains(CUSTOMERS + " AS \"c\" (\"a\", \"b\")");
  }

  @Test
  void invoiceLines_areFilteredThroughTheirInvoice() throws Exception {
    String sql = rewrite("SELECT product, sum(quantity) FROM invoice_lines GROUP BY product");

    assertThat(sql).contains("FROM " + LINES + " AS \"invoice_lines\"");
  }

  @Test
  void summaryView_isFilteredByRegion() throws Exception {
    assertThat(rewrite("SELECT * FROM invoice_summary"))
        .contains(SUMMARY + " AS \"invoice_summary\"");
  }

  @Test
  void joinAndUsing_bothSidesFiltered() throws Exception {
    String sql = rewrite("SELECT * FROM invoices JOIN customers USING (customer_id)");

    assertThat(sql)
        .contains(
            INVOICES + " AS \"invoices\" INNER JOIN " + CUSTOMERS + " AS \"customers\" USING");
  }

  @Test
  void unionBranches_areEachFiltered() throws Exception {
    String sql = rewrite("SELECT region FROM invoices UNION SELECT region FROM customers");

    assertThat(count(sql, INVOICES)).isEqualTo(1);
    assertThat(count(sql, CUSTOMERS)).isEqualTo(1);
  }

  @Test
  void subqueries_scalarInAndExists_areEachFiltered() throws Exception {
    String sql =
        rewrite(
            """
                SELECT c.name, (SELECT count(*) FROM invoices i WHERE i.customer_id = c.customer_id) AS n
                FROM customers c
                WHERE c.customer_id IN (SELECT customer_id FROM invoices WHERE status = 'open')
                  AND EXISTS (SELECT 1 FROM invoice_lines l JOIN invoices x ON x.invoice_id = l.invoice_id
                              WHERE x.customer_id = c.customer_id)""");

    assertThat(count(sql, INVOICES)).isEqualTo(3);
    assertThat(count(sql, CUSTOMERS)).isEqualTo(1);
    assertThat(count(sql, LINES)).isEqualTo(1);
  }

  @Test
  void cteShadowingTable_bodyReadsFilteredTable_queryReadsTheCte() throws Exception {
    String sql =
        rewrite(
            "WITH invoices AS (SELECT * FROM invoices WHERE status = 'paid') "
                + "SELECT count(*) FROM invoices");

    assertThat(sql)
        .startsWith("WITH \"invoices\" AS (SELECT * FROM " + INVOICES + " AS \"invoices\"");
    assertThat(count(sql, INVOICES)).isEqualTo(1);
    assertThat(sql).contains("FROM \"invoices\" LIMIT 101");
  }

  @Test
  void laterCteItem_seesTheEarlierCteNotTheTable() throws Exception {
    String sql =
        rewrite(
            "WITH invoices AS (SELECT * FROM invoices WHERE status = 'paid'), "
                + "big AS (SELECT * FROM invoices WHERE amount_cents > 100) SELECT count(*) FROM big");

    assertThat(count(sql, INVOICES)).isEqualTo(1);
    assertThat(sql).contains("\"big\" AS (SELECT * FROM \"invoices\" WHERE");
  }

  @Test
  void cteInsideSubquery_doesNotShadowTheTableOutside() throws Exception {
    String sql =
        rewrite(
            "SELECT (WITH invoices AS (SELECT 1 AS x) SELECT count(*) FROM invoices) AS inner_count, "
                + "count(*) FROM invoices");

    assertThat(count(sql, INVOICES)).isEqualTo(1);
    assertThat(sql).contains("FROM " + INVOICES + " AS \"invoices\"");
  }

  @Test
  void cteNamedLikeTableButQualifiedReference_readsTheFilteredTable() throws Exception {
    String sql = rewrite("WITH invoices AS (SELECT 1 AS x) SELECT count(*) FROM main.invoices");

    assertThat(count(sql, INVOICES)).isEqualTo(1);
  }

  @Test
  void lateralSubquery_isFiltered() throws Exception {
    String sql =
        rewrite(
            "SELECT c.name, t.n FROM customers c, "
                + "LATERAL (SELECT count(*) AS n FROM invoices i WHERE i.customer_id = c.customer_id) t");

    assertThat(count(sql, INVOICES)).isEqualTo(1);
    assertThat(count(sql, CUSTOMERS)).isEqualTo(1);
  }

  @Test
  void severalRegions_areSortedLiterals() throws Exception {
    ApprovedQuery approved =
        ALLOWLIST.approve(
            "SELECT * FROM customers",
            QueryPolicy.forTenant(Tenant.of("emea", "apac", "americas"), 10));

    assertThat(collapse(approved.sql())).contains("IN ('americas', 'apac', 'emea')");
  }

  @Test
  void scopeChain_filtersThroughEveryParent() throws Exception {
    SqlAllowlist chained =
        SqlAllowlist.builder()
            .table("invoices", TenantScope.byColumn("region"))
            .table(
                "invoice_lines", TenantScope.throughParent("invoice_id", "invoices", "invoice_id"))
            .table("line_notes", TenantScope.throughParent("line_key", "invoice_lines", "line_key"))
            .build();

    String sql = collapse(chained.approve("SELECT * FROM line_notes", EMEA).sql());

    assertThat(sql)
        .contains(
            "FROM \"main\".\"line_notes\" AS \"tenant_0\" WHERE (\"tenant_0\".\"line_key\" IN "
                + "(SELECT \"tenant_1\".\"line_key\" FROM \"main\".\"invoice_lines\" AS \"tenant_1\" "
                + "WHERE (\"tenant_1\".\"invoice_id\" IN (SELECT \"tenant_2\".\"invoice_id\" "
                + "FROM \"main\".\"invoices\" AS \"tenant_2\" WHERE (\"tenant_2\".\"region\" IN ('emea'))))))");
  }

  @Test
  void sharedTable_isReadWhole_besideAFilteredOne() throws Exception {
    SqlAllowlist withShared =
        SqlAllowlist.builder()
            .table("invoices", TenantScope.byColumn("region"))
            .table("products", TenantScope.shared())
            .build();

    String sql =
        collapse(
            withShared
                .approve("SELECT p.name FROM products p JOIN invoices i ON i.sku = p.sku", EMEA)
                .sql());

    assertThat(sql)
        .contains("(SELECT * FROM \"main\".\"products\" AS \"tenant_0\") AS \"p\"")
        .contains(INVOICES + " AS \"i\"");
  }

  @Test
  void inSchema_rendersEveryTableInTheTenantsSchema_andLeavesTheOriginalAsItWas() throws Exception {
    SqlAllowlist north = ALLOWLIST.inSchema("tenant_north");

    String sql =
        collapse(
            north
                .approve(
                    "SELECT count(*) FROM invoice_lines JOIN invoices USING (invoice_id)", EMEA)
                .sql());

    assertThat(sql)
        .contains("FROM \"tenant_north\".\"invoice_lines\" AS \"tenant_0\"")
        .contains("FROM \"tenant_north\".\"invoices\" AS \"tenant_1\"")
        .doesNotContain("\"main\"");
    assertThat(north.dialect().schema()).isEqualTo("tenant_north");
    assertThat(ALLOWLIST.dialect().schema()).isEqualTo("main");
    assertThat(rewrite("SELECT i.region FROM invoices i")).contains(INVOICES);
  }

  @Test
  void tableThroughASharedParent_isRefusedAtBuild() {
    SqlAllowlist.Builder builder =
        SqlAllowlist.builder()
            .table("products", TenantScope.shared())
            .table("reviews", TenantScope.throughParent("sku", "products", "sku"));

    assertThatThrownBy(builder::build)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("reviews is scoped through products, which is shared");
  }

  @Test
  void noTenant_tablesAreNotFiltered() throws Exception {
    String sql =
        collapse(
            ALLOWLIST
                .approve(
                    "SELECT * FROM invoices i JOIN invoice_lines USING (invoice_id)",
                    QueryPolicy.unscoped(10))
                .sql());

    assertThat(sql)
        .contains("FROM \"invoices\" AS \"i\" INNER JOIN \"invoice_lines\" USING")
        .doesNotContain("tenant_");
  }

  private static String rewrite(String sql) throws SqlRefusedException {
    return collapse(ALLOWLIST.approve(sql, EMEA).sql());
  }

  static String collapse(String sql) {
    return sql.replaceAll("\\s+", " ").replace("( ", "(").replace(" )", ")");
  }

  private static int count(String text, String part) {
    Matcher matcher = Pattern.compile(Pattern.quote(part)).matcher(text);
    int n = 0;
    while (matcher.find()) {
      n++;
    }
    return n;
  }
}
