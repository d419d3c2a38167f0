package io.codemode4j.bridge.tool;

/**
 * The host's decision, for every inner call a program makes, whether the call may run: approving
 * the outer {@code run_javascript} call authorizes nothing the program does inside it.
 *
 * <p>Called after the call's arguments are validated against its parameters and before the run's
 * budget is charged or the handler runs, on a thread of its own (never the program's), so a slow
 * policy (a remote policy service) overlaps with the program's other calls like any other I/O. A
 * denied call rejects in the program with kind {@code unauthorized} and the reason, is recorded
 * {@code failed}, is not charged to the run's budget, and its handler never runs. A hook that
 * throws, or answers later than the builder's {@code authorizationTimeout}, denies: authorization
 * fails closed, and the pass goes on.
 *
 * <p>Only calls the run may make reach the hook: a method outside the allowlist or the run's grants
 * is refused before it, so a hook can narrow what a run may do, never widen it.
 */
@FunctionalInterface
public interface RunToolAuthorization {

  /**
   * Decides {@code request}; may block (it runs on a virtual thread of its own).
   *
   * @throws Exception for a failure of the policy itself, which denies the call
   */
  AuthorizationDecision authorize(AuthorizationRequest request) throws Exception;
}
