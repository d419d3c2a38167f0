package io.codemode4j.engine.postgres;

import io.codemode4j.sql.dialect.Advice;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.sql.dialect.FunctionCatalog;
import io.codemode4j.sql.dialect.Growth;
import io.codemode4j.sql.dialect.Rewrites;
import io.codemode4j.sql.dialect.SeriesStop;
import io.codemode4j.sql.dialect.SqlFeature;
import io.codemode4j.sql.dialect.TreeRewrite;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.dialect.PostgresqlSqlDialect;
import org.apache.calcite.sql.type.SqlTypeName;
import org.jspecify.annotations.Nullable;

/**
 * PostgreSQL's SQL, as the allowlist needs it, defined with sql-allowlist's public API alone
 * ({@link Dialect#builder}).
 *
 * <p><b>Features.</b> PostgreSQL lacks, or reads otherwise, DuckDB's {@code GROUP BY ALL} and
 * {@code ORDER BY ALL}, {@code QUALIFY}, {@code * EXCLUDE} and {@code * REPLACE}, {@code IGNORE
 * NULLS}/{@code RESPECT NULLS} (its window functions have neither), {@code INTERVAL (expression)
 * DAY} (it reads INTERVAL only before a string), {@code TRY_CAST}, and {@code SIMILAR TO}, which it
 * parses but reads as SQL's pattern ({@code .} a dot, {@code %} any text) where DuckDB reads a
 * regular expression: the same text would return other rows (found by {@code
 * PostgresDifferentialIT}). {@code DISTINCT ON}, {@code ::}, {@code ILIKE}, {@code f(x ORDER BY y)}
 * and an interval as one string are PostgreSQL syntax too. What PostgreSQL computes otherwise than
 * DuckDB ({@code SUM} of an integer column is BIGINT or NUMERIC) is its documented meaning, which
 * the query tool's description names.
 *
 * <p><b>Functions</b> ({@link #FUNCTIONS}), chosen as DuckDB's are: aggregate, window, numeric,
 * string, conditional and date/time functions that compute from their arguments alone (or read the
 * clock). Left out: everything that reads the catalog, settings or session ({@code
 * current_setting}, {@code pg_*}, {@code version}, {@code current_schema}, {@code
 * has_*_privilege}), files or other servers ({@code pg_read_file}, {@code dblink}, {@code lo_*}),
 * changes state ({@code nextval}, {@code setval}, {@code set_config}, {@code pg_advisory_lock}),
 * sleeps ({@code pg_sleep}), builds arrays, JSON or XML, and the unbounded string builders {@code
 * repeat} and {@code format} (its {@code %1000000s} width). {@code coalesce}, {@code nullif},
 * {@code greatest}, {@code least}, {@code extract}, {@code position}, {@code substring}, {@code
 * trim}, {@code grouping} and {@code current_*} are grammar in PostgreSQL rather than (or besides)
 * catalog functions; {@code PostgresFunctionsIT} checks every other name against {@code pg_proc} of
 * a real PostgreSQL. In FROM, {@code generate_series}, whose stop is included.
 *
 * <p><b>Rendering.</b> Calcite's {@link PostgresqlSqlDialect} with LIMIT/OFFSET. Every table is
 * rendered {@code "schema"."table"}, so neither the search path (which starts with {@code
 * pg_catalog} and the session's temporary schema) nor a relation of the same name can stand in for
 * it. The shared steps write string literals plain, so the connection must keep {@code
 * standard_conforming_strings} on (PostgreSQL's default since 9.1: a backslash is an ordinary
 * character), and the lexical check refuses PostgreSQL's {@code $1} parameters and {@code $$}
 * quotes. Rewrites: {@code INTERVAL 30 DAY} as {@code INTERVAL '30' DAY}, the only form it reads;
 * every divisor cast to NUMERIC, since PostgreSQL divides two integers without the fraction: an
 * integer or numeric over it is an exact numeric (and {@code round(x, 2)}, which PostgreSQL has for
 * numeric only, still applies), a float over it a float, an interval over it an interval.
 *
 * <p><b>Advice.</b> A date minus a date is PostgreSQL's count of days and a date plus an integer
 * its date that many days later (both stay integers and dates, where an interval would make a
 * timestamp); one row per group is the window function filtered in an outer query, which reads the
 * same on every engine ({@code DISTINCT ON} would too, but its own refusal is where this advice is
 * also given).
 */
public final class PostgresSql {

  /** The functions a PostgreSQL query may call by default, with the string builders' growth. */
  static final FunctionCatalog FUNCTIONS =
      FunctionCatalog.builder()
          .standardAggregates()
          .standardWindowFunctions()
          .functions(
              // aggregates
              "bit_and",
              "bit_or",
              "bit_xor",
              "bool_and",
              "bool_or",
              "corr",
              "covar_pop",
              "covar_samp",
              "every",
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
              "variance",
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
              "initcap",
              "left",
              "length",
              "lower",
              "ltrim",
              "md5",
              "position",
              "reverse",
              "right",
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
              "to_date")
          // the string builders
          .function("concat", Growth.CONCATENATES)
          .function("concat_ws", Growth.CONCATENATES_WITH_SEPARATOR)
          .function("lpad", Growth.PADS)
          .function("rpad", Growth.PADS)
          .function("replace", Growth.REPLACES)
          .function("regexp_replace", Growth.REPLACES_REGEXP_MATCH)
          // to_char's RN writes 15 characters for two, J (the Julian day) 9 for one.
          .function("to_char", Growth.FORMATS_DATE)
          .function("string_agg", Growth.AGGREGATES_STRINGS)
          .series("generate_series", SeriesStop.INCLUDED)
          .build();

  /** Calcite's PostgreSQL dialect with LIMIT/OFFSET, one instance for every schema. */
  private static final PostgresqlSqlDialect RENDERING = new RenderingDialect();

  private static final TreeRewrite QUOTED_INTERVAL_NUMBERS = Rewrites.quotedIntervalNumbers();

  private static final TreeRewrite NUMERIC_DIVISION =
      Rewrites.fractionalDivision("NUMERIC", SqlTypeName.DECIMAL);

  private PostgresSql() {}

  /**
   * PostgreSQL, its tables in {@code schema} (a lowercase identifier, e.g. {@code public}): every
   * table is rendered {@code "schema"."table"}.
   *
   * @throws IllegalArgumentException if {@code schema} is not a lowercase identifier
   */
  public static Dialect dialect(String schema) {
    return Dialect.builder("PostgreSQL")
        .supports(
            SqlFeature.DISTINCT_ON,
            SqlFeature.INTERVAL_STRING,
            SqlFeature.ILIKE,
            SqlFeature.NATURAL_JOIN,
            SqlFeature.BETWEEN_SYMMETRIC,
            SqlFeature.GROUPING_EXPRESSIONS,
            SqlFeature.AGGREGATE_FILTER,
            SqlFeature.NULLS_ORDERING)
        .functions(FUNCTIONS)
        // PostgreSQL's built-in scalar types and their aliases, no array, range, JSON, network or
        // extension type; double is the one DuckDB spelling Calcite renders as DOUBLE PRECISION.
        .castTypes(
            "boolean",
            "bool",
            "smallint",
            "integer",
            "int",
            "bigint",
            "int2",
            "int4",
            "int8",
            "decimal",
            "dec",
            "numeric",
            "real",
            "float",
            "float4",
            "float8",
            "double",
            "varchar",
            "char",
            "bpchar",
            "text",
            "date",
            "time",
            "timestamp",
            "timestamptz",
            "interval")
        // The SQL value functions PostgreSQL's grammar knows.
        .valueKeywords(
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
            "user")
        .postfixKeyword("isnull", "x IS NULL")
        .postfixKeyword("notnull", "x IS NOT NULL")
        .schema(schema)
        .rendering(RENDERING)
        .rewrite(QUOTED_INTERVAL_NUMBERS)
        .rewrite(NUMERIC_DIVISION)
        .advice(Advice.DAYS_BETWEEN, "{later_date} - {date}")
        .advice(Advice.DAYS_LATER, "{date} + 30")
        .advice(Advice.DAYS_AS_INTERVAL, "30 * INTERVAL '1' DAY")
        .advice(Advice.DATE_PART, "extract(year FROM {date})")
        .advice(Advice.MONTH_AS_TEXT, "to_char({date}, 'YYYY-MM')")
        .advice(Advice.MEDIAN, "percentile_cont(0.5) WITHIN GROUP (ORDER BY {amount})")
        .advice(Advice.COUNT_WHERE, "count(*) FILTER (WHERE {category} = {value})")
        .advice(Advice.CONDITIONAL, "CASE WHEN {category} = {value} THEN {amount} ELSE 0 END")
        .advice(Advice.INTEGER_DIVISION, "div({amount}, 100)")
        .advice(Advice.VALUES_AS_TEXT, "string_agg({category}, ', ')")
        .build();
  }

  /** Calcite's PostgreSQL dialect with LIMIT/OFFSET rather than FETCH NEXT. */
  private static final class RenderingDialect extends PostgresqlSqlDialect {

    RenderingDialect() {
      super(PostgresqlSqlDialect.DEFAULT_CONTEXT);
    }

    @Override
    public void unparseOffsetFetch(
        SqlWriter writer, @Nullable SqlNode offset, @Nullable SqlNode fetch) {
      unparseFetchUsingLimit(writer, offset, fetch);
    }
  }
}
