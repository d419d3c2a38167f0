package io.codemode4j.agent;

import java.time.Duration;
import java.util.Objects;

/**
 * What one agent run may spend. Each limit, when reached, ends the run with an {@link
 * AgentOutcome.Failed} of its {@link AgentFailureKind}, saying what was done so far.
 *
 * @param maxTurns model requests, including the one repair turn of an invalid answer
 * @param maxToolCalls tool calls over the whole run: every outer call the model makes and every
 *     inner call its programs make through the broker (a Code Mode pass is charged for the calls it
 *     makes, not for itself)
 * @param maxDuration wall-clock time of the run; each pass is given at most what is left of it
 * @param toolConcurrency outer tool calls of one turn run at once (several passes may run together,
 *     each with its own inner allowance)
 * @param maxReplyBytes UTF-8 bytes of one model reply: its text and its tool calls' names and
 *     arguments; a longer reply is neither run nor kept, and the model is told so (the turn counts)
 * @param maxHistoryBytes UTF-8 bytes of the conversation sent with each request; over it, the
 *     oldest tool results are left out (each replaced by a note) until it fits, and a conversation
 *     that does not fit even so ends the run ({@link AgentFailureKind#MAX_HISTORY})
 */
public record AgentPolicy(
    int maxTurns,
    int maxToolCalls,
    Duration maxDuration,
    int toolConcurrency,
    int maxReplyBytes,
    int maxHistoryBytes) {

  public AgentPolicy {
    if (maxTurns < 1 || maxTurns > 1_000) {
      throw new IllegalArgumentException("maxTurns must be 1..1000, was " + maxTurns);
    }
    if (maxToolCalls < 0 || maxToolCalls > 1_000_000) {
      throw new IllegalArgumentException("maxToolCalls must be 0..1000000, was " + maxToolCalls);
    }
    Objects.requireNonNull(maxDuration, "maxDuration");
    if (maxDuration.isNegative() || maxDuration.isZero()) {
      throw new IllegalArgumentException("maxDuration must be positive, was " + maxDuration);
    }
    if (toolConcurrency < 1 || toolConcurrency > 64) {
      throw new IllegalArgumentException("toolConcurrency must be 1..64, was " + toolConcurrency);
    }
    if (maxReplyBytes < 1024 || maxReplyBytes > 16 * 1024 * 1024) {
      throw new IllegalArgumentException(
          "maxReplyBytes must be 1 KiB..16 MiB, was " + maxReplyBytes);
    }
    if (maxHistoryBytes < maxReplyBytes || maxHistoryBytes > 256 * 1024 * 1024) {
      throw new IllegalArgumentException(
          "maxHistoryBytes must be maxReplyBytes ("
              + maxReplyBytes
              + ")..256 MiB, was "
              + maxHistoryBytes);
    }
  }

  /**
   * 8 turns, 64 tool calls, 2 minutes, 4 outer calls at once, replies of at most 64 KiB and a
   * conversation of at most 1 MiB.
   */
  public static AgentPolicy defaults() {
    return new AgentPolicy(8, 64, Duration.ofMinutes(2), 4, 64 * 1024, 1024 * 1024);
  }

  public AgentPolicy withMaxTurns(int value) {
    return new AgentPolicy(
        value, maxToolCalls, maxDuration, toolConcurrency, maxReplyBytes, maxHistoryBytes);
  }

  public AgentPolicy withMaxToolCalls(int value) {
    return new AgentPolicy(
        maxTurns, value, maxDuration, toolConcurrency, maxReplyBytes, maxHistoryBytes);
  }

  public AgentPolicy withMaxDuration(Duration value) {
    return new AgentPolicy(
        maxTurns, maxToolCalls, value, toolConcurrency, maxReplyBytes, maxHistoryBytes);
  }

  public AgentPolicy withToolConcurrency(int value) {
    return new AgentPolicy(
        maxTurns, maxToolCalls, maxDuration, value, maxReplyBytes, maxHistoryBytes);
  }

  public AgentPolicy withMaxReplyBytes(int value) {
    return new AgentPolicy(
        maxTurns, maxToolCalls, maxDuration, toolConcurrency, value, maxHistoryBytes);
  }

  public AgentPolicy withMaxHistoryBytes(int value) {
    return new AgentPolicy(
        maxTurns, maxToolCalls, maxDuration, toolConcurrency, maxReplyBytes, value);
  }
}
