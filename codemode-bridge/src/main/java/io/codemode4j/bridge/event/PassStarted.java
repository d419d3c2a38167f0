package io.codemode4j.bridge.event;

import java.time.Instant;
import java.util.Objects;

/**
 * A pass is about to run: its program was accepted for a run that may see its methods. Always the
 * first event of a pass.
 *
 * @param parentCallId the id of the outer tool call that asked for the pass (an OpenTelemetry
 *     {@code gen_ai.tool.call.id})
 * @param toolName the outer tool's name, e.g. {@code run_javascript} ({@code gen_ai.tool.name})
 * @param principalId who the run acts for
 * @param startedAt when the pass started
 */
public record PassStarted(
    String runId,
    String passId,
    String parentCallId,
    String toolName,
    String principalId,
    Instant startedAt)
    implements PassEvent {
  public PassStarted {
    Events.requireIds(runId, passId);
    Objects.requireNonNull(parentCallId, "parentCallId");
    Objects.requireNonNull(toolName, "toolName");
    Objects.requireNonNull(principalId, "principalId");
    Objects.requireNonNull(startedAt, "startedAt");
  }
}
