package io.codemode4j.sql.internal;

import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlRefusal;
import io.codemode4j.sql.dialect.Advice;
import io.codemode4j.sql.dialect.Dialect;
import java.util.List;
import java.util.Map;
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
public final class DuckDbIdioms {

  static final String ANTI_JOIN_HINT =
      "ANTI JOIN is not supported: write WHERE NOT EXISTS (SELECT 1 FROM customers c "
          + "WHERE c.customer_id = i.customer_id)";
  static final String SEMI_JOIN_HINT =
      "SEMI JOIN is not supported: write WHERE EXISTS (SELECT 1 FROM customers c "
          + "WHERE c.customer_id = i.customer_id)";
  static final String POSITIONAL_JOIN_HINT =
      "POSITIONAL JOIN is not supported: join on a key column";
  static final String DOLLAR_HINT =
      "'$' is not supported outside quotes (DuckDB reads $$...$$ as a string and $1 as a parameter): "
          + "write strings in single quotes, e.g. 'text', and values inline";
  static final String PARAMETER_HINT =
      "query parameters are not supported: write the value inline, e.g. WHERE region = 'emea'";
  static final String TABLE_HINT = "TABLE x is not supported: write SELECT * FROM x";

  /**
   * Scalar UNNEST ({@code SELECT unnest(list)}) does not parse, and UNNEST in FROM is refused as a
   * table function (the walker), as are list literals: so the advice is the one row source of fixed
   * values the allowlist accepts, VALUES in FROM, or the table that holds the values.
   */
  static final String UNNEST_HINT =
      "UNNEST is not supported, in the select list or in FROM (nor are lists): for fixed values "
          + "write SELECT x FROM (VALUES (1), (2)) AS t(x); for stored values select the column "
          + "from its table, e.g. SELECT DISTINCT region FROM invoices";

  static final String FLOOR_TO_HINT =
      "FLOOR/CEIL(x TO unit) is not supported: write date_trunc('month', x)";

  /*
   * Decided: where a hint's fix is SQL that engines spell differently, the fix is the dialect's
   * Advice, so a PostgreSQL refusal never points to a DuckDB function or clause; the hints above
   * name only what every dialect accepts.
   */

  static String asofJoin(Dialect dialect) {
    return "ASOF JOIN is not supported: join on an explicit condition and keep the closest row; "
        + Advice.LATEST_PER_GROUP.in(dialect);
  }

  static String orderByAll(Dialect dialect) {
    return "this ORDER BY ALL is not supported: "
        + Advice.ORDER_BY_SELECTED.in(dialect)
        + ", or list the keys or their positions";
  }

  static String doubleSlash(Dialect dialect) {
    return "'//' is not supported (the allowlist's parser reads it as a comment, an engine may read "
        + "it as integer division): "
        + Advice.INTEGER_DIVISION.in(dialect)
        + ", and write comments as -- comment";
  }

  /**
   * Words DuckDB reads as syntax, not as an alias, right after a select item's expression, with
   * what to write instead: Calcite reads {@code sum(x) EXPORT_STATE} as the alias {@code
   * "EXPORT_STATE"} where DuckDB returns the aggregate's internal state, and {@code x ISNULL} as an
   * alias where DuckDB tests {@code x IS NULL}. Found by running every word of {@code
   * duckdb_keywords()} after an expression, with and without {@code AS}; {@code DuckDbKeywordsIT}
   * repeats that against the DuckDB in use. Public for the DuckDB dialect, whose {@code
   * postfixKeywords()} they are.
   */
  public static final Map<String, String> POSTFIX_KEYWORDS =
      Map.of(
          "export_state",
              "EXPORT_STATE after an expression is DuckDB syntax for an aggregate's internal state, "
                  + "which is not supported: to name a column so, quote it, e.g. sum(x) AS \"export_state\"",
          "isnull",
              "ISNULL after an expression means IS NULL to DuckDB: write x IS NULL, or quote the alias, "
                  + "e.g. x AS \"isnull\"",
          "notnull",
              "NOTNULL after an expression means IS NOT NULL to DuckDB: write x IS NOT NULL, or quote the "
                  + "alias, e.g. x AS \"notnull\"");

  /** A pattern of the text, and the refusal's message in a dialect. */
  private record Idiom(Pattern pattern, RefusalReason reason, Function<Dialect, String> message) {}

  private static final List<Idiom> IDIOMS =
      List.of(
          idiom(
              "\\bGROUP\\s+BY\\s+ALL\\b",
              RefusalReason.UNSUPPORTED_SYNTAX,
              dialect ->
                  "this GROUP BY ALL is not supported: "
                      + Advice.GROUP_BY_SELECTED.in(dialect)
                      + ", or list the grouping columns, e.g. GROUP BY region, customer"),
          idiom(
              "\\bORDER\\s+BY\\s+ALL\\b",
              RefusalReason.UNSUPPORTED_SYNTAX,
              DuckDbIdioms::orderByAll),
          idiom(
              "\\bDISTINCT\\s+ON\\b",
              RefusalReason.UNSUPPORTED_SYNTAX,
              dialect ->
                  "DISTINCT ON is accepted as SELECT DISTINCT ON (customer_id) customer_id, ... (a "
                      + "space after the parenthesis): write it so, or "
                      + Advice.LATEST_PER_GROUP.in(dialect)),
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
              "reading files is not allowed: query the allowlisted tables by name, e.g. FROM invoices"),
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
              "PIVOT is not supported: aggregate per value with FILTER, e.g. "
                  + "sum(amount_cents) FILTER (WHERE status = 'paid') AS paid_cents"),
          idiom("\\bANTI\\s+JOIN\\b", RefusalReason.UNSUPPORTED_SYNTAX, ANTI_JOIN_HINT),
          idiom("\\bSEMI\\s+JOIN\\b", RefusalReason.UNSUPPORTED_SYNTAX, SEMI_JOIN_HINT),
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
              dialect ->
                  "this date_diff/datediff form is not supported: "
                      + Advice.DAYS_BETWEEN.in(dialect)
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
          idiom("\\bUNNEST\\s*\\(", RefusalReason.UNSUPPORTED_SYNTAX, UNNEST_HINT),
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
   * {@code dialect}'s advice.
   */
  static Optional<SqlRefusal> find(SqlScan scan, Dialect dialect) {
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
                  idiom.message().apply(dialect)));
        }
      }
    }
    return Optional.empty();
  }

  private static Idiom idiom(String regex, RefusalReason reason, String message) {
    return idiom(regex, reason, dialect -> message);
  }

  private static Idiom idiom(
      String regex, RefusalReason reason, Function<Dialect, String> message) {
    return new Idiom(Pattern.compile(regex, Pattern.CASE_INSENSITIVE), reason, message);
  }
}
