package io.codemode4j.sql.dialect;

import org.apache.calcite.sql.SqlNode;

/**
 * A change a dialect makes to an approved query before its Calcite {@code SqlDialect} writes it, so
 * that the text the engine runs means what the approved query means: a divisor cast so that {@code
 * /} keeps the fraction ({@link Rewrites#fractionalDivision}), a null treatment written where the
 * engine reads it ({@link Rewrites#nullTreatmentAfterCall}).
 *
 * <p>A rewrite runs after every check, on a query already approved, so it may change only how the
 * query is written, never what it reads or how much it builds. Copy-on-write: return a copy with
 * the change (Calcite's {@link org.apache.calcite.sql.util.SqlShuttle} copies only the calls above
 * a change), or {@code tree} itself where nothing changes; never change {@code tree} or any node in
 * it, since the approved query is shared with the rewrites after this one.
 */
@FunctionalInterface
public interface TreeRewrite {

  /** {@code tree} as the engine must be given it; {@code tree} itself when nothing changes. */
  SqlNode rewrite(SqlNode tree);
}
