package io.codemode4j.sql.internal;

import io.codemode4j.sql.dialect.Advice;
import io.codemode4j.sql.dialect.Dialect;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The functions a query may call, by lowercase name.
 *
 * <p>An allowlist, never a denylist: a name not listed is refused, whatever it does. The defaults
 * are DuckDB aggregate, window, numeric, string, conditional and date/time functions that compute
 * from their arguments alone (or read the clock). Nothing that reads files or URLs ({@code read_*},
 * {@code glob}), runs SQL text ({@code query}, {@code query_table}), reads settings, variables or
 * the environment ({@code current_setting}, {@code getvariable}, {@code getenv}), the catalog or
 * session ({@code duckdb_*}, {@code pragma_*}, {@code current_schema}, {@code current_user}, {@code
 * version}), changes state ({@code nextval}, {@code setseed}) or builds lists, maps and structs
 * (results are returned as JSON scalars). Each default name was checked against {@code
 * duckdb_functions()} of the DuckDB this project runs ({@code FunctionAllowlistIT} keeps checking
 * it): the only macros among them expand to other listed functions ({@code if}, {@code nullif},
 * {@code date_add}, {@code weighted_avg}, which is {@code sum(value * weight) / sum(CASE ...)}),
 * except {@code split_part}, which expands to {@code string_split(string, delimiter)[position]}: a
 * list built and indexed inside the macro, never returned, so {@code string_split} itself stays
 * out.
 *
 * <p>Added for everyday analysis, each a pure computation over its arguments: {@code first} and
 * {@code last} (Babel reads them as MATCH_RECOGNIZE navigation; {@link DuckDbForms} turns them back
 * into the aggregates), {@code quantile}, the string distances ({@code levenshtein}, {@code
 * damerau_levenshtein}, {@code jaro_similarity}, {@code jaro_winkler_similarity}, {@code jaccard},
 * {@code hamming}, {@code mismatches}), all of {@code regr_*}, {@code kurtosis}, {@code skewness},
 * {@code entropy}, {@code weighted_avg}, {@code bit_and}/{@code bit_or}/{@code bit_xor}, {@code
 * sha256} and {@code try} (an expression of DuckDB's grammar: NULL where its operand fails).
 *
 * <p>Bounded output: a call whose result size a program chooses must not exhaust the host. {@code
 * repeat} (a string or list of any length) and the list and table forms of {@code range} and {@code
 * generate_series} stay out; in FROM, {@code generate_series} and {@code range} are accepted only
 * with constant bounds ({@link SeriesBounds}). {@code lpad} and {@code rpad} take a width: a
 * literal width is limited to {@link #MAX_PAD_WIDTH}, a computed one is refused ({@link
 * QueryWalker}). {@code printf} and {@code format} can still produce wide strings through a width
 * in the format ({@code printf('%999999999d', 1)}): their format must be a literal without a width
 * or precision over {@link #MAX_PAD_WIDTH}. Every other way to grow a string ({@code replace},
 * {@code regexp_replace}, {@code strftime}, {@code ||} and {@code concat} through CTE chains, an
 * aggregated string copied) is bounded by {@link StringGrowth}.
 *
 * <p>Left out although harmless, because Babel parses them into something else: {@code translate}
 * ({@code TRANSLATE3}) and {@code datepart} (expects a unit keyword); use {@code replace} and
 * {@code date_part}.
 */
public final class FunctionAllowlist {

  /**
   * The widest {@code lpad}/{@code rpad} width, and {@code printf}/{@code format} field width,
   * accepted.
   */
  static final int MAX_PAD_WIDTH = 10_000;

  /**
   * The functions allowed by default, as chosen above: DuckDB's, public for the DuckDB dialect,
   * which offers them as its {@code defaultFunctions()}.
   */
  public static final Set<String> DEFAULTS =
      Set.of(
          // aggregates
          "any_value",
          "approx_count_distinct",
          "approx_quantile",
          "arg_max",
          "arg_min",
          "avg",
          "bit_and",
          "bit_or",
          "bit_xor",
          "bool_and",
          "bool_or",
          "corr",
          "count",
          "count_if",
          "covar_pop",
          "covar_samp",
          "entropy",
          "first",
          "kurtosis",
          "last",
          "listagg",
          "max",
          "max_by",
          "median",
          "min",
          "min_by",
          "mode",
          "percentile_cont",
          "percentile_disc",
          "product",
          "quantile",
          "quantile_cont",
          "quantile_disc",
          "regr_avgx",
          "regr_avgy",
          "regr_count",
          "regr_intercept",
          "regr_r2",
          "regr_slope",
          "regr_sxx",
          "regr_sxy",
          "regr_syy",
          "skewness",
          "stddev",
          "stddev_pop",
          "stddev_samp",
          "string_agg",
          "sum",
          "var_pop",
          "var_samp",
          "variance",
          "weighted_avg",
          // window functions
          "cume_dist",
          "dense_rank",
          "first_value",
          "lag",
          "last_value",
          "lead",
          "nth_value",
          "ntile",
          "percent_rank",
          "rank",
          "row_number",
          // grouping
          "grouping",
          "grouping_id",
          // numeric
          "abs",
          "cbrt",
          "ceil",
          "ceiling",
          "divide",
          "exp",
          "floor",
          "greatest",
          "isfinite",
          "isinf",
          "isnan",
          "least",
          "ln",
          "log",
          "log10",
          "log2",
          "mod",
          "pi",
          "pow",
          "power",
          "round",
          "sign",
          "sqrt",
          "trunc",
          // conditional
          "coalesce",
          "if",
          "ifnull",
          "nullif",
          "try",
          // string
          "ascii",
          "char_length",
          "character_length",
          "chr",
          "concat",
          "concat_ws",
          "contains",
          "ends_with",
          "format",
          "instr",
          "lcase",
          "left",
          "length",
          "lower",
          "lpad",
          "ltrim",
          "md5",
          "position",
          "prefix",
          "printf",
          "regexp_extract",
          "regexp_full_match",
          "regexp_matches",
          "regexp_replace",
          "replace",
          "reverse",
          "right",
          "rpad",
          "rtrim",
          "sha256",
          "split_part",
          "starts_with",
          "strlen",
          "strpos",
          "substr",
          "substring",
          "suffix",
          "trim",
          "ucase",
          "upper",
          // string distances
          "damerau_levenshtein",
          "hamming",
          "jaccard",
          "jaro_similarity",
          "jaro_winkler_similarity",
          "levenshtein",
          "mismatches",
          // date and time
          "age",
          "current_date",
          "current_timestamp",
          "date_add",
          "date_diff",
          "date_part",
          "date_sub",
          "date_trunc",
          "datesub",
          "datetrunc",
          "day",
          "dayname",
          "dayofmonth",
          "dayofweek",
          "dayofyear",
          "epoch",
          "epoch_ms",
          "extract",
          "hour",
          "isodow",
          "isoyear",
          "last_day",
          "make_date",
          "make_time",
          "make_timestamp",
          "minute",
          "month",
          "monthname",
          "now",
          "quarter",
          "second",
          "strftime",
          "strptime",
          "time_bucket",
          "to_days",
          "to_hours",
          "to_minutes",
          "to_months",
          "to_seconds",
          "to_weeks",
          "to_years",
          "today",
          "try_strptime",
          "week",
          "weekday",
          "weekofyear",
          "year",
          "yearweek");

  /**
   * Names DuckDB's binder turns into function calls when no column has that name, quoted or not
   * ({@code GetSQLValueFunctionName}): {@code SELECT "current_user"} returns the user. A column
   * reference with one of these names is therefore checked as a call of that function. Public for
   * the DuckDB dialect, whose {@code valueKeywords()} they are.
   */
  public static final Set<String> DUCKDB_VALUE_KEYWORDS =
      Set.of(
          "current_catalog",
          "current_date",
          "current_role",
          "current_schema",
          "current_time",
          "current_timestamp",
          "current_user",
          "localtime",
          "localtimestamp",
          "session_user",
          "user");

  /**
   * Functions a query may call on some engine (or in another SQL dialect) with what the dialect's
   * {@link Advice} writes instead. Consulted only for a refused name, so a name the dialect allows
   * (DuckDB's {@code date_diff}) is never advised against there; the advice itself is the
   * dialect's, so it only names what that engine has.
   */
  private static final Map<String, Advice> ALTERNATIVES =
      Map.ofEntries(
          Map.entry("datediff", Advice.DAYS_BETWEEN),
          Map.entry("date_diff", Advice.DAYS_BETWEEN),
          Map.entry("timestampdiff", Advice.DAYS_BETWEEN),
          Map.entry("timestamp_diff", Advice.DAYS_BETWEEN),
          Map.entry("date_sub", Advice.DAYS_BETWEEN),
          Map.entry("datesub", Advice.DAYS_BETWEEN),
          Map.entry("dateadd", Advice.DAYS_LATER),
          Map.entry("date_add", Advice.DAYS_LATER),
          Map.entry("timestampadd", Advice.DAYS_LATER),
          Map.entry("to_days", Advice.DAYS_AS_INTERVAL),
          Map.entry("year", Advice.DATE_PART),
          Map.entry("quarter", Advice.DATE_PART),
          Map.entry("month", Advice.DATE_PART),
          Map.entry("week", Advice.DATE_PART),
          Map.entry("day", Advice.DATE_PART),
          Map.entry("dayofweek", Advice.DATE_PART),
          Map.entry("dayofmonth", Advice.DATE_PART),
          Map.entry("dayofyear", Advice.DATE_PART),
          Map.entry("datepart", Advice.DATE_PART),
          Map.entry("strftime", Advice.MONTH_AS_TEXT),
          Map.entry("to_char", Advice.MONTH_AS_TEXT),
          Map.entry("date_format", Advice.MONTH_AS_TEXT),
          Map.entry("median", Advice.MEDIAN),
          Map.entry("quantile", Advice.MEDIAN),
          Map.entry("quantile_cont", Advice.MEDIAN),
          Map.entry("count_if", Advice.COUNT_WHERE),
          Map.entry("countif", Advice.COUNT_WHERE),
          Map.entry("if", Advice.CONDITIONAL),
          Map.entry("iif", Advice.CONDITIONAL),
          Map.entry("divide", Advice.INTEGER_DIVISION),
          Map.entry("array_agg", Advice.VALUES_AS_TEXT),
          Map.entry("list", Advice.VALUES_AS_TEXT),
          Map.entry("listagg", Advice.VALUES_AS_TEXT),
          Map.entry("string_agg", Advice.VALUES_AS_TEXT),
          Map.entry("group_concat", Advice.VALUES_AS_TEXT),
          Map.entry("arg_max", Advice.LATEST_PER_GROUP),
          Map.entry("arg_min", Advice.LATEST_PER_GROUP),
          Map.entry("max_by", Advice.LATEST_PER_GROUP),
          Map.entry("min_by", Advice.LATEST_PER_GROUP),
          Map.entry("first", Advice.LATEST_PER_GROUP),
          Map.entry("last", Advice.LATEST_PER_GROUP));

  private final Set<String> names;
  private final Dialect dialect;

  /** {@code names} allowed, refusals advising what {@code dialect} has. */
  FunctionAllowlist(Set<String> names, Dialect dialect) {
    this.names = Set.copyOf(names);
    this.dialect = dialect;
  }

  boolean allows(String lowercaseName) {
    return names.contains(lowercaseName);
  }

  /** Why {@code name} is refused and what to call instead. */
  String refusal(String name) {
    Advice alternative = ALTERNATIVES.get(name);
    if (alternative != null) {
      return "function '" + name + "' is not allowed: " + alternative.in(dialect);
    }
    return "function '"
        + name
        + "' is not allowed: queries may only compute over the allowlisted tables "
        + "(allowed functions: "
        + String.join(", ", new TreeSet<>(names))
        + ")";
  }
}
