package io.codemode4j.sql.internal;

import java.util.Set;

/**
 * The functions a PostgreSQL query may call by default, by lowercase name: chosen as {@link
 * FunctionAllowlist#DEFAULTS} are for DuckDB, aggregate, window, numeric, string, conditional and
 * date/time functions that compute from their arguments alone (or read the clock).
 *
 * <p>Left out: everything that reads the catalog, settings or session ({@code current_setting},
 * {@code pg_*}, {@code version}, {@code current_schema}, {@code has_*_privilege}), files or other
 * servers ({@code pg_read_file}, {@code dblink}, {@code lo_*}), changes state ({@code nextval},
 * {@code setval}, {@code set_config}, {@code pg_advisory_lock}), sleeps ({@code pg_sleep}), builds
 * arrays, JSON or XML, and the unbounded string builders {@code repeat} and {@code format} (its
 * {@code %1000000s} width). {@code lpad}/{@code rpad} widths and {@code replace}/{@code
 * regexp_replace} growth are bounded by the same passes as DuckDB's ({@link QueryWalker}, {@link
 * StringGrowth}). {@code coalesce}, {@code nullif}, {@code greatest}, {@code least}, {@code
 * extract}, {@code position}, {@code substring}, {@code trim}, {@code grouping} and {@code
 * current_*} are grammar in PostgreSQL rather than (or besides) catalog functions; {@code
 * PostgresFunctionsIT} checks every other name against {@code pg_proc} of a real PostgreSQL.
 */
public final class PostgresFunctions {

  /** The defaults, public for the PostgreSQL dialect, which offers them as its defaults. */
  public static final Set<String> DEFAULTS =
      Set.of(
          // aggregates
          "avg",
          "bit_and",
          "bit_or",
          "bit_xor",
          "bool_and",
          "bool_or",
          "corr",
          "count",
          "covar_pop",
          "covar_samp",
          "every",
          "max",
          "min",
          "mode",
          "percentile_cont",
          "percentile_disc",
          "regr_avgx",
          "regr_avgy",
          "regr_count",
          "regr_intercept",
          "regr_r2",
          "regr_slope",
          "regr_sxx",
          "regr_sxy",
          "regr_syy",
          "stddev",
          "stddev_pop",
          "stddev_samp",
          "string_agg",
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
          "div",
          "exp",
          "floor",
          "greatest",
          "least",
          "ln",
          "log",
          "log10",
          "mod",
          "pi",
          "pow",
          "power",
          "round",
          "sign",
          "sqrt",
          "trunc",
          "width_bucket",
          // conditional
          "coalesce",
          "nullif",
          // string
          "ascii",
          "btrim",
          "char_length",
          "character_length",
          "chr",
          "concat",
          "concat_ws",
          "initcap",
          "left",
          "length",
          "lower",
          "lpad",
          "ltrim",
          "md5",
          "position",
          "regexp_replace",
          "replace",
          "reverse",
          "right",
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
          "age",
          "current_date",
          "current_timestamp",
          "date_part",
          "date_trunc",
          "extract",
          "isfinite",
          "make_date",
          "make_time",
          "make_timestamp",
          "now",
          "to_char",
          "to_date");

  private PostgresFunctions() {}
}
