package io.codemode4j.engine.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every default function of {@link MariaDbFunctions}, called on the test MariaDB as the reader. */
class MariaDbFunctionsIT {

  /** One call per function, over the billing tables. */
  private static final Map<String, String> CALLS =
      Map.ofEntries(
          Map.entry("count", "count(*)"),
          Map.entry("sum", "sum(amount_cents)"),
          Map.entry("avg", "avg(amount_cents)"),
          Map.entry("min", "min(issued_on)"),
          Map.entry("max", "max(issued_on)"),
          Map.entry("stddev", "stddev(amount_cents)"),
          Map.entry("stddev_pop", "stddev_pop(amount_cents)"),
          Map.entry("stddev_samp", "stddev_samp(amount_cents)"),
          Map.entry("var_pop", "var_pop(amount_cents)"),
          Map.entry("var_samp", "var_samp(amount_cents)"),
          Map.entry("variance", "variance(amount_cents)"),
          Map.entry("bit_and", "bit_and(amount_cents)"),
          Map.entry("bit_or", "bit_or(amount_cents)"),
          Map.entry("bit_xor", "bit_xor(amount_cents)"),
          Map.entry("row_number", "row_number() OVER (ORDER BY invoice_id)"),
          Map.entry("rank", "rank() OVER (ORDER BY amount_cents)"),
          Map.entry("dense_rank", "dense_rank() OVER (ORDER BY amount_cents)"),
          Map.entry("percent_rank", "percent_rank() OVER (ORDER BY amount_cents)"),
          Map.entry("cume_dist", "cume_dist() OVER (ORDER BY amount_cents)"),
          Map.entry("ntile", "ntile(4) OVER (ORDER BY amount_cents)"),
          Map.entry("lag", "lag(amount_cents) OVER (ORDER BY invoice_id)"),
          Map.entry("lead", "lead(amount_cents, 2) OVER (ORDER BY invoice_id)"),
          Map.entry("first_value", "first_value(amount_cents) OVER (ORDER BY invoice_id)"),
          Map.entry("last_value", "last_value(amount_cents) OVER (ORDER BY invoice_id)"),
          Map.entry("nth_value", "nth_value(amount_cents, 2) OVER (ORDER BY invoice_id)"),
          Map.entry("concat", "concat(region, '-', status)"),
          Map.entry("concat_ws", "concat_ws('', region, NULL, status)"),
          Map.entry("length", "length(region)"),
          Map.entry("char_length", "char_length(region)"),
          Map.entry("character_length", "character_length(region)"),
          Map.entry("lower", "lower(status)"),
          Map.entry("upper", "upper(status)"),
          Map.entry("lcase", "lcase(status)"),
          Map.entry("ucase", "ucase(status)"),
          Map.entry("trim", "trim(status)"),
          Map.entry("ltrim", "ltrim(status)"),
          Map.entry("rtrim", "rtrim(status)"),
          Map.entry("left", "left(invoice_id, 3)"),
          Map.entry("right", "right(invoice_id, 3)"),
          Map.entry("substring", "substring(invoice_id, 5, 3)"),
          Map.entry("substr", "substr(invoice_id, 5)"),
          Map.entry("replace", "replace(invoice_id, 'INV', 'X')"),
          Map.entry("reverse", "reverse(invoice_id)"),
          Map.entry("lpad", "lpad(status, 10, '.')"),
          Map.entry("rpad", "rpad(status, 10, '.')"),
          Map.entry("instr", "instr(invoice_id, '0')"),
          Map.entry("locate", "locate('0', invoice_id)"),
          Map.entry("strcmp", "strcmp(status, 'paid')"),
          Map.entry("regexp_substr", "regexp_substr(invoice_id, '[0-9]+')"),
          Map.entry("regexp_instr", "regexp_instr(invoice_id, '[0-9]')"),
          Map.entry("ascii", "ascii(status)"),
          Map.entry("abs", "abs(-amount_cents)"),
          Map.entry("ceil", "ceil(amount_cents / 100)"),
          Map.entry("ceiling", "ceiling(amount_cents / 100)"),
          Map.entry("floor", "floor(amount_cents / 100)"),
          Map.entry("round", "round(amount_cents / 100, 1)"),
          Map.entry("truncate", "truncate(amount_cents / 100, 1)"),
          Map.entry("mod", "mod(amount_cents, 7)"),
          Map.entry("power", "power(2, 10)"),
          Map.entry("pow", "pow(2, 10)"),
          Map.entry("sqrt", "sqrt(amount_cents)"),
          Map.entry("exp", "exp(1)"),
          Map.entry("ln", "ln(amount_cents + 1)"),
          Map.entry("log10", "log10(amount_cents + 1)"),
          Map.entry("log2", "log2(amount_cents + 1)"),
          Map.entry("sign", "sign(amount_cents)"),
          Map.entry("pi", "pi()"),
          Map.entry("greatest", "greatest(issued_on, due_on)"),
          Map.entry("least", "least(issued_on, due_on)"),
          Map.entry("radians", "radians(180)"),
          Map.entry("degrees", "degrees(pi())"),
          Map.entry("sin", "sin(1)"),
          Map.entry("cos", "cos(1)"),
          Map.entry("tan", "tan(1)"),
          Map.entry("atan", "atan(1)"),
          Map.entry("atan2", "atan2(1, 2)"),
          Map.entry("year", "year(issued_on)"),
          Map.entry("month", "month(issued_on)"),
          Map.entry("day", "day(issued_on)"),
          Map.entry("dayofmonth", "dayofmonth(issued_on)"),
          Map.entry("dayofyear", "dayofyear(issued_on)"),
          Map.entry("weekofyear", "weekofyear(issued_on)"),
          Map.entry("quarter", "quarter(issued_on)"),
          Map.entry("hour", "hour(CAST(issued_on AS DATETIME))"),
          Map.entry("minute", "minute(CAST(issued_on AS DATETIME))"),
          Map.entry("second", "second(CAST(issued_on AS DATETIME))"),
          Map.entry("date", "date(CAST(issued_on AS DATETIME))"),
          Map.entry("last_day", "last_day(issued_on)"),
          Map.entry("datediff", "datediff(due_on, issued_on)"),
          Map.entry("timestampdiff", "timestampdiff(DAY, issued_on, due_on)"),
          Map.entry("timestampadd", "timestampadd(DAY, 30, issued_on)"),
          Map.entry("date_add", "date_add(issued_on, INTERVAL 30 DAY)"),
          Map.entry("date_sub", "date_sub(issued_on, INTERVAL 30 DAY)"),
          Map.entry("adddate", "adddate(issued_on, 30)"),
          Map.entry("subdate", "subdate(issued_on, 30)"),
          Map.entry("date_format", "date_format(issued_on, '%Y-%m')"),
          Map.entry("str_to_date", "str_to_date('2024-01-31', '%Y-%m-%d')"),
          Map.entry("makedate", "makedate(2024, 31)"),
          Map.entry("monthname", "monthname(issued_on)"),
          Map.entry("dayname", "dayname(issued_on)"),
          Map.entry("to_days", "to_days(issued_on)"),
          Map.entry("from_days", "from_days(to_days(issued_on))"),
          Map.entry("coalesce", "coalesce(paid_on, due_on)"),
          Map.entry("ifnull", "ifnull(paid_on, due_on)"),
          Map.entry("nullif", "nullif(status, 'void')"),
          Map.entry("if", "if(status = 'paid', amount_cents, 0)"));

  @BeforeAll
  static void start() {
    TestMariaDb.start();
  }

  @Test
  void everyDefaultFunction_calledAsTheReader_answers() throws Exception {
    assertThat(CALLS.keySet()).containsExactlyInAnyOrderElementsOf(MariaDbFunctions.DEFAULTS);
    try (Connection reader = TestMariaDb.connect(TestMariaDb.READER);
        Statement sql = reader.createStatement()) {
      for (Map.Entry<String, String> call : CALLS.entrySet()) {
        // Some row answers a value (lag and nth_value answer NULL on the first rows).
        try (ResultSet rs =
            sql.executeQuery(
                "SELECT max(v) FROM (SELECT "
                    + call.getValue()
                    + " AS v FROM invoices WHERE region = 'emea') AS called")) {
          assertThat(rs.next()).as(call.getKey()).isTrue();
          assertThat(rs.getString(1)).as("%s: %s", call.getKey(), call.getValue()).isNotNull();
        }
      }
    }
  }

  /** The traps the catalog leaves out, as measured: same name, another meaning than DuckDB's. */
  @Test
  void leftOutFunctions_meanOtherThanDuckDbs() throws Exception {
    try (Connection reader = TestMariaDb.connect(TestMariaDb.READER);
        Statement sql = reader.createStatement()) {
      assertThat(one(sql, "SELECT round(log(100), 4)")).isEqualTo("4.6052");
      assertThat(one(sql, "SELECT dayofweek(DATE '2024-01-07')")).isEqualTo("1");
      assertThat(one(sql, "SELECT regexp_replace('a-b-c', '-', '+')")).isEqualTo("a+b+c");
      assertThat(one(sql, "SELECT length('é')")).isEqualTo("2");
      assertThat(one(sql, "SELECT concat('a', NULL)")).isNull();
      assertThat(one(sql, "SELECT concat_ws('', 'a', NULL)")).isEqualTo("a");
    }
    assertThat(MariaDbFunctions.DEFAULTS)
        .doesNotContain("log", "dayofweek", "week", "regexp_replace", "group_concat", "repeat");
  }

  private static String one(Statement sql, String query) throws Exception {
    try (ResultSet rs = sql.executeQuery(query)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
