package io.codemode4j.sql.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusal;
import io.codemode4j.sql.SqlRefusedException;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * DuckDB's {@link Dialect#advice}: every topic is SQL its own allowlist approves, and the refusals
 * that advise (functions, joins, clauses, casts) give it. Each engine's advice test does the same
 * for its dialect, with the helpers here, and checks that its refusals name no DuckDB function or
 * clause; {@code DialectAdviceIT} in warehouse-tools runs each advice on the engine itself.
 */
public class AdviceTest {

  private static final SqlAllowlist ALLOWLIST = SampleTables.allowlist();

  @ParameterizedTest
  @EnumSource(Advice.class)
  void advice_everyTopic_isApprovedByItsOwnDialect(Advice topic) throws SqlRefusedException {
    assertApproved(ALLOWLIST, topic);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT datediff('day', issued_on, due_on) FROM invoices          | date_diff('day', issued_on, paid_on)
          SELECT to_char(issued_on, 'YYYY-MM') FROM invoices             | strftime(issued_on, '%Y-%m')
          SELECT array_agg(status) FROM invoices                         | string_agg(status, ', ')
          SELECT 7 // 2                                                  | divide(amount_cents, 100)
          SELECT * FROM invoices i ASOF JOIN customers c ON i.customer_id = c.customer_id | QUALIFY row_number()
          SELECT region, count(*) FROM invoices GROUP BY ALL WHERE region = 'emea' | GROUP BY ALL
          SELECT region, status FROM invoices ORDER BY ALL, region       | ORDER BY ALL
          SELECT CAST(amount_cents AS INTERVAL DAY) FROM invoices        | to_days(30)
          """)
  void approve_refusalThatAdvises_givesTheDialectsAdvice(String sql, String advice) {
    SqlRefusal refusal = refusalOf(ALLOWLIST, sql);

    assertThat(refusal.message()).as(refusal.toString()).contains(advice);
  }

  /** Asserts that {@code allowlist} approves its own advice for {@code topic}. */
  public static void assertApproved(SqlAllowlist allowlist, Advice topic)
      throws SqlRefusedException {
    String sql = query(allowlist, allowlist.advice(topic));

    assertThat(allowlist.approve(sql, QueryPolicy.unscoped(10)).sql()).isNotBlank();
  }

  /**
   * The advice as the query that runs it: a whole query as it is, an expression selected from the
   * allowlist's example table.
   */
  public static String query(SqlAllowlist allowlist, String advice) {
    return advice.startsWith("SELECT ")
        ? advice
        : "SELECT " + advice + " AS x FROM " + allowlist.examples().table();
  }

  /**
   * Asserts that {@code allowlist} refuses {@code sql} giving {@code advice}, and, after the first
   * colon, no function of DuckDB's its dialect lacks and none of DuckDB's own clauses.
   */
  public static void assertAdvisesOnlyItsOwnSql(SqlAllowlist allowlist, String sql, String advice) {
    SqlRefusal refusal = refusalOf(allowlist, sql);

    assertThat(refusal.message()).as(refusal.toString()).contains(advice);
    String written = refusal.message().substring(refusal.message().indexOf(": ") + 2);
    assertThat(duckDbOnlyWords(written, allowlist.dialect())).as(refusal.message()).isEmpty();
  }

  /**
   * DuckDB's functions {@code dialect} lacks called in {@code advice}, and DuckDB's own clauses:
   * none may appear in another engine's advice.
   */
  private static List<String> duckDbOnlyWords(String advice, Dialect dialect) {
    Stream<String> calls =
        Dialect.duckDb().functions().names().stream()
            .filter(name -> !dialect.functions().names().contains(name))
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
