package io.codemode4j.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.sql.dialect.Dialect;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SqlAllowlistTest {

  private static final SqlAllowlist ALLOWLIST = SampleTables.allowlist();
  private static final QueryPolicy POLICY = QueryPolicy.unscoped(100);

  @Test
  void defaults_tables_areTheWarehouseTablesAndView() {
    assertThat(ALLOWLIST.tables())
        .containsExactlyInAnyOrder("customers", "invoices", "invoice_lines", "invoice_summary");
  }

  @Test
  void approve_unknownTable_saysWhichTablesAreAllowedSorted() {
    SqlRefusal refusal = RefusedQueriesTest.refusalOf("SELECT * FROM payroll", POLICY);

    assertThat(refusal)
        .isEqualTo(
            new SqlRefusal(
                RefusalReason.TABLE_NOT_ALLOWED,
                "payroll",
                1,
                15,
                "table 'payroll' is not allowlisted (allowed: customers, invoice_lines, invoices, invoice_summary)"));
  }

  @Test
  void approve_refusedFunctionOnLaterLine_reportsItsLineAndColumn() {
    String sql =
        "SELECT region,\n       count(*)\nFROM invoices\nWHERE  getenv('X') IS NULL\nGROUP BY region";

    SqlRefusal refusal = RefusedQueriesTest.refusalOf(sql, POLICY);

    assertThat(refusal.reason()).isEqualTo(RefusalReason.FUNCTION_NOT_ALLOWED);
    assertThat(refusal.element()).isEqualTo("getenv");
    assertThat(refusal.line()).isEqualTo(4);
    assertThat(refusal.column()).isEqualTo(8);
  }

  @Test
  void approve_syntaxError_givesCalcitesPositionAndAShortMessage() {
    SqlRefusal refusal =
        RefusedQueriesTest.refusalOf(
            "SELECT region\nFROM invoices\nWHERE region = = 'emea'", POLICY);

    assertThat(refusal.reason()).isEqualTo(RefusalReason.SYNTAX);
    assertThat(refusal.line()).isEqualTo(3);
    assertThat(refusal.column()).isEqualTo(14);
    assertThat(refusal.message())
        .startsWith("syntax error: ")
        .doesNotContain("Was expecting", "\n");
  }

  @Test
  void approve_sqlOfExactlyTheLimit_isParsed() throws Exception {
    String sql = padTo("SELECT 1", SqlAllowlist.DEFAULT_MAX_SQL_BYTES);

    assertThat(ALLOWLIST.approve(sql, POLICY).sql()).contains("SELECT 1");
  }

  @Test
  void approve_sqlOneByteOverTheLimit_isTooLong() {
    String sql = padTo("SELECT 1", SqlAllowlist.DEFAULT_MAX_SQL_BYTES + 1);

    SqlRefusal refusal = RefusedQueriesTest.refusalOf(sql, POLICY);

    assertThat(refusal.reason()).isEqualTo(RefusalReason.TOO_LONG);
    assertThat(refusal.message()).contains("16384 bytes");
  }

  @Test
  void approve_multiByteCharacters_areCountedInUtf8Bytes() {
    String text = "é".repeat(8200);
    String sql = "SELECT '" + text + "' AS t";

    assertThat(sql.length()).isLessThan(SqlAllowlist.DEFAULT_MAX_SQL_BYTES);
    assertThat(RefusedQueriesTest.refusalOf(sql, POLICY).reason())
        .isEqualTo(RefusalReason.TOO_LONG);
  }

  @Test
  void approve_hugeText_isRefusedBeforeParsing() {
    String sql = "SELECT " + "1 + ".repeat(2_000_000) + "1";

    assertThat(RefusedQueriesTest.refusalOf(sql, POLICY).reason())
        .isEqualTo(RefusalReason.TOO_LONG);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "literal | SELECT 'a<NUL>' AS x | 1 | 10",
        "code after a statement | SELECT 1 AS x<NUL>; DROP TABLE invoices | 1 | 14",
        "quoted name | SELECT \"region<NUL>\" FROM invoices | 1 | 15",
        "comment on a later line | SELECT region\\n-- <NUL>\\nFROM invoices | 2 | 4",
        "last character | SELECT 1<NUL> | 1 | 9"
      })
  void approve_nulAnywhere_isRefusedAtTheNulWithChrAdvice(
      String where, String written, int line, int column) {
    String sql = written.replace("\\n", "\n").replace("<NUL>", "\0");

    SqlRefusal refusal = RefusedQueriesTest.refusalOf(sql, POLICY);

    assertThat(refusal.reason()).as(where).isEqualTo(RefusalReason.UNSUPPORTED_SYNTAX);
    assertThat(refusal.element()).isEqualTo("U+0000");
    assertThat(refusal.line()).as(where).isEqualTo(line);
    assertThat(refusal.column()).as(where).isEqualTo(column);
    assertThat(refusal.message()).contains("U+0000").contains("chr(0)");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "   ", "\n\t", "-- only a comment", "/* a */ -- b"})
  void approve_emptyOrOnlyComments_isRefusedAsEmptyWithWhatToSend(String sql) {
    SqlRefusal refusal = RefusedQueriesTest.refusalOf(sql, POLICY);

    assertThat(refusal.reason()).isEqualTo(RefusalReason.SYNTAX);
    assertThat(refusal.message())
        .startsWith("the SQL is empty")
        .contains("send one read-only query")
        .doesNotContain("Index", "bounds");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "no-break space between words | SELECT region\\u00A0FROM invoices | U+00A0 | 1 | 14 | no-break space",
        "ideographic space | SELECT\\u3000region FROM invoices | U+3000 | 1 | 7 | ideographic space",
        "line separator | SELECT region\\nFROM invoices\\u2028 | U+2028 | 2 | 14 | line separator",
        "zero-width space | SELECT region\\u200BFROM invoices | U+200B | 1 | 14 | zero width space",
        "byte order mark | \\uFEFFSELECT region FROM invoices | U+FEFF | 1 | 1 | zero width no-break space",
        "vertical tab | SELECT region\\u000BFROM invoices | U+000B | 1 | 14 | line tabulation",
      })
  void approve_unusualSpaceOutsideQuotes_isRefusedAtItNamingIt(
      String where, String written, String element, int line, int column, String name) {
    String sql = unescape(written);

    SqlRefusal refusal = RefusedQueriesTest.refusalOf(sql, POLICY);

    assertThat(refusal.reason()).as(where).isEqualTo(RefusalReason.UNSUPPORTED_SYNTAX);
    assertThat(refusal.element()).as(where).isEqualTo(element);
    assertThat(refusal.line()).as(where).isEqualTo(line);
    assertThat(refusal.column()).as(where).isEqualTo(column);
    assertThat(refusal.message()).as(where).contains(name).contains("write a plain space");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT 'a\\u00A0b' AS x FROM invoices",
        "SELECT region AS \"a\\u00A0b\" FROM invoices",
        "SELECT region FROM invoices -- a\\u00A0note",
        "SELECT region /* \\u200B */ FROM invoices",
        "SELECT region\\fFROM invoices",
      })
  void approve_unusualSpaceInsideQuotesOrCommentsOrAFormFeed_isApproved(String written)
      throws Exception {
    assertThat(ALLOWLIST.approve(unescape(written), POLICY).tables()).containsExactly("invoices");
  }

  private static String unescape(String written) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < written.length(); i++) {
      char c = written.charAt(i);
      if (c == '\\' && written.charAt(i + 1) == 'u') {
        out.append((char) Integer.parseInt(written, i + 2, i + 6, 16));
        i += 5;
      } else if (c == '\\' && written.charAt(i + 1) == 'n') {
        out.append('\n');
        i++;
      } else if (c == '\\' && written.charAt(i + 1) == 'f') {
        out.append('\f');
        i++;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "SELECT unnest([1, 2])",
        "SELECT unnest(region) FROM invoices",
        "SELECT region, UNNEST (string_split(region, 'e')) FROM invoices"
      })
  void approve_scalarUnnest_saysToSelectFromValues(String sql) throws Exception {
    SqlRefusal refusal = RefusedQueriesTest.refusalOf(sql, POLICY);
    String advised = "SELECT x FROM (VALUES (1), (2)) AS t(x)";

    assertThat(refusal.reason()).isEqualTo(RefusalReason.UNSUPPORTED_SYNTAX);
    assertThat(refusal.column()).isEqualTo(sql.toLowerCase(Locale.ROOT).indexOf("unnest") + 1);
    assertThat(refusal.message()).contains("UNNEST is not supported").contains(advised);
    assertThat(SampleTables.allowlist().approve(advised, POLICY).sql()).contains("VALUES");
  }

  @Test
  void approve_deeplyNestedExpression_isTooComplex() {
    String sql = "SELECT " + "(1 + ".repeat(300) + "1" + ")".repeat(300);

    assertThat(RefusedQueriesTest.refusalOf(sql, POLICY).reason())
        .isEqualTo(RefusalReason.TOO_COMPLEX);
  }

  @Test
  void approve_deeplyNestedSubqueries_isTooComplex() {
    SqlRefusal refusal = RefusedQueriesTest.refusalOf(nestedSubqueries(250), POLICY);

    assertThat(refusal.reason()).isEqualTo(RefusalReason.TOO_COMPLEX);
  }

  @Test
  void builder_dialectGiven_rendersForItWithItsDefaultFunctionsAndTheAddedOnes() throws Exception {
    SqlAllowlist duckDb =
        SampleTables.builder().dialect(Dialect.duckDb()).functions("hash").build();

    assertThat(Dialect.duckDb()).hasToString("DuckDB");
    assertThat(
            duckDb.approve("SELECT hash(region), median(amount_cents) FROM invoices", POLICY).sql())
        .startsWith("SELECT \"hash\"(\"region\"), \"median\"(\"amount_cents\")");
    assertThat(RefusedQueriesTest.refusalOf("SELECT hash(region) FROM invoices", POLICY).reason())
        .isEqualTo(RefusalReason.FUNCTION_NOT_ALLOWED);
  }

  @Test
  void builder_maxSqlBytes_isTheLimit() {
    SqlAllowlist small = SampleTables.builder().maxSqlBytes(20).build();

    assertThatThrownBy(() -> small.approve("SELECT * FROM invoices", POLICY))
        .isInstanceOfSatisfying(
            SqlRefusedException.class,
            e -> assertThat(e.refusal().reason()).isEqualTo(RefusalReason.TOO_LONG));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "invoices",
        "INVOICES",
        "\"invoices\"",
        "\"INVOICES\"",
        "main.invoices",
        "MAIN.\"Invoices\""
      })
  void approve_tableSpelledAnyWay_isTheAllowlistedTableRenderedQualifiedBesideACteOfItsName(
      String table) throws Exception {
    ApprovedQuery approved =
        ALLOWLIST.approve(
            "WITH invoices AS (SELECT * FROM " + table + ") SELECT count(*) FROM invoices", POLICY);

    assertThat(approved.tables()).containsExactly("invoices");
    assertThat(approved.sql()).contains("FROM \"main\".\"invoices\"");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "invoices",
        "INVOICES",
        "\"invoices\"",
        "\"INVOICES\"",
        "main.invoices",
        "MAIN.\"Invoices\""
      })
  void approve_tableSpelledAnyWayWithoutCteOfItsName_isTheAllowlistedTableRenderedAsWritten(
      String table) throws Exception {
    ApprovedQuery approved =
        ALLOWLIST.approve(
            "WITH c AS (SELECT 1 AS x) SELECT (SELECT count(*) FROM " + table + "), x FROM c",
            POLICY);

    assertThat(approved.tables()).containsExactly("invoices");
    assertThat(approved.sql()).contains("FROM " + quoted(table) + ")");
  }

  /** How the renderer spells a written name: every part double-quoted, as written. */
  private static String quoted(String name) {
    return java.util.Arrays.stream(name.split("\\."))
        .map(part -> part.startsWith("\"") ? part : "\"" + part + "\"")
        .collect(java.util.stream.Collectors.joining("."));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "wh.invoices",
        "wh.main.invoices",
        "WH.MAIN.INVOICES",
        "main.invoices",
        "invoices"
      })
  void approve_configuredCatalogPrefix_isAcceptedAndRendered(String table) throws Exception {
    SqlAllowlist withCatalog = SampleTables.builder().catalog("wh").build();

    ApprovedQuery approved = withCatalog.approve("SELECT count(*) FROM " + table, POLICY);

    assertThat(approved.sql()).contains("FROM \"wh\".\"main\".\"invoices\"");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "other.invoices",
        "wh.other.invoices",
        "other.main.invoices",
        "x.wh.main.invoices"
      })
  void approve_otherPrefixWithCatalogConfigured_isSchemaNotAllowed(String table) {
    SqlAllowlist withCatalog = SampleTables.builder().catalog("wh").build();

    assertThatThrownBy(() -> withCatalog.approve("SELECT * FROM " + table, POLICY))
        .isInstanceOfSatisfying(
            SqlRefusedException.class,
            e -> {
              assertThat(e.refusal().reason()).isEqualTo(RefusalReason.SCHEMA_NOT_ALLOWED);
              assertThat(e.refusal().message()).contains("allowed prefixes: main, wh, wh.main");
            });
  }

  @Test
  void approve_cteReferenceMatchingOnlyUnderUnicodeCaseFolding_isATableReference() {
    // Java lowercases the Kelvin sign to k; DuckDB folds ASCII only, so it would not see the CTE
    // here.
    String sql =
        "WITH duckdb_settings_copy AS (SELECT 1 AS x) SELECT * FROM \"duc\u212Adb_settings_copy\"";

    SqlRefusal refusal = RefusedQueriesTest.refusalOf(sql, POLICY);

    assertThat(refusal.reason()).isEqualTo(RefusalReason.TABLE_NOT_ALLOWED);
  }

  @Test
  void approve_cteNames_areNotReportedAsTables() throws Exception {
    ApprovedQuery approved =
        ALLOWLIST.approve(
            "WITH paid AS (SELECT * FROM invoices WHERE status = 'paid') SELECT count(*) FROM paid",
            POLICY);

    assertThat(approved.tables()).containsExactly("invoices");
    assertThat(approved.maxRows()).isEqualTo(100);
  }

  @Test
  void approve_trailingSemicolon_isOneStatement() throws Exception {
    assertThat(ALLOWLIST.approve("SELECT 1;", POLICY).sql()).doesNotContain(";");
  }

  @Test
  void builder_extraFunction_isAllowed() throws Exception {
    SqlAllowlist extended = SampleTables.builder().functions("editdist3").build();

    assertThat(extended.approve("SELECT editdist3(name, 'acme') FROM customers", POLICY).sql())
        .contains("editdist3");
    assertThatThrownBy(
            () -> ALLOWLIST.approve("SELECT editdist3(name, 'acme') FROM customers", POLICY))
        .isInstanceOf(SqlRefusedException.class);
  }

  @Test
  void builder_parentNotAllowlisted_isRejected() {
    SqlAllowlist.Builder builder =
        SqlAllowlist.builder()
            .table(
                "invoice_lines", TenantScope.throughParent("invoice_id", "invoices", "invoice_id"));

    assertThatThrownBy(builder::build)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("invoices");
  }

  @Test
  void builder_scopeCycle_isRejected() {
    SqlAllowlist.Builder builder =
        SqlAllowlist.builder()
            .table("a", TenantScope.throughParent("b_id", "b", "id"))
            .table("b", TenantScope.throughParent("a_id", "a", "id"));

    assertThatThrownBy(builder::build)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("loop");
  }

  @Test
  void builder_noTables_isRejected() {
    assertThatThrownBy(() -> SqlAllowlist.builder().build())
        .isInstanceOf(IllegalStateException.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"Invoices", "main.invoices", "in voices", "", "1invoices", "invoices;"})
  void builder_tableNameNotALowercaseIdentifier_isRejected(String name) {
    assertThatThrownBy(() -> SqlAllowlist.builder().table(name, TenantScope.byColumn("region")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @ParameterizedTest
  @ValueSource(ints = {0, -1, QueryPolicy.MAX_ROWS_LIMIT + 1})
  void queryPolicy_maxRowsOutOfRange_isRejected(int maxRows) {
    assertThatThrownBy(() -> QueryPolicy.unscoped(maxRows))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"EMEA", "emea'", "em ea", "", "emea') OR ('1'='1", "é"})
  void tenant_regionNotLowercaseWord_isRejected(String region) {
    assertThatThrownBy(() -> Tenant.of(region)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void tenant_noRegion_isRejected() {
    assertThatThrownBy(() -> new Tenant(Set.of())).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void tenant_values_areCopied() {
    Set<String> values = new HashSet<>(Set.of("emea"));
    Tenant tenant = new Tenant(values);

    values.add("apac");

    assertThat(tenant.values()).containsExactly("emea");
    assertThat(QueryPolicy.forTenant(tenant, 5).tenant()).contains(tenant);
  }

  @Test
  void refusedException_message_namesReasonPositionAndAdvice() {
    SqlRefusedException e =
        new SqlRefusedException(
            new SqlRefusal(RefusalReason.SYNTAX, "x", 2, 3, "syntax error: x; send one query"));

    assertThat(e.getMessage())
        .isEqualTo("SQL refused (SYNTAX at line 2, column 3): syntax error: x; send one query");
  }

  private static String padTo(String sql, int bytes) {
    return sql + " ".repeat(bytes - sql.length());
  }

  private static String nestedSubqueries(int depth) {
    return "SELECT * FROM (".repeat(depth) + "SELECT 1" + ") t".repeat(depth);
  }
}
