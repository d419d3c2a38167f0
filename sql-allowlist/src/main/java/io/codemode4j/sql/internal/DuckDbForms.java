package io.codemode4j.sql.internal;

import io.codemode4j.sql.SqlRefusedException;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.jspecify.annotations.Nullable;

/**
 * DuckDB forms that Calcite has no node for, as nodes of the tree, and the pass that puts them
 * there.
 *
 * <p>Each form is a call of one of the operators below, created only here (the parser never creates
 * them, so a query cannot forge one), checked by {@link QueryWalker} like any other node and
 * rendered by its own {@code unparse} exactly as DuckDB writes it:
 *
 * <ul>
 *   <li>{@link #ALL_COLUMNS}: the {@code ALL} of {@code GROUP BY ALL} and {@code ORDER BY ALL};
 *   <li>{@link #DISTINCT_ON}: {@code DISTINCT ON (a, b)} in place of a SELECT's {@code DISTINCT};
 *   <li>{@link #TABLE_FUNCTION}: a table function in FROM, rendered {@code generate_series(...)}
 *       where Calcite would write {@code TABLE(generate_series(...))}, which DuckDB cannot parse;
 *   <li>{@link CallModifiers}: {@code first(x ORDER BY d)}, {@code last_value(x IGNORE NULLS)}: an
 *       ordering or null treatment inside the call's parentheses, where DuckDB takes them (it
 *       cannot parse Calcite's {@code LAST_VALUE(x) IGNORE NULLS OVER ...}).
 *   <li>{@link #INTERVAL_TEXT}: an interval written as a string, rendered as DuckDB reads it.
 * </ul>
 *
 * <p>{@link #normalise} rewrites, in place, what Babel parses into a form DuckDB would not read the
 * same: {@code first(x)}/{@code last(x)} (Babel's MATCH_RECOGNIZE navigation {@code FIRST(x, 0)})
 * back into the aggregate calls; {@code f(x) IGNORE NULLS} into {@code f(x IGNORE NULLS)}; a table
 * function in FROM into {@link #TABLE_FUNCTION}; {@code ORDER BY ALL} (Babel reads a column named
 * ALL) into {@link #ALL_COLUMNS}. It decides nothing: the walker checks the result, fail-closed.
 */
final class DuckDbForms {

  /** {@code ALL}, the only item of a GROUP BY or ORDER BY: every non-aggregate select item. */
  static final SqlSpecialOperator ALL_COLUMNS =
      new FormOperator("ALL") {
        @Override
        public void unparse(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
          writer.keyword("ALL");
        }
      };

  /** {@code DISTINCT ON (operands)}, the keyword of a SELECT. */
  static final SqlSpecialOperator DISTINCT_ON =
      new FormOperator("DISTINCT ON") {
        @Override
        public void unparse(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
          writer.keyword("DISTINCT ON");
          SqlWriter.Frame frame = writer.startList("(", ")");
          for (SqlNode operand : call.getOperandList()) {
            writer.sep(",");
            operand.unparse(writer, 0, 0);
          }
          writer.endList(frame);
        }
      };

  /**
   * A table function in FROM; its one operand is the function call, rendered without {@code
   * TABLE(...)}.
   */
  static final SqlSpecialOperator TABLE_FUNCTION =
      new FormOperator("TABLE FUNCTION") {
        @Override
        public void unparse(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
          call.operand(0).unparse(writer, 0, 0);
        }
      };

  /**
   * An interval written as a string ({@code '30 days'::INTERVAL}, {@code INTERVAL '30 days'}): its
   * first operand is the string, its second the same interval as Calcite literals, which the walker
   * checks and {@link SeriesBounds} reads. It renders {@code CAST('30 days' AS INTERVAL)}, which is
   * how DuckDB reads and labels both spellings; Calcite's literals would render {@code INTERVAL
   * '30' DAY}, labelled {@code to_days(...)}.
   */
  static final SqlSpecialOperator INTERVAL_TEXT =
      new SqlSpecialOperator("INTERVAL TEXT", SqlKind.OTHER) {
        @Override
        public void unparse(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
          writer.keyword("CAST");
          SqlWriter.Frame frame = writer.startList("(", ")");
          call.operand(0).unparse(writer, 0, 0);
          writer.keyword("AS INTERVAL");
          writer.endList(frame);
        }
      };

  /** What may follow the arguments inside a call's parentheses. */
  enum NullTreatment {
    NONE(""),
    IGNORE_NULLS("IGNORE NULLS"),
    RESPECT_NULLS("RESPECT NULLS");

    final String keywords;

    NullTreatment(String keywords) {
      this.keywords = keywords;
    }
  }

  /**
   * {@code f(args ORDER BY keys null-treatment)}: operands are the function call {@code f(args)}
   * and the ordering (a list, empty when there is none).
   */
  static final class CallModifiers extends FormOperator {

    final NullTreatment nullTreatment;

    private CallModifiers(NullTreatment nullTreatment) {
      super("CALL " + nullTreatment.name());
      this.nullTreatment = nullTreatment;
    }

    @Override
    public void unparse(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
      SqlCall function = call.operand(0);
      SqlNodeList order = call.operand(1);
      SqlWriter.Frame frame = writer.startFunCall(function.getOperator().getName());
      if (function.getFunctionQuantifier() != null) {
        function.getFunctionQuantifier().unparse(writer, 0, 0);
      }
      for (SqlNode argument : function.getOperandList()) {
        writer.sep(",");
        argument.unparse(writer, 0, 0);
      }
      if (!order.isEmpty()) {
        writer.keyword("ORDER BY");
        SqlWriter.Frame keys = writer.startList("", "");
        for (SqlNode key : order) {
          writer.sep(",");
          key.unparse(writer, 0, 0);
        }
        writer.endList(keys);
      }
      if (nullTreatment != NullTreatment.NONE) {
        writer.keyword(nullTreatment.keywords);
      }
      writer.endFunCall(frame);
    }
  }

  private static final List<CallModifiers> CALL_MODIFIERS =
      List.of(
          new CallModifiers(NullTreatment.NONE),
          new CallModifiers(NullTreatment.IGNORE_NULLS),
          new CallModifiers(NullTreatment.RESPECT_NULLS));

  /** Table functions a FROM may call, each bounded by {@link SeriesBounds}. */
  static final Set<String> TABLE_FUNCTIONS = Set.of("generate_series", "range");

  private DuckDbForms() {}

  /**
   * The operator of a form whose calls are {@link FormCall}s, copies included: a pass that copies
   * the tree (a {@link org.apache.calcite.sql.util.SqlShuttle}, such as a dialect's rewrite or the
   * rendering's plain literals) creates each copy through {@link #createCall}, and a copy that were
   * a plain call would be rendered in the parentheses DuckDB cannot parse ({@code (f(x IGNORE
   * NULLS)) OVER (...)}).
   */
  private abstract static class FormOperator extends SqlSpecialOperator {

    FormOperator(String name) {
      super(name, SqlKind.OTHER);
    }

    @Override
    public SqlCall createCall(
        @Nullable SqlLiteral functionQualifier, SqlParserPos pos, @Nullable SqlNode... operands) {
      return new FormCall(this, Arrays.asList(operands), pos);
    }
  }

  /**
   * A call of one of these forms. It renders exactly as its operator writes it: each form is atomic
   * ({@code ALL}, {@code f(...)}, a keyword), so the parentheses Calcite puts around every
   * expression when it renders for DuckDB are left out, which DuckDB needs ({@code (f(x IGNORE
   * NULLS)) OVER (...)} does not parse).
   */
  private static final class FormCall extends SqlBasicCall {

    FormCall(SqlOperator operator, List<? extends @Nullable SqlNode> operands, SqlParserPos pos) {
      super(operator, operands, pos);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
      getOperator().unparse(writer, this, 0, 0);
    }
  }

  /** {@code function} with an ordering and a null treatment inside its parentheses. */
  static SqlCall modified(SqlCall function, SqlNodeList order, NullTreatment nullTreatment) {
    return new FormCall(
        CALL_MODIFIERS.get(nullTreatment.ordinal()),
        List.of(function, order),
        function.getParserPosition());
  }

  /** The ALL of {@code GROUP BY ALL} or {@code ORDER BY ALL}. */
  static SqlCall allColumns(SqlParserPos pos) {
    return new FormCall(ALL_COLUMNS, List.of(), pos);
  }

  /** {@code DISTINCT ON (expressions)}. */
  static SqlCall distinctOn(List<SqlNode> expressions, SqlParserPos pos) {
    return new FormCall(DISTINCT_ON, expressions, pos);
  }

  /** Rewrites {@code query} in place into the forms above, see the class comment. */
  static void normalise(SqlNode query) throws SqlRefusedException {
    new TreeRewriter() {
      @Override
      SqlNode replace(SqlNode node) {
        switch (node) {
          case SqlSelect select -> orderByAll(select.getOrderList());
          case SqlOrderBy orderBy -> orderByAll(orderBy.orderList);
          default -> {}
        }
        return node instanceof SqlCall call ? replacement(call) : node;
      }
    }.rewrite(query);
  }

  /** The DuckDB form of one call, or the call itself. */
  private static SqlNode replacement(SqlCall call) {
    SqlKind kind = call.getKind();
    if ((kind == SqlKind.FIRST || kind == SqlKind.LAST) && isNavigation(call)) {
      String name = kind == SqlKind.FIRST ? "first" : "last";
      SqlNode argument = call.operand(0);
      return function(name, call.getParserPosition())
          .createCall(call.getParserPosition(), argument);
    }
    if ((kind == SqlKind.IGNORE_NULLS || kind == SqlKind.RESPECT_NULLS)
        && call.operand(0) instanceof SqlCall function
        && isPlainFunction(function)) {
      return modified(
          function,
          SqlNodeList.EMPTY,
          kind == SqlKind.IGNORE_NULLS ? NullTreatment.IGNORE_NULLS : NullTreatment.RESPECT_NULLS);
    }
    if (kind == SqlKind.COLLECTION_TABLE
        && call.operand(0) instanceof SqlCall function
        && function.getOperator() instanceof SqlUnresolvedFunction unresolved
        && unresolved.getSqlIdentifier() != null
        && unresolved.getSqlIdentifier().isSimple()
        && TABLE_FUNCTIONS.contains(Names.fold(unresolved.getSqlIdentifier().getSimple()))) {
      return new FormCall(TABLE_FUNCTION, List.of(function), call.getParserPosition());
    }
    return call;
  }

  /**
   * Whether a FIRST/LAST call is Babel's reading of {@code first(x)}: one argument and the offset 0
   * the parser adds, which has no position in the text (an offset written in the text has one).
   */
  private static boolean isNavigation(SqlCall call) {
    return call.operandCount() == 2
        && call.operand(1) instanceof SqlNumericLiteral offset
        && offset.getParserPosition().equals(SqlParserPos.ZERO)
        && offset.intValue(true) == 0;
  }

  /** A call of a named function (not an operator, not another of these forms). */
  private static boolean isPlainFunction(SqlCall call) {
    return call.getOperator() instanceof SqlUnresolvedFunction
        || call.getOperator().getSyntax() == SqlSyntax.FUNCTION;
  }

  /**
   * An unresolved function named {@code name}, as the parser creates for calls it does not know.
   */
  static SqlOperator function(String name, SqlParserPos pos) {
    return new SqlUnresolvedFunction(
        new SqlIdentifier(name, pos),
        null,
        null,
        null,
        null,
        SqlFunctionCategory.USER_DEFINED_FUNCTION);
  }

  /**
   * A lone unquoted {@code ALL}, perhaps with DESC or NULLS FIRST/LAST, as the ordering: DuckDB's
   * ORDER BY ALL.
   */
  private static void orderByAll(@Nullable SqlNodeList order) {
    if (order == null || order.size() != 1) {
      return;
    }
    SqlNode item = order.get(0);
    SqlCall parent = null;
    SqlNode key = item;
    while (key instanceof SqlCall wrapper
        && (key.getKind() == SqlKind.DESCENDING
            || key.getKind() == SqlKind.NULLS_FIRST
            || key.getKind() == SqlKind.NULLS_LAST)) {
      parent = wrapper;
      key = wrapper.operand(0);
    }
    if (key instanceof SqlIdentifier id && isUnquotedAll(id)) {
      SqlCall all = allColumns(id.getParserPosition());
      if (parent == null) {
        order.set(0, all);
      } else {
        parent.setOperand(0, all);
      }
    }
  }

  static boolean isUnquotedAll(SqlIdentifier id) {
    return id.isSimple() && !Names.isQuoted(id, 0) && Names.fold(id.getSimple()).equals("all");
  }

  /** Whether {@code node} is a call of {@code operator}. */
  static boolean isCallOf(SqlNode node, SqlOperator operator) {
    return node instanceof SqlCall call && call.getOperator() == operator;
  }
}
