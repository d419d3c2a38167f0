package io.codemode4j.agent;

import java.util.List;
import java.util.Objects;

/**
 * The history of one run: each turn in order, and the inner calls whose outcome is unknown.
 *
 * @param runId the run
 * @param turns one per model request
 * @param uncertainCalls inner calls that started but whose outcome no one knows (a pass that ended
 *     mid-call): reported to the model in the pass's egress and to the host here, never replayed
 */
public record AgentTranscript(
    String runId, List<AgentTurn> turns, List<UncertainCall> uncertainCalls) {

  public AgentTranscript {
    Objects.requireNonNull(runId, "runId");
    turns = List.copyOf(turns);
    uncertainCalls = List.copyOf(uncertainCalls);
  }

  /** Tool calls the model made over the run. */
  public int toolCalls() {
    return turns.stream().mapToInt(t -> t.calls().size()).sum();
  }

  /** Bytes the model read over the run: the sum of every turn's new bytes. */
  public long modelVisibleBytes() {
    return turns.stream().mapToLong(AgentTurn::newBytes).sum();
  }

  /**
   * An inner call of a pass whose outcome is unknown.
   *
   * @param toolCallId the outer call ({@code run_javascript}) it belongs to
   * @param method the method, e.g. {@code billing.flagInvoice}
   * @param callId the inner call's id in the pass's ledger
   */
  public record UncertainCall(String toolCallId, String method, String callId) {
    public UncertainCall {
      Objects.requireNonNull(toolCallId, "toolCallId");
      Objects.requireNonNull(method, "method");
      Objects.requireNonNull(callId, "callId");
    }
  }
}
