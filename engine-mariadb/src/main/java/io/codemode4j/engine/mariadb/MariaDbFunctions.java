package io.codemode4j.engine.mariadb;

import io.codemode4j.sql.dialect.FunctionCatalog;
import io.codemode4j.sql.dialect.Growth;
import java.util.List;

/**
 * The function catalog of the MariaDB dialect: the functions a query may call by default,
 * lowercase, each one MariaDB 10.11 has and each called on the server by {@code
 * MariaDbFunctionsIT}, with the string builders' {@link Growth}.
 *
 * <p>Decided: a function is listed only where MariaDB's meaning is the one a query written for the
 * allowlist (DuckDB's reading) expects, or the dialect renders it so. Left out, though MariaDB has
 * them, since the same name means something else there (each measured against DuckDB):
 *
 * <ul>
 *   <li>{@code log(x)}: the natural logarithm in MariaDB, base 10 in DuckDB ({@code ln}, {@code
 *       log10} and {@code log2} are listed);
 *   <li>{@code week(x)} and {@code dayofweek(x)}: Sunday-based and 1..7 in MariaDB, 0..6 in DuckDB
 *       ({@code weekofyear} is ISO in both);
 *   <li>{@code stddev} and {@code variance}: the population's in MariaDB, the sample's in DuckDB
 *       ({@code stddev_samp}, {@code stddev_pop}, {@code var_samp} and {@code var_pop} are listed);
 *   <li>{@code greatest} and {@code least}: NULL if any argument is in MariaDB, the largest or
 *       smallest of the others in DuckDB;
 *   <li>{@code ascii}: the first byte in MariaDB, the first character's code point in DuckDB;
 *   <li>{@code to_days}: days since year 0 in MariaDB, an interval of that many days in DuckDB
 *       ({@code d + to_days(30)} would be NULL), and {@code from_days} with it;
 *   <li>{@code bit_and}, {@code bit_or}, {@code bit_xor}: unsigned 64-bit in MariaDB ({@code
 *       bit_or(-1)} is 18446744073709551615), signed in DuckDB;
 *   <li>{@code regexp_replace}: MariaDB replaces every match, DuckDB the first unless told {@code
 *       'g'}, so {@link Growth#REPLACES_REGEXP_MATCH} would not bound it;
 *   <li>{@code repeat}, {@code space}, {@code insert} and {@code format}: their result grows by a
 *       number, which no {@link Growth} bounds;
 *   <li>{@code group_concat}, MariaDB's one string aggregate: the allowlist's walker refuses the
 *       node Calcite parses it into ({@code GROUP_CONCAT is not supported here}) before the catalog
 *       is asked, so listing it would change nothing; a group's values are returned as rows and
 *       joined by the program ({@link MariaDbSql}'s advice);
 *   <li>{@code timestampadd}: the allowlist's walker refuses Calcite's node for it too ({@code
 *       date_add(d, INTERVAL 30 DAY)} is listed);
 *   <li>{@code median} and {@code percentile_cont}: window functions only in MariaDB (a call
 *       without {@code OVER} fails), which no check can tell from the call alone;
 *   <li>{@code extract}: MariaDB's {@code WEEK} is Sunday-based and it has no {@code DOW}; {@code
 *       year(x)}, {@code month(x)} ... are listed;
 *   <li>{@code rand}, {@code uuid}, {@code sleep}, {@code benchmark}, {@code load_file}, {@code
 *       get_lock} and every function about the server, session or users: not analysis.
 * </ul>
 *
 * <p>Renamed by {@link MariaDbSqlDialect}: {@code length} is {@code char_length} (MariaDB's counts
 * bytes), and {@code concat} skips NULLs as DuckDB's does ({@code concat_ws('', ...)}, since
 * MariaDB's concat is NULL if any argument is); {@code ||} stays NULL-propagating. {@link
 * MariaDbSyntax} holds {@code date_format} to two arguments (a third, a locale, would be the
 * literal its growth is measured by).
 */
public final class MariaDbFunctions {

  /** Aggregates: standard SQL's, which MariaDB spells alike. */
  static final List<String> AGGREGATES = FunctionCatalog.STANDARD_AGGREGATES;

  /** Window functions: standard SQL's. */
  static final List<String> WINDOW = FunctionCatalog.STANDARD_WINDOW_FUNCTIONS;

  /** Text that is at most as long as its longest operand, or a number. */
  static final List<String> STRING =
      List.of(
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
          "reverse",
          "instr",
          "locate",
          "strcmp",
          "regexp_substr",
          "regexp_instr");

  /** Numbers. */
  static final List<String> NUMERIC =
      List.of(
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
          "radians",
          "degrees",
          "sin",
          "cos",
          "tan",
          "atan",
          "atan2");

  /** Dates and times, the clock included. */
  static final List<String> DATE =
      List.of(
          "current_date",
          "current_timestamp",
          // DuckDB's, which MariaDB lacks: MariaDbDateTrunc writes it in MariaDB's functions.
          "date_trunc",
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
          "date_add",
          "date_sub",
          "adddate",
          "subdate",
          "str_to_date",
          "makedate",
          "monthname",
          "dayname");

  /** Conditionals. */
  static final List<String> CONDITIONAL = List.of("coalesce", "ifnull", "nullif", "if");

  /** The catalog: the lists above, and the string builders with their growth. */
  public static final FunctionCatalog CATALOG = catalog();

  private MariaDbFunctions() {}

  private static FunctionCatalog catalog() {
    FunctionCatalog.Builder builder = FunctionCatalog.builder();
    for (List<String> group : List.of(AGGREGATES, WINDOW, STRING, NUMERIC, DATE, CONDITIONAL)) {
      builder.functions(group.toArray(String[]::new));
    }
    return builder
        .function("concat", Growth.CONCATENATES)
        .function("concat_ws", Growth.CONCATENATES_WITH_SEPARATOR)
        .function("lpad", Growth.PADS)
        .function("rpad", Growth.PADS)
        .function("replace", Growth.REPLACES)
        // MariaDB's longest specifiers (%W, %M: "Wednesday", "September") write 9 characters
        // for 2, under the 16 per character the growth allows.
        .function("date_format", Growth.FORMATS_DATE)
        .build();
  }
}
