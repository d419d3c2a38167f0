package io.codemode4j.agent;

import io.codemode4j.charts.Chart;
import io.codemode4j.charts.ChartException;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

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

    /**
     * The chart of this answer, drawn over the result of the run's last {@code run_javascript}
     * program that succeeded: with the Vega-Lite spec the answer gives under {@code chart} (an
     * output schema that allows it), else the one that program returned beside its rows, else the
     * one its rows' shape suggests; empty when no program succeeded, the shape suggests none, or
     * the answer says {@code chart: false}.
     *
     * <p>Decided: the rows are always a program's, as the model read them, never the answer's: a
     * model chooses how to draw, never what is drawn.
     *
     * @throws ChartException when the chart given is refused
     */
    public Optional<Chart> chart() {
      JsonNode result = null;
      for (AgentTurn turn : transcript.turns()) {
        for (AgentTurn.ToolCall call : turn.calls()) {
          if (call.name().equals("run_javascript")
              && !call.isError()
              && call.result().path("ok").asBoolean(false)
              && call.result().has("result")) {
            result = call.result().get("result");
          }
        }
      }
      if (result == null) {
        return Optional.empty();
      }
      JsonNode given = answer.get("chart");
      if (given == null) {
        return Chart.ofResult(result);
      }
      ObjectNode charted = JsonNodeFactory.instance.objectNode();
      if (result instanceof ObjectNode object) {
        charted.setAll(object.deepCopy());
      } else {
        charted.set("rows", result);
      }
      charted.set("chart", given);
      return Chart.ofResult(charted);
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
