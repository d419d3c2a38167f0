package io.codemode4j.sql.internal;

import java.util.Set;

/**
 * The functions a Trino query may call by default, by lowercase name: chosen as {@link
 * FunctionAllowlist#DEFAULTS} are for DuckDB, aggregate, window, numeric, string, conditional and
 * date/time functions that compute a scalar from their arguments alone (or read the clock).
 *
 * <p>Left out: everything that reads the session, the catalog or the system ({@code current_user},
 * {@code current_catalog}, {@code current_schema}, {@code current_path}, {@code current_groups},
 * {@code current_timezone}), builds arrays, maps, JSON, sketches or digests ({@code array_agg},
 * {@code map_agg}, {@code histogram}, {@code approx_set}, {@code sequence}, {@code split}), draws
 * random numbers ({@code rand}, {@code random}, {@code uuid}, {@code shuffle}), draws text of a
 * chosen width ({@code bar}, {@code format}, {@code format_number}) or works on bytes ({@code md5},
 * {@code sha256}, {@code to_utf8}: VARBINARY in Trino), and {@code regexp_replace}, which replaces
 * every match in Trino (DuckDB's and PostgreSQL's replace the first unless told {@code 'g'}), so
 * the bound {@link StringGrowth} puts on its growth would not hold. {@code lpad} and {@code rpad}
 * widths, {@code replace} and {@code date_format} growth are bounded by the same passes as DuckDB's
 * ({@link WidthBounds}, {@link StringGrowth}). {@code coalesce}, {@code nullif}, {@code if}, {@code
 * extract}, {@code position}, {@code current_date}, {@code current_timestamp}, {@code grouping} and
 * {@code try_cast} are grammar in Trino rather than catalog functions; {@code TrinoFunctionsIT}
 * checks every other name against {@code SHOW FUNCTIONS} of a real Trino.
 */
public final class TrinoFunctions {

  /** The defaults, public for the Trino dialect, which offers them as its defaults. */
  public static final Set<String> DEFAULTS =
      Set.of(
          // aggregates
          "any_value",
          "approx_distinct",
          "approx_percentile",
          "arbitrary",
          "avg",
          "bitwise_and_agg",
          "bitwise_or_agg",
          "bitwise_xor_agg",
          "bool_and",
          "bool_or",
          "corr",
          "count",
          "count_if",
          "covar_pop",
          "covar_samp",
          "every",
          "geometric_mean",
          "kurtosis",
          "listagg",
          "max",
          "max_by",
          "min",
          "min_by",
          "regr_intercept",
          "regr_slope",
          "skewness",
          "stddev",
          "stddev_pop",
          "stddev_samp",
          "sum",
          "var_pop",
          "var_samp",
          "variance",
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
          // numeric
          "abs",
          "cbrt",
          "ceil",
          "ceiling",
          "exp",
          "floor",
          "greatest",
          "is_finite",
          "is_infinite",
          "is_nan",
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
          "truncate",
          "width_bucket",
          // conditional
          "coalesce",
          "if",
          "nullif",
          // string
          "chr",
          "codepoint",
          "concat",
          "concat_ws",
          "hamming_distance",
          "length",
          "levenshtein_distance",
          "lower",
          "lpad",
          "ltrim",
          "position",
          "regexp_count",
          "regexp_extract",
          "regexp_like",
          "regexp_position",
          "replace",
          "reverse",
          "rpad",
          "rtrim",
          "split_part",
          "starts_with",
          "strpos",
          "substr",
          "substring",
          "trim",
          "upper",
          // date and time
          "current_date",
          "current_timestamp",
          "date",
          "date_add",
          "date_diff",
          "date_format",
          "date_parse",
          "date_trunc",
          "day",
          "day_of_month",
          "day_of_week",
          "day_of_year",
          "dow",
          "doy",
          "extract",
          "from_iso8601_date",
          "from_unixtime",
          "hour",
          "last_day_of_month",
          "millisecond",
          "minute",
          "month",
          "now",
          "quarter",
          "second",
          "to_iso8601",
          "to_unixtime",
          "week",
          "week_of_year",
          "year",
          "year_of_week",
          "yow");

  private TrinoFunctions() {}
}
