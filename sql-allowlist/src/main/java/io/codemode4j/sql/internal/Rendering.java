package io.codemode4j.sql.internal;

import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlRefusal;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.sql.dialect.TreeRewrite;
import java.util.Objects;
import org.apache.calcite.sql.SqlNode;

/**
 * Writes an approved query as the SQL its dialect's engine executes, the same way for every
 * dialect: the dialect's rewrites ({@link Dialect#rewrites}, copy-on-write), string literals made
 * plain ({@link PlainLiterals}), value subqueries in parentheses of their own ({@link
 * SubqueryParentheses}), written by the dialect's Calcite dialect with every identifier quoted and
 * every compound expression parenthesised, then the lexical check of the text the engine will read.
 * What differs between engines is the dialect's: its Calcite dialect and its rewrites. The check
 * pass of what the engine lacks ({@link FeatureCheck}) runs before, on the approved query.
 */
final class Rendering {

  /** Operator and punctuation characters a renderer may emit outside quotes. */
  private static final String OPERATOR_CHARACTERS = "(),.*+-/%<>=|:";

  private Rendering() {}

  /**
   * {@code approved} as {@code dialect} writes it, checked by {@link #checkLexically}; the approved
   * tree itself is not changed.
   */
  static String render(SqlNode approved, Dialect dialect) throws SqlRefusedException {
    String engine = dialect.name();
    String sql;
    try {
      SqlNode tree = approved;
      for (TreeRewrite rewrite : dialect.rewrites()) {
        tree = rewrite.rewrite(tree);
      }
      tree = tree.accept(new PlainLiterals());
      SqlNode parenthesised =
          SubqueryParentheses.needed(tree) ? tree.accept(new SubqueryParentheses()) : tree;
      sql =
          Objects.requireNonNull(parenthesised, "a shuttle keeps the query")
              .toSqlString(
                  config ->
                      config
                          .withDialect(dialect.rendering())
                          .withQuoteAllIdentifiers(true)
                          .withAlwaysUseParentheses(true))
              .getSql();
    } catch (RuntimeException e) {
      throw new SqlRefusedException(refusal(e.getClass().getSimpleName(), engine), e);
    }
    checkLexically(sql, dialect);
    return sql;
  }

  /**
   * Refuses {@code sql} unless, outside string literals and quoted identifiers (quoted as the
   * dialect's Calcite dialect quotes them: {@code "} or a backtick), it holds only words, numbers,
   * whitespace and operator characters. Every engine here lexes comments, {@code $} quotes or
   * parameters and prefixed strings ({@code E'...'}, {@code U&'...'}) that a renderer must never
   * emit. Decided: where the engine may read a backslash in a string literal as an escape ({@link
   * Dialect#readsBackslashEscapes}), no literal may hold a backslash at all, so an engine's escape
   * rules can never end a literal early; its renderer writes a backslash otherwise (MariaDB's
   * {@code char(92)}).
   */
  static void checkLexically(String sql, Dialect dialect) throws SqlRefusedException {
    String engine = dialect.name();
    char identifierQuote = dialect.rendering().quoteIdentifier("a").charAt(0);
    boolean backslashEscapes = dialect.readsBackslashEscapes();
    int i = 0;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      char next = i + 1 < sql.length() ? sql.charAt(i + 1) : '\0';
      if (c == '\'' || c == identifierQuote) {
        if (c == '\'' && i > 0 && Character.isLetter(sql.charAt(i - 1))) {
          throw refused("a prefixed string literal", engine);
        }
        int close = SqlScan.closingQuote(sql, i);
        if (close < 0) {
          throw refused("an unterminated quote", engine);
        }
        if (c == '\'' && backslashEscapes && sql.substring(i, close).indexOf('\\') >= 0) {
          throw refused("a backslash in a string literal", engine);
        }
        i = close + 1;
      } else if ((c == '-' && next == '-') || (c == '/' && (next == '*' || next == '/'))) {
        throw refused("a comment", engine);
      } else if (Character.isLetterOrDigit(c)
          || c == '_'
          || Character.isWhitespace(c)
          || OPERATOR_CHARACTERS.indexOf(c) >= 0) {
        i++;
      } else {
        throw refused("the character '" + c + "'", engine);
      }
    }
  }

  /** The refusal of a tree that cannot be rendered safely for {@code engine}. */
  static SqlRefusal refusal(String what, String engine) {
    return new SqlRefusal(
        RefusalReason.UNSUPPORTED_NODE,
        what,
        1,
        1,
        "the query cannot be rendered safely for "
            + engine
            + " ("
            + what
            + "): simplify the expression");
  }

  private static SqlRefusedException refused(String what, String engine) {
    return new SqlRefusedException(refusal(what, engine));
  }
}
