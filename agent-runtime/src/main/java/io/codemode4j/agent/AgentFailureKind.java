package io.codemode4j.agent;

/** Why an agent run ended without an answer. */
public enum AgentFailureKind {
  /** The run's input does not match the agent's input schema; nothing was asked of the model. */
  INVALID_INPUT("invalid_input"),
  /** {@link AgentPolicy#maxTurns()} model requests were made without an answer. */
  MAX_TURNS("max_turns"),
  /** The model asked for more tool calls than {@link AgentPolicy#maxToolCalls()} allows. */
  MAX_TOOL_CALLS("max_tool_calls"),
  /** {@link AgentPolicy#maxDuration()} passed. */
  MAX_DURATION("max_duration"),
  /**
   * The conversation is over {@link AgentPolicy#maxHistoryBytes()} even with every earlier tool
   * result left out.
   */
  MAX_HISTORY("max_history"),
  /** The answer did not match the output schema, also after the one repair turn. */
  INVALID_OUTPUT("invalid_output"),
  /** The model could not be reached or answered with an error. */
  MODEL_ERROR("model_error"),
  /** The caller interrupted the run. */
  CANCELLED("cancelled");

  private final String wireName;

  AgentFailureKind(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }
}
