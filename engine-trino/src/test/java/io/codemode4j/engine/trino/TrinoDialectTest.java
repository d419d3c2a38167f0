package io.codemode4j.engine.trino;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusal;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The Trino dialect: what it refuses, saying what to write, and how it renders. */
class TrinoDialectTest {

  private static final SqlAllowlist ALLOWLIST =
      SampleTables.builder().dialect(TrinoSql.dialect("hive", "billing")).build();

  @Test
  void render_bareTable_isQualifiedByTheDialectsCatalogAndSchema() throws SqlRefusedException {
    String sql = ALLOWLIST.approve("SELECT count(*) FROM invoices", QueryPolicy.unscoped(5)).sql();

    assertThat(sql)
        .contains("\"hive\".\"billing\".\"invoices\"")
        .contains("FETCH NEXT 6 ROWS ONLY")
        .doesNotContain("LIMIT");
  }

  @Test
  void render_tenantQuery_filtersTheQualifiedTable() throws SqlRefusedException {
    String sql =
        ALLOWLIST
            .approve(
                "SELECT customer, amount FROM invoices",
                QueryPolicy.forTenant(Tenant.of("emea"), 5))
            .sql();

    assertThat(sql).contains("\"hive\".\"billing\".\"invoices\"").contains("'emea'");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT 1 FROM billing.invoices       | "hive"."billing"."invoices"
          SELECT 1 FROM hive.billing.invoices  | "hive"."billing"."invoices"
          SELECT 1 FROM hive.invoices          | "hive"."billing"."invoices"
          """)
  void approve_prefixOfTheDialectsCatalogOrSchema_isAccepted(String sql, String rendered)
      throws SqlRefusedException {
    assertThat(ALLOWLIST.approve(sql, QueryPolicy.unscoped(1)).sql()).contains(rendered);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT 1 FROM main.invoices          | main
          SELECT 1 FROM system.runtime.queries | system.runtime
          SELECT 1 FROM other.billing.invoices | other.billing
          """)
  void approve_otherCatalogOrSchema_isRefused(String sql, String prefix) {
    SqlRefusal refusal = refusalOf(sql);

    assertThat(refusal.reason()).isEqualTo(RefusalReason.SCHEMA_NOT_ALLOWED);
    assertThat(refusal.element()).isEqualTo(prefix);
    assertThat(refusal.message()).contains("allowed prefixes: billing, hive, hive.billing");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT region, count(*) FROM invoices GROUP BY ALL              | GROUP BY region, status
          SELECT region FROM invoices ORDER BY ALL                        | list the columns
          SELECT * EXCLUDE (notes) FROM invoices                          | list the columns
          SELECT * REPLACE (round(amount, 0) AS amount) FROM invoices     | list the columns
          SELECT customer, row_number() OVER (ORDER BY amount) AS r FROM invoices QUALIFY r = 1 | WHERE
          SELECT DISTINCT ON (customer) customer, amount FROM invoices ORDER BY customer, amount | row_number()
          SELECT * FROM range(1, 5)                                       | JavaScript
          SELECT * FROM generate_series(1, 5)                             | JavaScript
          SELECT issued_on + INTERVAL (1 + 1) DAY FROM invoices           | n * INTERVAL '1' DAY
          SELECT issued_on + INTERVAL '30 days' FROM invoices             | INTERVAL '30' DAY
          SELECT 1 FROM invoices WHERE invoice_id SIMILAR TO 'INV.*'      | regexp_like
          SELECT 1 FROM customers WHERE name ILIKE 'a%'                   | lower(status) LIKE
          SELECT 1 FROM customers WHERE name NOT ILIKE 'a%'               | lower(status) LIKE
          SELECT 1 FROM customers NATURAL JOIN invoices                   | USING (customer_id)
          SELECT 1 FROM invoices WHERE amount BETWEEN SYMMETRIC 5 AND 1   | least(a, b)
          SELECT year(issued_on) AS y, count(*) FROM invoices GROUP BY ROLLUP (year(issued_on)) | group by its column
          SELECT year(issued_on) AS y, count(*) FROM invoices GROUP BY GROUPING SETS ((region), (year(issued_on))) | group by its column
          """)
  void approve_constructTrinoLacks_isRefusedSayingWhatToWrite(String sql, String advice) {
    SqlRefusal refusal = refusalOf(sql);

    assertThat(refusal.reason()).as(refusal.toString()).isEqualTo(RefusalReason.UNSUPPORTED_SYNTAX);
    assertThat(refusal.message()).contains("Trino").contains(advice);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT strftime(issued_on, '%Y') FROM invoices           | strftime
          SELECT date_part('year', issued_on) FROM invoices        | date_part
          SELECT string_agg(customer, ', ') FROM invoices          | string_agg
          SELECT array_agg(customer) FROM invoices                 | array_agg
          SELECT regexp_replace(customer, 'a', 'b') FROM invoices  | regexp_replace
          SELECT current_user                                      | current_user
          SELECT current_catalog                                   | current_catalog
          SELECT random()                                          | random
          SELECT format('%s', customer) FROM invoices              | format
          """)
  void approve_functionOutsideTheTrinoAllowlist_isRefused(String sql, String function) {
    SqlRefusal refusal = refusalOf(sql);

    assertThat(refusal.reason()).isEqualTo(RefusalReason.FUNCTION_NOT_ALLOWED);
    assertThat(refusal.element()).isEqualToIgnoringCase(function);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT amount::decimal(12, 2) AS a FROM invoices                           | CAST ("amount" AS DECIMAL(12, 2))
          SELECT issued_on + INTERVAL 30 DAY FROM invoices                           | INTERVAL '30' DAY
          SELECT 1 FROM invoices WHERE issued_on BETWEEN DATE '2024-01-01' AND DATE '2024-03-31' | BETWEEN (DATE '2024-01-01') AND (DATE '2024-03-31')
          SELECT 1 FROM invoices WHERE amount NOT BETWEEN 1 AND 5                    | NOT BETWEEN (1) AND (5)
          SELECT last_value(amount IGNORE NULLS) OVER (ORDER BY issued_on) AS l FROM invoices | ("amount") IGNORE NULLS OVER
          SELECT lag(amount) IGNORE NULLS OVER (ORDER BY issued_on) AS l FROM invoices | ("amount") IGNORE NULLS OVER
          SELECT TRY_CAST(customer AS INTEGER) AS n FROM invoices                    | TRY_CAST(
          SELECT count(*) FILTER (WHERE amount > 1) AS n FROM invoices               | FILTER (WHERE
          SELECT date_diff('day', issued_on, due_on) AS d FROM invoices              | DATE_DIFF('day'
          SELECT avg(EXTRACT(DAY FROM CAST(due_on AS TIMESTAMP) - CAST(issued_on AS TIMESTAMP))) AS d FROM invoices | EXTRACT(DAY FROM
          SELECT 'a\\b' AS s                                                         | 'a\\b'
          SELECT extract(year FROM issued_on) AS y FROM invoices                     | EXTRACT(YEAR FROM "issued_on")
          """)
  void render_trinoSyntax_isWrittenAsTrinoReadsIt(String sql, String rendered)
      throws SqlRefusedException {
    assertThat(ALLOWLIST.approve(sql, QueryPolicy.unscoped(5)).sql()).contains(rendered);
  }

  @Test
  void render_doubleColonCast_leavesNoDoubleColon() throws SqlRefusedException {
    String sql =
        ALLOWLIST
            .approve(
                "SELECT (amount / 100)::decimal(18, 2) AS a, '2024-01-01'::date AS d FROM invoices",
                QueryPolicy.unscoped(5))
            .sql();

    assertThat(sql)
        .doesNotContain("::")
        .contains(
            "CAST ((\"amount\" / CAST(100 AS DOUBLE)) AS DECIMAL(18, 2))",
            "CAST ('2024-01-01' AS DATE)");
  }

  /** Trino divides integers without the fraction and decimals at their scale; DuckDB does not. */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          sum(amount) / 100           | (SUM("amount") / CAST(100 AS DOUBLE))
          100.0 * amount / count(*)   | ((100.0 * "amount") / CAST(COUNT(*) AS DOUBLE))
          amount / (amount / 2)       | ("amount" / CAST(("amount" / CAST(2 AS DOUBLE)) AS DOUBLE))
          """)
  void render_division_castsTheDivisorToDouble(String expression, String rendered)
      throws SqlRefusedException {
    String sql =
        ALLOWLIST
            .approve("SELECT " + expression + " AS q FROM invoices", QueryPolicy.unscoped(5))
            .sql();

    assertThat(sql).contains(rendered + " AS \"q\"");
  }

  @Test
  void render_quoteInAString_isDoubledNeverEscapedOtherwise() throws SqlRefusedException {
    assertThat(ALLOWLIST.approve("SELECT 'it''s' AS s", QueryPolicy.unscoped(5)).sql())
        .contains("'it''s'")
        .doesNotContain("U&'");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"text", "float", "int8", "timestamptz", "hugeint", "string", "json"})
  void approve_castToATypeTrinoLacks_isRefusedListingItsTypes(String type) {
    SqlRefusal refusal = refusalOf("SELECT amount::" + type + " FROM invoices");

    assertThat(refusal.reason()).isEqualTo(RefusalReason.TYPE_NOT_ALLOWED);
    assertThat(refusal.message()).contains("TIMESTAMP").contains("VARCHAR").doesNotContain("TEXT");
  }

  @Test
  void approve_columnTrinoReadsAsACall_isRefusedNamingTrino() {
    SqlRefusal refusal = refusalOf("SELECT current_path FROM invoices");

    assertThat(refusal.reason()).isEqualTo(RefusalReason.FUNCTION_NOT_ALLOWED);
    assertThat(refusal.message()).contains("read by Trino as a call of the function current_path");
  }

  @Test
  void build_catalogOtherThanTheDialects_isRefusedSayingToLeaveItOut() {
    assertThatThrownBy(
            () ->
                SampleTables.builder()
                    .dialect(TrinoSql.dialect("hive", "billing"))
                    .catalog("lake")
                    .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("leave catalog(...) out");
  }

  @Test
  void trino_catalogNotAnIdentifier_isRefusedSayingWhatIsValid() {
    assertThatThrownBy(() -> TrinoSql.dialect("Hive; DROP", "billing"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("[a-z_][a-z0-9_]*");
  }

  @Test
  void name_trino_namesTheEngineCatalogAndSchema() {
    assertThat(ALLOWLIST.dialect().name()).isEqualTo("Trino");
    assertThat(ALLOWLIST.dialect().catalog()).isEqualTo("hive");
    assertThat(ALLOWLIST.dialect().schema()).isEqualTo("billing");
    assertThat(TrinoSql.dialect("hive", "billing")).isEqualTo(TrinoSql.dialect("hive", "billing"));
  }

  private static SqlRefusal refusalOf(String sql) {
    SqlRefusedException refused =
        catchThrowableOfType(
            SqlRefusedException.class, () -> ALLOWLIST.approve(sql, QueryPolicy.unscoped(5)));
    assertThat(refused).as("refused: %s", sql).isNotNull();
    return refused.refusal();
  }
}
