package io.codemode4j.sql.dialect;

import io.codemode4j.sql.SchemaExamples;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What a refusal may tell the writer to write instead, asked of the dialect ({@link
 * Dialect#advice}) so that the advice is SQL the engine has: a model told that {@code datediff} is
 * refused must be shown {@code date_diff('day', a, b)} on DuckDB and {@code b - a} on PostgreSQL,
 * never a function the same allowlist would refuse next.
 *
 * <p>A dialect writes each topic's advice once, as a template over the roles of {@link
 * SchemaExamples} ({@code date_diff('day', {date}, {later_date})}), and a refusal shows it over the
 * allowlist's own examples: an expression, which the tests approve and run as {@code SELECT
 * <advice> AS x FROM <table>}, or, where a whole query shows it best, a query starting with {@code
 * SELECT}. {@link #in} puts it in a refusal's sentence with what it computes: "function 'datediff'
 * is not allowed: for the days from one date to another, write shipped_on - ordered_on".
 */
public enum Advice {
  /** The days from one date to another (DuckDB {@code date_diff('day', a, b)}). */
  DAYS_BETWEEN(
      "the days from one date to another",
      "datediff",
      "date_diff",
      "timestampdiff",
      "timestamp_diff",
      "date_sub",
      "datesub"),

  /** A date some days later (DuckDB {@code d + INTERVAL 30 DAY}). */
  DAYS_LATER("a date some days later", "dateadd", "date_add", "timestampadd"),

  /** A number of days as an interval (DuckDB {@code to_days(30)}). */
  DAYS_AS_INTERVAL("a number of days as an interval", "to_days"),

  /** One part of a date, such as its year (DuckDB {@code year(d)}). */
  DATE_PART(
      "a part of a date, e.g. its year",
      "year",
      "quarter",
      "month",
      "week",
      "day",
      "dayofweek",
      "dayofmonth",
      "dayofyear",
      "datepart"),

  /** A date as text, such as its year and month (DuckDB {@code strftime(d, '%Y-%m')}). */
  MONTH_AS_TEXT("a date as text, e.g. its year and month", "strftime", "to_char", "date_format"),

  /** The median of a column (DuckDB {@code median(x)}). */
  MEDIAN("the median", "median", "quantile", "quantile_cont"),

  /** The count of a group's rows that match a condition (DuckDB {@code count_if(c)}). */
  COUNT_WHERE("the count of the rows that match a condition", "count_if", "countif"),

  /** One value or another by a condition (DuckDB {@code if(c, a, b)}). */
  CONDITIONAL("a value chosen by a condition", "if", "iif"),

  /** Integer division (DuckDB {@code a // b}, which the parser reads as a comment). */
  INTEGER_DIVISION("integer division", "divide"),

  /** A group's values joined into one text (in place of a list or array aggregate). */
  VALUES_AS_TEXT(
      "a group's values as one text", "array_agg", "list", "listagg", "string_agg", "group_concat"),

  /** Text that matches a pattern (in place of {@code SIMILAR TO}). */
  PATTERN_MATCH("text that matches a pattern"),

  /** One row per group, the latest by a date (a query). */
  LATEST_PER_GROUP(
      "one row per group, e.g. each group's latest row",
      "arg_max",
      "arg_min",
      "max_by",
      "min_by",
      "first",
      "last"),

  /** Grouping by every selected column that is not an aggregate (a query). */
  GROUP_BY_SELECTED("grouping by every selected column that is not an aggregate"),

  /** Ordering by every selected column (a query). */
  ORDER_BY_SELECTED("ordering by every selected column");

  private final String what;
  private final Set<String> functions;

  Advice(String what, String... functions) {
    this.what = what;
    this.functions = Set.of(functions);
  }

  /**
   * This topic's advice in standard SQL that every engine runs, or {@code null} where engines
   * differ: what a dialect advises unless it sets its own ({@link Dialect.Builder#advice}), so the
   * common forms are written once and a dialect names only where its engine has a better one
   * (DuckDB's {@code GROUP BY ALL}).
   */
  public @Nullable String standard() {
    return switch (this) {
      case PATTERN_MATCH -> "{category} LIKE {value_like}";
      case LATEST_PER_GROUP ->
          "SELECT {key}, {date} FROM (SELECT {key}, {date}, row_number() OVER (PARTITION BY {key}"
              + " ORDER BY {date} DESC) AS n FROM {table}) AS latest WHERE n = 1";
      case GROUP_BY_SELECTED -> "SELECT {group}, {category}, count(*) FROM {table} GROUP BY 1, 2";
      case ORDER_BY_SELECTED -> "SELECT {group}, {category} FROM {table} ORDER BY 1, 2";
      default -> null;
    };
  }

  /**
   * Functions, lowercase, that a query may call on some engine (or in another SQL dialect) for what
   * this topic computes: a refusal of one of them gives this advice. Consulted only for a refused
   * name, so a name the dialect allows (DuckDB's {@code date_diff}) is never advised against there.
   */
  public Set<String> functions() {
    return functions;
  }

  /**
   * "for WHAT, write ADVICE": the part of a refusal's message that says what to write, the
   * dialect's advice over {@code examples}.
   */
  public String in(Dialect dialect, SchemaExamples examples) {
    return "for " + what + ", write " + dialect.advice(this, examples);
  }
}
