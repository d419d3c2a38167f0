package io.codemode4j.engine.mariadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.sql.internal.ApprovedTrees;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** What the MariaDB pieces write for trees the allowlist approves today (DuckDB's reading). */
class MariaDbSqlDialectTest {

  private static String render(String sql, MariaDbRendering rendering) throws Exception {
    return rendering.render(
        ApprovedTrees.approve(
            sql, Dialect.duckDb(), BillingMariaDb.scopes(), QueryPolicy.unscoped(100)),
        "billing");
  }

  static Stream<Arguments> forms() {
    return Stream.of(
        Arguments.of("SELECT name || '!' AS x FROM customers", "concat(`name`, '!')"),
        Arguments.of(
            "SELECT concat(name, country) AS x FROM customers", "concat_ws('', `name`, `country`)"),
        Arguments.of(
            "SELECT 'a\\b' AS x FROM customers", "concat('a', char(92 USING utf8mb4), 'b')"),
        Arguments.of("SELECT length(name) AS x FROM customers", "char_length(`name`)"),
        Arguments.of(
            "SELECT CAST(amount_cents AS BIGINT) AS x FROM invoices",
            "CAST(`amount_cents` AS SIGNED)"),
        Arguments.of(
            "SELECT CAST(amount_cents AS DECIMAL) AS x FROM invoices", "AS DECIMAL(18,3))"),
        Arguments.of(
            "SELECT CAST(amount_cents AS DECIMAL(10,2)) AS x FROM invoices", "AS DECIMAL(10,2))"),
        Arguments.of(
            "SELECT amount_cents::varchar AS x FROM invoices", "CAST(`amount_cents` AS CHAR)"),
        Arguments.of("SELECT CAST(issued_on AS TIMESTAMP) AS x FROM invoices", "AS DATETIME(6))"),
        Arguments.of(
            "SELECT amount_cents FROM invoices WHERE amount_cents BETWEEN 1 AND 2",
            "`amount_cents`) BETWEEN (1) AND (2)"),
        Arguments.of("SELECT name AS \"a`b\" FROM customers", "AS `a``b`"),
        Arguments.of("SELECT name FROM customers", "FROM `billing`.`customers`"),
        Arguments.of(
            "SELECT issued_on + INTERVAL 30 DAY AS x FROM invoices",
            "date_add(`issued_on`, INTERVAL 30 DAY)"),
        Arguments.of(
            "SELECT issued_on - INTERVAL '45' DAY AS x FROM invoices",
            "date_sub(`issued_on`, INTERVAL '45' DAY)"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("forms")
  void render_plain_writesMariaDbsForm(String sql, String expected) throws Exception {
    String rendered = render(sql, MariaDbRendering.PLAIN);

    assertThat(rendered).contains(expected).doesNotContain("\"").doesNotContain("||");
  }

  @Test
  void render_rewritten_ordersNullsLastAndDividesWithTheFraction() throws Exception {
    String rendered =
        render(
            "SELECT region, count(*) / 3 AS third FROM invoices GROUP BY region"
                + " ORDER BY region, third DESC",
            MariaDbRendering.REWRITTEN);

    assertThat(rendered)
        .contains("/ CAST(3 AS DOUBLE)")
        .contains("ORDER BY (`region`) IS NULL, (`region`), `third` DESC");
  }

  @Test
  void render_explicitNullsFirst_ordersByIsNullDescending() throws Exception {
    assertThat(
            render(
                "SELECT paid_on FROM invoices ORDER BY paid_on DESC NULLS FIRST",
                MariaDbRendering.PLAIN))
        .contains("ORDER BY (`paid_on`) IS NULL DESC, (`paid_on`) DESC");
  }

  @Test
  void target_ofATypeMariaDbCannotCastTo_saysWhatToWrite() {
    assertThatThrownBy(() -> MariaDbCastTypes.target("boolean", -1, -1))
        .hasMessageContaining("MariaDB cannot cast to boolean")
        .hasMessageContaining("CASE WHEN");
    assertThatThrownBy(() -> MariaDbCastTypes.target("hugeint", -1, -1))
        .hasMessageContaining("DECIMAL(38,0)");
    assertThatThrownBy(() -> MariaDbCastTypes.target("json", -1, -1))
        .hasMessageContaining("cast to one of");
    assertThat(MariaDbCastTypes.target("UBIGINT", -1, -1)).isEqualTo("UNSIGNED");
  }
}
