package io.codemode4j.sql.internal;

import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlRefusal;
import io.codemode4j.sql.SqlRefusedException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.dialect.DuckDBSqlDialect;
import org.apache.calcite.sql.fun.SqlIntervalOperator;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.util.SqlShuttle;
import org.jspecify.annotations.Nullable;

/**
 * Renders the approved tree as the DuckDB SQL that is executed, and checks the text DuckDB will
 * read.
 *
 * <p>Executing this rendering rather than the submitted text closes the parser differentials:
 * Calcite reads {@code //} as a comment where DuckDB reads integer division, and {@code $$} as an
 * identifier where DuckDB reads a string quote; text that Calcite skipped or misread could
 * otherwise run. Rendering decisions on top of Calcite's {@link DuckDBSqlDialect}:
 *
 * <ul>
 *   <li>every identifier is double-quoted, so case and reserved words ({@code "year"}, {@code
 *       "month"}) survive and no identifier can be read as a keyword; the one exception is a name
 *       DuckDB calls as a function whether quoted or not ({@code current_date}), written as typed
 *       so its label is kept ({@link AsWritten});
 *   <li>numbers keep their written digits and negative ones their parentheses, {@code ::} on a
 *       subquery and a subquery as a whole condition get parentheses of their own ({@link
 *       SubqueryParentheses}), {@code INTERVAL (expression) DAY} keeps its parentheses;
 *   <li>every compound expression is parenthesised, so DuckDB groups it exactly as Calcite's tree
 *       does whatever the two parsers' precedences: Calcite's {@code ::} operator prints its
 *       operand without parentheses, and {@code (a / 100)::DECIMAL} came out as {@code a / 100 ::
 *       DECIMAL}, which DuckDB reads as {@code a / (100::DECIMAL)};
 *   <li>string literals are always plain {@code '...'} with {@code ''} escapes: Calcite would
 *       otherwise prefix a character set ({@code _UTF16'...'}, {@code _ISO-8859-1'...'}) that
 *       DuckDB cannot parse;
 *   <li>LIMIT/OFFSET rather than {@code FETCH NEXT n ROWS ONLY}, DuckDB's own spelling.
 * </ul>
 *
 * Then the rendered text is scanned the way DuckDB lexes it: outside string literals and quoted
 * identifiers it may hold only words, numbers, whitespace and operator characters, never a comment,
 * a statement separator, a dollar quote, a parameter or a prefixed string. A rendering that breaks
 * this (a Calcite bug, say) is refused instead of executed.
 */
public final class DuckDbRenderer {

  private static final DuckDBSqlDialect DIALECT = new RenderingDialect();

  private static final String ENGINE = "DuckDB";

  /** Operator and punctuation characters the renderer may emit outside quotes. */
  private static final String OPERATOR_CHARACTERS = "(),.*+-/%<>=|:";

  private DuckDbRenderer() {}

  /** The DuckDB SQL for {@code approved}, checked lexically; public for the DuckDB dialect. */
  public static String render(SqlNode approved) throws SqlRefusedException {
    String sql;
    try {
      SqlNode parenthesised =
          SubqueryParentheses.needed(approved)
              ? approved.accept(new SubqueryParentheses())
              : approved;
      sql =
          parenthesised
              .toSqlString(
                  config ->
                      config
                          .withDialect(DIALECT)
                          .withQuoteAllIdentifiers(true)
                          .withAlwaysUseParentheses(true))
              .getSql();
    } catch (RuntimeException e) {
      throw new SqlRefusedException(renderingRefusal(e.getClass().getSimpleName(), ENGINE), e);
    }
    checkLexically(sql, ENGINE);
    return sql;
  }

  /**
   * Refuses {@code sql} unless, outside string literals and quoted identifiers, it holds only
   * words, numbers, whitespace and operator characters; {@code engine} names the target in the
   * message. Shared with {@link PostgresRenderer}: both engines lex comments, {@code $} quotes and
   * prefixed strings that the renderer must never emit.
   */
  static void checkLexically(String sql, String engine) throws SqlRefusedException {
    int i = 0;
    while (i < sql.length()) {
      char c = sql.charAt(i);
      char next = i + 1 < sql.length() ? sql.charAt(i + 1) : '\0';
      if (c == '\'' || c == '"') {
        if (c == '\'' && i > 0 && Character.isLetter(sql.charAt(i - 1))) {
          throw renderingRefused("a prefixed string literal", engine);
        }
        int close = SqlScan.closingQuote(sql, i);
        if (close < 0) {
          throw renderingRefused("an unterminated quote", engine);
        }
        i = close + 1;
      } else if ((c == '-' && next == '-') || (c == '/' && (next == '*' || next == '/'))) {
        throw renderingRefused("a comment", engine);
      } else if (Character.isLetterOrDigit(c)
          || c == '_'
          || Character.isWhitespace(c)
          || OPERATOR_CHARACTERS.indexOf(c) >= 0) {
        i++;
      } else {
        throw renderingRefused("the character '" + c + "'", engine);
      }
    }
  }

  private static SqlRefusedException renderingRefused(String what, String engine) {
    return new SqlRefusedException(renderingRefusal(what, engine));
  }

  /** The refusal of a tree that cannot be rendered safely for {@code engine}. */
  static SqlRefusal renderingRefusal(String what, String engine) {
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

  /** Calcite's DuckDB dialect with the string literal and LIMIT decisions above. */
  private static final class RenderingDialect extends DuckDBSqlDialect {

    RenderingDialect() {
      super(DuckDBSqlDialect.DEFAULT_CONTEXT);
    }

    @Override
    public void quoteStringLiteral(StringBuilder buf, @Nullable String charsetName, String val) {
      buf.append('\'').append(val.replace("'", "''")).append('\'');
    }

    @Override
    public void unparseOffsetFetch(
        SqlWriter writer, @Nullable SqlNode offset, @Nullable SqlNode fetch) {
      unparseFetchUsingLimit(writer, offset, fetch);
    }

    /** {@code INTERVAL (expression) DAY}: DuckDB takes an expression there only in parentheses. */
    @Override
    public void unparseCall(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
      if (call.getOperator() instanceof SqlIntervalOperator
          && !(call.operand(0) instanceof SqlLiteral)) {
        writer.keyword("INTERVAL");
        SqlWriter.Frame frame = writer.startList("(", ")");
        call.operand(0).unparse(writer, 0, 0);
        writer.endList(frame);
        call.operand(1).unparse(writer, 0, 0);
        return;
      }
      super.unparseCall(writer, call, leftPrec, rightPrec);
    }
  }

  /**
   * Writes every subquery that stands for a value in parentheses of its own: Calcite renders them
   * for a plain SELECT but not for a subquery with ORDER BY/LIMIT (or a set operation) in a
   * function argument, a CASE branch or as a whole WHERE ({@code coalesce(SELECT ... LIMIT 1, 0)}),
   * which DuckDB cannot parse. Parentheses around a scalar subquery change neither its value nor
   * DuckDB's label for it. Subqueries whose parentheses are part of the syntax around them keep
   * what Calcite writes: in FROM, under IN, EXISTS and quantified comparisons (where {@code
   * ((SELECT ...))} would read as a one-element list), as operands of set operations, WITH items
   * and the query of an ORDER BY.
   */
  static final class SubqueryParentheses extends SqlShuttle {

    private static final Set<SqlKind> KEEP_OPERANDS =
        EnumSet.of(
            SqlKind.IN,
            SqlKind.NOT_IN,
            SqlKind.SOME,
            SqlKind.ALL,
            SqlKind.EXISTS,
            SqlKind.UNIQUE,
            SqlKind.AS,
            SqlKind.LATERAL,
            SqlKind.WITH,
            SqlKind.WITH_ITEM,
            SqlKind.ORDER_BY,
            SqlKind.JOIN,
            SqlKind.UNION,
            SqlKind.INTERSECT,
            SqlKind.EXCEPT);

    private static final SqlOperator PARENTHESES =
        new SqlSpecialOperator("()", SqlKind.OTHER) {
          @Override
          public void unparse(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
            SqlWriter.Frame frame = writer.startList("(", ")");
            call.operand(0).unparse(writer, 0, 0);
            writer.endList(frame);
          }
        };

    @Override
    public @Nullable SqlNode visit(SqlCall call) {
      SqlNode visited = super.visit(call);
      if (!(visited instanceof SqlCall copy) || KEEP_OPERANDS.contains(copy.getKind())) {
        return visited;
      }
      if (copy.getOperator() == SqlLibraryOperators.INFIX_CAST) {
        // Calcite writes the operand of :: bare, even a plain SELECT.
        SqlNode operand = copy.operand(0);
        SqlNode wrapped = condition(operand);
        return wrapped == operand
            ? copy
            : copy.getOperator()
                .createCall(
                    copy.getFunctionQuantifier(),
                    copy.getParserPosition(),
                    wrapped,
                    copy.operand(1));
      }
      if (copy instanceof SqlSelect visitedSelect) {
        if (condition(visitedSelect.getWhere()) == visitedSelect.getWhere()
            && condition(visitedSelect.getHaving()) == visitedSelect.getHaving()
            && condition(visitedSelect.getQualify()) == visitedSelect.getQualify()) {
          return visitedSelect;
        }
        SqlSelect select =
            (SqlSelect)
                visitedSelect
                    .getOperator()
                    .createCall(
                        null,
                        visitedSelect.getParserPosition(),
                        visitedSelect.getOperandList().toArray(SqlNode[]::new));
        select.setWhere(condition(select.getWhere()));
        select.setHaving(condition(select.getHaving()));
        select.setQualify(condition(select.getQualify()));
        return select;
      }
      List<SqlNode> operands = new ArrayList<>(copy.getOperandList());
      boolean changed = false;
      for (int i = 0; i < operands.size(); i++) {
        SqlNode operand = operands.get(i);
        SqlNode wrapped = parenthesised(operand);
        if (wrapped != operand) {
          operands.set(i, wrapped);
          changed = true;
        }
      }
      return changed
          ? copy.getOperator()
              .createCall(
                  copy.getFunctionQuantifier(),
                  copy.getParserPosition(),
                  operands.toArray(SqlNode[]::new))
          : copy;
    }

    @Override
    public SqlNode visit(SqlNodeList list) {
      // A shuttle returns a list for a list.
      SqlNodeList visited = (SqlNodeList) Objects.requireNonNull(super.visit(list));
      if (visited.stream().allMatch(element -> parenthesised(element) == element)) {
        return visited;
      }
      SqlNodeList copy = new SqlNodeList(visited.getParserPosition());
      for (SqlNode element : visited) {
        copy.add(parenthesised(element));
      }
      return copy;
    }

    /**
     * Whether {@link #visit} would add parentheses anywhere in {@code node}: checked first, without
     * copying, since most trees (a tenant's derived tables included) need none.
     */
    static boolean needed(SqlNode node) {
      if (node instanceof SqlNodeList list) {
        for (SqlNode element : list) {
          if (parenthesised(element) != element || needed(element)) {
            return true;
          }
        }
        return false;
      }
      if (!(node instanceof SqlCall call)) {
        return false;
      }
      if (call.getOperator() == SqlLibraryOperators.INFIX_CAST
          && condition(call.operand(0)) != call.operand(0)) {
        return true;
      }
      if (call instanceof SqlSelect select
          && (condition(select.getWhere()) != select.getWhere()
              || condition(select.getHaving()) != select.getHaving()
              || condition(select.getQualify()) != select.getQualify())) {
        return true;
      }
      boolean wraps = !KEEP_OPERANDS.contains(call.getKind()) && !(call instanceof SqlSelect);
      for (SqlNode operand : call.getOperandList()) {
        if (operand != null && ((wraps && parenthesised(operand) != operand) || needed(operand))) {
          return true;
        }
      }
      return false;
    }

    /** {@code node} in parentheses if it is a subquery Calcite would write without them. */
    private static @Nullable SqlNode parenthesised(@Nullable SqlNode node) {
      // A list may hold nulls (an absent operand), which Calcite's SqlNodeList does not declare.
      return node == null || node instanceof SqlSelect ? node : queryInParentheses(node);
    }

    /** A whole WHERE, HAVING or QUALIFY, if any: there Calcite writes even a plain SELECT bare. */
    private static @Nullable SqlNode condition(@Nullable SqlNode node) {
      return node == null ? null : queryInParentheses(node);
    }

    private static SqlNode queryInParentheses(SqlNode node) {
      return node.isA(SqlKind.QUERY)
          ? PARENTHESES.createCall(node.getParserPosition(), node)
          : node;
    }
  }
}
