package io.codemode4j.sql.internal;

import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlRefusedException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSelectKeyword;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.jspecify.annotations.Nullable;

/**
 * Reads DuckDB syntax that the Babel parser cannot: the text is rewritten into syntax it can read,
 * parsed, and the tree put back into the DuckDB forms ({@link DuckDbForms}). Tried only on text
 * Babel failed to parse, so it changes nothing that parsed before.
 *
 * <p>What is rewritten, token by token (string literals, quoted identifiers and comments are never
 * touched):
 *
 * <ul>
 *   <li>{@code date}, {@code time}, {@code timestamp} used as names ({@code SELECT date, t.time},
 *       {@code AS timestamp}): not followed by a string (a typed literal), a {@code (} or a time
 *       zone clause, not after {@code ::}, nor after the {@code AS} of a CAST;
 *   <li>{@code range(...)}, DuckDB's table function, whose name Babel reserves;
 *   <li>a comma right before FROM (DuckDB allows a trailing comma in the select list): dropped;
 *   <li>{@code GROUP BY ALL} at the end of a grouping, into {@link DuckDbForms#ALL_COLUMNS};
 *   <li>{@code SELECT DISTINCT ON (a, b) ...}, into {@link DuckDbForms#DISTINCT_ON};
 *   <li>{@code f(x ORDER BY d)} and {@code f(x IGNORE NULLS)} (or RESPECT NULLS), into {@link
 *       DuckDbForms.CallModifiers}; the ordering is parsed on its own;
 *   <li>{@code INTERVAL '30 days'} and {@code '30 days'::INTERVAL}, where the string is whole
 *       numbers with units ({@code '1 year 2 months'}), into Calcite interval literals ({@code
 *       INTERVAL '30' DAY}, summed for several units), which DuckDB reads as the same interval.
 * </ul>
 *
 * <p>How: each rewrite replaces its text by text of exactly the same length, without touching a
 * line break, so every position Calcite reports (and every refusal) still points into the submitted
 * text. A word becomes a placeholder identifier ({@code $} and digits, unique per rewrite, not
 * found anywhere in the submitted text; the walker refuses any {@code $} outside quotes, so no
 * query can write one that survives; text with a Unicode-escaped identifier, {@code U&"..."}, which
 * could spell one, is not rewritten); a DuckDB-only clause becomes spaces. After the parse each
 * placeholder is replaced by what it stands for, in the one place of the tree it may be; a
 * placeholder anywhere else, or not found, refuses the query.
 */
final class DuckDbSyntax {

  /** Words a {@code (} may follow that do not call a function. */
  private static final Set<String> NOT_CALLS =
      Set.of(
          "ALL",
          "AND",
          "ANY",
          "AS",
          "BETWEEN",
          "BY",
          "CASE",
          "CUBE",
          "DISTINCT",
          "ELSE",
          "EXCEPT",
          "EXISTS",
          "FILTER",
          "FROM",
          "GROUP",
          "GROUPING",
          "HAVING",
          "IN",
          "INTERSECT",
          "IS",
          "JOIN",
          "LATERAL",
          "LIKE",
          "LIMIT",
          "NOT",
          "OFFSET",
          "ON",
          "OR",
          "OVER",
          "QUALIFY",
          "ROLLUP",
          "SELECT",
          "SETS",
          "SOME",
          "TABLE",
          "THEN",
          "UNION",
          "UNNEST",
          "USING",
          "VALUES",
          "WHEN",
          "WHERE",
          "WITH",
          "WITHIN",
          "WINDOW");

  /** What may follow {@code GROUP BY ALL} when the ALL is DuckDB's and not a set quantifier. */
  private static final Set<String> AFTER_GROUP_BY_ALL =
      Set.of(
          ")",
          ";",
          "EXCEPT",
          "FETCH",
          "HAVING",
          "INTERSECT",
          "LIMIT",
          "OFFSET",
          "ORDER",
          "QUALIFY",
          "UNION",
          "WINDOW");

  private static final Set<String> NAME_WORDS = Set.of("DATE", "TIME", "TIMESTAMP");

  private static final Set<String> CAST_WORDS = Set.of("CAST", "TRY_CAST", "SAFE_CAST");

  /**
   * Interval units DuckDB reads in an interval string, by Calcite time unit; a plural {@code s} is
   * also read. The abbreviations are DuckDB's ({@code m} is a minute, {@code mon} a month).
   */
  private static final Map<String, TimeUnit> UNITS =
      Map.ofEntries(
          Map.entry("year", TimeUnit.YEAR),
          Map.entry("yr", TimeUnit.YEAR),
          Map.entry("y", TimeUnit.YEAR),
          Map.entry("quarter", TimeUnit.QUARTER),
          Map.entry("month", TimeUnit.MONTH),
          Map.entry("mon", TimeUnit.MONTH),
          Map.entry("week", TimeUnit.WEEK),
          Map.entry("day", TimeUnit.DAY),
          Map.entry("d", TimeUnit.DAY),
          Map.entry("hour", TimeUnit.HOUR),
          Map.entry("hr", TimeUnit.HOUR),
          Map.entry("h", TimeUnit.HOUR),
          Map.entry("minute", TimeUnit.MINUTE),
          Map.entry("min", TimeUnit.MINUTE),
          Map.entry("m", TimeUnit.MINUTE),
          Map.entry("second", TimeUnit.SECOND),
          Map.entry("sec", TimeUnit.SECOND),
          Map.entry("s", TimeUnit.SECOND),
          Map.entry("millisecond", TimeUnit.MILLISECOND),
          Map.entry("ms", TimeUnit.MILLISECOND),
          Map.entry("microsecond", TimeUnit.MICROSECOND),
          Map.entry("us", TimeUnit.MICROSECOND));

  private static final Pattern INTERVAL_PART =
      Pattern.compile("\\s*([+-]?\\d{1,9})\\s*([a-z]+)\\s*", Pattern.CASE_INSENSITIVE);

  /**
   * Words of interval qualifiers: {@code INTERVAL '30' DAY} is Calcite's own form, left as it is.
   */
  private static final Set<String> UNIT_WORDS =
      Set.of(
          "YEAR",
          "YEARS",
          "QUARTER",
          "MONTH",
          "MONTHS",
          "WEEK",
          "DAY",
          "DAYS",
          "HOUR",
          "HOURS",
          "MINUTE",
          "MINUTES",
          "SECOND",
          "SECONDS",
          "MILLISECOND",
          "MICROSECOND");

  private enum Type {
    WORD,
    STRING,
    QUOTED,
    SYMBOL
  }

  /** A token of the text; a word's text is uppercase, a string's its value. */
  private record Token(Type type, int start, int end, String text) {
    boolean is(String word) {
      return (type == Type.WORD || type == Type.SYMBOL) && text.equals(word);
    }
  }

  /** What a placeholder stands for. */
  private sealed interface Edit permits Rename, GroupByAll, DistinctOn, InCall, IntervalText {
    /**
     * The refusal when the placeholder is not where it can be put back, an example over {@code
     * advisor}'s.
     */
    String misplaced(Advisor advisor);
  }

  /** A word Babel reserves, used as a name: the identifier or function name it was. */
  private record Rename(String name) implements Edit {
    public String misplaced(Advisor advisor) {
      return "'" + name + "' cannot be read here: quote it, \"" + name + "\"";
    }
  }

  private record GroupByAll() implements Edit {
    public String misplaced(Advisor advisor) {
      return "GROUP BY ALL must be the whole grouping: write GROUP BY ALL, or list the grouping columns";
    }
  }

  private record DistinctOn() implements Edit {
    public String misplaced(Advisor advisor) {
      return "DISTINCT ON must follow SELECT: write "
          + advisor.example("SELECT DISTINCT ON ({key}) {key}")
          + ", ...";
    }
  }

  /** A call with an ordering (parsed on its own, perhaps empty) and a null treatment inside. */
  private record InCall(String name, SqlNodeList order, DuckDbForms.NullTreatment nullTreatment)
      implements Edit {
    public String misplaced(Advisor advisor) {
      return name
          + "(... ORDER BY ...) cannot be read here: call it in a select item, e.g. "
          + advisor.example("first({amount} ORDER BY {date})");
    }
  }

  /** An interval written as a string of whole numbers and units. */
  private record IntervalText(List<Part> parts) implements Edit {
    public String misplaced(Advisor advisor) {
      return "this interval cannot be read here: write INTERVAL '30' DAY";
    }
  }

  private record Part(String value, TimeUnit unit) {}

  private final Map<String, Edit> edits = new HashMap<>();
  private final Set<String> restored = new HashSet<>();

  /** Each placeholder call restored so far, by identity, with what replaced it. */
  private final Map<SqlNode, SqlNode> replacements = new IdentityHashMap<>();

  private DuckDbSyntax() {}

  /**
   * The statements of {@code scan} read with the rewrites above, or empty when none applies or the
   * rewritten text does not parse either (then {@link #reparse} words the refusal); Babel failed to
   * parse the text as written. Parsed by {@link QueryParser.QuickBabelParserImpl}.
   *
   * @throws SqlRefusedException when a placeholder is not where it belongs
   */
  static Optional<SqlNodeList> read(SqlScan scan, Advisor advisor) throws SqlRefusedException {
    DuckDbSyntax syntax = new DuckDbSyntax();
    Optional<String> rewritten = syntax.rewrite(scan.sql());
    if (rewritten.isEmpty()) {
      return Optional.empty();
    }
    Optional<SqlNodeList> statements = QueryParser.QuickBabelParserImpl.parse(rewritten.get());
    if (statements.isPresent()) {
      syntax.restore(statements.get(), advisor);
    }
    return statements;
  }

  /**
   * {@link #read}, for a text Babel failed to read with {@code failure}, whose refusal it words
   * when the rewritten text fails elsewhere: {@link QueryParser} calls this once {@link #read}
   * found nothing it reads, with the stock parser's error, so that the refusal is worded from the
   * stock parser's errors.
   *
   * @throws SqlRefusedException when the rewritten text does not parse either (explained as Babel
   *     explains it, at the same position) or a placeholder is not where it belongs
   */
  static Optional<SqlNodeList> reparse(SqlScan scan, SqlParseException failure, Advisor advisor)
      throws SqlRefusedException {
    DuckDbSyntax syntax = new DuckDbSyntax();
    Optional<String> rewritten = syntax.rewrite(scan.sql());
    if (rewritten.isEmpty()) {
      return Optional.empty();
    }
    SqlNodeList statements;
    try {
      statements = SqlParser.create(rewritten.get(), QueryParser.BABEL_CONFIG).parseStmtList();
    } catch (SqlParseException e) {
      QueryParser.rethrowOverflow(e);
      // Failing where the text as written failed, the rewrites did not help: the original is
      // explained.
      if (e.getPos() == null
          || failure.getPos() == null
          || (e.getPos().getLineNum() == failure.getPos().getLineNum()
              && e.getPos().getColumnNum() == failure.getPos().getColumnNum())) {
        return Optional.empty();
      }
      throw QueryParser.explain(SqlScan.of(rewritten.get()), e, advisor);
    }
    syntax.restore(statements, advisor);
    return Optional.of(statements);
  }

  // ---------------------------------------------------------------- rewriting the text

  /**
   * The text with every rewrite applied, or empty when there is none (or a placeholder cannot be
   * made).
   */
  private Optional<String> rewrite(String sql) {
    if (sql.toUpperCase(Locale.ROOT).contains("U&")) {
      // A Unicode-escaped identifier could spell a placeholder: such text is left as written.
      return Optional.empty();
    }
    List<Token> tokens = tokens(sql);
    char[] renamed = sql.toCharArray();
    List<int[]> blanks = new ArrayList<>();
    List<PendingOrder> orderings = new ArrayList<>();
    List<Boolean> castParens = new ArrayList<>();
    for (int k = 0; k < tokens.size(); k++) {
      Token token = tokens.get(k);
      Token previous = k > 0 ? tokens.get(k - 1) : null;
      Token next = k + 1 < tokens.size() ? tokens.get(k + 1) : null;
      if (token.is("(")) {
        castParens.add(
            previous != null
                && previous.type() == Type.WORD
                && CAST_WORDS.contains(previous.text()));
      } else if (token.is(")") && !castParens.isEmpty()) {
        castParens.removeLast();
      }
      boolean inCast = !castParens.isEmpty() && castParens.getLast();
      if (token.is(",") && next != null && next.is("FROM")) {
        renamed[token.start()] = ' ';
      } else if (token.type() == Type.WORD
          && NAME_WORDS.contains(token.text())
          && isName(previous, next, inCast)) {
        if (!place(renamed, sql, token, new Rename(sql.substring(token.start(), token.end())))) {
          return Optional.empty();
        }
      } else if (token.is("RANGE") && next != null && next.is("(")) {
        if (!place(renamed, sql, token, new Rename(sql.substring(token.start(), token.end())))) {
          return Optional.empty();
        }
      } else if (token.is("ALL")
          && previous != null
          && previous.is("BY")
          && k >= 2
          && tokens.get(k - 2).is("GROUP")
          && (next == null || AFTER_GROUP_BY_ALL.contains(next.text()))) {
        if (!place(renamed, sql, token, new GroupByAll())) {
          return Optional.empty();
        }
      } else if (token.is("ON")
          && previous != null
          && previous.is("DISTINCT")
          && k >= 2
          && tokens.get(k - 2).is("SELECT")
          && next != null
          && next.is("(")) {
        int close = closing(tokens, k + 1);
        int after = close < 0 ? -1 : tokens.get(close).end();
        if (after < 0
            || after >= sql.length()
            || (sql.charAt(after) != ' ' && sql.charAt(after) != '\t')
            || !place(renamed, sql, token, new DistinctOn())) {
          return Optional.empty();
        }
        renamed[after] = ',';
      } else if (token.type() == Type.WORD
          && next != null
          && next.is("(")
          && !NOT_CALLS.contains(token.text())
          && !NAME_WORDS.contains(token.text())) {
        if (!inCall(sql, tokens, k, renamed, blanks, orderings)) {
          return Optional.empty();
        }
      } else if (token.is("INTERVAL")
          && next != null
          && next.type() == Type.STRING
          && (k + 2 >= tokens.size() || !UNIT_WORDS.contains(tokens.get(k + 2).text()))) {
        if (!interval(renamed, sql, token.start(), next.end(), next)) {
          return Optional.empty();
        }
      } else if (token.type() == Type.STRING
          && next != null
          && next.is("::")
          && k + 2 < tokens.size()
          && tokens.get(k + 2).is("INTERVAL")
          && (k + 3 >= tokens.size()
              || !(UNIT_WORDS.contains(tokens.get(k + 3).text()) || tokens.get(k + 3).is("(")))) {
        if (!interval(renamed, sql, token.start(), tokens.get(k + 2).end(), token)) {
          return Optional.empty();
        }
      }
    }
    if (edits.isEmpty() && String.valueOf(renamed).equals(sql)) {
      return Optional.empty();
    }
    String renamedText = String.valueOf(renamed);
    for (PendingOrder ordering : orderings) {
      Optional<List<SqlNode>> keys = ordering(renamedText, ordering.start(), ordering.end());
      if (keys.isEmpty()) {
        return Optional.empty();
      }
      ordering.keys().addAll(keys.get());
    }
    char[] text = renamedText.toCharArray();
    for (int[] blank : blanks) {
      for (int i = blank[0]; i < blank[1]; i++) {
        if (text[i] != '\n' && text[i] != '\r') {
          text[i] = ' ';
        }
      }
    }
    return Optional.of(String.valueOf(text));
  }

  /** An ordering inside a call, at {@code [start, end)}, to be parsed into {@code keys}. */
  private record PendingOrder(SqlNodeList keys, int start, int end) {}

  private static boolean isName(@Nullable Token previous, @Nullable Token next, boolean inCast) {
    if (next != null
        && (next.type() == Type.STRING
            || next.is("(")
            || next.is("WITH")
            || next.is("WITHOUT")
            || next.is("ZONE"))) {
      return false;
    }
    return previous == null
        || !(previous.is("::")
            || previous.is("WITH")
            || previous.is("WITHOUT")
            || previous.is("AT")
            || (previous.is("AS") && inCast));
  }

  /**
   * A call {@code name(...)} at token {@code k}: when it holds an ORDER BY or ends with
   * IGNORE/RESPECT NULLS at its own level, its name becomes a placeholder and those clauses are
   * blanked.
   */
  private boolean inCall(
      String sql,
      List<Token> tokens,
      int k,
      char[] renamed,
      List<int[]> blanks,
      List<PendingOrder> orderings) {
    int open = k + 1;
    int close = closing(tokens, open);
    if (close < 0
        || (open + 1 < close
            && (tokens.get(open + 1).is("SELECT")
                || tokens.get(open + 1).is("WITH")
                || tokens.get(open + 1).is("VALUES")))) {
      return true;
    }
    int order = -1;
    int depth = 0;
    for (int i = open + 1; i < close; i++) {
      Token t = tokens.get(i);
      if (t.is("(")) {
        depth++;
      } else if (t.is(")")) {
        depth--;
      } else if (depth == 0 && t.is("ORDER") && tokens.get(i + 1).is("BY") && order < 0) {
        order = i;
      }
    }
    DuckDbForms.NullTreatment nulls = DuckDbForms.NullTreatment.NONE;
    int end = close;
    if (close - 2 > open && tokens.get(close - 1).is("NULLS")) {
      if (tokens.get(close - 2).is("IGNORE")) {
        nulls = DuckDbForms.NullTreatment.IGNORE_NULLS;
        end = close - 2;
      } else if (tokens.get(close - 2).is("RESPECT")) {
        nulls = DuckDbForms.NullTreatment.RESPECT_NULLS;
        end = close - 2;
      }
    }
    if (order < 0 && nulls == DuckDbForms.NullTreatment.NONE) {
      return true;
    }
    Token name = tokens.get(k);
    SqlNodeList keys = new SqlNodeList(SqlParserPos.ZERO);
    InCall edit = new InCall(sql.substring(name.start(), name.end()), keys, nulls);
    if (!place(renamed, sql, name, edit)) {
      return false;
    }
    int from = order >= 0 ? tokens.get(order).start() : tokens.get(end).start();
    int to = tokens.get(close).start();
    blanks.add(new int[] {from, to});
    if (order >= 0) {
      orderings.add(new PendingOrder(keys, tokens.get(order).start(), tokens.get(end).start()));
    }
    return true;
  }

  /**
   * The keys of {@code ORDER BY ...} at {@code [start, end)} of {@code renamed}, parsed on their
   * own as the ordering of a {@code SELECT 1} put in the blanks before them, so that their
   * positions stay; empty when they do not parse so.
   */
  private static Optional<List<SqlNode>> ordering(String renamed, int start, int end) {
    char[] text = new char[end];
    for (int i = 0; i < end; i++) {
      char c = renamed.charAt(i);
      text[i] = c == '\n' || c == '\r' || i >= start ? c : ' ';
    }
    String select = "SELECT 1 ";
    int run = 0;
    int at = start - 1;
    while (at >= 0 && run < select.length()) {
      run = text[at] == '\n' || text[at] == '\r' ? 0 : run + 1;
      at--;
    }
    if (run < select.length()) {
      return Optional.empty();
    }
    select.getChars(0, select.length(), text, at + 1);
    try {
      SqlNode query =
          SqlParser.create(String.valueOf(text), QueryParser.QuickBabelParserImpl.CONFIG)
              .parseQuery();
      if (query instanceof SqlOrderBy orderBy && orderBy.offset == null && orderBy.fetch == null) {
        return Optional.of(orderBy.orderList.getList());
      }
    } catch (SqlParseException e) {
      QueryParser.rethrowOverflow(e);
      // Not an ordering Babel reads: the text is not rewritten.
    }
    return Optional.empty();
  }

  /**
   * Rewrites an interval string over {@code [start, end)} into a placeholder call of the string.
   */
  private boolean interval(char[] renamed, String sql, int start, int end, Token string) {
    List<Part> parts = intervalParts(string.text());
    if (parts.isEmpty()) {
      return true;
    }
    String literal = sql.substring(string.start(), string.end());
    int length = end - start - literal.length() - 2;
    Optional<String> placeholder = placeholder(length, sql);
    if (placeholder.isEmpty() || sql.substring(start, end).indexOf('\n') >= 0) {
      return false;
    }
    edits.put(placeholder.get(), new IntervalText(parts));
    (placeholder.get() + "(" + literal + ")").getChars(0, end - start, renamed, start);
    return true;
  }

  /**
   * The interval the string {@code text} names, as {@link DuckDbForms#INTERVAL_TEXT}, or {@code
   * null} when the string is not whole numbers with units.
   */
  static @Nullable SqlNode intervalText(SqlCharStringLiteral text, SqlParserPos pos) {
    List<Part> parts = intervalParts(text.getValueAs(String.class));
    return parts.isEmpty() ? null : intervalText(text, parts, pos);
  }

  private static SqlNode intervalText(SqlNode text, List<Part> parts, SqlParserPos pos) {
    SqlNode sum = null;
    for (Part part : parts) {
      SqlNode literal =
          SqlLiteral.createInterval(
              1, part.value(), new SqlIntervalQualifier(part.unit(), null, pos), pos);
      sum = sum == null ? literal : SqlStdOperatorTable.PLUS.createCall(pos, sum, literal);
    }
    return DuckDbForms.INTERVAL_TEXT.createCall(pos, text, sum);
  }

  /**
   * Whole numbers with units, e.g. {@code 1 year 2 months}; empty when the string is anything else.
   */
  private static List<Part> intervalParts(String text) {
    List<Part> parts = new ArrayList<>();
    Matcher part = INTERVAL_PART.matcher(text);
    int at = 0;
    while (at < text.length() && part.find(at) && part.start() == at) {
      String word = part.group(2).toLowerCase(Locale.ROOT);
      TimeUnit unit =
          UNITS.getOrDefault(
              word, word.endsWith("s") ? UNITS.get(word.substring(0, word.length() - 1)) : null);
      if (unit == null) {
        return List.of();
      }
      parts.add(new Part(part.group(1), unit));
      at = part.end();
    }
    return at == text.length() ? parts : List.of();
  }

  /** Puts a placeholder of {@code token}'s length in its place, standing for {@code edit}. */
  private boolean place(char[] renamed, String sql, Token token, Edit edit) {
    Optional<String> placeholder = placeholder(token.end() - token.start(), sql);
    if (placeholder.isEmpty()) {
      return false;
    }
    edits.put(placeholder.get(), edit);
    placeholder.get().getChars(0, placeholder.get().length(), renamed, token.start());
    return true;
  }

  /**
   * {@code $} and the number of the next edit, zero-padded to {@code length}; not in {@code sql}.
   */
  private Optional<String> placeholder(int length, String sql) {
    String number = Integer.toString(edits.size(), 36);
    if (length < 2 || number.length() > length - 1) {
      return Optional.empty();
    }
    String placeholder = "$" + "0".repeat(length - 1 - number.length()) + number;
    return sql.contains(placeholder) ? Optional.empty() : Optional.of(placeholder);
  }

  /** The index of the {@code )} that closes the {@code (} at {@code open}, or -1. */
  private static int closing(List<Token> tokens, int open) {
    int depth = 0;
    for (int i = open; i < tokens.size(); i++) {
      if (tokens.get(i).is("(")) {
        depth++;
      } else if (tokens.get(i).is(")") && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  /** The tokens of {@code sql}, as {@link SqlScan} splits code from literals and comments. */
  private static List<Token> tokens(String sql) {
    List<Token> tokens = new ArrayList<>();
    int i = 0;
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      char next = i + 1 < n ? sql.charAt(i + 1) : '\0';
      if (c == '\'' || c == '"') {
        int end = SqlScan.skipQuoted(sql, i);
        String body = sql.substring(i + 1, Math.max(i + 1, end - 1)).replace(c + "" + c, c + "");
        tokens.add(new Token(c == '\'' ? Type.STRING : Type.QUOTED, i, end, body));
        i = end;
      } else if (c == '-' && next == '-') {
        i = SqlScan.skipToLineEnd(sql, i);
      } else if (c == '/' && next == '*') {
        i = SqlScan.skipBlockComment(sql, i);
      } else if (Character.isWhitespace(c)) {
        i++;
      } else if (SqlScan.isWordPart(c)) {
        int start = i;
        while (i < n && SqlScan.isWordPart(sql.charAt(i))) {
          i++;
        }
        tokens.add(
            new Token(Type.WORD, start, i, sql.substring(start, i).toUpperCase(Locale.ROOT)));
      } else if (c == ':' && next == ':') {
        tokens.add(new Token(Type.SYMBOL, i, i + 2, "::"));
        i += 2;
      } else {
        tokens.add(new Token(Type.SYMBOL, i, i + 1, String.valueOf(c)));
        i++;
      }
    }
    return tokens;
  }

  // ---------------------------------------------------------------- restoring the tree

  /**
   * Puts every placeholder of {@code statements} back, in place; refuses a placeholder left over.
   */
  private void restore(SqlNodeList statements, Advisor advisor) throws SqlRefusedException {
    TreeRewriter rewriter =
        new TreeRewriter() {
          @Override
          SqlNode replace(SqlNode node) throws SqlRefusedException {
            return restoreNode(node, this);
          }
        };
    rewriter.rewrite(statements);
    for (Map.Entry<String, Edit> edit : edits.entrySet()) {
      if (!restored.contains(edit.getKey())) {
        throw SqlRefusedException.at(
            RefusalReason.UNSUPPORTED_SYNTAX,
            "",
            SqlParserPos.ZERO,
            edit.getValue().misplaced(advisor));
      }
    }
  }

  private SqlNode restoreNode(SqlNode node, TreeRewriter rewriter) throws SqlRefusedException {
    switch (node) {
      case SqlIdentifier id -> renameComponents(id);
      case SqlSelect select -> restoreSelect(select);
      case SqlCall call
          when call.getOperator() instanceof SqlUnresolvedFunction function
              && function.getSqlIdentifier() != null
              && function.getSqlIdentifier().isSimple() -> {
        // Calcite shares one node where it repeats an expression (the value of a simple CASE stands
        // in every WHEN): the same node gets the same replacement.
        SqlNode earlier = replacements.get(call);
        if (earlier != null) {
          return earlier;
        }
        SqlNode replacement = restoreCall(call, function.getSqlIdentifier().getSimple(), rewriter);
        replacements.put(call, replacement);
        return replacement;
      }
      default -> {}
    }
    return node;
  }

  private void renameComponents(SqlIdentifier id) {
    List<String> names = new ArrayList<>(id.names);
    boolean changed = false;
    for (int i = 0; i < names.size(); i++) {
      if (edits.get(names.get(i)) instanceof Rename rename && restored.add(names.get(i))) {
        names.set(i, rename.name());
        changed = true;
      }
    }
    if (changed) {
      List<SqlParserPos> positions = new ArrayList<>();
      for (int i = 0; i < names.size(); i++) {
        positions.add(id.getComponentParserPosition(i));
      }
      id.setNames(names, positions);
    }
  }

  private SqlNode restoreCall(SqlCall call, String name, TreeRewriter rewriter)
      throws SqlRefusedException {
    Edit edit = edits.get(name);
    SqlParserPos pos = call.getParserPosition();
    switch (edit) {
      case Rename rename when call instanceof SqlBasicCall basic && restored.add(name) -> {
        basic.setOperator(DuckDbForms.function(rename.name(), pos));
        return basic;
      }
      case InCall inCall when call instanceof SqlBasicCall basic && restored.add(name) -> {
        basic.setOperator(DuckDbForms.function(inCall.name(), pos));
        rewriter.rewrite(inCall.order());
        return DuckDbForms.modified(basic, inCall.order(), inCall.nullTreatment());
      }
      case IntervalText interval
          when call.operandCount() == 1
              && call.operand(0) instanceof SqlCharStringLiteral
              && restored.add(name) -> {
        return intervalText(call.operand(0), interval.parts(), pos);
      }
      case null, default -> {
        return call;
      }
    }
  }

  private void restoreSelect(SqlSelect select) {
    SqlNodeList group = select.getGroup();
    if (group != null
        && group.size() == 1
        && group.get(0) instanceof SqlIdentifier id
        && id.isSimple()
        && edits.get(id.getSimple()) instanceof GroupByAll
        && restored.add(id.getSimple())) {
      select.setGroupBy(
          new SqlNodeList(
              List.of(DuckDbForms.allColumns(id.getParserPosition())), group.getParserPosition()));
    }
    SqlNodeList items = select.getSelectList();
    SqlNodeList keywords = (SqlNodeList) select.getOperandList().get(0);
    if (!items.isEmpty()
        && items.get(0) instanceof SqlCall first
        && first.getOperator() instanceof SqlUnresolvedFunction function
        && function.getSqlIdentifier() != null
        && function.getSqlIdentifier().isSimple()
        && edits.get(function.getSqlIdentifier().getSimple()) instanceof DistinctOn
        && keywords.size() == 1
        && keywords.get(0) instanceof SqlLiteral distinct
        && distinct.getValue() == SqlSelectKeyword.DISTINCT
        && restored.add(function.getSqlIdentifier().getSimple())) {
      select.setOperand(
          0,
          new SqlNodeList(
              List.of(DuckDbForms.distinctOn(first.getOperandList(), distinct.getParserPosition())),
              keywords.getParserPosition()));
      select.setSelectList(
          new SqlNodeList(items.getList().subList(1, items.size()), items.getParserPosition()));
    }
  }
}
