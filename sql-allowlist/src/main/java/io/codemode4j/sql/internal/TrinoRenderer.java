package io.codemode4j.sql.internal;

import io.codemode4j.sql.SqlRefusedException;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.dialect.TrinoSqlDialect;
import org.apache.calcite.sql.fun.SqlBetweenOperator;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlShuttle;
import org.jspecify.annotations.Nullable;

/**
 * Renders the approved tree as the Trino SQL that is executed, after {@link TrinoSyntax} refused
 * what Trino lacks, and checks the text Trino will read.
 *
 * <p>The decisions of {@link Rendering} (quoted identifiers, parenthesised expressions, value
 * subqueries in parentheses, plain {@code '...'} literals: Trino reads a backslash in a string as
 * itself, and {@code U&'...'} is the only escape form, which the lexical check refuses) on top of
 * Calcite's {@link TrinoSqlDialect} ({@code OFFSET n ROWS FETCH NEXT m ROWS ONLY}, {@code length}
 * for {@code char_length}), and the forms Trino writes otherwise:
 *
 * <ul>
 *   <li>{@code x::type}, which Trino cannot parse, as {@code CAST(x AS type)}: the same cast of the
 *       same operand, whose grouping the tree already fixed;
 *   <li>{@code INTERVAL 30 DAY} as {@code INTERVAL '30' DAY};
 *   <li>a null treatment, which DuckDB writes inside the call ({@code lag(x IGNORE NULLS)}), after
 *       it as Trino reads it ({@code lag(x) IGNORE NULLS OVER (...)});
 *   <li>{@code BETWEEN}, which Calcite writes {@code BETWEEN ASYMMETRIC}, without the keyword;
 *   <li>{@code a / b} as {@code a / CAST(b AS DOUBLE)}, DuckDB's quotient ({@link
 *       FractionalDivision}).
 * </ul>
 */
public final class TrinoRenderer {

  private static final String ENGINE = "Trino";

  private static final TrinoSqlDialect DIALECT = new RenderingDialect();

  private TrinoRenderer() {}

  /** The Trino SQL for {@code approved}, checked; public for the Trino dialect. */
  public static String render(SqlNode approved) throws SqlRefusedException {
    TrinoSyntax.check(approved);
    return Rendering.render(
        approved
            .accept(new NullTreatmentAfterCall())
            .accept(new FractionalDivision("DOUBLE", SqlTypeName.DOUBLE)),
        DIALECT,
        ENGINE);
  }

  /**
   * Copies the tree with each null treatment after its call, as Calcite's own {@code IGNORE NULLS}
   * operator writes it; the tree is returned as it is when it has none (the shuttle copies only the
   * calls above a change). {@link TrinoSyntax} already refused a null treatment beside an ordering
   * inside the call, which no Trino function takes.
   */
  private static final class NullTreatmentAfterCall extends SqlShuttle {

    @Override
    public @Nullable SqlNode visit(SqlCall call) {
      SqlNode visited = super.visit(call);
      if (visited instanceof SqlCall copy
          && copy.getOperator() instanceof DuckDbForms.CallModifiers modifiers
          && modifiers.nullTreatment != DuckDbForms.NullTreatment.NONE) {
        SqlOperator after =
            modifiers.nullTreatment == DuckDbForms.NullTreatment.IGNORE_NULLS
                ? SqlStdOperatorTable.IGNORE_NULLS
                : SqlStdOperatorTable.RESPECT_NULLS;
        // Typed as a node: the generic operand() would pick createCall's List overload.
        SqlNode function = copy.operand(0);
        return after.createCall(copy.getParserPosition(), function);
      }
      return visited;
    }
  }

  private static void parenthesised(SqlWriter writer, SqlNode operand) {
    SqlWriter.Frame frame = writer.startList("(", ")");
    operand.unparse(writer, 0, 0);
    writer.endList(frame);
  }

  /** Calcite's Trino dialect with the decisions above. */
  private static final class RenderingDialect extends TrinoSqlDialect {

    RenderingDialect() {
      super(TrinoSqlDialect.DEFAULT_CONTEXT);
    }

    @Override
    public void quoteStringLiteral(StringBuilder buf, @Nullable String charsetName, String val) {
      Rendering.plainStringLiteral(buf, val);
    }

    @Override
    public void unparseCall(SqlWriter writer, SqlCall call, int leftPrec, int rightPrec) {
      if (call.getOperator() == SqlLibraryOperators.INFIX_CAST) {
        writer.keyword("CAST");
        SqlWriter.Frame frame = writer.startList("(", ")");
        call.operand(0).unparse(writer, 0, 0);
        writer.keyword("AS");
        call.operand(1).unparse(writer, 0, 0);
        writer.endList(frame);
      } else if (call.getOperator() instanceof SqlBetweenOperator between) {
        // Calcite writes BETWEEN ASYMMETRIC, which Trino cannot parse; TrinoSyntax refused
        // SYMMETRIC, so this is plain BETWEEN.
        SqlWriter.Frame frame = writer.startList(SqlWriter.FrameTypeEnum.SIMPLE);
        parenthesised(writer, call.operand(0));
        writer.sep(between.isNegated() ? "NOT BETWEEN" : "BETWEEN");
        parenthesised(writer, call.operand(1));
        writer.sep("AND");
        parenthesised(writer, call.operand(2));
        writer.endList(frame);
      } else if (!Rendering.numericInterval(writer, call)) {
        super.unparseCall(writer, call, leftPrec, rightPrec);
      }
    }
  }
}
