package io.codemode4j.engine.mariadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusal;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.dialect.Advice;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.sql.dialect.SqlFeature;
import io.codemode4j.warehouse.ShopDomain;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The MariaDB dialect over the shop's tables ({@link TestShopMariaDb#scopes}): what it writes, what
 * it refuses saying what to write instead, and its advice. {@code MariaDbCorpusIT} and {@code
 * MariaDbShopIT} run what it writes on the server.
 */
class MariaDbSqlDialectTest {

  /** The shop's date columns, as {@link MariaDbColumnTypes#read} finds them. */
  private static final MariaDbColumnTypes TYPES =
      new MariaDbColumnTypes(true, Set.of("ordered_on", "opened_on"));

  private static final SqlAllowlist ALLOWLIST = allowlist(MariaDbSql.dialect("shop", TYPES));

  private static SqlAllowlist allowlist(Dialect dialect) {
    SqlAllowlist.Builder builder = SqlAllowlist.builder().dialect(dialect);
    ShopDomain.scopes().forEach(builder::table);
    return builder.build();
  }

  private static String render(String sql) throws SqlRefusedException {
    return ALLOWLIST.approve(sql, QueryPolicy.unscoped(100)).sql();
  }

  private static SqlRefusal refusalOf(SqlAllowlist allowlist, String sql) {
    SqlRefusedException refused =
        catchThrowableOfType(
            SqlRefusedException.class, () -> allowlist.approve(sql, QueryPolicy.unscoped(5)));
    assertThat(refused).as("refused: %s", sql).isNotNull();
    return refused.refusal();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = " => ",
      quoteCharacter = '~',
      textBlock =
          """
          SELECT store || '!' AS x FROM stores => concat(`store`, '!')
          SELECT concat(store, city) AS x FROM stores => concat_ws('', `store`, `city`)
          SELECT 'a\\b' AS x FROM stores => concat_ws('', 'a', char(92 USING utf8mb4), 'b')
          SELECT length(city) AS x FROM stores => char_length(`city`)
          SELECT CAST(total_cents AS BIGINT) AS x FROM orders => CAST(`total_cents` AS SIGNED)
          SELECT CAST(total_cents AS DECIMAL) AS x FROM orders => AS DECIMAL(18,3))
          SELECT CAST(total_cents AS DECIMAL(10,2)) AS x FROM orders => AS DECIMAL(10,2))
          SELECT total_cents::varchar AS x FROM orders => CAST(`total_cents` AS CHAR)
          SELECT CAST(ordered_on AS TIMESTAMP) AS x FROM orders => AS DATETIME(6))
          SELECT order_id FROM orders WHERE total_cents BETWEEN 1 AND 2 => `total_cents`) BETWEEN (1) AND (2)
          SELECT city AS "a`b" FROM stores => AS `a``b`
          SELECT city FROM stores => FROM `shop`.`stores`
          SELECT ordered_on + INTERVAL 30 DAY AS x FROM orders => date_add(`ordered_on`, INTERVAL 30 DAY)
          SELECT ordered_on - INTERVAL '45' DAY AS x FROM orders => date_sub(`ordered_on`, INTERVAL '45' DAY)
          SELECT ordered_on + INTERVAL (order_id % 7) DAY AS x FROM orders => date_add(`ordered_on`, INTERVAL
          SELECT total_cents - 1 AS x FROM orders => (`total_cents` - 1)
          SELECT city FROM stores WHERE city LIKE 'a!%' => LIKE 'a!!%' ESCAPE '!'
          SELECT city FROM stores WHERE city NOT LIKE 'a\\%' => NOT LIKE concat_ws('', 'a', char(92 USING utf8mb4), '%') ESCAPE '!'
          SELECT city FROM stores WHERE city LIKE concat(store, '%') => ESCAPE '!'
          SELECT city FROM stores ORDER BY city DESC NULLS FIRST => ORDER BY (`city`) IS NULL DESC, (`city`) DESC
          SELECT store, count(*) AS n FROM orders GROUP BY ROLLUP (store) => WITH ROLLUP
          SELECT sku FROM order_lines NATURAL JOIN products => NATURAL INNER JOIN
          """)
  void render_duckDbSql_isWrittenAsMariaDbReadsIt(String sql, String expected)
      throws SqlRefusedException {
    String rendered = render(sql);

    assertThat(rendered).contains(expected).doesNotContain("\"").doesNotContain("||");
    assertThat(rendered).as("no backslash in any literal").doesNotContain("\\");
  }

  @Test
  void render_divisionAndAscendingOrder_keepTheFractionAndPutNullsLast()
      throws SqlRefusedException {
    String rendered =
        render(
            "SELECT store, count(*) / 3 AS third FROM orders GROUP BY store"
                + " ORDER BY store, third DESC");

    assertThat(rendered)
        .contains("/ CAST(3 AS DOUBLE)")
        .contains("ORDER BY (`store`) IS NULL, (`store`), `third` DESC");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = " => ",
      textBlock =
          """
          SELECT store, count(*) FROM orders GROUP BY 1 ORDER BY 1 => ORDER BY (`store`) IS NULL, (`store`)
          SELECT count(*) AS n FROM orders GROUP BY store ORDER BY 1 => ORDER BY (`n`) IS NULL, (`n`)
          SELECT max(total_cents) FROM orders GROUP BY store ORDER BY 1 => ORDER BY (max(`total_cents`)) IS NULL, (max(`total_cents`))
          SELECT o.store FROM orders o UNION SELECT store FROM stores ORDER BY 1 => ORDER BY (`store`) IS NULL, (`store`)
          SELECT * FROM stores ORDER BY 1 => ORDER BY 1
          SELECT store FROM stores ORDER BY 1 DESC => ORDER BY 1 DESC
          """)
  void render_ascendingOrdinal_ordersByWhatItNamesNullsLast(String sql, String expected)
      throws SqlRefusedException {
    assertThat(render(sql)).contains(expected + "\nLIMIT");
  }

  @Test
  void render_tenantsQueryInItsSchema_namesItsDatabaseAndFiltersItsRows()
      throws SqlRefusedException {
    String rendered =
        ALLOWLIST
            .inSchema(MariaDbLockdown.tenantDatabase("shop", Tenant.of("north")))
            .approve(
                "SELECT count(*) AS n FROM order_lines",
                QueryPolicy.forTenant(Tenant.of("north"), 5))
            .sql();

    assertThat(rendered)
        .contains("`shop_tenant_north`.`order_lines`", "`shop_tenant_north`.`orders`", "'north'")
        .doesNotContain("`shop`.");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '~',
      textBlock =
          """
          SELECT store, row_number() OVER (ORDER BY ordered_on) AS r FROM orders QUALIFY r = 1 | QUALIFY is not supported by MariaDB
          SELECT count(*) FILTER (WHERE status = 'x') FROM orders       | FILTER (WHERE ...) is not supported by MariaDB
          SELECT city FROM stores WHERE city ILIKE 'a%'                 | ILIKE is not supported by MariaDB
          SELECT city FROM stores WHERE city SIMILAR TO 'a.*'           | SIMILAR TO is not supported by MariaDB
          SELECT TRY_CAST(city AS INTEGER) FROM stores                  | TRY_CAST is not supported by MariaDB
          SELECT store, count(*) FROM orders GROUP BY ALL               | GROUP BY ALL and ORDER BY ALL are not supported by MariaDB
          SELECT * EXCLUDE (status) FROM orders                         | * EXCLUDE (...) is not supported by MariaDB
          SELECT DISTINCT ON (store) store, ordered_on FROM orders      | DISTINCT ON is not supported by MariaDB
          SELECT lag(total_cents IGNORE NULLS) OVER (ORDER BY ordered_on) FROM orders | IGNORE NULLS and RESPECT NULLS are not supported by MariaDB
          SELECT ordered_on + INTERVAL '30 days' FROM orders            | not supported by MariaDB
          SELECT 1 FROM orders WHERE total_cents BETWEEN SYMMETRIC 5 AND 1 | BETWEEN SYMMETRIC is not supported by MariaDB
          SELECT 1 FROM orders o FULL JOIN stores s ON o.store = s.store | FULL JOIN is not supported by MariaDB
          SELECT 1 FROM stores s, LATERAL (SELECT count(*) FROM orders o WHERE o.store = s.store) AS c | LATERAL is not supported by MariaDB
          SELECT store, city, count(*) FROM stores GROUP BY GROUPING SETS ((store), (city)) | GROUPING SETS and CUBE are not supported by MariaDB
          SELECT store, city, count(*) FROM stores GROUP BY CUBE (store, city) | GROUPING SETS and CUBE are not supported by MariaDB
          SELECT store, count(*) FROM orders GROUP BY ROLLUP (store) ORDER BY store | ROLLUP with ORDER BY in the same SELECT is not supported by MariaDB
          SELECT store, status, count(*) FROM orders GROUP BY store, ROLLUP (status) | ROLLUP beside other GROUP BY items is not supported by MariaDB
          SELECT * FROM (VALUES (1, 2)) AS v(a, b)                      | a column list after a derived table's alias is not supported by MariaDB
          SELECT city FROM stores ORDER BY 1 NULLS LAST                 | after a column's position are not supported by MariaDB
          SELECT date_format(ordered_on, '%M', 'de_DE') FROM orders     | date_format takes a date and a format
          SELECT ordered_on - opened_on FROM orders JOIN stores USING (store) | + and - on a date are not supported by MariaDB
          SELECT ordered_on + 1 FROM orders                             | write datediff(later, earlier)
          SELECT current_date - ordered_on FROM orders                  | + and - on a date are not supported by MariaDB
          SELECT DATE '2026-01-31' - ordered_on FROM orders             | + and - on a date are not supported by MariaDB
          SELECT lead(ordered_on) OVER (ORDER BY order_id) - ordered_on FROM orders | + and - on a date are not supported by MariaDB
          WITH f AS (SELECT store, min(ordered_on) AS first FROM orders GROUP BY store) SELECT max(first) - min(first) FROM f | + and - on a date are not supported by MariaDB
          SELECT d - 1 FROM (SELECT CAST(order_id AS DATE) AS d FROM orders) AS t | + and - on a date are not supported by MariaDB
          """)
  void approve_constructMariaDbLacksOrReadsOtherwise_isRefusedSayingWhatToWrite(
      String sql, String message) {
    SqlRefusal refusal = refusalOf(ALLOWLIST, sql);

    assertThat(refusal.reason()).as(refusal.toString()).isEqualTo(RefusalReason.UNSUPPORTED_SYNTAX);
    assertThat(refusal.message()).contains(message);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT date_diff('day', ordered_on, current_date) FROM orders | datediff(shipped_on, ordered_on)
          SELECT strftime(ordered_on, '%Y-%m') FROM orders             | date_format(ordered_on, '%Y-%m')
          SELECT string_agg(status, ', ') FROM orders                  | GROUP BY 1, 2 ORDER BY 1, 2
          SELECT median(total_cents) FROM orders                       | row_number() OVER (ORDER BY amount)
          SELECT count_if(status = 'shipped') FROM orders              | count(CASE WHEN status = 'shipped' THEN 1 END)
          SELECT arg_max(store, ordered_on) FROM orders                | WHERE n = 1
          """)
  void approve_functionMariaDbLacks_givesMariaDbsAdvice(String sql, String advice) {
    SqlRefusal refusal = refusalOf(ALLOWLIST, sql);

    assertThat(refusal.reason()).isEqualTo(RefusalReason.FUNCTION_NOT_ALLOWED);
    assertThat(refusal.message()).contains(advice);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          SELECT greatest(total_cents, 1) FROM orders | greatest
          SELECT stddev(total_cents) FROM orders      | stddev
          SELECT to_days(30) FROM orders              | to_days
          SELECT ascii(city) FROM stores              | ascii
          SELECT extract(year FROM ordered_on) FROM orders | extract
          SELECT CAST(total_cents AS BOOLEAN) FROM orders | boolean
          SELECT * FROM generate_series(1, 3)         | generate_series
          """)
  void approve_nameMariaDbReadsOtherwise_isRefused(String sql, String element) {
    SqlRefusal refusal = refusalOf(ALLOWLIST, sql);

    assertThat(refusal.element()).isEqualToIgnoringCase(element);
  }

  @Test
  void approve_subtractionWithoutColumnTypes_isRefusedOverColumnsButNotOverNumbers()
      throws SqlRefusedException {
    SqlAllowlist untyped = allowlist(MariaDbSql.dialect("shop"));

    assertThat(refusalOf(untyped, "SELECT total_cents - 1 AS x FROM orders").message())
        .contains("+ and - on a date are not supported by MariaDB");
    assertThat(
            untyped
                .approve(
                    "SELECT n - lag(n) OVER (ORDER BY store) AS growth FROM (SELECT store,"
                        + " count(*) AS n FROM orders GROUP BY store) AS c",
                    QueryPolicy.unscoped(5))
                .sql())
        .contains("(`n` - (lag(`n`) OVER (ORDER BY (`store`) IS NULL, (`store`))))");
  }

  @ParameterizedTest
  @EnumSource(Advice.class)
  void advice_everyTopic_isApprovedByItsOwnDialect(Advice topic) throws SqlRefusedException {
    String advice = ALLOWLIST.advice(topic);
    String sql =
        advice.startsWith("SELECT ")
            ? advice
            : "SELECT " + advice + " AS x FROM " + ALLOWLIST.examples().table();

    assertThat(ALLOWLIST.approve(sql, QueryPolicy.unscoped(10)).sql()).isNotBlank();
  }

  @Test
  void dialect_sameColumnTypes_isEqualAndAnotherSchemaIsNot() {
    assertThat(MariaDbSql.dialect("shop", TYPES)).isEqualTo(MariaDbSql.dialect("shop", TYPES));
    assertThat(MariaDbSql.dialect("shop", TYPES))
        .isNotEqualTo(MariaDbSql.dialect("shop"))
        .isNotEqualTo(MariaDbSql.dialect("other", TYPES));
    assertThat(MariaDbSql.dialect("shop").features())
        .containsExactlyInAnyOrder(
            SqlFeature.NATURAL_JOIN, SqlFeature.NULLS_ORDERING, SqlFeature.INTERVAL_EXPRESSION);
  }
}
