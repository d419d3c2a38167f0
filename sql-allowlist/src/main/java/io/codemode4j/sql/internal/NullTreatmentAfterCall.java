package io.codemode4j.sql.internal;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlShuttle;
import org.jspecify.annotations.Nullable;

/**
 * Copies the tree with each null treatment, which DuckDB writes inside the call ({@code lag(x
 * IGNORE NULLS)}), after the call's arguments, as Calcite's own {@code IGNORE NULLS} operator
 * writes it ({@code lag(x) IGNORE NULLS OVER (...)}); the tree is returned as it is when it has
 * none. A rewrite for an engine that reads a null treatment only there ({@link
 * io.codemode4j.sql.dialect.Rewrites#nullTreatmentAfterCall}), whose dialect lacks {@link
 * io.codemode4j.sql.dialect.SqlFeature#NULL_TREATMENT_WITH_ORDER}: the check pass refused a null
 * treatment beside an ordering inside the call before this runs.
 */
final class NullTreatmentAfterCall extends SqlShuttle {

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
