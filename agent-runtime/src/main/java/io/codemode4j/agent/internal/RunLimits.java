package io.codemode4j.agent.internal;

import io.codemode4j.agent.AgentLimit;
import io.codemode4j.agent.AgentPolicy;
import io.codemode4j.bridge.RunBudget;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * What one run may spend, and the words that say a limit was reached: the policy, the tool-call
 * budget the run shares with its passes, and the deadline ({@link System#nanoTime()}).
 *
 * <p>Decided: the deadline is enforced by interrupting the thread that waits (LangChain4j's JDK
 * HTTP client aborts a request on interrupt, see {@link ModelChat}) and by giving each pass what is
 * left of the run as its remaining time; every limit is named by its {@link AgentLimit}, never
 * spelled here by hand.
 *
 * @param policy the run's limits
 * @param budget the run's tool calls, charged by the loop for each outer call and by the broker for
 *     each inner call; its limit is the policy's {@code maxToolCalls}
 * @param deadline when the run ends, in {@link System#nanoTime()}
 */
record RunLimits(AgentPolicy policy, RunBudget budget, long deadline) {

  /** How long past the deadline the run waits for tool calls to report. */
  private static final long CALL_GRACE_NANOS = TimeUnit.SECONDS.toNanos(2);

  RunLimits {
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(budget, "budget");
    if (budget.limit() != policy.maxToolCalls()) {
      throw new IllegalArgumentException(
          "the run's budget allows "
              + budget.limit()
              + " tool calls and its policy maxToolCalls "
              + policy.maxToolCalls()
              + ": give the budget RunBudget.of(policy.maxToolCalls())");
    }
  }

  /** The limits of a run that starts now. */
  static RunLimits startingNow(AgentPolicy policy) {
    return new RunLimits(
        policy,
        RunBudget.of(policy.maxToolCalls()),
        System.nanoTime() + policy.maxDuration().toNanos());
  }

  boolean pastDeadline() {
    return System.nanoTime() >= deadline;
  }

  /** What is left of the run, zero past the deadline: a pass's remaining time. */
  Duration left() {
    return Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
  }

  /**
   * How long to wait now for a tool call to report. Passes were given what is left of the run and
   * end by themselves at the deadline; the grace lets them report their ledgers, so the transcript
   * says what ran.
   */
  long callWaitNanos() {
    return Math.max(0, deadline + CALL_GRACE_NANOS - System.nanoTime());
  }

  boolean overReply(long replyBytes) {
    return replyBytes > policy.maxReplyBytes();
  }

  boolean overHistory(long historyBytes) {
    return historyBytes > policy.maxHistoryBytes();
  }

  /** {@code limit} with its value, e.g. {@code maxTurns (8)}. */
  String named(AgentLimit limit) {
    return limit.wireName() + " (" + limit.valueIn(policy) + ")";
  }

  /** What the model is told of a reply of {@code replyBytes}, over {@code maxReplyBytes}. */
  String replyDropped(long replyBytes) {
    // Neither run nor kept: a reply that large would ride along, verbatim, in every request.
    return "Your last reply was "
        + replyBytes
        + " bytes, over this run's limit of "
        + policy.maxReplyBytes()
        + " bytes ("
        + AgentLimit.MAX_REPLY_BYTES.wireName()
        + "), so it was neither run nor kept. Reply with a shorter"
        + " program or answer: let SQL aggregate, and return only what the answer needs.";
  }

  /** The turn's text in place of a reply of {@code replyBytes}, over {@code maxReplyBytes}. */
  static String replyLeftOut(long replyBytes) {
    return "[a reply of "
        + replyBytes
        + " bytes, over "
        + AgentLimit.MAX_REPLY_BYTES.wireName()
        + ", left out]";
  }

  /** Why a conversation of {@code total} bytes cannot fit, with every earlier result left out. */
  String historyTooLarge(long total) {
    return "the conversation is "
        + total
        + " bytes, over this run's limit of "
        + policy.maxHistoryBytes()
        + " bytes ("
        + AgentLimit.MAX_HISTORY_BYTES.wireName()
        + "), even with every earlier tool result left out";
  }
}
