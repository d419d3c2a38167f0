package io.codemode4j.agent;

/**
 * A limit of {@link AgentPolicy}, by the name the policy's component has. Reaching {@link
 * #MAX_REPLY_BYTES} drops the reply and tells the model so (the turn counts); reaching any other
 * ends the run as an {@link AgentOutcome.Failed} whose {@link AgentFailureKind#limit()} it is.
 *
 * <p>Decided: one enum wherever a limit is named (the outcome, the messages the model and the host
 * read, the CLI's JSON), as the bridge's {@code Limit} is for a pass, so no layer spells a limit by
 * hand. The {@linkplain #wireName() external names} are the policy's component names, which the
 * messages of a run said before the enum, so nothing a model or a host reads changes.
 */
public enum AgentLimit {
  /** {@link AgentPolicy#maxTurns()}. */
  MAX_TURNS("maxTurns"),
  /** {@link AgentPolicy#maxToolCalls()}. */
  MAX_TOOL_CALLS("maxToolCalls"),
  /** {@link AgentPolicy#maxDuration()}. */
  MAX_DURATION("maxDuration"),
  /** {@link AgentPolicy#maxReplyBytes()}. */
  MAX_REPLY_BYTES("maxReplyBytes"),
  /** {@link AgentPolicy#maxHistoryBytes()}. */
  MAX_HISTORY_BYTES("maxHistoryBytes");

  private final String wireName;

  AgentLimit(String wireName) {
    this.wireName = wireName;
  }

  /** The name in JSON and in the messages of a run, e.g. {@code maxTurns}. */
  public String wireName() {
    return wireName;
  }

  /** This limit's value in {@code policy}, as the messages of a run show it. */
  public String valueIn(AgentPolicy policy) {
    return switch (this) {
      case MAX_TURNS -> String.valueOf(policy.maxTurns());
      case MAX_TOOL_CALLS -> String.valueOf(policy.maxToolCalls());
      case MAX_DURATION -> String.valueOf(policy.maxDuration());
      case MAX_REPLY_BYTES -> String.valueOf(policy.maxReplyBytes());
      case MAX_HISTORY_BYTES -> String.valueOf(policy.maxHistoryBytes());
    };
  }
}
