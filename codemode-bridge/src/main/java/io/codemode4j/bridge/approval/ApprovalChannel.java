package io.codemode4j.bridge.approval;

/**
 * Asks a person (or a policy acting for one) whether one inner call of a {@code needsApproval} tool
 * may run: a terminal prompt, an MCP elicitation to the client's user, a ticket in a review queue.
 *
 * <p>The broker asks after the call's arguments are validated and the host's authorization hook has
 * allowed it, and before the call is charged to the run's budget or its handler runs. The channel
 * is asked on a virtual thread of its own, so the program's other calls go on while it waits; the
 * wait is bounded by the builder's {@code maxApprovalWait}, not by the program's CPU budget. A
 * channel that throws, answers null or answers late denies: approval fails closed, and the call
 * never reaches its handler. When the wait ends (the limit, or the pass ending) the asking thread
 * is interrupted; a channel should then withdraw its question.
 *
 * <p>Decided: one blocking method rather than a callback API, so that any channel that can wait for
 * an answer (a console read, an elicitation request's response, a queue poll) implements it in a
 * few lines, and the broker alone owns the timeout and the fail-closed rule.
 */
@FunctionalInterface
public interface ApprovalChannel {

  /**
   * Decides {@code request}; may block until a person answers.
   *
   * @throws InterruptedException when the wait ended: the call is then refused without a decision
   * @throws Exception for a failure of the channel itself, which denies the call
   */
  ApprovalDecision decide(ApprovalRequest request) throws Exception;
}
