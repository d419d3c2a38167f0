package io.codemode4j.sql.internal;

import io.codemode4j.sql.dialect.Advice;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.sql.dialect.FunctionCatalog;
import io.codemode4j.sql.dialect.Growth;
import io.codemode4j.sql.dialect.SeriesStop;
import io.codemode4j.sql.dialect.SqlFeature;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.dialect.DuckDBSqlDialect;
import org.apache.calcite.sql.fun.SqlIntervalOperator;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.util.SqlShuttle;
import org.jspecify.annotations.Nullable;

/**
 * DuckDB, the allowlist's reference and default dialect ({@link Dialect#duckDb()}), defined with
 * {@link Dialect#builder} as any engine's is: the parser reads DuckDB's SQL, so it has every {@link
 * SqlFeature}.
 *
 * <p><b>Functions</b> ({@link #FUNCTIONS}): DuckDB aggregate, window, numeric, string, conditional
 * and date/time functions that compute from their arguments alone (or read the clock). Nothing that
 * reads files or URLs ({@code read_*}, {@code glob}), runs SQL text ({@code query}, {@code
 * query_table}), reads settings, variables or the environment ({@code current_setting}, {@code
 * getvariable}, {@code getenv}), the catalog or session ({@code duckdb_*}, {@code pragma_*}, {@code
 * current_schema}, {@code current_user}, {@code version}), changes state ({@code nextval}, {@code
 * setseed}) or builds lists, maps and structs (results are returned as JSON scalars). Each name was
 * checked against {@code duckdb_functions()} of the DuckDB this project runs ({@code
 * FunctionAllowlistIT} keeps checking it): the only macros among them expand to other listed
 * functions ({@code if}, {@code nullif}, {@code date_add}, {@code weighted_avg}, which is {@code
 * sum(value * weight) / sum(CASE ...)}), except {@code split_part}, which expands to {@code
 * string_split(string, delimiter)[position]}: a list built and indexed inside the macro, never
 * returned, so {@code string_split} itself stays out.
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
 * repeat} (a string or list of any length) and the list forms of {@code range} and {@code
 * generate_series} stay out; in FROM, {@code generate_series} and {@code range} are series whose
 * rows are counted first ({@link SeriesBounds}). The string builders are listed with their {@link
 * Growth}: {@code lpad}/{@code rpad} take a literal width, {@code printf}/{@code format} a literal
 * format, and every other way to grow a string ({@code replace}, {@code regexp_replace}, {@code
 * strftime}, {@code ||} and {@code concat} through CTE chains, an aggregated string copied) is
 * bounded by {@link StringGrowth}.
 *
 * <p>Left out although harmless, because Babel parses them into something else: {@code translate}
 * ({@code TRANSLATE3}) and {@code datepart} (expects a unit keyword); use {@code replace} and
 * {@code date_part}.
 *
 * <p><b>Rendering</b>: Calcite's {@link DuckDBSqlDialect} with LIMIT/OFFSET rather than {@code
 * FETCH NEXT n ROWS ONLY} (DuckDB's own spelling) and {@code INTERVAL (expression) DAY} in the
 * parentheses DuckDB needs; {@code EXTRACT} becomes {@code date_part} with DuckDB's label ({@link
 * #datePartLabels}). Executing this rendering rather than the submitted text closes the parser
 * differentials: Calcite reads {@code //} as a comment where DuckDB reads integer division, and
 * {@code $$} as an identifier where DuckDB reads a string quote; text that Calcite skipped or
 * misread could otherwise run.
 */
public final class DuckDbSql {

  /**
   * The functions allowed by default, as chosen above, with the string builders' growth and the two
   * series.
   */
  static final FunctionCatalog FUNCTIONS =
      FunctionCatalog.builder()
          .functions(
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
              "contains",
              "ends_with",
              "instr",
              "lcase",
              "left",
              "length",
              "lower",
              "ltrim",
              "md5",
              "position",
              "prefix",
              "regexp_extract",
              "regexp_full_match",
              "regexp_matches",
              "reverse",
              "right",
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
              "yearweek")
          // the string builders
          .function("concat", Growth.CONCATENATES)
          .function("concat_ws", Growth.CONCATENATES_WITH_SEPARATOR)
          .function("lpad", Growth.PADS)
          .function("rpad", Growth.PADS)
          .function("printf", Growth.FORMATS_PRINTF)
          .function("format", Growth.FORMATS_FIELDS)
          .function("replace", Growth.REPLACES)
          .function("regexp_replace", Growth.REPLACES_REGEXP_MATCH)
          .function("strftime", Growth.FORMATS_DATE)
          .function("string_agg", Growth.AGGREGATES_STRINGS)
          .function("listagg", Growth.AGGREGATES_STRINGS)
          .series("generate_series", SeriesStop.INCLUDED)
          .series("range", SeriesStop.EXCLUDED)
          .build();

  /**
   * Names DuckDB's binder turns into function calls when no column has that name, quoted or not
   * ({@code GetSQLValueFunctionName}): {@code SELECT "current_user"} returns the user.
   */
  static final String[] VALUE_KEYWORDS = {
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
    "user"
  };

  /**
   * The units DuckDB's grammar knows as keywords, by written name, with the name DuckDB labels them
   * by ({@code EXTRACT(years FROM d)} is {@code date_part('YEAR', d)}); every other unit it labels
   * as written ({@code dow}, {@code epoch}).
   */
  static final Map<String, String> EXTRACT_UNITS =
      Map.ofEntries(
          Map.entry("year", "YEAR"),
          Map.entry("years", "YEAR"),
          Map.entry("month", "MONTH"),
          Map.entry("months", "MONTH"),
          Map.entry("day", "DAY"),
          Map.entry("days", "DAY"),
          Map.entry("hour", "HOUR"),
          Map.entry("hours", "HOUR"),
          Map.entry("minute", "MINUTE"),
          Map.entry("minutes", "MINUTE"),
          Map.entry("second", "SECOND"),
          Map.entry("seconds", "SECOND"),
          Map.entry("millisecond", "MILLISECONDS"),
          Map.entry("milliseconds", "MILLISECONDS"),
          Map.entry("microsecond", "MICROSECONDS"),
          Map.entry("microseconds", "MICROSECONDS"),
          Map.entry("week", "WEEK"),
          Map.entry("weeks", "WEEK"),
          Map.entry("quarter", "QUARTER"),
          Map.entry("quarters", "QUARTER"),
          Map.entry("decade", "DECADE"),
          Map.entry("decades", "DECADE"),
          Map.entry("century", "CENTURY"),
          Map.entry("centuries", "CENTURY"),
          Map.entry("millennium", "MILLENNIUM"),
          Map.entry("millennia", "MILLENNIUM"));

  /** Calcite's DuckDB dialect with the decisions above, one instance for the dialect. */
  private static final DuckDBSqlDialect RENDERING = new RenderingDialect();

  /** The dialect, {@link Dialect#duckDb()}. */
  public static final Dialect DIALECT =
      Dialect.builder("DuckDB")
          .supports(SqlFeature.values())
          .functions(FUNCTIONS)
          // Types a CAST or :: may name; extension types (JSON, GEOMETRY ...) would autoload. The
          // aliases are the names duckdb_types() lists for the same built-in types.
          .castTypes(
              "boolean",
              "bool",
              "logical",
              "tinyint",
              "smallint",
              "integer",
              "int",
              "bigint",
              "hugeint",
              "ubigint",
              "uinteger",
              "usmallint",
              "utinyint",
              "int1",
              "int2",
              "int4",
              "int8",
              "int16",
              "int32",
              "int64",
              "int128",
              "short",
              "long",
              "signed",
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
              "nvarchar",
              "text",
              "string",
              "date",
              "time",
              "timestamp",
              "timestamptz",
              "interval")
          .valueKeywords(VALUE_KEYWORDS)
          // Found by running every word of duckdb_keywords() after an expression, with and without
          // AS; DuckDbKeywordsIT repeats that against the DuckDB in use.
          .postfixKeyword("export_state", "an aggregate's internal state, which is not supported")
          .postfixKeyword("isnull", "x IS NULL")
          .postfixKeyword("notnull", "x IS NOT NULL")
          .schema("main")
          .keepBareTableNames()
          .rendering(RENDERING)
          .rewrite(DuckDbSql::datePartLabels)
          .advice(Advice.DAYS_BETWEEN, "date_diff('day', {date}, {later_date})")
          .advice(Advice.DAYS_LATER, "{date} + INTERVAL 30 DAY")
          .advice(Advice.DAYS_AS_INTERVAL, "to_days(30)")
          .advice(Advice.DATE_PART, "year({date})")
          .advice(Advice.MONTH_AS_TEXT, "strftime({date}, '%Y-%m')")
          .advice(Advice.MEDIAN, "median({amount})")
          .advice(Advice.COUNT_WHERE, "count_if({category} = {value})")
          .advice(Advice.CONDITIONAL, "if({category} = {value}, {amount}, 0)")
          .advice(Advice.INTEGER_DIVISION, "divide({amount}, 100)")
          .advice(Advice.VALUES_AS_TEXT, "string_agg({category}, ', ')")
          .advice(Advice.PATTERN_MATCH, "regexp_matches({category}, {value_regex})")
          .advice(
              Advice.LATEST_PER_GROUP,
              "SELECT * FROM {table} QUALIFY row_number() OVER (PARTITION BY {key} ORDER BY {date}"
                  + " DESC) = 1")
          .advice(
              Advice.GROUP_BY_SELECTED,
              "SELECT {group}, {category}, count(*) FROM {table} GROUP BY ALL")
          .advice(Advice.ORDER_BY_SELECTED, "SELECT {group}, {category} FROM {table} ORDER BY ALL")
          .build();

  private DuckDbSql() {}

  /**
   * {@code tree} with each {@code EXTRACT} written as DuckDB labels it, {@code date_part} of the
   * unit as written ({@link AsWritten}) or by the name DuckDB's grammar gives it ({@link
   * #EXTRACT_UNITS}): DuckDB names an unaliased column {@code date_part('dow', d)} for {@code
   * EXTRACT(dow FROM d)}, where Calcite would write {@code EXTRACT(DOW FROM d)}, labelled with the
   * unit in capitals. Copies the calls above a change, as every rewrite does.
   */
  static SqlNode datePartLabels(SqlNode tree) {
    // Most queries have no EXTRACT: looked for first without copying, as SubqueryParentheses does
    // (the shuttle over every tree cost 2.4% of approve's CPU over the accepted corpus, JFR).
    if (!hasWrittenExtract(tree)) {
      return tree;
    }
    return tree.accept(
        new SqlShuttle() {
          @Override
          public @Nullable SqlNode visit(SqlCall call) {
            SqlNode visited = super.visit(call);
            if (visited instanceof SqlCall copy
                && copy.getOperator() instanceof AsWritten.WrittenExtract extract) {
              String written = extract.unit();
              String label = EXTRACT_UNITS.getOrDefault(written.toLowerCase(Locale.ROOT), written);
              SqlNode date = copy.operand(1);
              return SqlLibraryOperators.DATE_PART.createCall(
                  copy.getParserPosition(),
                  SqlLiteral.createCharString(label, copy.operand(0).getParserPosition()),
                  date);
            }
            return visited;
          }
        });
  }

  /** Whether {@code node} holds a call of {@link AsWritten.WrittenExtract}. */
  private static boolean hasWrittenExtract(@Nullable SqlNode node) {
    if (node instanceof SqlNodeList list) {
      for (SqlNode element : list) {
        if (hasWrittenExtract(element)) {
          return true;
        }
      }
      return false;
    }
    if (!(node instanceof SqlCall call)) {
      return false;
    }
    if (call.getOperator() instanceof AsWritten.WrittenExtract) {
      return true;
    }
    for (SqlNode operand : call.getOperandList()) {
      if (hasWrittenExtract(operand)) {
        return true;
      }
    }
    return false;
  }

  /** Calcite's DuckDB dialect with the LIMIT and INTERVAL decisions above. */
  private static final class RenderingDialect extends DuckDBSqlDialect {

    RenderingDialect() {
      super(DuckDBSqlDialect.DEFAULT_CONTEXT);
    }

    @Override
    public void unparseOffsetFetch(
        SqlWriter writer, @Nullable SqlNode offset, @Nullable SqlNode fetch) {
      unparseFetchUsingLimit(writer, offset, fetch);
    }

    /** {@code INTERVAL (expression) DAY}: DuckDB takes an expression there only in parentheses. */
    @Override
    public void unparseCall(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
      if (call.getOperator() instanceof SqlIntervalOperator
          && !(call.operand(0) instanceof SqlLiteral)) {
        writer.keyword("INTERVAL");
        SqlWriter.Frame frame = writer.startList("(", ")");
        call.operand(0).unparse(writer, 0, 0);
        writer.endList(frame);
        call.operand(1).unparse(writer, 0, 0);
        return;
      }
      super.unparseCall(writer, call, leftPrec, rightPrec);
    }
  }
}
