package io.codemode4j.sql.internal;

import java.util.Locale;
import java.util.OptionalInt;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.jspecify.annotations.Nullable;

/**
 * A lexical view of the submitted text, as Calcite's lexer splits it: which characters are code and
 * which belong to string literals, quoted identifiers or comments.
 *
 * <p>Used to explain refusals (which statement keyword, where a DuckDB idiom starts), to find
 * {@code //}, which Calcite reads as a comment and DuckDB as integer division, and to turn
 * Calcite's line and column positions into character indexes ({@link CastPrecedence}). It never
 * decides that a query is acceptable: that is the parser's and the walker's job.
 *
 * <p>Decided: the rules by which this module splits SQL text into words, quoted tokens and comments
 * are written once, here ({@link #isWordPart}, {@link #closingQuote}, {@link #skipQuoted}, {@link
 * #skipToLineEnd}, {@link #skipBlockComment}), and every pass that reads text lexically (the
 * parser's routing checks, DuckDbSyntax's tokens, CastPrecedence's operands, the renderer's check)
 * uses them, so that no two passes can disagree on where a word, a string or a comment ends.
 * Statement keywords ({@link #firstWord}, {@link #hasWord}) are read as letters, a narrower rule on
 * purpose: {@link #hasWord} must rather find a word that is not there than miss one.
 */
final class SqlScan {

  private final String sql;

  /**
   * {@code true} where the character is code, not inside a literal, quoted identifier or comment.
   */
  private final boolean[] code;

  /** {@link #lineStarts}, once computed. */
  private int @Nullable [] lineStarts;

  private SqlScan(String sql, boolean[] code) {
    this.sql = sql;
    this.code = code;
  }

  static SqlScan of(String sql) {
    boolean[] code = new boolean[sql.length()];
    int i = 0;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      char next = i + 1 < sql.length() ? sql.charAt(i + 1) : '\0';
      if (c == '\'' || c == '"') {
        i = skipQuoted(sql, i);
      } else if (c == '-' && next == '-') {
        i = skipToLineEnd(sql, i);
      } else if (c == '/' && next == '*') {
        i = skipBlockComment(sql, i);
      } else {
        code[i] = true;
        i++;
      }
    }
    return new SqlScan(sql, code);
  }

  String sql() {
    return sql;
  }

  /** Whether any character outside literals, quoted names and comments is not whitespace. */
  boolean hasCode() {
    for (int i = 0; i < code.length; i++) {
      if (code[i] && !Character.isWhitespace(sql.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  boolean isCode(int index) {
    return index >= 0 && index < code.length && code[index];
  }

  /** A word of code and where it starts. */
  record Word(String text, int index) {}

  /**
   * The first word of code, uppercase; empty text when the code starts with something else (a
   * parenthesis, say) or there is no code.
   */
  Word firstWord() {
    int start = 0;
    while (start < sql.length() && !(code[start] && Character.isLetter(sql.charAt(start)))) {
      if (code[start] && !Character.isWhitespace(sql.charAt(start))) {
        return new Word("", start);
      }
      start++;
    }
    int end = start;
    while (end < sql.length() && code[end] && Character.isLetter(sql.charAt(end))) {
      end++;
    }
    return new Word(sql.substring(start, end).toUpperCase(Locale.ROOT), start);
  }

  /** Whether {@code word} (uppercase letters) stands as a word of code, in any case. */
  boolean hasWord(String word) {
    for (int i = 0; i + word.length() <= sql.length(); i++) {
      if (code[i]
          && sql.regionMatches(true, i, word, 0, word.length())
          && (i == 0 || !Character.isLetterOrDigit(sql.charAt(i - 1)))
          && (i + word.length() == sql.length()
              || !Character.isLetterOrDigit(sql.charAt(i + word.length())))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Index of the first code character that is a space or an invisible format character other than
   * the plain ones (space, tab, line feed, carriage return, form feed): Calcite reads U+00A0 as
   * part of a name where DuckDB reads a space ({@code area<U+00A0>FROM t} is one column to one and
   * {@code area FROM t} to the other), and refuses the others with a bare lexical error.
   */
  OptionalInt unusualSpace() {
    for (int i = 0; i < sql.length(); i++) {
      char c = sql.charAt(i);
      if (code[i] && isUnusualSpace(c)) {
        return OptionalInt.of(i);
      }
    }
    return OptionalInt.empty();
  }

  private static boolean isUnusualSpace(char c) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
      return false;
    }
    return Character.isWhitespace(c)
        || Character.isSpaceChar(c)
        || Character.getType(c) == Character.FORMAT;
  }

  /** Index of the first code {@code //}, which the two parsers read differently. */
  OptionalInt doubleSlash() {
    for (int i = 0; i + 1 < sql.length(); i++) {
      if (code[i] && code[i + 1] && sql.charAt(i) == '/' && sql.charAt(i + 1) == '/') {
        return OptionalInt.of(i);
      }
    }
    return OptionalInt.empty();
  }

  /** Index of the first code {@code ;} that has more code after it: a second statement. */
  OptionalInt secondStatement() {
    for (int i = 0; i < sql.length(); i++) {
      if (code[i] && sql.charAt(i) == ';') {
        for (int j = i + 1; j < sql.length(); j++) {
          if (code[j] && !Character.isWhitespace(sql.charAt(j)) && sql.charAt(j) != ';') {
            return OptionalInt.of(j);
          }
        }
        return OptionalInt.empty();
      }
    }
    return OptionalInt.empty();
  }

  /**
   * 1-based line of a character index, counted as Calcite's lexer counts them: {@code \n}, {@code
   * \r\n} and a lone {@code \r} each end a line.
   */
  int line(int index) {
    int line = 1;
    for (int i = 0; i < index && i < sql.length(); i++) {
      if (endsLine(i)) {
        line++;
      }
    }
    return line;
  }

  /** 1-based column of a character index; a tab is one column, as for Calcite's lexer. */
  int column(int index) {
    int lineStart = 0;
    for (int i = 0; i < index && i < sql.length(); i++) {
      if (endsLine(i)) {
        lineStart = i + 1;
      }
    }
    return index - lineStart + 1;
  }

  /**
   * The character index of a 1-based line and column, the inverse of {@link #line} and {@link
   * #column}.
   */
  int index(int line, int column) {
    int[] starts = lineStarts();
    int start = line <= starts.length ? starts[Math.max(line, 1) - 1] : sql.length();
    return Math.min(start + column - 1, sql.length());
  }

  /**
   * The index where each line starts, computed once: positions are looked up many times per query.
   */
  private int[] lineStarts() {
    int[] starts = lineStarts;
    if (starts == null) {
      int count = 1;
      for (int i = 0; i < sql.length(); i++) {
        if (endsLine(i)) {
          count++;
        }
      }
      starts = new int[count];
      int line = 1;
      for (int i = 0; i < sql.length(); i++) {
        if (endsLine(i)) {
          starts[line++] = i + 1;
        }
      }
      lineStarts = starts;
    }
    return starts;
  }

  /** The index of the first character at {@code pos}. */
  int start(SqlParserPos pos) {
    return index(pos.getLineNum(), pos.getColumnNum());
  }

  /** The index of the last character at {@code pos}. */
  int end(SqlParserPos pos) {
    return index(pos.getEndLineNum(), pos.getEndColumnNum());
  }

  /**
   * Whether the node at {@code pos} was written in parentheses: Calcite widens a parenthesised
   * expression's position to its parentheses, so its first character opens the parenthesis its last
   * one closes.
   */
  boolean parenthesised(SqlParserPos pos) {
    int start = start(pos);
    return start < sql.length() && sql.charAt(start) == '(' && matchingClose(start) == end(pos);
  }

  /** How deeply code nests: the deepest level and the index of its first opener, or -1. */
  record Nesting(int depth, int index) {}

  /**
   * How deeply the code nests parentheses, brackets and CASE ... END, counted together: each code
   * {@code (} or {@code [} and each word CASE opens a level, each code {@code )} or {@code ]} and
   * each word END closes one. These are what the parsers and the walker recurse on per level (a
   * subquery, a call, a parenthesised or CASE expression), so this depth bounds their stack before
   * they run. Unbalanced text counts what it opens; the parser refuses it anyway.
   */
  Nesting nesting() {
    int depth = 0;
    int deepest = 0;
    int at = -1;
    for (int i = 0; i < sql.length(); i++) {
      if (!code[i]) {
        continue;
      }
      char c = sql.charAt(i);
      boolean opens = c == '(' || c == '[' || isWordAt(i, "CASE");
      boolean closes = c == ')' || c == ']' || isWordAt(i, "END");
      if (opens && ++depth > deepest) {
        deepest = depth;
        at = i;
      } else if (closes && depth > 0) {
        depth--;
      }
    }
    return new Nesting(deepest, at);
  }

  /**
   * Whether {@code word} (uppercase letters) stands as a word of code at {@code i}, in any case.
   */
  private boolean isWordAt(int i, String word) {
    int end = i + word.length();
    return end <= sql.length()
        && sql.regionMatches(true, i, word, 0, word.length())
        && (i == 0 || !isWordPart(sql.charAt(i - 1)))
        && (end == sql.length() || !isWordPart(sql.charAt(end)));
  }

  /** The index of the code parenthesis that closes the one at {@code open}, or -1. */
  int matchingClose(int open) {
    int depth = 0;
    for (int i = open; i < sql.length(); i++) {
      if (!code[i]) {
        continue;
      }
      char c = sql.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')' && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  private boolean endsLine(int i) {
    char c = sql.charAt(i);
    return c == '\n' || (c == '\r' && !(i + 1 < sql.length() && sql.charAt(i + 1) == '\n'));
  }

  // ---------------------------------------------------------------- lexical rules

  /**
   * A character that may continue a word for Calcite's core and Babel lexers alike (both take
   * {@code $} in identifiers); any non-ASCII character counts, to be safe: a pass that reads too
   * much as one word only tries a rewrite or a parse that then fails, and Babel decides.
   */
  static boolean isWordPart(char c) {
    return c >= 0x80
        || c == '_'
        || c == '$'
        || (c >= '0' && c <= '9')
        || (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z');
  }

  /**
   * The index of the quote that closes the one at {@code open} (a doubled quote, {@code ''} or
   * {@code ""}, escapes it), or -1 when the text ends first.
   */
  static int closingQuote(String sql, int open) {
    char quote = sql.charAt(open);
    int i = open + 1;
    while (i < sql.length()) {
      if (sql.charAt(i) == quote) {
        if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
          i += 2;
          continue;
        }
        return i;
      }
      i++;
    }
    return -1;
  }

  /**
   * The index after the quote that closes the one at {@code start} ({@code ''} escapes it), or the
   * end.
   */
  static int skipQuoted(String sql, int start) {
    int close = closingQuote(sql, start);
    return close < 0 ? sql.length() : close + 1;
  }

  /**
   * The index of the line break that ends the {@code --} comment at {@code start}, or the end. A
   * carriage return ends it too, as it does for Calcite's parsers and DuckDB's: text after {@code
   * --c\r} is code to both, so it must be code to every lexical pass here.
   */
  static int skipToLineEnd(String sql, int start) {
    for (int i = start; i < sql.length(); i++) {
      char c = sql.charAt(i);
      if (c == '\n' || c == '\r') {
        return i;
      }
    }
    return sql.length();
  }

  /**
   * The index after the {@code *}{@code /} that closes the comment at {@code start}, or the end.
   */
  static int skipBlockComment(String sql, int start) {
    int end = sql.indexOf("*/", start + 2);
    return end < 0 ? sql.length() : end + 2;
  }
}
