package io.codemode4j.engine.trino;

import io.codemode4j.sql.dialect.Advice;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.sql.dialect.FunctionCatalog;
import io.codemode4j.sql.dialect.Growth;
import io.codemode4j.sql.dialect.Rewrites;
import io.codemode4j.sql.dialect.SqlFeature;
import io.codemode4j.sql.dialect.TreeRewrite;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.dialect.TrinoSqlDialect;
import org.apache.calcite.sql.fun.SqlBetweenOperator;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Trino's SQL, as the allowlist needs it, defined with sql-allowlist's public API alone ({@link
 * Dialect#builder}).
 *
 * <p><b>Features.</b> Trino lacks, or reads otherwise: {@code GROUP BY ALL} and {@code ORDER BY
 * ALL} (it reads {@code GROUP BY ALL a} as the set quantifier ALL, not as "every other column"),
 * {@code QUALIFY}, {@code * EXCLUDE}, {@code * REPLACE}, {@code DISTINCT ON}, an interval of an
 * expression or written as one string ({@code INTERVAL '30 days'}), {@code ILIKE}, {@code SIMILAR
 * TO}, {@code NATURAL JOIN}, {@code BETWEEN SYMMETRIC}, an expression in {@code GROUPING SETS},
 * {@code ROLLUP} or {@code CUBE} (it takes columns only), and a null treatment beside an ordering
 * inside one call ({@code first(x ORDER BY d IGNORE NULLS)}), which no Trino function takes. {@code
 * TRY_CAST}, {@code FILTER (WHERE ...)} and {@code IGNORE NULLS} are Trino syntax too. What Trino
 * computes otherwise than DuckDB ({@code SUM} of an integer column is BIGINT, a string is not
 * compared with a date) is its documented meaning, which the query tool's description names.
 *
 * <p><b>Functions</b> ({@link #FUNCTIONS}), chosen as DuckDB's are: aggregate, window, numeric,
 * string, conditional and date/time functions that compute a scalar from their arguments alone (or
 * read the clock). Left out: everything that reads the session, the catalog or the system ({@code
 * current_user}, {@code current_catalog}, {@code current_schema}, {@code current_path}, {@code
 * current_groups}, {@code current_timezone}), builds arrays, maps, JSON, sketches or digests
 * ({@code array_agg}, {@code map_agg}, {@code histogram}, {@code approx_set}, {@code sequence},
 * {@code split}), draws random numbers ({@code rand}, {@code random}, {@code uuid}, {@code
 * shuffle}), draws text of a chosen width ({@code bar}, {@code format}, {@code format_number}) or
 * works on bytes ({@code md5}, {@code sha256}, {@code to_utf8}: VARBINARY in Trino), and {@code
 * regexp_replace}, which replaces every match in Trino (DuckDB's and PostgreSQL's replace the first
 * unless told {@code 'g'}), so {@link Growth#REPLACES_REGEXP_MATCH} would not bound it. {@code
 * coalesce}, {@code nullif}, {@code if}, {@code extract}, {@code position}, {@code current_date},
 * {@code current_timestamp}, {@code grouping} and {@code try_cast} are grammar in Trino rather than
 * catalog functions; {@code TrinoFunctionsIT} checks every other name against {@code SHOW
 * FUNCTIONS} of a real Trino. No table function: Trino has no series in FROM.
 *
 * <p><b>Rendering.</b> Calcite's {@link TrinoSqlDialect} ({@code OFFSET n ROWS FETCH NEXT m ROWS
 * ONLY}, {@code length} for {@code char_length}) writing {@code x::type}, which Trino cannot parse,
 * as {@code CAST(x AS type)} (the same cast of the same operand, whose grouping the tree already
 * fixed) and {@code BETWEEN}, which Calcite writes {@code BETWEEN ASYMMETRIC}, without the keyword.
 * Every table is rendered {@code "catalog"."schema"."table"}, so the session's catalog and schema
 * never decide what a name means. Trino reads a backslash in a string as itself, and {@code
 * U&'...'} is its only escape form, which the lexical check refuses. Rewrites: a null treatment
 * after the call, as Trino reads it ({@code lag(x) IGNORE NULLS OVER (...)}); every divisor cast to
 * DOUBLE, DuckDB's own quotient type, since Trino divides two integers without the fraction and
 * decimals at the larger scale of the two; {@code INTERVAL 30 DAY} as {@code INTERVAL '30' DAY}.
 *
 * <p><b>Advice.</b> Trino's own functions where it has them ({@code date_diff}, {@code date_add},
 * {@code date_format}, {@code count_if}, {@code if}, {@code listagg}, {@code regexp_like}); its
 * median is the exact middle of the ordered rows (the one or two middle ranks, found without a
 * division), since its one percentile function ({@code approx_percentile}) is approximate; integer
 * division truncates the quotient, since {@code /} is rendered as DuckDB's floating division; one
 * row per group is the window function filtered in an outer query.
 */
public final class TrinoSql {

  /** The functions a Trino query may call by default, with the string builders' growth. */
  static final FunctionCatalog FUNCTIONS =
      FunctionCatalog.builder()
          .standardAggregates()
          .standardWindowFunctions()
          .functions(
              // aggregates
              "any_value",
              "approx_distinct",
              "approx_percentile",
              "arbitrary",
              "bitwise_and_agg",
              "bitwise_or_agg",
              "bitwise_xor_agg",
              "bool_and",
              "bool_or",
              "corr",
              "count_if",
              "covar_pop",
              "covar_samp",
              "every",
              "geometric_mean",
              "kurtosis",
              "max_by",
              "min_by",
              "regr_intercept",
              "regr_slope",
              "skewness",
              "stddev",
              "variance",
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
              "hamming_distance",
              "length",
              "levenshtein_distance",
              "lower",
              "ltrim",
              "position",
              "regexp_count",
              "regexp_extract",
              "regexp_like",
              "regexp_position",
              "reverse",
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
              "yow")
          // the string builders
          .function("concat", Growth.CONCATENATES)
          .function("concat_ws", Growth.CONCATENATES_WITH_SEPARATOR)
          .function("lpad", Growth.PADS)
          .function("rpad", Growth.PADS)
          .function("replace", Growth.REPLACES)
          // Trino's date_format writes MySQL's specifiers, none longer than strftime's.
          .function("date_format", Growth.FORMATS_DATE)
          .function("listagg", Growth.AGGREGATES_STRINGS)
          .build();

  /** Calcite's Trino dialect with the decisions above, one instance for every catalog. */
  private static final TrinoSqlDialect RENDERING = new RenderingDialect();

  private static final TreeRewrite NULL_TREATMENT_AFTER_CALL = Rewrites.nullTreatmentAfterCall();

  private static final TreeRewrite DOUBLE_DIVISION =
      Rewrites.fractionalDivision("DOUBLE", SqlTypeName.DOUBLE);

  private static final TreeRewrite QUOTED_INTERVAL_NUMBERS = Rewrites.quotedIntervalNumbers();

  private TrinoSql() {}

  /**
   * Trino, its tables in {@code catalog}.{@code schema} (lowercase identifiers, e.g. {@code hive}
   * and {@code sales}): every table is rendered {@code "catalog"."schema"."table"}.
   *
   * @throws IllegalArgumentException if {@code catalog} or {@code schema} is not a lowercase
   *     identifier
   */
  public static Dialect dialect(String catalog, String schema) {
    return Dialect.builder("Trino")
        .supports(
            SqlFeature.NULL_TREATMENT,
            SqlFeature.TRY_CAST,
            SqlFeature.AGGREGATE_FILTER,
            SqlFeature.NULLS_ORDERING)
        .functions(FUNCTIONS)
        // Trino's built-in scalar types under the names Trino parses (int is its one alias; it has
        // no text, numeric, float, int8 or timestamptz), no array, map, row, JSON or IP type.
        .castTypes(
            "boolean",
            "tinyint",
            "smallint",
            "integer",
            "int",
            "bigint",
            "real",
            "double",
            "decimal",
            "varchar",
            "char",
            "date",
            "time",
            "timestamp")
        // The names Trino's grammar reads as calls wherever a column could stand, quoted or not:
        // its date-time keywords and the session's user, catalog, schema and path.
        .valueKeywords(
            "current_catalog",
            "current_date",
            "current_path",
            "current_schema",
            "current_time",
            "current_timestamp",
            "current_user",
            "localtime",
            "localtimestamp")
        .catalog(catalog)
        .schema(schema)
        .rendering(RENDERING)
        .rewrite(NULL_TREATMENT_AFTER_CALL)
        .rewrite(DOUBLE_DIVISION)
        .rewrite(QUOTED_INTERVAL_NUMBERS)
        .advice(Advice.DAYS_BETWEEN, "date_diff('day', {date}, {later_date})")
        .advice(Advice.DAYS_LATER, "date_add('day', 30, {date})")
        .advice(Advice.DAYS_AS_INTERVAL, "30 * INTERVAL '1' DAY")
        .advice(Advice.DATE_PART, "year({date})")
        .advice(Advice.MONTH_AS_TEXT, "date_format({date}, '%Y-%m')")
        .advice(
            Advice.MEDIAN,
            "SELECT avg({amount}) AS median FROM (SELECT {amount}, row_number() OVER (ORDER BY"
                + " {amount}) AS n, count(*) OVER () AS c FROM {table}) AS ranked WHERE 2 * n - c"
                + " BETWEEN 0 AND 2")
        .advice(Advice.COUNT_WHERE, "count_if({category} = {value})")
        .advice(Advice.CONDITIONAL, "if({category} = {value}, {amount}, 0)")
        .advice(Advice.INTEGER_DIVISION, "CAST(truncate({amount} / 100) AS BIGINT)")
        .advice(
            Advice.VALUES_AS_TEXT, "listagg({category}, ', ') WITHIN GROUP (ORDER BY {category})")
        .advice(Advice.PATTERN_MATCH, "regexp_like({category}, {value_regex})")
        .build();
  }

  private static void parenthesised(SqlWriter writer, SqlNode operand) {
    SqlWriter.Frame frame = writer.startList("(", ")");
    operand.unparse(writer, 0, 0);
    writer.endList(frame);
  }

  /** Calcite's Trino dialect with the {@code ::} and BETWEEN decisions above. */
  private static final class RenderingDialect extends TrinoSqlDialect {

    RenderingDialect() {
      super(TrinoSqlDialect.DEFAULT_CONTEXT);
    }

    @Override
    public void unparseCall(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
      if (call.getOperator() == SqlLibraryOperators.INFIX_CAST) {
        writer.keyword("CAST");
        SqlWriter.Frame frame = writer.startList("(", ")");
        call.operand(0).unparse(writer, 0, 0);
        writer.keyword("AS");
        call.operand(1).unparse(writer, 0, 0);
        writer.endList(frame);
      } else if (call.getOperator() instanceof SqlBetweenOperator between) {
        // Calcite writes BETWEEN ASYMMETRIC, which Trino cannot parse; the dialect lacks
        // BETWEEN_SYMMETRIC, so this is plain BETWEEN.
        SqlWriter.Frame frame = writer.startList(SqlWriter.FrameTypeEnum.SIMPLE);
        parenthesised(writer, call.operand(0));
        writer.sep(between.isNegated() ? "NOT BETWEEN" : "BETWEEN");
        parenthesised(writer, call.operand(1));
        writer.sep("AND");
        parenthesised(writer, call.operand(2));
        writer.endList(frame);
      } else {
        super.unparseCall(writer, call, leftPrec, rightPrec);
      }
    }
  }
}
