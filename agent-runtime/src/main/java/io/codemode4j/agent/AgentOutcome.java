package io.codemode4j.agent;

import java.util.Objects;
import tools.jackson.databind.JsonNode;

/** How an agent run ended: an answer that matches the output schema, or a typed failure. */
public sealed interface AgentOutcome {

  /** Every turn, tool call and uncertain call of the run. */
  AgentTranscript transcript();

  default boolean ok() {
    return this instanceof Answered;
  }

  /** The model's final answer, valid against the agent's output schema. */
  record Answered(JsonNode answer, AgentTranscript transcript) implements AgentOutcome {
    public Answered {
      Objects.requireNonNull(answer, "answer");
      Objects.requireNonNull(transcript, "transcript");
    }
  }

  /**
   * The run ended without an answer: {@code message} says which limit or fault and what was done so
   * far; {@link AgentTranscript#uncertainCalls()} lists the writes whose outcome is unknown, for
   * the application to reconcile (nothing is ever replayed).
   */
  record Failed(AgentFailureKind kind, String message, AgentTranscript transcript)
      implements AgentOutcome {
    public Failed {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(message, "message");
      Objects.requireNonNull(transcript, "transcript");
    }
  }
}
