package io.codemode4j.agent;

import org.jspecify.annotations.Nullable;

/** Why an agent run ended without an answer. */
public enum AgentFailureKind {
  /** The run's input does not match the agent's input schema; nothing was asked of the model. */
  INVALID_INPUT("invalid_input", null),
  /** {@link AgentPolicy#maxTurns()} model requests were made without an answer. */
  MAX_TURNS("max_turns", AgentLimit.MAX_TURNS),
  /** The model asked for more tool calls than {@link AgentPolicy#maxToolCalls()} allows. */
  MAX_TOOL_CALLS("max_tool_calls", AgentLimit.MAX_TOOL_CALLS),
  /** {@link AgentPolicy#maxDuration()} passed. */
  MAX_DURATION("max_duration", AgentLimit.MAX_DURATION),
  /**
   * The conversation is over {@link AgentPolicy#maxHistoryBytes()} even with every earlier tool
   * result left out.
   */
  MAX_HISTORY("max_history", AgentLimit.MAX_HISTORY_BYTES),
  /** The answer did not match the output schema, also after the one repair turn. */
  INVALID_OUTPUT("invalid_output", null),
  /** The model could not be reached or answered with an error. */
  MODEL_ERROR("model_error", null),
  /** The caller interrupted the run. */
  CANCELLED("cancelled", null);

  private final String wireName;
  private final @Nullable AgentLimit limit;

  AgentFailureKind(String wireName, @Nullable AgentLimit limit) {
    this.wireName = wireName;
    this.limit = limit;
  }

  public String wireName() {
    return wireName;
  }

  /** The policy's limit that ended the run, null when no limit did. */
  public @Nullable AgentLimit limit() {
    return limit;
  }
}
