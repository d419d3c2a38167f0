package io.codemode4j.engine.mariadb;

import java.util.Set;
import java.util.TreeSet;

/**
 * The function catalog of a MariaDB dialect: the functions allowed by default, lowercase, each one
 * MariaDB 10.11 has and each called on the server by {@code MariaDbFunctionsIT}.
 *
 * <p>Decided: a function is listed only where MariaDB's meaning is the one a query written for the
 * allowlist (DuckDB's reading) expects, or the dialect renders it so. Left out, though MariaDB has
 * them, since the same name means something else there:
 *
 * <ul>
 *   <li>{@code log(x)}: the natural logarithm in MariaDB, base 10 in DuckDB ({@code ln}, {@code
 *       log10} and {@code log2} are listed);
 *   <li>{@code week(x)} and {@code dayofweek(x)}: Sunday-based and 1..7 in MariaDB, 0..6 in DuckDB
 *       ({@code weekofyear} is ISO in both);
 *   <li>{@code regexp_replace}: MariaDB replaces every match, DuckDB the first unless told {@code
 *       'g'};
 *   <li>{@code group_concat}: its result grows to {@code group_concat_max_len} (1 MB), which the
 *       allowlist's string growth bound does not count yet; {@code repeat} and {@code space} grow a
 *       string by a number, as {@code lpad} does, but are not bounded by name yet;
 *   <li>{@code rand}, {@code uuid}, {@code sleep}, {@code benchmark}, {@code load_file}, {@code
 *       get_lock} and every function about the server, session or users: not analysis.
 * </ul>
 *
 * <p>Renamed by {@link MariaDbSqlDialect}: {@code length} is {@code char_length} (MariaDB's counts
 * bytes), and {@code concat} skips NULLs as DuckDB's does ({@code concat_ws('', ...)}, since
 * MariaDB's concat is NULL if any argument is); {@code ||} stays NULL-propagating.
 */
public final class MariaDbFunctions {

  /** Aggregates (DuckDB's names where both have them). */
  static final Set<String> AGGREGATES =
      Set.of(
          "count",
          "sum",
          "avg",
          "min",
          "max",
          "stddev",
          "stddev_pop",
          "stddev_samp",
          "var_pop",
          "var_samp",
          "variance",
          "bit_and",
          "bit_or",
          "bit_xor");

  /** Window functions. */
  static final Set<String> WINDOW =
      Set.of(
          "row_number",
          "rank",
          "dense_rank",
          "percent_rank",
          "cume_dist",
          "ntile",
          "lag",
          "lead",
          "first_value",
          "last_value",
          "nth_value");

  /** Text. */
  static final Set<String> STRING =
      Set.of(
          "concat",
          "concat_ws",
          "length",
          "char_length",
          "character_length",
          "lower",
          "upper",
          "lcase",
          "ucase",
          "trim",
          "ltrim",
          "rtrim",
          "left",
          "right",
          "substring",
          "substr",
          "replace",
          "reverse",
          "lpad",
          "rpad",
          "instr",
          "locate",
          "strcmp",
          "regexp_substr",
          "regexp_instr",
          "ascii");

  /** Numbers. */
  static final Set<String> NUMERIC =
      Set.of(
          "abs",
          "ceil",
          "ceiling",
          "floor",
          "round",
          "truncate",
          "mod",
          "power",
          "pow",
          "sqrt",
          "exp",
          "ln",
          "log10",
          "log2",
          "sign",
          "pi",
          "greatest",
          "least",
          "radians",
          "degrees",
          "sin",
          "cos",
          "tan",
          "atan",
          "atan2");

  /** Dates and times. */
  static final Set<String> DATE =
      Set.of(
          "year",
          "month",
          "day",
          "dayofmonth",
          "dayofyear",
          "weekofyear",
          "quarter",
          "hour",
          "minute",
          "second",
          "date",
          "last_day",
          "datediff",
          "timestampdiff",
          "timestampadd",
          "date_add",
          "date_sub",
          "adddate",
          "subdate",
          "date_format",
          "str_to_date",
          "makedate",
          "monthname",
          "dayname",
          "to_days",
          "from_days");

  /** Conditionals. */
  static final Set<String> CONDITIONAL = Set.of("coalesce", "ifnull", "nullif", "if");

  /** Every function allowed by default, lowercase. */
  public static final Set<String> DEFAULTS = union();

  private MariaDbFunctions() {}

  private static Set<String> union() {
    Set<String> all = new TreeSet<>();
    for (Set<String> group : Set.of(AGGREGATES, WINDOW, STRING, NUMERIC, DATE, CONDITIONAL)) {
      all.addAll(group);
    }
    return java.util.Collections.unmodifiableSet(all);
  }
}
