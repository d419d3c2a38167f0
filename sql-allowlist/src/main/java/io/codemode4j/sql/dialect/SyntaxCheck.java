package io.codemode4j.sql.dialect;

import io.codemode4j.sql.SqlRefusedException;
import org.apache.calcite.sql.SqlCall;

/**
 * A dialect's own check of one call of an approved query, for what its engine lacks and no {@link
 * SqlFeature} expresses. The check pass hands it every call of the query, outermost first (a
 * SELECT, a join, an operator, a function), after refusing the constructs of the features the
 * dialect lacks.
 *
 * <p>Return when the engine runs the call as the allowlist reads it; otherwise throw a refusal that
 * names the engine and says what to write instead, at the call's position: {@code
 * SqlRefusedException.at(RefusalReason.UNSUPPORTED_SYNTAX, element, call.getParserPosition(),
 * message)}. A check only reads the call; it never changes it.
 */
@FunctionalInterface
public interface SyntaxCheck {

  /** Returns when the engine has {@code call}, throws its refusal otherwise. */
  void check(SqlCall call) throws SqlRefusedException;
}
