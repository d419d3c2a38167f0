package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.RefusedQueriesTest;
import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusal;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class StringGrowthTest {

  private static final SqlAllowlist ALLOWLIST = SampleTables.allowlist();
  private static final QueryPolicy POLICY = QueryPolicy.unscoped(100);

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "SELECT name || ' (' || region || ')' AS label FROM customers",
        "SELECT concat_ws(', ', name, region, customer_id) FROM customers",
        "SELECT replace(name, ' ', '_'), replace(name, 'a', 'ae') FROM customers",
        "SELECT regexp_replace(name, '\\s+', ' ', 'g'), regexp_replace(name, '(a)', '\\1\\1') FROM customers",
        "SELECT lpad(name, 10000, '.') || rpad(region, 10000, ' ') FROM customers",
        "SELECT strftime(issued_on, '%Y-%m') || ' ' || name FROM invoices JOIN customers USING (customer_id)",
        "SELECT string_agg(name, ', ') FROM customers",
        "SELECT string_agg(name, ', ' ORDER BY name) || '.' FROM customers",
        "WITH a AS (SELECT name || name AS s FROM customers) SELECT s || s FROM a",
        "SELECT printf('%-10s|%8d', region, length(name)) FROM customers",
        "SELECT length(string_agg(name, ',')) * 2 FROM customers",
        "SELECT string_agg(name || ' (' || region || ')', '; ') FROM customers",
        "SELECT string_agg(lpad(name, 250, '.'), ', ') FROM customers"
      })
  void approve_boundedGrowth_isAccepted(String sql) throws Exception {
    assertThat(ALLOWLIST.approve(sql, POLICY).sql()).contains("SELECT");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '~',
      quoteCharacter = '"',
      textBlock =
          """
      SELECT replace(replace(lpad('', 10000, 'x'), 'x', 'xxxxxxxxxx'), 'x', 'xxxxxxxxxx') ~ 20000 for one value
      SELECT replace(replace(name, 'a', 'aaaaaaaaaa'), 'a', 'aaaaaaaaaa') FROM customers ~ 16: return the parts
      SELECT regexp_replace(lpad('', 10000, 'x'), 'x', '\\0\\0\\0', 'g') ~ 20000 for one value
      SELECT regexp_replace(regexp_replace(name, '', 'xxxxxxx', 'g'), '', 'xxxxxxx', 'g') FROM customers ~ 16: return the parts
      WITH a AS (SELECT name || name || name || name AS s FROM customers), b AS (SELECT s || s || s || s AS s FROM a) SELECT s || s FROM b ~ 16: return the parts
      WITH a AS (SELECT lpad('', 10000, 'x') AS s), b AS (SELECT s || s || s AS s FROM a) SELECT s FROM b ~ 20000 for one value
      SELECT lpad(name, 10000, 'x') AS a, a || a || a AS b FROM customers ~ 20000 for one value
      SELECT printf('%10000s%10000s', name, name) FROM customers ~ 20000 for one value
      SELECT format('{0}{0}{0}{0}{0}{0}{0}{0}{0}{0}{0}{0}{0}{0}{0}{0}{0}', name) FROM customers ~ 16: return the parts
      SELECT strftime(issued_on, lpad('', 2000, '%c')) FROM invoices ~ 20000 for one value
      SELECT string_agg(name, ',') || string_agg(name, ',') FROM customers ~ string_agg/listagg result
      SELECT replace(string_agg(name, ','), ',', ',,') FROM customers ~ string_agg/listagg result
      SELECT string_agg(lpad(name, 10000, 'x'), ',') FROM customers ~ 10001 characters per row besides stored values
      SELECT string_agg(name, lpad('', 250, ',')) FROM customers ~ over the limit of 256
      SELECT lpad(name, 9000, 'a'), lpad(name, 9000, 'b'), lpad(name, 9000, 'c'), lpad(name, 9000, 'd'), lpad(name, 9000, 'e'), lpad(name, 9000, 'f'), lpad(name, 9000, 'g'), lpad(name, 9000, 'h'), lpad(name, 9000, 'i'), lpad(name, 9000, 'j'), lpad(name, 9000, 'k'), lpad(name, 9000, 'l') FROM customers ~ 100000: build fewer
      """)
  void approve_growthOverTheLimits_isRefusedWithTheLimit(String sql, String message) {
    SqlRefusal refusal = RefusedQueriesTest.refusalOf(sql, POLICY);

    assertThat(refusal.reason()).isEqualTo(RefusalReason.TOO_COMPLEX);
    assertThat(refusal.message()).contains(message);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "SELECT replace(name, 'a', name) FROM customers",
        "SELECT regexp_replace(name, 'a', region, 'g') FROM customers"
      })
  void approve_computedReplacement_isRefusedWithALiteralExample(String sql) {
    SqlRefusal refusal = RefusedQueriesTest.refusalOf(sql, POLICY);

    assertThat(refusal.reason()).isEqualTo(RefusalReason.FUNCTION_NOT_ALLOWED);
    assertThat(refusal.message()).contains("replacement written in the query", "write e.g.");
  }
}
