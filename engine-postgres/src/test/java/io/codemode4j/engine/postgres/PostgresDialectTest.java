package io.codemode4j.engine.postgres;

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

/** The PostgreSQL dialect: what it refuses, saying what to write, and how it renders. */
class PostgresDialectTest {

  private static final SqlAllowlist ALLOWLIST =
      SampleTables.builder().dialect(PostgresSql.dialect("billing")).build();

  @Test
  void render_bareTable_isQualifiedByTheDialectsSchema() throws SqlRefusedException {
    String sql = ALLOWLIST.approve("SELECT count(*) FROM invoices", QueryPolicy.unscoped(5)).sql();

    assertThat(sql).contains("\"billing\".\"invoices\"").contains("LIMIT 6");
  }

  /** PostgreSQL divides two integers without the fraction; DuckDB does not. */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          count(*) / 3            | (COUNT(*) / CAST(3 AS NUMERIC))
          sum(amount) / count(*)  | (SUM("amount") / CAST(COUNT(*) AS NUMERIC))
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
  void render_tenantQuery_filtersTheQualifiedTable() throws SqlRefusedException {
    String sql =
        ALLOWLIST
            .approve(
                "SELECT customer, amount FROM invoices",
                QueryPolicy.forTenant(Tenant.of("emea"), 5))
            .sql();

    assertThat(sql).contains("\"billing\".\"invoices\"").contains("'emea'");
  }

  @Test
  void approve_schemaPrefixOfTheDialect_isAcceptedAndDuckDbsMainRefused()
      throws SqlRefusedException {
    assertThat(ALLOWLIST.approve("SELECT 1 FROM billing.invoices", QueryPolicy.unscoped(1)).sql())
        .contains("\"billing\".\"invoices\"");

    SqlRefusal refusal = refusalOf("SELECT 1 FROM main.invoices");

    assertThat(refusal.reason()).isEqualTo(RefusalReason.SCHEMA_NOT_ALLOWED);
    assertThat(refusal.message()).contains("allowed prefixes: billing");
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
          SELECT last_value(amount IGNORE NULLS) OVER (ORDER BY issued_on) FROM invoices | IGNORE NULLS
          SELECT * FROM range(1, 5)                                       | generate_series(start, stop)
          SELECT issued_on + INTERVAL (1 + 1) DAY FROM invoices           | n * INTERVAL '1' DAY
          SELECT TRY_CAST(customer_id AS INTEGER) FROM customers          | CASE WHEN
          SELECT 1 FROM invoices WHERE invoice_id SIMILAR TO 'INV.*'      | LIKE
          """)
  void approve_constructPostgresLacks_isRefusedSayingWhatToWrite(String sql, String advice) {
    SqlRefusal refusal = refusalOf(sql);

    assertThat(refusal.reason()).as(refusal.toString()).isEqualTo(RefusalReason.UNSUPPORTED_SYNTAX);
    assertThat(refusal.message()).contains("PostgreSQL").contains(advice);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT strftime(issued_on, '%Y') FROM invoices    | strftime
          SELECT date_diff('day', issued_on, due_on) FROM invoices | date_diff
          SELECT current_setting('is_superuser')            | current_setting
          SELECT pg_sleep(1)                                | pg_sleep
          SELECT repeat('x', 1000)                          | repeat
          """)
  void approve_functionOutsideThePostgresAllowlist_isRefused(String sql, String function) {
    SqlRefusal refusal = refusalOf(sql);

    assertThat(refusal.reason()).isEqualTo(RefusalReason.FUNCTION_NOT_ALLOWED);
    assertThat(refusal.element()).isEqualToIgnoringCase(function);
  }

  /**
   * PostgreSQL's own string builders are bounded like DuckDB's (StringGrowth): to_char's format
   * grows (J writes 9 digits for one character, RN 15 for two), and {@code \&} in a regexp_replace
   * replacement copies the whole match.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT to_char(issued_on, lpad('', 5000, 'J')) FROM invoices                 | to_char could build a value of 80000 characters
          SELECT to_char(amount, replace(lpad('', 2000, 'x'), 'x', 'RN')) FROM invoices | to_char could build a value of 64000 characters
          SELECT regexp_replace(lpad(customer, 10000, 'x'), 'x+', '\\&\\&\\&') FROM invoices | regexp_replace could build a value of 40006 characters
          """)
  void approve_postgresBuilderOverTheLimit_isRefusedWithTheLimit(String sql, String message) {
    SqlRefusal refusal = refusalOf(sql);

    assertThat(refusal.reason()).as(refusal.toString()).isEqualTo(RefusalReason.TOO_COMPLEX);
    assertThat(refusal.message()).contains(message, "over the limit of 20000 for one value");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT to_char(issued_on, 'YYYY-MM') AS m FROM invoices                    | "to_char"(
          SELECT DISTINCT ON (customer) customer, amount FROM invoices ORDER BY customer, amount | DISTINCT ON
          SELECT amount::numeric(12, 2) FROM invoices                                | ::
          SELECT issued_on + INTERVAL 30 DAY FROM invoices                           | INTERVAL '30' DAY
          SELECT issued_on + INTERVAL '45' DAY FROM invoices                         | INTERVAL '45' DAY
          SELECT string_agg(customer, ', ' ORDER BY customer) FROM customers          | ORDER BY
          SELECT 'a\\b' AS s                                                         | 'a\\b'
          SELECT extract(year FROM issued_on) AS y FROM invoices                     | EXTRACT(YEAR FROM "issued_on")
          """)
  void render_postgresSyntax_isKeptInTheRendering(String sql, String rendered)
      throws SqlRefusedException {
    assertThat(ALLOWLIST.approve(sql, QueryPolicy.unscoped(5)).sql()).contains(rendered);
  }

  @Test
  void render_quoteInAString_isDoubledNeverBackslashEscaped() throws SqlRefusedException {
    assertThat(ALLOWLIST.approve("SELECT 'it''s' AS s", QueryPolicy.unscoped(5)).sql())
        .contains("'it''s'")
        .doesNotContain("E'");
  }

  @Test
  void approve_castToATypePostgresLacks_isRefusedListingItsTypes() {
    SqlRefusal refusal = refusalOf("SELECT amount::hugeint FROM invoices");

    assertThat(refusal.reason()).isEqualTo(RefusalReason.TYPE_NOT_ALLOWED);
    assertThat(refusal.message()).contains("TIMESTAMPTZ").doesNotContain("HUGEINT,");
  }

  @Test
  void postgres_schemaNotAnIdentifier_isRefusedSayingWhatIsValid() {
    assertThatThrownBy(() -> PostgresSql.dialect("Billing; DROP"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("[a-z_][a-z0-9_]*");
  }

  @Test
  void name_postgres_namesTheEngine() {
    assertThat(ALLOWLIST.dialect().name()).isEqualTo("PostgreSQL");
    assertThat(ALLOWLIST.dialect().schema()).isEqualTo("billing");
  }

  private static SqlRefusal refusalOf(String sql) {
    SqlRefusedException refused =
        catchThrowableOfType(
            SqlRefusedException.class, () -> ALLOWLIST.approve(sql, QueryPolicy.unscoped(5)));
    assertThat(refused).as("refused: %s", sql).isNotNull();
    return refused.refusal();
  }
}
