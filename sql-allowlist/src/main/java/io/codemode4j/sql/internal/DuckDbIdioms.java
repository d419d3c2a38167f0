package io.codemode4j.sql.internal;

import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlRefusal;
import io.codemode4j.sql.dialect.Advice;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * DuckDB idioms that the Babel parser cannot read, each with the rewrite that it can.
 *
 * <p>Consulted only after a parse failure, to replace Calcite's "Was expecting one of ..." with a
 * hint an analyst (or a model) can act on. Matching the text cannot make a query acceptable; it
 * only chooses the message of a refusal that happens anyway.
 */
final class DuckDbIdioms {

  static final String POSITIONAL_JOIN_HINT =
      "POSITIONAL JOIN is not supported: join on a key column";
  static final String DOLLAR_HINT =
      "'$' is not supported outside quotes (DuckDB reads $$...$$ as a string and $1 as a parameter): "
          + "write strings in single quotes, e.g. 'text', and values inline";
  static final String TABLE_HINT = "TABLE x is not supported: write SELECT * FROM x";

  static final String FLOOR_TO_HINT =
      "FLOOR/CEIL(x TO unit) is not supported: write date_trunc('month', x)";

  /*
   * Decided: where a hint's fix is SQL that engines spell differently, the fix is the dialect's
   * Advice, so a refusal never points to a function or clause its engine lacks; the hints above
   * name only what every dialect accepts. Where a hint shows SQL over tables, it is over the
   * allowlist's examples, so it names the warehouse's own tables and columns.
   */

  static String antiJoin(Advisor advisor) {
    return "ANTI JOIN is not supported: write WHERE NOT EXISTS "
        + advisor.example(
            "(SELECT 1 FROM {related_table} {related_alias} WHERE {related_alias}.{key} ="
                + " {table_alias}.{key})");
  }

  static String semiJoin(Advisor advisor) {
    return "SEMI JOIN is not supported: write WHERE EXISTS "
        + advisor.example(
            "(SELECT 1 FROM {related_table} {related_alias} WHERE {related_alias}.{key} ="
                + " {table_alias}.{key})");
  }

  static String parameter(Advisor advisor) {
    return "query parameters are not supported: write the value inline, e.g. "
        + advisor.example("WHERE {category} = {value}");
  }

  /**
   * Scalar UNNEST ({@code SELECT unnest(list)}) does not parse, and UNNEST in FROM is refused as a
   * table function (the walker), as are list literals: so the advice is the one row source of fixed
   * values the allowlist accepts, VALUES in FROM, or the table that holds the values.
   */
  static String unnest(Advisor advisor) {
    return "UNNEST is not supported, in the select list or in FROM (nor are lists): for fixed values "
        + "write SELECT x FROM (VALUES (1), (2)) AS t(x); for stored values select the column "
        + "from its table, e.g. "
        + advisor.example("SELECT DISTINCT {group} FROM {table}");
  }

  static String asofJoin(Advisor advisor) {
    return "ASOF JOIN is not supported: join on an explicit condition and keep the closest row; "
        + advisor.in(Advice.LATEST_PER_GROUP);
  }

  static String orderByAll(Advisor advisor) {
    return "this ORDER BY ALL is not supported: "
        + advisor.in(Advice.ORDER_BY_SELECTED)
        + ", or list the keys or their positions";
  }

  static String doubleSlash(Advisor advisor) {
    return "'//' is not supported (the allowlist's parser reads it as a comment, an engine may read "
        + "it as integer division): "
        + advisor.in(Advice.INTEGER_DIVISION)
        + ", and write comments as -- comment";
  }

  static String fromFirst(Advisor advisor) {
    return "FROM-first queries are not supported: start with SELECT, e.g. "
        + advisor.example("SELECT * FROM {table}");
  }

  /** A pattern of the text, and the refusal's message with an advisor's advice and examples. */
  private record Idiom(Pattern pattern, RefusalReason reason, Function<Advisor, String> message) {}

  private static final List<Idiom> IDIOMS =
      List.of(
          idiom(
              "\\bGROUP\\s+BY\\s+ALL\\b",
              RefusalReason.UNSUPPORTED_SYNTAX,
              advisor ->
                  "this GROUP BY ALL is not supported: "
                      + advisor.in(Advice.GROUP_BY_SELECTED)
                      + ", or list the grouping columns, e.g. "
                      + advisor.example("GROUP BY {group}, {category}")),
          idiom(
              "\\bORDER\\s+BY\\s+ALL\\b",
              RefusalReason.UNSUPPORTED_SYNTAX,
              DuckDbIdioms::orderByAll),
          idiom(
              "\\bDISTINCT\\s+ON\\b",
              RefusalReason.UNSUPPORTED_SYNTAX,
              advisor ->
                  "DISTINCT ON is accepted as "
                      + advisor.example("SELECT DISTINCT ON ({key}) {key}")
                      + ", ... (a space after the parenthesis): write it so, or "
                      + advisor.in(Advice.LATEST_PER_GROUP)),
          idiom(
              "`",
              RefusalReason.UNSUPPORTED_SYNTAX,
              "backtick quotes are not supported: quote identifiers with double quotes, e.g. \"month\""),
          idiom(
              "#",
              RefusalReason.UNSUPPORTED_SYNTAX,
              "'#' comments are not supported: write -- comment or /* comment */"),
          idiom(
              "\\b(FROM|JOIN)\\s+'",
              RefusalReason.FILE_PATH,
              advisor ->
                  "reading files is not allowed: query the allowlisted tables by name, e.g. "
                      + advisor.example("FROM {table}")),
          idiom(
              "\\bUSING\\s+SAMPLE\\b",
              RefusalReason.UNSUPPORTED_SYNTAX,
              "USING SAMPLE is not supported: filter with WHERE or cap the rows with LIMIT"),
          idiom(
              "\\bTABLESAMPLE\\b",
              RefusalReason.UNSUPPORTED_SYNTAX,
              "TABLESAMPLE is not supported: filter with WHERE or cap the rows with LIMIT"),
          idiom(
              "\\bUNION\\s+(ALL\\s+)?BY\\s+NAME\\b",
              RefusalReason.UNSUPPORTED_SYNTAX,
              "UNION BY NAME is not supported: select the same columns in the same order on both sides"),
          idiom(
              "\\b(UN)?PIVOT\\b",
              RefusalReason.UNSUPPORTED_SYNTAX,
              advisor ->
                  "PIVOT is not supported: aggregate per value with FILTER, e.g. "
                      + advisor.example("sum({amount}) FILTER (WHERE {category} = {value})")),
          idiom("\\bANTI\\s+JOIN\\b", RefusalReason.UNSUPPORTED_SYNTAX, DuckDbIdioms::antiJoin),
          idiom("\\bSEMI\\s+JOIN\\b", RefusalReason.UNSUPPORTED_SYNTAX, DuckDbIdioms::semiJoin),
          idiom("\\bASOF\\b", RefusalReason.UNSUPPORTED_SYNTAX, DuckDbIdioms::asofJoin),
          idiom("\\bPOSITIONAL\\s+JOIN\\b", RefusalReason.UNSUPPORTED_SYNTAX, POSITIONAL_JOIN_HINT),
          idiom(
              "\\bINTERVAL\\s*'\\s*[-+]?[0-9.]+\\s*[a-z]",
              RefusalReason.UNSUPPORTED_SYNTAX,
              "this INTERVAL string is not supported: write whole numbers with units, e.g. "
                  + "INTERVAL '36 hours', INTERVAL '1 year 2 months' or INTERVAL 36 HOUR"),
          idiom(
              "\\bDATE_?DIFF\\s*\\(",
              RefusalReason.UNSUPPORTED_SYNTAX,
              advisor ->
                  "this date_diff/datediff form is not supported: "
                      + advisor.in(Advice.DAYS_BETWEEN)
                      + " (over plain column names)"),
          idiom(
              "\\bCOLLATE\\b",
              RefusalReason.UNSUPPORTED_SYNTAX,
              "COLLATE is not supported: compare lower(x) = lower(y) or use ILIKE"),
          idiom(
              "->",
              RefusalReason.UNSUPPORTED_SYNTAX,
              "lambda functions and -> are not supported: use CASE expressions or aggregates"),
          // Before "[": unnest([1, 2]) is about UNNEST first, and the advice covers its list too.
          idiom("\\bUNNEST\\s*\\(", RefusalReason.UNSUPPORTED_SYNTAX, DuckDbIdioms::unnest),
          idiom(
              "\\[",
              RefusalReason.UNSUPPORTED_SYNTAX,
              "list literals and [] indexing are not supported: select the values as separate columns"),
          idiom(
              "\\{",
              RefusalReason.UNSUPPORTED_SYNTAX,
              "struct and map literals {...} are not supported: select the values as separate columns"),
          idiom(
              "\\bLIMIT\\s+[0-9.]+\\s*(%|PERCENT)",
              RefusalReason.UNSUPPORTED_SYNTAX,
              "a percentage LIMIT is not supported: LIMIT takes a row count, e.g. LIMIT 100"));

  private DuckDbIdioms() {}

  /**
   * The first known idiom that starts in code (not inside a literal or comment), as a refusal with
   * {@code advisor}'s advice and examples.
   */
  static Optional<SqlRefusal> find(SqlScan scan, Advisor advisor) {
    for (Idiom idiom : IDIOMS) {
      Matcher matcher = idiom.pattern().matcher(scan.sql());
      while (matcher.find()) {
        if (scan.isCode(matcher.start())) {
          return Optional.of(
              new SqlRefusal(
                  idiom.reason(),
                  matcher.group().strip(),
                  scan.line(matcher.start()),
                  scan.column(matcher.start()),
                  idiom.message().apply(advisor)));
        }
      }
    }
    return Optional.empty();
  }

  private static Idiom idiom(String regex, RefusalReason reason, String message) {
    return idiom(regex, reason, advisor -> message);
  }

  private static Idiom idiom(
      String regex, RefusalReason reason, Function<Advisor, String> message) {
    return new Idiom(Pattern.compile(regex, Pattern.CASE_INSENSITIVE), reason, message);
  }
}
