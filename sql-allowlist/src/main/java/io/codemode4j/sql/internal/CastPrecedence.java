package io.codemode4j.sql.internal;

import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlRefusal;
import io.codemode4j.sql.SqlRefusedException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.jspecify.annotations.Nullable;

/**
 * Gives every {@code ::} cast the operand DuckDB gives it.
 *
 * <p>DuckDB, like PostgreSQL, binds {@code ::} tighter than every operator: {@code 2.7 - 1::INT} is
 * {@code 2.7 - (1::INT)}, 1.7. Calcite 1.42's Babel parser instead casts all of the expression it
 * has read so far, building {@code CAST(2.7 - 1 AS INT)}, 2, and then reads what follows as
 * applying to that cast ({@code a + b::INT * c} becomes {@code ((a + b)::INT) * c}). The tree is
 * wrong before anything renders it, so the repair is at the parse. For each {@code ::} whose
 * operand Babel took to be an operator expression, the operand DuckDB takes is found by going down
 * that expression's right-hand side through the binary and prefix operators that {@code ::} binds
 * tighter than (arithmetic, comparison, {@code AND}, {@code OR}, {@code NOT}, {@code ||}, {@code
 * LIKE}, {@code BETWEEN}, ...), stopping at anything written in parentheses, a name, a literal, a
 * call, {@code CASE}, a subquery, and at {@code IN}, {@code IS ...}, {@code EXISTS} and quantified
 * comparisons, which DuckDB casts whole, as Babel does. A signed number is a unary minus of a
 * literal for DuckDB ({@code -5::VARCHAR} is {@code -(5::VARCHAR)}, an error), so its sign stays
 * outside. Then the text is parsed again with that operand and its cast in parentheses, which Babel
 * reads as one primary, until no cast needs it.
 *
 * <p>Re-parsing rather than rotating the tree, because the misreading also changes how the
 * operators after the cast group, which only the parser can redo; and parentheses around a primary
 * and its cast change nothing of DuckDB's reading of the text. Where the tree's positions do not
 * let the operand be found for certain, the query is refused with the rewrite to write instead,
 * never guessed. Refusals of the re-parsed tree are moved to their positions in the submitted text
 * ({@link Reparsed#inSubmittedText}).
 */
final class CastPrecedence {

  static final String PARENTHESISE_HINT =
      "the operand of '::' cannot be told for certain here: put the cast "
          + "and its operand in parentheses, e.g. a + (b::INTEGER) or (a + b)::INTEGER, or write "
          + "CAST(b AS INTEGER)";

  private CastPrecedence() {}

  /**
   * A parse whose {@code ::} casts all have DuckDB's operands.
   *
   * @param query the tree, parsed from {@code parsed}
   * @param parsed the text it was parsed from: the submitted text, with parentheses added where
   *     needed
   * @param origin for each character index of {@code parsed} (and its end), the index in the
   *     submitted text of the character there or, for an added parenthesis, of the next one; {@code
   *     null} when nothing was added
   */
  record Reparsed(SqlNode query, SqlScan submitted, SqlScan parsed, int @Nullable [] origin) {

    /** {@code refused}, reported where its element stands in the submitted text. */
    SqlRefusedException inSubmittedText(SqlRefusedException refused) {
      SqlRefusal refusal = refused.refusal();
      if (origin == null || (refusal.line() == 1 && refusal.column() == 1)) {
        return refused;
      }
      int at = origin[parsed.index(refusal.line(), refusal.column())];
      return new SqlRefusedException(
          new SqlRefusal(
              refusal.reason(),
              refusal.element(),
              submitted.line(at),
              submitted.column(at),
              refusal.message()));
    }
  }

  /**
   * Babel's parse of {@code submitted}, re-parsed until every cast has DuckDB's operand.
   *
   * <p>Babel cannot even finish some expressions after a cast it misreads: in {@code d BETWEEN
   * '2024-01-01'::DATE AND '2024-03-31'::DATE} the first cast swallows an unfinished BETWEEN. When
   * Babel refuses a text's syntax, it is tried once more with each cast whose operand is plainly
   * one token (a string, a number, a name, written after an operator, a comma, a parenthesis or a
   * keyword that starts an expression) in parentheses, as DuckDB groups it; if that fails too, the
   * first refusal stands. Refusals give {@code advisor}'s advice and examples.
   */
  static Reparsed parse(SqlScan submitted, Advisor advisor) throws SqlRefusedException {
    SqlNode tree;
    try {
      tree = QueryParser.parseWithBabel(submitted, advisor);
    } catch (SqlRefusedException refused) {
      List<Parentheses> additions =
          refused.refusal().reason() == RefusalReason.SYNTAX
              ? lexicalOperands(submitted)
              : List.of();
      if (additions.isEmpty()) {
        throw refused;
      }
      Patched patched = insert(submitted.sql(), additions);
      SqlScan scan = SqlScan.of(patched.sql());
      try {
        tree = QueryParser.parseWithBabel(scan, advisor);
      } catch (SqlRefusedException again) {
        throw refused;
      }
      return reparse(submitted, scan, tree, patched.origin(), advisor);
    }
    // Without a :: there is no cast to place (a :: inside a string or comment only costs the walk).
    return submitted.sql().contains("::")
        ? reparse(submitted, submitted, tree, null, advisor)
        : new Reparsed(tree, submitted, submitted, null);
  }

  private static Reparsed reparse(
      SqlScan submitted,
      SqlScan parsed,
      SqlNode query,
      int @Nullable [] parsedOrigin,
      Advisor advisor)
      throws SqlRefusedException {
    SqlScan scan = parsed;
    SqlNode tree = query;
    int[] origin = parsedOrigin;
    // Each round puts at least one more cast in parentheses, so there are at most as many rounds as
    // casts.
    int rounds = countCasts(submitted.sql()) + 1;
    for (int round = 0; round < rounds; round++) {
      List<Parentheses> additions = new ArrayList<>();
      collect(scan, tree, additions);
      if (additions.isEmpty()) {
        return new Reparsed(tree, submitted, scan, origin);
      }
      int firstCast =
          origin == null ? additions.getFirst().open() : origin[additions.getFirst().open()];
      Patched patched = insert(scan.sql(), additions);
      origin = origin == null ? patched.origin() : compose(origin, patched.origin());
      scan = SqlScan.of(patched.sql());
      try {
        tree = QueryParser.parseWithBabel(scan, advisor);
      } catch (SqlRefusedException e) {
        throw ambiguous(submitted, firstCast);
      }
    }
    throw ambiguous(submitted, 0);
  }

  /** Words after which a token starts an expression of its own. */
  private static final Set<String> EXPRESSION_STARTS =
      Set.of(
          "AND",
          "OR",
          "NOT",
          "BETWEEN",
          "SELECT",
          "WHERE",
          "WHEN",
          "THEN",
          "ELSE",
          "HAVING",
          "ON",
          "BY",
          "LIKE",
          "ILIKE",
          "QUALIFY",
          "DISTINCT");

  /** Characters after which a token starts an expression of its own. */
  private static final String OPERATORS_BEFORE = "=<>!+-*/%|,(";

  /** Parentheses for each cast whose operand is one token, found on the text alone. */
  private static List<Parentheses> lexicalOperands(SqlScan scan) {
    String sql = scan.sql();
    List<Parentheses> additions = new ArrayList<>();
    for (int at = sql.indexOf("::"); at >= 0; at = sql.indexOf("::", at + 2)) {
      if (!scan.isCode(at) || !scan.isCode(at + 1)) {
        continue;
      }
      int start = tokenStart(scan, previousCode(scan, at - 1));
      int typeEnd = typeEnd(scan, at + 2);
      if (start >= 0 && typeEnd >= 0 && startsAnExpression(scan, previousCode(scan, start - 1))) {
        additions.add(new Parentheses(start, typeEnd));
      }
    }
    return additions;
  }

  /** The start of the string, number or (qualified) name that ends at {@code end}, or -1. */
  private static int tokenStart(SqlScan scan, int end) {
    String sql = scan.sql();
    if (end < 0) {
      return -1;
    }
    if (!scan.isCode(end)) {
      int start = end;
      while (start > 0 && !scan.isCode(start - 1)) {
        start--;
      }
      // A string literal, not a comment, and no prefix (E'...', DATE '...' is checked by the
      // caller).
      boolean literal =
          sql.charAt(start) == '\''
              && sql.charAt(end) == '\''
              && (start == 0 || !SqlScan.isWordPart(sql.charAt(start - 1)));
      return literal ? start : -1;
    }
    if (!SqlScan.isWordPart(sql.charAt(end))) {
      // A closing parenthesis ends a call or a group: not one token.
      return -1;
    }
    int start = end;
    while (start > 0
        && scan.isCode(start - 1)
        && (SqlScan.isWordPart(sql.charAt(start - 1)) || sql.charAt(start - 1) == '.')) {
      start--;
    }
    return SqlScan.isWordPart(sql.charAt(start)) ? start : -1;
  }

  /**
   * The last index of the type after {@code ::} at {@code from}: one word and its parenthesised
   * arguments.
   */
  private static int typeEnd(SqlScan scan, int from) {
    String sql = scan.sql();
    int i = from;
    while (i < sql.length() && Character.isWhitespace(sql.charAt(i))) {
      i++;
    }
    int start = i;
    while (i < sql.length() && scan.isCode(i) && SqlScan.isWordPart(sql.charAt(i))) {
      i++;
    }
    if (i == start) {
      return -1;
    }
    int next = i;
    while (next < sql.length() && Character.isWhitespace(sql.charAt(next))) {
      next++;
    }
    if (next < sql.length() && sql.charAt(next) == '(' && scan.isCode(next)) {
      int close = scan.matchingClose(next);
      return close;
    }
    return i - 1;
  }

  /** Whether the code ending at {@code before} lets a new expression start after it. */
  private static boolean startsAnExpression(SqlScan scan, int before) {
    String sql = scan.sql();
    if (before < 0) {
      return false;
    }
    if (OPERATORS_BEFORE.indexOf(sql.charAt(before)) >= 0) {
      return true;
    }
    int start = before;
    while (start > 0 && scan.isCode(start - 1) && SqlScan.isWordPart(sql.charAt(start - 1))) {
      start--;
    }
    return SqlScan.isWordPart(sql.charAt(before))
        && EXPRESSION_STARTS.contains(sql.substring(start, before + 1).toUpperCase(Locale.ROOT));
  }

  /** The last index at or before {@code from} that is code and not white space, or -1. */
  private static int previousCode(SqlScan scan, int from) {
    int i = from;
    while (i >= 0
        && (Character.isWhitespace(scan.sql().charAt(i))
            || (!scan.isCode(i) && isComment(scan, i)))) {
      i--;
    }
    return i;
  }

  /**
   * Whether the non-code character at {@code i} belongs to a comment rather than a quoted token.
   */
  private static boolean isComment(SqlScan scan, int i) {
    int start = i;
    while (start > 0 && !scan.isCode(start - 1)) {
      start--;
    }
    char first = scan.sql().charAt(start);
    return first != '\'' && first != '"';
  }

  /**
   * A pair of parentheses to add: before character {@code open}, and after character {@code close}.
   */
  private record Parentheses(int open, int close) {}

  /** Finds, in the whole tree, the casts whose operand must be put in parentheses. */
  private static void collect(SqlScan scan, SqlNode node, List<Parentheses> additions)
      throws SqlRefusedException {
    if (node instanceof SqlNodeList list) {
      for (SqlNode element : list) {
        collect(scan, element, additions);
      }
    } else if (node instanceof SqlCall call) {
      if (call.getOperator() == SqlLibraryOperators.INFIX_CAST) {
        castOperand(scan, call, additions);
      }
      for (SqlNode operand : call.getOperandList()) {
        if (operand != null) {
          collect(scan, operand, additions);
        }
      }
    }
  }

  /**
   * Adds the parentheses a cast needs around DuckDB's operand and the type, if Babel took another
   * one.
   */
  private static void castOperand(SqlScan scan, SqlCall cast, List<Parentheses> additions)
      throws SqlRefusedException {
    SqlNode written = cast.operand(0);
    SqlNode operand = written;
    while (operand instanceof SqlCall call
        && bindsLooserThanCast(scan, call)
        && !scan.parenthesised(call.getParserPosition())) {
      SqlNode last = call.getOperandList().getLast();
      if (last == null
          || scan.end(last.getParserPosition()) != scan.end(call.getParserPosition())) {
        throw ambiguous(scan, scan.start(call.getParserPosition()));
      }
      operand = last;
    }
    int open = scan.start(operand.getParserPosition());
    if (operand instanceof SqlNumericLiteral
        && !scan.parenthesised(operand.getParserPosition())
        && isSign(scan.sql().charAt(open))) {
      open = afterSign(scan.sql(), open);
    } else if (operand == written) {
      return;
    }
    if (operand instanceof SqlCall call
        && call.getOperator() == SqlLibraryOperators.INFIX_CAST
        && !scan.parenthesised(call.getParserPosition())) {
      // Babel gives an unparenthesised cast no position of its own: it cannot be located safely.
      throw ambiguous(scan, open);
    }
    int typeEnd = scan.end(cast.operand(1).getParserPosition());
    int typeStart = scan.start(cast.operand(1).getParserPosition());
    if (!onlyCastBetween(scan, scan.end(operand.getParserPosition()), typeStart)) {
      throw ambiguous(scan, open);
    }
    additions.add(new Parentheses(open, typeEnd));
  }

  /**
   * Operators that {@code ::} binds tighter than and whose last operand ends the expression, as
   * DuckDB's grammar has them: arithmetic, comparison, {@code AND}, {@code OR}, {@code NOT}, signs,
   * {@code ||}, {@code LIKE}, {@code SIMILAR TO}, {@code BETWEEN}, {@code IS [NOT] DISTINCT FROM}.
   */
  private static final Set<SqlKind> LOOSER_THAN_CAST =
      EnumSet.of(
          SqlKind.PLUS,
          SqlKind.MINUS,
          SqlKind.TIMES,
          SqlKind.DIVIDE,
          SqlKind.MOD,
          SqlKind.EQUALS,
          SqlKind.NOT_EQUALS,
          SqlKind.LESS_THAN,
          SqlKind.LESS_THAN_OR_EQUAL,
          SqlKind.GREATER_THAN,
          SqlKind.GREATER_THAN_OR_EQUAL,
          SqlKind.AND,
          SqlKind.OR,
          SqlKind.NOT,
          SqlKind.MINUS_PREFIX,
          SqlKind.PLUS_PREFIX,
          SqlKind.LIKE,
          SqlKind.SIMILAR,
          SqlKind.BETWEEN,
          SqlKind.IS_DISTINCT_FROM,
          SqlKind.IS_NOT_DISTINCT_FROM);

  /**
   * Whether DuckDB's {@code ::} would take the last operand of {@code call} rather than all of it.
   * Forms that end in a keyword or a parenthesised part of their own DuckDB casts whole, as Babel
   * does: calls, window and filter clauses, {@code IN}, quantified comparisons, {@code IS ...},
   * {@code EXISTS}, casts. An infix or prefix operator outside both lists is refused rather than
   * guessed at.
   */
  private static boolean bindsLooserThanCast(SqlScan scan, SqlCall call)
      throws SqlRefusedException {
    SqlKind kind = call.getKind();
    if (LOOSER_THAN_CAST.contains(kind) || call.getOperator() == SqlStdOperatorTable.CONCAT) {
      return true;
    }
    SqlSyntax syntax = call.getOperator().getSyntax();
    if ((syntax == SqlSyntax.BINARY || syntax == SqlSyntax.PREFIX) && !CAST_WHOLE.contains(kind)) {
      throw ambiguous(scan, scan.start(call.getParserPosition()));
    }
    return false;
  }

  /** Infix and prefix forms DuckDB casts whole ({@link #bindsLooserThanCast}). */
  private static final Set<SqlKind> CAST_WHOLE =
      EnumSet.of(
          SqlKind.IN,
          SqlKind.NOT_IN,
          SqlKind.SOME,
          SqlKind.ALL,
          SqlKind.EXISTS,
          SqlKind.UNIQUE,
          SqlKind.CAST,
          SqlKind.OVER,
          SqlKind.FILTER,
          SqlKind.WITHIN_GROUP,
          SqlKind.WITHIN_DISTINCT,
          SqlKind.IGNORE_NULLS,
          SqlKind.RESPECT_NULLS);

  /**
   * Whether only {@code ::}, white space and comments stand after {@code operandEnd} and before
   * {@code typeStart}.
   */
  private static boolean onlyCastBetween(SqlScan scan, int operandEnd, int typeStart) {
    StringBuilder code = new StringBuilder();
    for (int i = operandEnd + 1; i < typeStart; i++) {
      if (scan.isCode(i) && !Character.isWhitespace(scan.sql().charAt(i))) {
        code.append(scan.sql().charAt(i));
      }
    }
    return code.toString().equals("::");
  }

  /**
   * The index after a number's sign and the white space after it: DuckDB applies the sign after the
   * cast.
   */
  private static int afterSign(String sql, int start) {
    int i = start;
    while (i < sql.length() && (isSign(sql.charAt(i)) || Character.isWhitespace(sql.charAt(i)))) {
      i++;
    }
    return i;
  }

  private static boolean isSign(char c) {
    return c == '-' || c == '+';
  }

  /**
   * A text with parentheses added.
   *
   * @param origin for each index of {@code sql} and its end, the index in the text before; an added
   *     parenthesis maps to the character after it
   */
  private record Patched(String sql, int[] origin) {}

  private static Patched insert(String sql, List<Parentheses> additions) {
    // At one index, closing parentheses go before opening ones; the pairs nest or are disjoint.
    record Mark(int before, char paren) {}
    List<Mark> marks = new ArrayList<>();
    for (Parentheses p : additions) {
      marks.add(new Mark(p.open(), '('));
      marks.add(new Mark(p.close() + 1, ')'));
    }
    marks.sort(Comparator.comparingInt(Mark::before).thenComparing(m -> m.paren() == '('));
    StringBuilder out = new StringBuilder(sql.length() + marks.size());
    int[] origin = new int[sql.length() + marks.size() + 1];
    int next = 0;
    for (int i = 0; i <= sql.length(); i++) {
      while (next < marks.size() && marks.get(next).before() == i) {
        origin[out.length()] = i;
        out.append(marks.get(next++).paren());
      }
      origin[out.length()] = i;
      if (i < sql.length()) {
        out.append(sql.charAt(i));
      }
    }
    return new Patched(out.toString(), origin);
  }

  /** The mapping to the submitted text of a text made in two steps. */
  private static int[] compose(int[] earlier, int[] step) {
    int[] origin = new int[step.length];
    for (int i = 0; i < step.length; i++) {
      origin[i] = earlier[step[i]];
    }
    return origin;
  }

  private static int countCasts(String sql) {
    int count = 0;
    for (int i = sql.indexOf("::"); i >= 0; i = sql.indexOf("::", i + 2)) {
      count++;
    }
    return count;
  }

  private static SqlRefusedException ambiguous(SqlScan scan, int index) {
    return new SqlRefusedException(
        new SqlRefusal(
            RefusalReason.UNSUPPORTED_SYNTAX,
            "::",
            scan.line(index),
            scan.column(index),
            PARENTHESISE_HINT));
  }
}
