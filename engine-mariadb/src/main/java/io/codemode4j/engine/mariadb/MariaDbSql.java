package io.codemode4j.engine.mariadb;

import io.codemode4j.sql.dialect.Advice;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.sql.dialect.Rewrites;
import io.codemode4j.sql.dialect.SqlFeature;
import io.codemode4j.sql.dialect.TreeRewrite;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * MariaDB 10.11's SQL, as the allowlist needs it, defined with sql-allowlist's public API alone
 * ({@link Dialect#builder}); every decision below was measured on the server (NOTES.md, {@code
 * MariaDbCorpusIT}).
 *
 * <p><b>Features.</b> MariaDB lacks DuckDB's {@code GROUP BY ALL}/{@code ORDER BY ALL}, {@code
 * QUALIFY}, {@code * EXCLUDE}/{@code * REPLACE}, {@code DISTINCT ON}, {@code IGNORE NULLS}/{@code
 * RESPECT NULLS}, an interval written as one string ({@code INTERVAL '30 days'}), {@code TRY_CAST},
 * {@code ILIKE}, {@code SIMILAR TO}, {@code BETWEEN SYMMETRIC}, {@code FILTER (WHERE ...)} and
 * expressions in grouping sets. It has, as DuckDB reads them: {@code NATURAL JOIN}, {@code NULLS
 * FIRST/LAST} (which {@link MariaDbSqlDialect} writes as an ordering on {@code x IS NULL}, MariaDB
 * having no such keywords) and {@code INTERVAL (expression) DAY} beside a date (written {@code
 * date_add(d, INTERVAL expression DAY)}). What no feature expresses is refused by {@link
 * MariaDbSyntax} (FULL JOIN, LATERAL, GROUPING SETS, CUBE, ROLLUP beside ORDER BY, a derived
 * table's column list, NULLS FIRST/LAST on a position, date_format's third argument) and {@link
 * MariaDbDateArithmetic} ({@code +} and {@code -} on a date).
 *
 * <p><b>Functions</b>: {@link MariaDbFunctions#CATALOG}. <b>Casts</b>: {@link MariaDbCastTypes}.
 *
 * <p><b>Rendering.</b> {@link MariaDbSqlDialect}: backticks, {@code concat()} for {@code ||},
 * {@code CAST(} without a space, so the text means the same under every {@code sql_mode}. Every
 * table is rendered {@code `database`.`table`}, so the connection's default database never decides
 * what a name means; a tenant's queries are rendered into its own database ({@link
 * Dialect#inSchema}, {@link MariaDbEngine#tenantSchema}). MariaDB may read a backslash in a literal
 * as an escape, so the dialect {@link Dialect.Builder#readsBackslashEscapes reads backslash
 * escapes}. Rewrites, in order: each LIKE given an escape character of its own ({@link
 * MariaDbLikeEscape}, MariaDB's default being the backslash), each backslash in a literal written
 * as a character code ({@link MariaDbBackslashes}), DuckDB's {@code date_trunc} in MariaDB's
 * functions ({@link MariaDbDateTrunc}), every divisor cast to DOUBLE, DuckDB's quotient type
 * (MariaDB divides at four more decimals: a share of a total answered 42.97067 for DuckDB's
 * 42.97066913...), and DuckDB's null order made explicit ({@link MariaDbNullOrder}: MariaDB sorts
 * NULLs first).
 *
 * <p><b>Advice</b>: MariaDB's own functions ({@code datediff}, {@code date_add}, {@code
 * date_format}, {@code if}); a group's values as rows, to be joined by the program (MariaDB's
 * {@code group_concat} is refused by the allowlist's walker); the median as the middle of the
 * ordered rows, since MariaDB's {@code median} is a window function only; one row per group as the
 * window function filtered in an outer query.
 */
public final class MariaDbSql {

  private static final TreeRewrite LIKE_ESCAPE = MariaDbLikeEscape::apply;

  private static final TreeRewrite BACKSLASHES = MariaDbBackslashes::apply;

  private static final TreeRewrite DATE_TRUNC = MariaDbDateTrunc::apply;

  private static final TreeRewrite DOUBLE_DIVISION =
      Rewrites.fractionalDivision("DOUBLE", SqlTypeName.DOUBLE);

  private static final TreeRewrite NULLS_LAST = MariaDbNullOrder::apply;

  private static final MariaDbSyntax SYNTAX = new MariaDbSyntax();

  private MariaDbSql() {}

  /**
   * MariaDB, its tables in database {@code schema} (a lowercase identifier), no column's type
   * known: {@code +} and {@code -} are refused on every name the query does not define as a number,
   * since any column may be a date. A warehouse opened by {@link MariaDbEngine} knows its columns
   * ({@link #dialect(String, MariaDbColumnTypes)}).
   *
   * @throws IllegalArgumentException if {@code schema} is not a lowercase identifier
   */
  public static Dialect dialect(String schema) {
    return dialect(schema, MariaDbColumnTypes.UNKNOWN);
  }

  /**
   * MariaDB, its tables in database {@code schema} (a lowercase identifier), whose date and time
   * columns are {@code types}: every table is rendered {@code `schema`.`table`}.
   *
   * @throws IllegalArgumentException if {@code schema} is not a lowercase identifier
   */
  public static Dialect dialect(String schema, MariaDbColumnTypes types) {
    return Dialect.builder("MariaDB")
        .supports(
            SqlFeature.NATURAL_JOIN, SqlFeature.NULLS_ORDERING, SqlFeature.INTERVAL_EXPRESSION)
        .functions(MariaDbFunctions.CATALOG)
        .castTypes(MariaDbCastTypes.names().toArray(String[]::new))
        // The names MariaDB's grammar reads as calls wherever a column could stand.
        .valueKeywords(
            "current_date",
            "current_role",
            "current_time",
            "current_timestamp",
            "current_user",
            "localtime",
            "localtimestamp",
            "utc_date",
            "utc_time",
            "utc_timestamp")
        .schema(schema)
        .readsBackslashEscapes()
        .rendering(MariaDbSqlDialect.INSTANCE)
        .check(SYNTAX)
        .check(new MariaDbDateArithmetic(types))
        .rewrite(LIKE_ESCAPE)
        .rewrite(BACKSLASHES)
        .rewrite(DATE_TRUNC)
        .rewrite(DOUBLE_DIVISION)
        .rewrite(NULLS_LAST)
        .advice(Advice.DAYS_BETWEEN, "datediff({later_date}, {date})")
        .advice(Advice.DAYS_LATER, "date_add({date}, INTERVAL 30 DAY)")
        .advice(Advice.DAYS_AS_INTERVAL, "date_add({date}, INTERVAL 30 DAY)")
        .advice(Advice.DATE_PART, "year({date})")
        .advice(Advice.MONTH_AS_TEXT, "date_format({date}, '%Y-%m')")
        .advice(
            Advice.MEDIAN,
            "SELECT avg({amount}) AS median FROM (SELECT {amount}, row_number() OVER (ORDER BY"
                + " {amount}) AS n, count(*) OVER () AS c FROM {table} WHERE {amount} IS NOT NULL)"
                + " AS ranked WHERE 2 * n - c BETWEEN 0 AND 2")
        .advice(Advice.COUNT_WHERE, "count(CASE WHEN {category} = {value} THEN 1 END)")
        .advice(Advice.CONDITIONAL, "if({category} = {value}, {amount}, 0)")
        .advice(Advice.INTEGER_DIVISION, "CAST(truncate({amount} / 100, 0) AS BIGINT)")
        // MariaDB's group_concat is refused by the allowlist's walker: the values as rows.
        .advice(
            Advice.VALUES_AS_TEXT,
            "SELECT {group}, {category} FROM {table} GROUP BY 1, 2 ORDER BY 1, 2")
        .build();
  }
}
