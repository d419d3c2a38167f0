package io.codemode4j.sql.internal;

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

  /** Known functions outside the allowlist that have an allowed equivalent. */
  private static final Map<String, String> ALTERNATIVES =
      Map.of(
          "datediff", "date_diff('day', start, end)",
          "timestampdiff", "date_diff('day', start, end)",
          "timestamp_diff", "date_diff('day', start, end)",
          "dateadd", "d + INTERVAL 1 DAY",
          "timestampadd", "d + INTERVAL 1 DAY",
          "to_char", "strftime(d, '%Y-%m')",
          "date_format", "strftime(d, '%Y-%m')",
          "array_agg", "string_agg(x, ', ')",
          "list", "string_agg(x, ', ')");

  private final Set<String> names;

  FunctionAllowlist(Set<String> names) {
    this.names = Set.copyOf(names);
  }

  boolean allows(String lowercaseName) {
    return names.contains(lowercaseName);
  }

  /** Why {@code name} is refused and what to call instead. */
  String refusal(String name) {
    String alternative = ALTERNATIVES.get(name);
    if (alternative != null) {
      return "function '" + name + "' is not allowed: write " + alternative;
    }
    return "function '"
        + name
        + "' is not allowed: queries may only compute over the allowlisted tables "
        + "(allowed functions: "
        + String.join(", ", new TreeSet<>(names))
        + ")";
  }
}
