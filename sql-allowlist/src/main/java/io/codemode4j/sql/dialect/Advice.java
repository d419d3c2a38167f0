package io.codemode4j.sql.dialect;

/**
 * What a refusal may tell the writer to write instead, asked of the dialect ({@link
 * Dialect#advice}) so that the advice is SQL the engine has: a model told that {@code datediff} is
 * refused must be shown {@code date_diff('day', a, b)} on DuckDB and {@code b - a} on PostgreSQL,
 * never a function the same allowlist would refuse next.
 *
 * <p>Each topic's advice is written over the billing sample's {@code invoices} (columns {@code
 * customer_id}, {@code region}, {@code status}, {@code issued_on}, {@code paid_on}, {@code
 * amount_cents}): an expression, which the tests approve and run as {@code SELECT <advice> AS x
 * FROM invoices}, or, where a whole query shows it best, a query starting with {@code SELECT}.
 * {@link #in} puts it in a refusal's sentence with what it computes: "function 'datediff' is not
 * allowed: for the days from one date to another, write paid_on - issued_on".
 */
public enum Advice {
  /** The days from one date to another (DuckDB {@code date_diff('day', a, b)}). */
  DAYS_BETWEEN("the days from one date to another"),

  /** A date some days later (DuckDB {@code d + INTERVAL 30 DAY}). */
  DAYS_LATER("a date some days later"),

  /** A number of days as an interval (DuckDB {@code to_days(30)}). */
  DAYS_AS_INTERVAL("a number of days as an interval"),

  /** One part of a date, such as its year (DuckDB {@code year(d)}). */
  DATE_PART("a part of a date, e.g. its year"),

  /** A date as text, such as its year and month (DuckDB {@code strftime(d, '%Y-%m')}). */
  MONTH_AS_TEXT("a date as text, e.g. its year and month"),

  /** The median of a column (DuckDB {@code median(x)}). */
  MEDIAN("the median"),

  /** The count of a group's rows that match a condition (DuckDB {@code count_if(c)}). */
  COUNT_WHERE("the count of the rows that match a condition"),

  /** One value or another by a condition (DuckDB {@code if(c, a, b)}). */
  CONDITIONAL("a value chosen by a condition"),

  /** Integer division (DuckDB {@code a // b}, which the parser reads as a comment). */
  INTEGER_DIVISION("integer division"),

  /** A group's values joined into one text (in place of a list or array aggregate). */
  VALUES_AS_TEXT("a group's values as one text"),

  /** One row per group, the latest by a date (a query). */
  LATEST_PER_GROUP("one row per group, e.g. each customer's latest invoice"),

  /** Grouping by every selected column that is not an aggregate (a query). */
  GROUP_BY_SELECTED("grouping by every selected column that is not an aggregate"),

  /** Ordering by every selected column (a query). */
  ORDER_BY_SELECTED("ordering by every selected column");

  private final String what;

  Advice(String what) {
    this.what = what;
  }

  /** "for WHAT, write ADVICE": the part of a refusal's message that says what to write. */
  public String in(Dialect dialect) {
    return "for " + what + ", write " + dialect.advice(this);
  }
}
