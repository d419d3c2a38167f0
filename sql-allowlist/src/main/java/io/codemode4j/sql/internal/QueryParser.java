package io.codemode4j.sql.internal;

import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusal;
import io.codemode4j.sql.SqlRefusedException;
import java.io.Reader;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImpl;
import org.apache.calcite.sql.parser.impl.ParseException;
import org.apache.calcite.sql.parser.impl.SqlParserImpl;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.util.SourceStringReader;
import org.jspecify.annotations.Nullable;

/**
 * Turns the submitted text into exactly one query tree, or a refusal that says why.
 *
 * <p><b>Two grammars, Babel deciding.</b> The Babel parser ({@link SqlBabelParserImpl}) reads far
 * more of the SQL analysts write for DuckDB than Calcite's core parser ({@link SqlParserImpl}):
 * {@code ::} casts, {@code * EXCLUDE/REPLACE}, {@code DATE_PART(year, d)}, and reserved words such
 * as {@code year}, {@code month} or {@code position} as names. But it costs about three times as
 * much, and parsing was 82% of {@link SqlAllowlist#approve}. So {@link #parseWithCore} tries the
 * core parser first and {@link #parseWithBabel} is the fallback; {@link Approver} puts either tree
 * through the same fail-closed walker, and whenever the core path does not end in an approval (core
 * cannot read the text, reads something other than one query, or the walker or renderer refuses its
 * tree), the text goes the Babel path as before, so every refusal (and its message) is Babel's,
 * exactly as without the core parser.
 *
 * <p>What keeps the two paths from meaning different things:
 *
 * <ul>
 *   <li>The same configuration: double-quoted identifiers, case kept and compared
 *       case-insensitively like DuckDB, and conformance BABEL for both, so every
 *       conformance-dependent choice of the shared grammar ({@code !=}, {@code %}, {@code LIMIT a,
 *       b}, APPLY, ...) is made the same way. (Conformance made no difference to what core parses
 *       of the accepted corpus: 46 of 61 queries with each of the 13.)
 *   <li>The core parser is tried only on text whose tokens both lexers read alike ({@link
 *       #sameTokens}): Babel's lexer reads a word that starts with a digit as one identifier where
 *       core's reads a number and an alias ({@code SELECT 1_000}: Babel a column {@code "1_000"}
 *       that DuckDB cannot bind, core {@code 1 AS "_000"}, which runs and returns 1 where DuckDB's
 *       own reading is 1000), and Babel has tokens core lacks ({@code ::}, {@code <=>}, {@code ~},
 *       {@code !}, and keywords such as {@code DATE_PART} or {@code SEMI} that turn calls and
 *       aliases into Babel's own productions: {@code date_part('year', d)} parses in both, as
 *       EXTRACT in Babel and as a plain function in core). Such text goes to Babel without trying
 *       core. The check reads the raw text, literals and comments included, so it cannot be misled
 *       by a quoting rule it gets wrong; a false alarm only costs the core attempt.
 *   <li>Tests hold it: on every text of the corpora and of {@code corpus/both-parsers.sql} (the
 *       grammar's operators, precedences, keywords, functions and clauses) that core parses, Babel
 *       parses it too and renders exactly the same SQL, and approval through both paths gives the
 *       same result; random text that passes the token check lexes to the same tokens in both; and
 *       the integration tests run every accepted query rendered through each path on DuckDB.
 * </ul>
 *
 * <p><b>Measured</b> on the accepted corpus (61 queries, one tenant) on this 2-core machine while
 * other builds ran (load 8-12): parse alone, median per query, Babel 279 us, core first with Babel
 * as fallback 98 us. All of {@link SqlAllowlist#approve}, uncached, the class versions side by side
 * in one JVM, median thread CPU time per query: Babel only 339 us, core first 184 us, with the
 * parser pool ({@link CoreParserImpl}) 152 us; JMH {@code AllowlistBenchmarks.approve} median 766
 * us before, 380 us after (load 12). Core reads 46 of the 61 (the rest use {@code month}, {@code
 * year}, {@code position} or {@code open} as names, {@code ::}, or {@code * EXCLUDE/REPLACE}). A
 * failed core attempt used to cost 8-23 ms on some queries: on a syntax error the generated core
 * parser re-runs every recorded lookahead to list the expected tokens ({@code
 * generateParseException}), so {@link CoreParserImpl} replaces that with a bare exception (its
 * message is never shown: Babel explains every refusal); a failed attempt now costs 20-80 us. Text
 * that uses a word core reserves as an alias or qualified name ({@link #namesAWordCoreReserves}: 9
 * of the 15 queries core cannot read) skips that attempt and goes straight to Babel.
 *
 * <p><b>Measured again</b> (issue 28, 2026-12-06), the accepted corpus now 84 queries, one tenant,
 * thread CPU time per query after 600 warm-up rounds, before and after in turn in one session (load
 * 1.5-4.8), two pairs: median 131 and 126 us before, 107 and 114 us after; mean 979 and 977 us
 * before, 143 and 167 us after. The mean was the stock Babel parser's syntax error: the 8 queries
 * Babel reads only rewritten ({@link DuckDbSyntax}) cost 5-11 ms each, now 0.1-0.4 ms ({@link
 * #babelStatements}, {@link QuickBabelParserImpl}); {@link #usesSyntaxCoreLacks} spares 12 doomed
 * core attempts. Per query approve time over DuckDB's execution time (one execution measurement for
 * both), median 0.045 and 0.043 before, 0.035 and 0.040 after: still over the target 0.03. What is
 * left is mostly parsing (JFR, after): Babel's parses 47% of approve's CPU (31 of the 84 queries
 * need Babel: a name core reserves, {@code ::}, DuckDB syntax; a Babel parse costs about twice a
 * core one), core's 22%, rendering 13%, the walker 6%.
 *
 * <p>Babel also parses statements we never run (SET, CREATE, DESCRIBE ...): those are refused by
 * kind right after parsing, and the walker accepts only node kinds it knows. The text must hold
 * exactly one statement ({@code parseStmtList()} then a count), so a trailing {@code ;} is fine and
 * a second statement is refused.
 */
final class QueryParser {

  /** Babel: the parser that decides every refusal. */
  static final SqlParser.Config BABEL_CONFIG =
      SqlParser.config()
          .withParserFactory(SqlBabelParserImpl.FACTORY)
          .withQuoting(Quoting.DOUBLE_QUOTE)
          .withUnquotedCasing(Casing.UNCHANGED)
          .withQuotedCasing(Casing.UNCHANGED)
          .withCaseSensitive(false)
          .withConformance(SqlConformanceEnum.BABEL);

  /** The core grammar with Babel's configuration in every other respect. */
  static final SqlParser.Config CORE_CONFIG =
      BABEL_CONFIG.withParserFactory(QueryParser::coreParser);

  /** Keywords only Babel's lexer knows (a test compares this with both grammars' token lists). */
  static final List<String> BABEL_ONLY_KEYWORDS =
      List.of(
          "ANTI",
          "DATEADD",
          "DATEDIFF",
          "DATEPART",
          "DATE_PART",
          "DISCARD",
          "IF",
          "PLANS",
          "SEED",
          "SEMI",
          "SEQUENCES",
          "SNAPSHOT",
          "TEMP",
          "VOLATILE");

  /**
   * Symbols only Babel's lexer knows. {@code !} is one of them alone: {@code !=} is a token of
   * both. (A test compares this with both grammars' token lists.)
   */
  static final List<String> BABEL_ONLY_SYMBOLS = List.of("!", "::", "<=>", "~");

  /**
   * Words Calcite's core grammar reserves and Babel's does not, that analysts use as names: date
   * parts and a few nouns. Calcite's own lists (parser metadata) hold 289 such words, among them
   * {@code AS}, {@code AND} and {@code SUM}, which every query uses as syntax or calls, and reading
   * the metadata costs about 100 ms per grammar: so this list, which a test checks against both
   * grammars' metadata (each word reserved by core only, none a type name that may follow {@code
   * AS} in a CAST).
   */
  static final List<String> CORE_RESERVED_NAMES =
      List.of(
          "CLOSE",
          "DAY",
          "END",
          "HOUR",
          "MINUTE",
          "MONTH",
          "OPEN",
          "POSITION",
          "RANK",
          "RESULT",
          "SECOND",
          "START",
          "VALUE",
          "YEAR");

  /**
   * The deepest nesting of parentheses, brackets and CASE ({@link SqlScan#nesting}) approved,
   * checked before any parse. Decided: a limit of the allowlist's own, so that its verdict on a
   * text does not depend on the stack of the thread that calls it; Calcite's parsers and the walker
   * recurse per level, and before this limit the same text was approved on a large stack and
   * refused (a caught StackOverflowError) on a virtual thread. Within it, every text is decided
   * alike on a thread of 256 KiB ({@code NestingDepthTest}): measured, 50 nested calls fit such a
   * stack and 60 did not, nor did 100 nested parentheses, so 32, deeper than queries are written by
   * hand.
   */
  static final int MAX_NESTING = 32;

  static final String NUL_HINT =
      "the SQL contains the character U+0000 (NUL), which DuckDB reads as the end of the text: "
          + "remove it, or where a value must hold it write chr(0), e.g. 'a' || chr(0) || 'b'";

  private static final String ONE_QUERY =
      "send one read-only query: SELECT ..., WITH ... SELECT ... or VALUES ...";

  /** First words of DuckDB statements that are not queries, to name the kind when parsing fails. */
  private static final Set<String> STATEMENT_WORDS =
      Set.of(
          "ABORT",
          "ALTER",
          "ANALYZE",
          "ATTACH",
          "BEGIN",
          "CALL",
          "CHECKPOINT",
          "COMMENT",
          "COMMIT",
          "COPY",
          "CREATE",
          "DEALLOCATE",
          "DECLARE",
          "DELETE",
          "DESC",
          "DESCRIBE",
          "DETACH",
          "DO",
          "DROP",
          "END",
          "EXECUTE",
          "EXPLAIN",
          "EXPORT",
          "FORCE",
          "GRANT",
          "IMPORT",
          "INSERT",
          "INSTALL",
          "LOAD",
          "LOCK",
          "MERGE",
          "PRAGMA",
          "PREPARE",
          "REFRESH",
          "RESET",
          "REVOKE",
          "ROLLBACK",
          "SET",
          "SHOW",
          "START",
          "SUMMARIZE",
          "TRUNCATE",
          "UPDATE",
          "UPSERT",
          "USE",
          "VACUUM");

  /**
   * The token Calcite quotes in its message ({@code Encountered "x"}, {@code near the keyword
   * 'x'}).
   */
  private static final Pattern QUOTED_TOKEN = Pattern.compile("[\"']([^\"']+)[\"']");

  private final int maxSqlBytes;

  /** Whose advice and examples the refusals give. */
  private final Advisor advisor;

  QueryParser(int maxSqlBytes, Advisor advisor) {
    this.maxSqlBytes = maxSqlBytes;
    this.advisor = advisor;
  }

  /**
   * The checks made before any parse: the size limit, then U+0000, where DuckDB's lexer stops, then
   * {@code //}, which Calcite reads as a comment and DuckDB as integer division.
   *
   * @return the lexical view of {@code sql}, for {@link #parseWithBabel}
   */
  SqlScan check(String sql) throws SqlRefusedException {
    checkSize(sql);
    SqlScan scan = SqlScan.of(sql);
    if (!scan.hasCode()) {
      throw new SqlRefusedException(
          new SqlRefusal(
              RefusalReason.SYNTAX,
              "",
              1,
              1,
              "the SQL is empty" + (sql.isBlank() ? "" : " (only comments)") + ": " + ONE_QUERY));
    }
    // Decided: refuse U+0000 anywhere, in code, literals, names and comments alike. DuckDB's lexer
    // takes it for the end of the text (DuckDbSyntaxIT: 'a<NUL>b' is an unterminated literal, and
    // "SELECT 1<NUL>; DROP ..." runs as SELECT 1), so what would run is not what was approved.
    int nul = sql.indexOf('\0');
    if (nul >= 0) {
      throw refusal(scan, RefusalReason.UNSUPPORTED_SYNTAX, "U+0000", nul, NUL_HINT);
    }
    OptionalInt space = scan.unusualSpace();
    if (space.isPresent()) {
      char c = sql.charAt(space.getAsInt());
      String code = String.format(Locale.ROOT, "U+%04X", (int) c);
      throw refusal(
          scan,
          RefusalReason.UNSUPPORTED_SYNTAX,
          code,
          space.getAsInt(),
          "the SQL has "
              + code
              + " ("
              + Objects.requireNonNullElse(Character.getName(c), "an unassigned character")
                  .toLowerCase(Locale.ROOT)
              + ") outside quotes, which this allowlist and DuckDB read differently (as part of a"
              + " name, or as a space): write a plain space, tab or line break there; inside quotes"
              + " it may stay");
    }
    SqlScan.Nesting nesting = scan.nesting();
    if (nesting.depth() > MAX_NESTING) {
      throw refusal(
          scan,
          RefusalReason.TOO_COMPLEX,
          nesting.depth() + " levels",
          nesting.index(),
          "the SQL nests parentheses, brackets and CASE "
              + nesting.depth()
              + " levels deep; the limit is "
              + MAX_NESTING
              + ": flatten it, e.g. move subqueries into a WITH clause and write nested CASE as "
              + "one CASE with more WHEN branches");
    }
    if (scan.doubleSlash().isPresent()) {
      int at = scan.doubleSlash().getAsInt();
      throw refusal(
          scan, RefusalReason.UNSUPPORTED_SYNTAX, "//", at, DuckDbIdioms.doubleSlash(advisor));
    }
    return scan;
  }

  /**
   * The single query the core parser reads in {@code sql} (already {@linkplain #check checked}), or
   * empty when the text has a token only Babel knows, core cannot parse it, or it is not exactly
   * one query: then {@link #parseWithBabel} decides.
   */
  static Optional<SqlNode> parseWithCore(String sql) {
    if (!sameTokens(sql)) {
      return Optional.empty();
    }
    return CoreParserImpl.POOL
        .parse(sql, CORE_CONFIG)
        .filter(
            statements ->
                statements.size() == 1
                    && QueryWalker.QUERY_KINDS.contains(statements.get(0).getKind()))
        .map(statements -> statements.get(0));
  }

  /**
   * Whether the code of {@code scan} names something with a word core reserves ({@link
   * #CORE_RESERVED_NAMES}): the word right after {@code AS} (an alias: {@code ... AS month}) or
   * after {@code .} (a qualified column: {@code c.year}), where the core grammar never takes a
   * reserved word, so its attempt would fail. Then {@link Approver} skips the core attempt and
   * Babel parses at once. Only a routing hint: Babel decides whatever core does not approve anyway,
   * so a wrong answer costs time, never a different outcome.
   */
  static boolean namesAWordCoreReserves(SqlScan scan) {
    String sql = scan.sql();
    boolean afterAsOrDot = false;
    int i = 0;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      if (!scan.isCode(i)) {
        afterAsOrDot = false;
        i++;
      } else if (SqlScan.isWordPart(c)) {
        int start = i;
        while (i < sql.length() && scan.isCode(i) && SqlScan.isWordPart(sql.charAt(i))) {
          i++;
        }
        if (afterAsOrDot && isOneOf(CORE_RESERVED_NAMES, sql, start, i - start)) {
          return true;
        }
        afterAsOrDot = i - start == 2 && sql.regionMatches(true, start, "AS", 0, 2);
      } else {
        if (!Character.isWhitespace(c)) {
          afterAsOrDot = c == '.';
        }
        i++;
      }
    }
    return false;
  }

  /**
   * Whether the code of {@code scan} holds DuckDB syntax that Babel reads (as written or through
   * {@link DuckDbSyntax}) and the core grammar never does, so its attempt would fail: {@code GROUP
   * BY ALL} or {@code ORDER BY ALL} ({@code BY ALL}), {@code DISTINCT ON}, a comma right before
   * {@code FROM}, {@code * EXCLUDE} or {@code * REPLACE}, a call of {@code range}, or a date part
   * core reserves named right after a comma and not called ({@code SELECT a, month}, not {@code
   * SELECT a, year(d)}). Like {@link #namesAWordCoreReserves}, only a routing hint that costs time
   * when wrong, never an outcome.
   *
   * <p>Measured on the accepted corpus, before this hint: 16 of its queries went through a core
   * attempt that failed, 12 of which this hint routes straight to Babel; their failed attempts cost
   * 40-370 us each (a parse that fails late costs nearly a whole core parse).
   */
  static boolean usesSyntaxCoreLacks(SqlScan scan) {
    String sql = scan.sql();
    // What the code token before the current one was, as far as the patterns care. Decided: no
    // token is copied (this runs on every text before any parse; copying and upper-casing each
    // word cost 1.3% of approve's CPU over the accepted corpus).
    Before previous = Before.OTHER;
    int i = 0;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      if (!scan.isCode(i)) {
        // A literal, quoted name or comment breaks every pattern.
        previous = Before.OTHER;
        i++;
      } else if (Character.isWhitespace(c)) {
        i++;
      } else if (SqlScan.isWordPart(c)) {
        int start = i;
        while (i < sql.length() && scan.isCode(i) && SqlScan.isWordPart(sql.charAt(i))) {
          i++;
        }
        int length = i - start;
        boolean lacks =
            switch (previous) {
              case BY -> isWord("ALL", sql, start, length);
              case DISTINCT -> isWord("ON", sql, start, length);
              case COMMA ->
                  isWord("FROM", sql, start, length)
                      || (isOneOf(DATE_PART_NAMES, sql, start, length) && !callsAt(sql, i));
              case STAR ->
                  isWord("EXCLUDE", sql, start, length) || isWord("REPLACE", sql, start, length);
              case RANGE, OTHER -> false;
            };
        if (lacks) {
          return true;
        }
        previous =
            isWord("BY", sql, start, length)
                ? Before.BY
                : isWord("DISTINCT", sql, start, length)
                    ? Before.DISTINCT
                    : isWord("RANGE", sql, start, length) ? Before.RANGE : Before.OTHER;
      } else {
        if (c == '(' && previous == Before.RANGE) {
          return true;
        }
        previous = c == ',' ? Before.COMMA : c == '*' ? Before.STAR : Before.OTHER;
        i++;
      }
    }
    return false;
  }

  /** The code tokens {@link #usesSyntaxCoreLacks} looks after. */
  private enum Before {
    BY,
    DISTINCT,
    RANGE,
    COMMA,
    STAR,
    OTHER
  }

  /**
   * Whether the word of {@code length} characters at {@code start} of {@code sql} is {@code word},
   * in any case.
   */
  private static boolean isWord(String word, String sql, int start, int length) {
    return word.length() == length && sql.regionMatches(true, start, word, 0, length);
  }

  /** Whether the code from {@code index} on starts with {@code (}, after any whitespace. */
  private static boolean callsAt(String sql, int index) {
    int i = index;
    while (i < sql.length() && Character.isWhitespace(sql.charAt(i))) {
      i++;
    }
    return i < sql.length() && sql.charAt(i) == '(';
  }

  /** Date parts core reserves, which analysts use as column names (and core calls as functions). */
  private static final List<String> DATE_PART_NAMES =
      List.of("YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND");

  /**
   * The single query in the {@linkplain #check checked} text, parsed by Babel, or the refusal that
   * says why, with {@code advisor}'s advice and examples.
   */
  static SqlNode parseWithBabel(SqlScan scan, Advisor advisor) throws SqlRefusedException {
    SqlNodeList statements = babelStatements(scan, advisor);
    if (statements.isEmpty()) {
      throw refusal(scan, RefusalReason.SYNTAX, "", 0, "the SQL is empty: " + ONE_QUERY);
    }
    if (statements.size() > 1) {
      SqlNode second = statements.get(1);
      throw SqlRefusedException.at(
          RefusalReason.MULTIPLE_STATEMENTS,
          second.getKind().sql,
          second.getParserPosition(),
          "only one statement is allowed: " + ONE_QUERY);
    }
    SqlNode statement = statements.get(0);
    if (!QueryWalker.QUERY_KINDS.contains(statement.getKind())) {
      throw notAQuery(scan, statement, advisor);
    }
    return statement;
  }

  /**
   * The statements Babel reads in the {@linkplain #check checked} text: as written, else with the
   * DuckDB syntax it cannot read rewritten ({@link DuckDbSyntax}), else the refusal that says why.
   *
   * <p>Decided: both reads use {@link QuickBabelParserImpl}, whose syntax error costs nothing to
   * make, and only a text that neither reads is parsed again, as written and rewritten, by the
   * stock Babel parser, for the errors that {@link DuckDbSyntax#reparse} compares and {@link
   * #explain} words, exactly as before. The generated parser is deterministic, so the stock parse
   * fails where the quick one did, and a text either read decides as it did when every read was the
   * stock one. The stock parser's error re-runs every lookahead it recorded to list the tokens it
   * expected: 5-11 ms on each of the accepted corpus's queries that Babel reads only rewritten
   * ({@code GROUP BY ALL}, {@code DISTINCT ON}, a trailing comma, {@code date} as a name, interval
   * strings, {@code range(...)}), up to 50 times all the rest of their approval; now they cost what
   * the two parses cost.
   */
  private static SqlNodeList babelStatements(SqlScan scan, Advisor advisor)
      throws SqlRefusedException {
    Optional<SqlNodeList> read = QuickBabelParserImpl.parse(scan.sql());
    if (read.isPresent()) {
      return read.get();
    }
    read = DuckDbSyntax.read(scan, advisor);
    if (read.isPresent()) {
      return read.get();
    }
    try {
      return SqlParser.create(scan.sql(), BABEL_CONFIG).parseStmtList();
    } catch (SqlParseException e) {
      rethrowOverflow(e);
      // DuckDB syntax Babel cannot read, read again rewritten (DuckDbSyntax), or the refusal.
      return DuckDbSyntax.reparse(scan, e, advisor).orElseThrow(() -> explain(scan, e, advisor));
    }
  }

  /**
   * Rethrows the {@link StackOverflowError} Calcite wraps in a parse exception. Decided: a parse
   * that ran out of stack says nothing about the text, only about the calling thread, so it must
   * not read as a syntax error, a failed rewrite or a failed core attempt: every catch of a parse
   * exception calls this, and {@link Approver} refuses the text without caching the verdict.
   */
  static void rethrowOverflow(SqlParseException e) {
    if (e.getCause() instanceof StackOverflowError overflow) {
      throw overflow;
    }
  }

  /** A core parser of the text {@code reader} holds (not returned to the pool after use). */
  private static SqlAbstractParserImpl coreParser(Reader reader) {
    return CoreParserImpl.POOL.take(((SourceStringReader) reader).getSourceString());
  }

  /**
   * Whether Calcite's core lexer reads {@code sql} into the same tokens as Babel's: no word starts
   * with a digit and goes on with anything but digits ({@code 1_000}, {@code 0x1F}, {@code 2nd},
   * also {@code 1e3}, which both read alike, to keep the rule simple), no word is a keyword only
   * Babel has, and no symbol only Babel has appears. Reads the raw text, inside literals and
   * comments too.
   */
  static boolean sameTokens(String sql) {
    int length = sql.length();
    int i = 0;
    while (i < length) {
      char c = sql.charAt(i);
      if (SqlScan.isWordPart(c)) {
        int start = i;
        boolean digitLed = c >= '0' && c <= '9';
        while (i < length && SqlScan.isWordPart(sql.charAt(i))) {
          char w = sql.charAt(i);
          if (digitLed && !(w >= '0' && w <= '9')) {
            return false;
          }
          i++;
        }
        if (isOneOf(BABEL_ONLY_KEYWORDS, sql, start, i - start)) {
          return false;
        }
      } else {
        if (c == '~'
            || (c == '!' && !(i + 1 < length && sql.charAt(i + 1) == '='))
            || (c == ':' && i + 1 < length && sql.charAt(i + 1) == ':')
            || (c == '<' && sql.startsWith("=>", i + 1))) {
          return false;
        }
        i++;
      }
    }
    return true;
  }

  /**
   * Whether the word of {@code length} characters at {@code start} of {@code sql} is one of {@code
   * words}, in any case.
   */
  private static boolean isOneOf(List<String> words, String sql, int start, int length) {
    for (String word : words) {
      if (word.length() == length && sql.regionMatches(true, start, word, 0, length)) {
        return true;
      }
    }
    return false;
  }

  private void checkSize(String sql) throws SqlRefusedException {
    long bytes = utf8Length(sql);
    if (bytes > maxSqlBytes) {
      throw new SqlRefusedException(
          new SqlRefusal(
              RefusalReason.TOO_LONG,
              bytes + " bytes",
              1,
              1,
              "the SQL is "
                  + bytes
                  + " bytes (UTF-8); the limit is "
                  + maxSqlBytes
                  + " bytes: split the work into smaller queries"));
    }
  }

  /** UTF-8 length, stopping early: a huge string is measured only up to just past the limit. */
  private long utf8Length(String sql) {
    long bytes = 0;
    for (int i = 0; i < sql.length() && bytes <= maxSqlBytes; i++) {
      char c = sql.charAt(i);
      if (c < 0x80) {
        bytes += 1;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c)) {
        bytes += 4;
        i++;
      } else {
        bytes += 3;
      }
    }
    return bytes;
  }

  private static SqlRefusedException notAQuery(SqlScan scan, SqlNode statement, Advisor advisor) {
    if (statement.getKind() == SqlKind.EXPLICIT_TABLE) {
      return SqlRefusedException.at(
          RefusalReason.UNSUPPORTED_SYNTAX,
          "TABLE",
          statement.getParserPosition(),
          DuckDbIdioms.TABLE_HINT);
    }
    String word = scan.firstWord().text();
    if (word.equals("PIVOT") || word.equals("UNPIVOT")) {
      return DuckDbIdioms.find(scan, advisor).map(SqlRefusedException::new).orElseThrow();
    }
    String element = word.isEmpty() ? statement.getKind().sql : word;
    return SqlRefusedException.at(
        RefusalReason.STATEMENT_KIND,
        element,
        statement.getParserPosition(),
        element + " statements are not allowed: " + ONE_QUERY);
  }

  /**
   * Names the problem behind a parse failure, from the most to the least specific explanation, with
   * {@code advisor}'s advice and examples.
   */
  static SqlRefusedException explain(SqlScan scan, SqlParseException e, Advisor advisor) {
    SqlScan.Word word = scan.firstWord();
    if (STATEMENT_WORDS.contains(word.text())) {
      return refusal(
          scan,
          RefusalReason.STATEMENT_KIND,
          word.text(),
          word.index(),
          word.text() + " statements are not allowed: " + ONE_QUERY);
    }
    if (word.text().equals("FROM")) {
      return refusal(
          scan,
          RefusalReason.UNSUPPORTED_SYNTAX,
          "FROM",
          word.index(),
          DuckDbIdioms.fromFirst(advisor));
    }
    if (word.text().equals("TABLE")) {
      return refusal(
          scan, RefusalReason.UNSUPPORTED_SYNTAX, "TABLE", word.index(), DuckDbIdioms.TABLE_HINT);
    }
    if (scan.secondStatement().isPresent()) {
      int at = scan.secondStatement().getAsInt();
      return refusal(
          scan,
          RefusalReason.MULTIPLE_STATEMENTS,
          ";",
          at,
          "only one statement is allowed: " + ONE_QUERY);
    }
    return DuckDbIdioms.find(scan, advisor)
        .map(SqlRefusedException::new)
        .orElseGet(() -> syntaxError(e));
  }

  /** Calcite's position and first line, without its list of expected tokens. */
  private static SqlRefusedException syntaxError(SqlParseException e) {
    SqlParserPos pos = e.getPos() == null ? SqlParserPos.ZERO : e.getPos();
    String first = String.valueOf(e.getMessage()).lines().findFirst().orElse("").strip();
    String detail =
        first.replaceFirst("\\s*at line \\d+, column \\d+\\.?$", "").replaceFirst("\\.$", "");
    Matcher token = QUOTED_TOKEN.matcher(detail);
    String element = token.find() ? token.group(1).strip() : "";
    return SqlRefusedException.at(
        RefusalReason.SYNTAX, element, pos, "syntax error: " + detail + "; " + ONE_QUERY);
  }

  private static SqlRefusedException refusal(
      SqlScan scan, RefusalReason reason, String element, int index, String message) {
    return new SqlRefusedException(
        new SqlRefusal(reason, element, scan.line(index), scan.column(index), message));
  }

  /**
   * Calcite's Babel parser, failing cheaply: for the reads whose syntax error is never shown
   * ({@link #babelStatements}, {@link DuckDbSyntax}). As in {@link CoreParserImpl}, {@link
   * #generateParseException} returns a bare exception instead of re-running every recorded
   * lookahead to list the expected tokens; nothing else of the parser differs (the grammar catches
   * no parse exception, so a parse that succeeds builds the same tree). Reused like {@link
   * CoreParserImpl}, reset the same way: the two generated parsers have the same fields.
   */
  static final class QuickBabelParserImpl extends SqlBabelParserImpl implements Reusable {

    /** {@link #BABEL_CONFIG} with a new parser of this class per parse. */
    static final SqlParser.Config CONFIG =
        BABEL_CONFIG.withParserFactory(QuickBabelParserImpl::create);

    /**
     * Parsers whose parse succeeded, reset and reused as {@link CoreParserImpl}'s are: a new Babel
     * parser allocates its lookahead tables, about 15 us of each parse that has none to reuse.
     */
    private static final Pool<QuickBabelParserImpl> POOL = new Pool<>(QuickBabelParserImpl::new);

    private QuickBabelParserImpl(Reader reader) {
      super(reader);
    }

    /** A parser of the text {@code reader} holds, set up as {@link SqlBabelParserImpl#FACTORY}. */
    private static SqlAbstractParserImpl create(Reader reader) {
      QuickBabelParserImpl parser = new QuickBabelParserImpl(reader);
      if (reader instanceof SourceStringReader source) {
        parser.setOriginalSql(source.getSourceString());
      }
      return parser;
    }

    /** The statements Babel reads in {@code sql}, or empty when it cannot read them. */
    static Optional<SqlNodeList> parse(String sql) {
      if (sql.isEmpty()) {
        // Stock Babel cannot read the empty text: its factory sizes the character buffer to the
        // text, and an empty buffer fails the first read. This parser's buffer is not sized so
        // (the field is package-private to Calcite), so it would read no statements instead.
        return Optional.empty();
      }
      return POOL.parse(sql, BABEL_CONFIG);
    }

    @Override
    public void reset(Reader reader) {
      ReInit(reader);
      nDynamicParams = 0;
      warnings.clear();
    }

    @Override
    public org.apache.calcite.sql.parser.babel.ParseException generateParseException() {
      return new org.apache.calcite.sql.parser.babel.ParseException(
          "Babel does not read this text");
    }
  }

  /**
   * A parser the {@link Pool} resets for its next text: the generated {@code ReInit} of the
   * character stream and token manager, then the state {@link SqlAbstractParserImpl} keeps and
   * {@code ReInit} does not (the dynamic-parameter count and the warnings; {@link SqlParser} sets
   * the configuration on every use). Protected in Calcite, so each parser class resets itself.
   */
  private interface Reusable {
    void reset(Reader reader);
  }

  /**
   * A few parsers kept for the next parse (a pool, not a thread-local: queries run on short-lived
   * virtual threads). Creating a parser (character buffers, token manager, lookahead tables) cost
   * 14-16 us per query, a reset about 1 us.
   *
   * <p>Decided: slots taken and filled by compare-and-set, never a lock. A parse can run out of the
   * caller's stack anywhere, also inside the pool: a {@link java.util.concurrent.BlockingQueue}'s
   * lock that a {@link StackOverflowError} kept from being released left every later approval in
   * the process parked for ever (found by {@code NestingDepthTest} with its stack-starved
   * approvals). Here such an error can at worst drop one parser.
   */
  static final class Pool<P extends SqlAbstractParserImpl & Reusable> {

    private final Function<Reader, P> fresh;
    private final AtomicReferenceArray<@Nullable P> slots =
        new AtomicReferenceArray<>(Math.max(2, Runtime.getRuntime().availableProcessors()));

    /** A pool whose parsers {@code fresh} makes when none is kept. */
    private Pool(Function<Reader, P> fresh) {
      this.fresh = fresh;
    }

    /** A parser of {@code sql}: a reset one from the pool, or a new one. */
    P take(String sql) {
      SourceStringReader reader = new SourceStringReader(sql);
      P parser = null;
      for (int i = 0; i < slots.length() && parser == null; i++) {
        parser = slots.getAndSet(i, null);
      }
      if (parser == null) {
        parser = fresh.apply(reader);
      } else {
        parser.reset(reader);
      }
      parser.setOriginalSql(sql);
      return parser;
    }

    /** Offers {@code parser}, whose parse succeeded, for reuse (dropped when the pool is full). */
    void release(P parser) {
      for (int i = 0; i < slots.length(); i++) {
        if (slots.compareAndSet(i, null, parser)) {
          return;
        }
      }
    }

    /**
     * The statements a parser of this pool reads in {@code sql} under {@code config}, or empty when
     * it cannot read them. A parser whose parse failed is not returned for reuse: a failure can
     * leave state that a reset does not clear (the count of open {@code ROW(*)} constructors).
     */
    Optional<SqlNodeList> parse(String sql, SqlParser.Config config) {
      P parser = take(sql);
      SqlNodeList statements;
      try {
        statements =
            SqlParser.create(sql, config.withParserFactory(reader -> parser)).parseStmtList();
      } catch (SqlParseException e) {
        rethrowOverflow(e);
        return Optional.empty();
      }
      release(parser);
      return Optional.of(statements);
    }
  }

  /**
   * Calcite's core parser, failing cheaply and reused ({@link Pool}).
   *
   * <p>On a syntax error the generated parser would re-run every recorded lookahead to list the
   * tokens it expected (8-23 ms on some of the corpus queries), and nothing reads that list, since
   * Babel explains every refusal: {@link #generateParseException} returns a bare exception.
   */
  static final class CoreParserImpl extends SqlParserImpl implements Reusable {

    static final Pool<CoreParserImpl> POOL = new Pool<>(CoreParserImpl::new);

    private CoreParserImpl(Reader reader) {
      super(reader);
    }

    @Override
    public void reset(Reader reader) {
      ReInit(reader);
      nDynamicParams = 0;
      warnings.clear();
    }

    @Override
    public ParseException generateParseException() {
      return new ParseException("the core grammar does not read this text");
    }
  }
}
