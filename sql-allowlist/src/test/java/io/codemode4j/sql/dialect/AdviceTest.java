package io.codemode4j.sql.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusal;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.internal.FunctionAllowlist;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each dialect's {@link Dialect#advice}: every topic is SQL its own allowlist approves, and the
 * refusals that advise (functions, joins, clauses, casts) give the dialect's advice, so that a
 * PostgreSQL or Trino refusal names no DuckDB function or clause. {@code DialectAdviceIT} in
 * warehouse-tools runs each advice on the engine itself.
 */
class AdviceTest {

  private static final Map<String, SqlAllowlist> ALLOWLISTS =
      Map.of(
          "duckdb", SampleTables.builder().dialect(Dialect.duckDb()).build(),
          "postgres", SampleTables.builder().dialect(Dialect.postgres("billing")).build(),
          "trino", SampleTables.builder().dialect(Dialect.trino("hive", "billing")).build());

  static Stream<Arguments> everyTopicOfEveryDialect() {
    return ALLOWLISTS.keySet().stream()
        .sorted()
        .flatMap(dialect -> Arrays.stream(Advice.values()).map(a -> Arguments.of(dialect, a)));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("everyTopicOfEveryDialect")
  void advice_everyTopic_isApprovedByItsOwnDialect(String dialect, Advice topic)
      throws SqlRefusedException {
    SqlAllowlist allowlist = ALLOWLISTS.get(dialect);

    String sql = query(allowlist.dialect().advice(topic));

    assertThat(allowlist.approve(sql, QueryPolicy.unscoped(10)).sql()).isNotBlank();
  }

  /** The advice as the query that runs it: a whole query as it is, an expression selected. */
  static String query(String advice) {
    return advice.startsWith("SELECT ") ? advice : "SELECT " + advice + " AS x FROM invoices";
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          duckdb   | SELECT datediff('day', issued_on, due_on) FROM invoices          | date_diff('day', issued_on, paid_on)
          postgres | SELECT datediff('day', issued_on, due_on) FROM invoices          | paid_on - issued_on
          postgres | SELECT date_diff('day', issued_on, due_on) FROM invoices         | paid_on - issued_on
          postgres | SELECT date_add(issued_on, INTERVAL 30 DAY) FROM invoices       | issued_on + 30
          duckdb   | SELECT to_char(issued_on, 'YYYY-MM') FROM invoices             | strftime(issued_on, '%Y-%m')
          postgres | SELECT strftime(issued_on, '%Y-%m') FROM invoices              | to_char(issued_on, 'YYYY-MM')
          postgres | SELECT year(issued_on) FROM invoices                           | extract(year FROM issued_on)
          postgres | SELECT median(amount_cents) FROM invoices                      | percentile_cont(0.5) WITHIN GROUP
          postgres | SELECT count_if(status = 'paid') FROM invoices                 | count(*) FILTER (WHERE
          postgres | SELECT if(status = 'paid', 1, 0) FROM invoices                 | CASE WHEN
          postgres | SELECT divide(amount_cents, 100) FROM invoices                 | div(amount_cents, 100)
          duckdb   | SELECT array_agg(status) FROM invoices                         | string_agg(status, ', ')
          postgres | SELECT listagg(status, ', ') FROM invoices                     | string_agg(status, ', ')
          postgres | SELECT arg_max(customer_id, issued_on) FROM invoices           | row_number() OVER
          duckdb   | SELECT 7 // 2                                                  | divide(amount_cents, 100)
          postgres | SELECT 7 // 2                                                  | div(amount_cents, 100)
          duckdb   | SELECT * FROM invoices i ASOF JOIN customers c ON i.customer_id = c.customer_id | QUALIFY row_number()
          postgres | SELECT * FROM invoices i ASOF JOIN customers c ON i.customer_id = c.customer_id | WHERE n = 1
          duckdb   | SELECT region, count(*) FROM invoices GROUP BY ALL WHERE region = 'emea' | GROUP BY ALL
          postgres | SELECT region, count(*) FROM invoices GROUP BY ALL WHERE region = 'emea' | GROUP BY 1, 2
          duckdb   | SELECT region, status FROM invoices ORDER BY ALL, region       | ORDER BY ALL
          postgres | SELECT region, status FROM invoices ORDER BY ALL, region       | ORDER BY 1, 2
          postgres | SELECT DISTINCT ON (customer_id)customer_id FROM invoices ORDER BY customer_id | WHERE n = 1
          duckdb   | SELECT CAST(amount_cents AS INTERVAL DAY) FROM invoices        | to_days(30)
          postgres | SELECT CAST(amount_cents AS INTERVAL DAY) FROM invoices        | 30 * INTERVAL '1' DAY
          postgres | SELECT "current_user" FROM invoices                           | read by PostgreSQL
          trino    | SELECT datediff('day', issued_on, due_on) FROM invoices          | date_diff('day', issued_on, paid_on)
          trino    | SELECT date_sub('day', issued_on, due_on) FROM invoices          | date_diff('day', issued_on, paid_on)
          trino    | SELECT strftime(issued_on, '%Y-%m') FROM invoices              | date_format(issued_on, '%Y-%m')
          trino    | SELECT to_char(issued_on, 'YYYY-MM') FROM invoices             | date_format(issued_on, '%Y-%m')
          trino    | SELECT median(amount_cents) FROM invoices                      | row_number() OVER (ORDER BY amount_cents)
          trino    | SELECT string_agg(status, ', ') FROM invoices                  | listagg(status, ', ') WITHIN GROUP
          trino    | SELECT array_agg(status) FROM invoices                         | listagg(status, ', ') WITHIN GROUP
          trino    | SELECT arg_max(customer_id, issued_on) FROM invoices           | row_number() OVER
          trino    | SELECT 7 // 2                                                  | amount_cents / 100
          trino    | SELECT * FROM invoices i ASOF JOIN customers c ON i.customer_id = c.customer_id | WHERE n = 1
          trino    | SELECT region, count(*) FROM invoices GROUP BY ALL WHERE region = 'emea' | GROUP BY 1, 2
          trino    | SELECT region, status FROM invoices ORDER BY ALL, region       | ORDER BY 1, 2
          trino    | SELECT CAST(amount_cents AS INTERVAL DAY) FROM invoices        | 30 * INTERVAL '1' DAY
          trino    | SELECT "current_user" FROM invoices                           | read by Trino
          """)
  void approve_refusalThatAdvises_givesTheDialectsAdvice(
      String dialect, String sql, String advice) {
    SqlRefusal refusal = refusalOf(ALLOWLISTS.get(dialect), sql);

    assertThat(refusal.message()).as(refusal.toString()).contains(advice);
    if (!dialect.equals("duckdb")) {
      String written = refusal.message().substring(refusal.message().indexOf(": ") + 2);
      assertThat(duckDbOnlyWords(written, ALLOWLISTS.get(dialect).dialect()))
          .as(refusal.message())
          .isEmpty();
    }
  }

  /**
   * DuckDB's functions {@code dialect} lacks called in {@code advice}, and DuckDB's own clauses:
   * none may appear in another engine's advice.
   */
  private static List<String> duckDbOnlyWords(String advice, Dialect dialect) {
    Stream<String> calls =
        FunctionAllowlist.DEFAULTS.stream()
            .filter(name -> !dialect.defaultFunctions().contains(name))
            .filter(
                name ->
                    Pattern.compile("\\b" + Pattern.quote(name) + "\\(").matcher(advice).find());
    Stream<String> clauses =
        Stream.of("QUALIFY", "GROUP BY ALL", "ORDER BY ALL", "INTERVAL 30 DAY", "DuckDB")
            .filter(advice::contains);
    return Stream.concat(calls, clauses).sorted().toList();
  }

  private static SqlRefusal refusalOf(SqlAllowlist allowlist, String sql) {
    SqlRefusedException refused =
        catchThrowableOfType(
            SqlRefusedException.class, () -> allowlist.approve(sql, QueryPolicy.unscoped(5)));
    assertThat(refused).as("refused: %s", sql).isNotNull();
    return refused.refusal();
  }
}
