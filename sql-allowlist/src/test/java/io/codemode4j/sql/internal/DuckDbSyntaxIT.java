package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SqlAllowlist;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each DuckDB form read through {@link DuckDbSyntax} or {@link DuckDbForms}, as a select item over
 * the sample warehouse: DuckDB returns the same labels, types and values for the rendering as for
 * the text as written. (Whole queries of each form are in the accepted corpus.)
 */
class DuckDbSyntaxIT {

  private static final SqlAllowlist ALLOWLIST = SampleTables.allowlist();

  private static Warehouse warehouse;

  @BeforeAll
  static void loadWarehouse() throws SQLException {
    warehouse = Warehouse.all();
  }

  @AfterAll
  static void closeWarehouse() throws SQLException {
    warehouse.close();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "INTERVAL '30 days'",
        "INTERVAL '1 day'",
        "INTERVAL '2 weeks'",
        "INTERVAL '1 quarter'",
        "INTERVAL '3 months'",
        "INTERVAL '5 mons'",
        "INTERVAL '2 years'",
        "INTERVAL '2 yrs'",
        "INTERVAL '2 y'",
        "INTERVAL '36 hours'",
        "INTERVAL '2 hrs'",
        "INTERVAL '4 h'",
        "INTERVAL '3 d'",
        "INTERVAL '90 minutes'",
        "INTERVAL '3 mins'",
        "INTERVAL '5 m'",
        "INTERVAL '45 seconds'",
        "INTERVAL '3 secs'",
        "INTERVAL '6 s'",
        "INTERVAL '250 milliseconds'",
        "INTERVAL '10 ms'",
        "INTERVAL '3 microseconds'",
        "INTERVAL '7 us'",
        "INTERVAL '-3 days'",
        "INTERVAL '1 year 2 months'",
        "INTERVAL '1 DAY 12 HOURS'",
        "'30 days'::INTERVAL",
        "'1 month'::interval",
        "'2 hours 30 minutes'::INTERVAL",
        "DATE '2024-01-31' + INTERVAL '1 month'",
        "DATE '2024-01-31' - '2 weeks'::INTERVAL",
        "CAST('2024-02-29' AS DATE) + INTERVAL '1 year'"
      })
  void renderedInterval_intervalString_isTheIntervalDuckDbReads(String expression)
      throws Exception {
    assertSameAsWritten("SELECT " + expression + " AS v");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "SELECT 1.5::float8 AS a, 2::int2 AS b, CAST(3 AS float4) AS c, CAST(4 AS int1) AS d, CAST(5 AS int128) AS e",
        "SELECT CAST(6 AS long) AS a, CAST(7 AS short) AS b, CAST(8 AS uinteger) AS c, CAST('x' AS bpchar) AS d",
        "SELECT CAST(9 AS int16) AS a, CAST(10 AS int32) AS b, CAST(11 AS int64) AS c, CAST(12 AS signed) AS d",
        "SELECT CAST(13 AS utinyint) AS a, CAST(14 AS usmallint) AS b, CAST(1 AS logical) AS c, CAST(2.5 AS dec) AS d",
        "SELECT try(CAST('x' AS INTEGER)) AS a, try(1 / 0) AS b, split_part('a,b,c', ',', 2) AS c",
        "SELECT split_part(NULL, ',', 1) AS a, split_part('abc', '', 5) AS b, sha256('abc') AS c",
        "SELECT first(amount_cents) AS f FROM invoices WHERE invoice_id = 'INV-0000001'",
        "SELECT first(amount_cents) FROM invoices WHERE invoice_id = 'INV-0000001'",
        "SELECT date FROM (SELECT DATE '2024-01-01' AS date) AS t",
        "SELECT t.time, t.timestamp, FROM (SELECT 1 AS time, TIMESTAMP '2024-01-01 10:00:00' AS timestamp) t"
      })
  void renderedQuery_everydayForm_returnsWhatTheWrittenQueryReturns(String sql) throws Exception {
    assertSameAsWritten(sql);
  }

  /**
   * Why the allowlist refuses U+0000: DuckDB's lexer stops at it, so the text it would run is not
   * the text approved (a literal with one is unterminated, and a statement after one is dropped).
   */
  @Test
  void duckDb_textWithNul_readsOnlyUpToTheNul() throws Exception {
    assertThat(warehouse.query("SELECT 1 AS x\0, 2 AS y").columns()).containsExactly("x");
    assertThatThrownBy(() -> warehouse.query("SELECT 'a\0b' AS x"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("unterminated");
  }

  /**
   * Why the allowlist refuses U+00A0 outside quotes: DuckDB reads it as a space, Calcite as part of
   * a name, so {@code region<U+00A0>FROM t} would be approved as the column {@code "region FROM"}.
   */
  @Test
  void duckDb_noBreakSpaceBetweenWords_readsItAsASpace() throws Exception {
    assertThat(warehouse.query("WITH t AS (SELECT 7 AS region) SELECT region\u00A0FROM t").rows())
        .containsExactly(List.of(7));
  }

  /** The rewrite the NUL refusal advises is approved, and DuckDB builds the character with it. */
  @Test
  void renderedQuery_chrZero_holdsTheNulCharacter() throws Exception {
    String rendered =
        ALLOWLIST.approve("SELECT 'a' || chr(0) || 'b' AS v", QueryPolicy.unscoped(10)).sql();

    assertThat(warehouse.query(rendered).rows()).containsExactly(List.of("a\0b"));
  }

  private static void assertSameAsWritten(String sql) throws Exception {
    String rendered = ALLOWLIST.approve(sql, QueryPolicy.unscoped(10)).sql();

    Warehouse.Result written = warehouse.query(sql);
    Warehouse.Result result = warehouse.query(rendered);

    assertThat(result.columns()).as(rendered).isEqualTo(written.columns());
    assertThat(result.types()).as(rendered).isEqualTo(written.types());
    assertThat(result.rows()).as(rendered).isEqualTo(written.rows());
  }
}
