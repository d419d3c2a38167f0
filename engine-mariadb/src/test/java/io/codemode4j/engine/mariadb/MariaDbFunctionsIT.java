package io.codemode4j.engine.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.warehouse.ShopDomain;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every function of {@link MariaDbFunctions#CATALOG}, called on the test MariaDB as the shop's
 * reader in the MariaDB dialect's rendering of it (approved by the shop's allowlist), and the traps
 * the catalog leaves out, as measured.
 */
class MariaDbFunctionsIT {

  /** One call per function, over the shop's orders. */
  private static final Map<String, String> CALLS =
      Map.ofEntries(
          Map.entry("count", "count(*)"),
          Map.entry("sum", "sum(total_cents)"),
          Map.entry("avg", "avg(total_cents)"),
          Map.entry("min", "min(ordered_on)"),
          Map.entry("max", "max(ordered_on)"),
          Map.entry("stddev_pop", "stddev_pop(total_cents)"),
          Map.entry("stddev_samp", "stddev_samp(total_cents)"),
          Map.entry("var_pop", "var_pop(total_cents)"),
          Map.entry("var_samp", "var_samp(total_cents)"),
          Map.entry("row_number", "row_number() OVER (ORDER BY order_id)"),
          Map.entry("rank", "rank() OVER (ORDER BY total_cents)"),
          Map.entry("dense_rank", "dense_rank() OVER (ORDER BY total_cents)"),
          Map.entry("percent_rank", "percent_rank() OVER (ORDER BY total_cents)"),
          Map.entry("cume_dist", "cume_dist() OVER (ORDER BY total_cents)"),
          Map.entry("ntile", "ntile(4) OVER (ORDER BY total_cents)"),
          Map.entry("lag", "lag(total_cents) OVER (ORDER BY order_id)"),
          Map.entry("lead", "lead(total_cents, 2) OVER (ORDER BY order_id)"),
          Map.entry("first_value", "first_value(total_cents) OVER (ORDER BY order_id)"),
          Map.entry("last_value", "last_value(total_cents) OVER (ORDER BY order_id)"),
          Map.entry("nth_value", "nth_value(total_cents, 2) OVER (ORDER BY order_id)"),
          Map.entry("concat", "concat(store, '-', status)"),
          Map.entry("concat_ws", "concat_ws('', store, NULL, status)"),
          Map.entry("length", "length(store)"),
          Map.entry("char_length", "char_length(store)"),
          Map.entry("character_length", "character_length(store)"),
          Map.entry("lower", "lower(status)"),
          Map.entry("upper", "upper(status)"),
          Map.entry("lcase", "lcase(status)"),
          Map.entry("ucase", "ucase(status)"),
          Map.entry("trim", "trim(status)"),
          Map.entry("ltrim", "ltrim(status)"),
          Map.entry("rtrim", "rtrim(status)"),
          Map.entry("left", "left(customer, 3)"),
          Map.entry("right", "right(customer, 3)"),
          Map.entry("substring", "substring(customer, 5, 3)"),
          Map.entry("substr", "substr(customer, 5)"),
          Map.entry("replace", "replace(customer, 'customer', 'c')"),
          Map.entry("reverse", "reverse(customer)"),
          Map.entry("lpad", "lpad(status, 10, '.')"),
          Map.entry("rpad", "rpad(status, 10, '.')"),
          Map.entry("instr", "instr(customer, '1')"),
          Map.entry("locate", "locate('1', customer)"),
          Map.entry("strcmp", "strcmp(status, 'placed')"),
          Map.entry("regexp_substr", "regexp_substr(customer, '[0-9]+')"),
          Map.entry("regexp_instr", "regexp_instr(customer, '[0-9]')"),
          Map.entry("abs", "abs(-total_cents)"),
          Map.entry("ceil", "ceil(total_cents / 100)"),
          Map.entry("ceiling", "ceiling(total_cents / 100)"),
          Map.entry("floor", "floor(total_cents / 100)"),
          Map.entry("round", "round(total_cents / 100, 1)"),
          Map.entry("truncate", "truncate(total_cents / 100, 1)"),
          Map.entry("mod", "mod(total_cents, 7)"),
          Map.entry("power", "power(2, 10)"),
          Map.entry("pow", "pow(2, 10)"),
          Map.entry("sqrt", "sqrt(total_cents)"),
          Map.entry("exp", "exp(1)"),
          Map.entry("ln", "ln(total_cents + 1)"),
          Map.entry("log10", "log10(total_cents + 1)"),
          Map.entry("log2", "log2(total_cents + 1)"),
          Map.entry("sign", "sign(total_cents)"),
          Map.entry("pi", "pi()"),
          Map.entry("radians", "radians(180)"),
          Map.entry("degrees", "degrees(pi())"),
          Map.entry("sin", "sin(1)"),
          Map.entry("cos", "cos(1)"),
          Map.entry("tan", "tan(1)"),
          Map.entry("atan", "atan(1)"),
          Map.entry("atan2", "atan2(1, 2)"),
          Map.entry("current_date", "current_date"),
          Map.entry("current_timestamp", "current_timestamp"),
          Map.entry("year", "year(ordered_on)"),
          Map.entry("month", "month(ordered_on)"),
          Map.entry("day", "day(ordered_on)"),
          Map.entry("dayofmonth", "dayofmonth(ordered_on)"),
          Map.entry("dayofyear", "dayofyear(ordered_on)"),
          Map.entry("weekofyear", "weekofyear(ordered_on)"),
          Map.entry("quarter", "quarter(ordered_on)"),
          Map.entry("hour", "hour(CAST(ordered_on AS TIMESTAMP))"),
          Map.entry("minute", "minute(CAST(ordered_on AS TIMESTAMP))"),
          Map.entry("second", "second(CAST(ordered_on AS TIMESTAMP))"),
          Map.entry("date", "date(CAST(ordered_on AS TIMESTAMP))"),
          Map.entry("last_day", "last_day(ordered_on)"),
          Map.entry("date_trunc", "date_trunc('month', ordered_on)"),
          Map.entry("datediff", "datediff(current_date, ordered_on)"),
          Map.entry("timestampdiff", "timestampdiff(DAY, ordered_on, current_date)"),
          Map.entry("date_add", "date_add(ordered_on, INTERVAL 30 DAY)"),
          Map.entry("date_sub", "date_sub(ordered_on, INTERVAL 30 DAY)"),
          Map.entry("adddate", "adddate(ordered_on, 30)"),
          Map.entry("subdate", "subdate(ordered_on, 30)"),
          Map.entry("date_format", "date_format(ordered_on, '%Y-%m')"),
          Map.entry("str_to_date", "str_to_date('2024-01-31', '%Y-%m-%d')"),
          Map.entry("makedate", "makedate(2024, 31)"),
          Map.entry("monthname", "monthname(ordered_on)"),
          Map.entry("dayname", "dayname(ordered_on)"),
          Map.entry("coalesce", "coalesce(NULL, ordered_on)"),
          Map.entry("ifnull", "ifnull(NULL, ordered_on)"),
          Map.entry("nullif", "nullif(status, 'returned')"),
          Map.entry("if", "if(status = 'shipped', total_cents, 0)"));

  @BeforeAll
  static void start() {
    TestShopMariaDb.start();
  }

  @Test
  void everyCatalogFunction_renderedAndCalledAsTheReader_answers() throws Exception {
    assertThat(CALLS.keySet())
        .containsExactlyInAnyOrderElementsOf(MariaDbFunctions.CATALOG.names());
    try (Connection reader = TestShopMariaDb.connect(TestShopMariaDb.READER);
        Statement sql = reader.createStatement()) {
      SqlAllowlist.Builder shop =
          SqlAllowlist.builder()
              .dialect(
                  MariaDbSql.dialect(
                      TestShopMariaDb.DATABASE,
                      MariaDbColumnTypes.read(reader, TestShopMariaDb.DATABASE)));
      ShopDomain.scopes().forEach(shop::table);
      SqlAllowlist allowlist = shop.build();
      for (Map.Entry<String, String> call : CALLS.entrySet()) {
        // Some row answers a value (lag and nth_value answer NULL on the first rows).
        String rendered =
            allowlist
                .approve(
                    "SELECT max(v) AS v FROM (SELECT "
                        + call.getValue()
                        + " AS v FROM orders WHERE store = 'north') AS called",
                    QueryPolicy.unscoped(10))
                .sql();
        try (ResultSet rs = sql.executeQuery(rendered)) {
          assertThat(rs.next()).as(rendered).isTrue();
          assertThat(rs.getString(1)).as("%s: %s", call.getKey(), rendered).isNotNull();
        }
      }
    }
  }

  /** The traps the catalog leaves out, as measured: same name, another meaning than DuckDB's. */
  @Test
  void leftOutFunctions_meanOtherThanDuckDbs() throws Exception {
    try (Connection reader = TestShopMariaDb.connect(TestShopMariaDb.READER);
        Statement sql = reader.createStatement()) {
      // DuckDB: 2, 0 (Sunday), a-b+c, 1, 1.5275..., 1, 233, 30 days, -1.
      assertThat(one(sql, "SELECT round(log(100), 4)")).isEqualTo("4.6052");
      assertThat(one(sql, "SELECT dayofweek(DATE '2024-01-07')")).isEqualTo("1");
      assertThat(one(sql, "SELECT regexp_replace('a-b-c', '-', '+')")).isEqualTo("a+b+c");
      assertThat(one(sql, "SELECT greatest(1, NULL)")).isNull();
      assertThat(
              one(
                  sql,
                  "SELECT round(stddev(x), 4) FROM (SELECT 1 AS x UNION ALL SELECT 2 UNION ALL"
                      + " SELECT 4) AS t"))
          .isEqualTo("1.2472");
      assertThat(one(sql, "SELECT ascii('é')")).isEqualTo("195");
      assertThat(one(sql, "SELECT to_days(30)")).isNull();
      assertThat(one(sql, "SELECT bit_or(-1)")).isEqualTo("18446744073709551615");
      // Renamed by the dialect, not left out: length counts bytes, concat propagates NULL.
      assertThat(one(sql, "SELECT length('é')")).isEqualTo("2");
      assertThat(one(sql, "SELECT concat('a', NULL)")).isNull();
      assertThat(one(sql, "SELECT concat_ws('', 'a', NULL)")).isEqualTo("a");
    }
    assertThat(MariaDbFunctions.CATALOG.names())
        .doesNotContain(
            "log",
            "dayofweek",
            "week",
            "regexp_replace",
            "greatest",
            "least",
            "stddev",
            "variance",
            "ascii",
            "to_days",
            "bit_or",
            "repeat",
            "median",
            "group_concat",
            "timestampadd");
  }

  private static String one(Statement sql, String query) throws Exception {
    try (ResultSet rs = sql.executeQuery(query)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
