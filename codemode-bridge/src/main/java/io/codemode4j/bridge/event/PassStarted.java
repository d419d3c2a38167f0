package io.codemode4j.bridge.event;

import java.time.Instant;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A pass is about to run: its program was accepted for a run that may see its methods. Always the
 * first event of a pass.
 *
 * @param parentCallId the id of the outer tool call that asked for the pass (an OpenTelemetry
 *     {@code gen_ai.tool.call.id})
 * @param toolName the outer tool's name, e.g. {@code run_javascript} ({@code gen_ai.tool.name})
 * @param principalId who the run acts for
 * @param tenant the tenant keys the principal is confined to ({@code Principal.tenant}); null when
 *     it is not confined
 * @param startedAt when the pass started
 */
public record PassStarted(
    String runId,
    String passId,
    String parentCallId,
    String toolName,
    String principalId,
    @Nullable Set<String> tenant,
    Instant startedAt)
    implements PassEvent {
  public PassStarted {
    Events.requireIds(runId, passId);
    Objects.requireNonNull(parentCallId, "parentCallId");
    Objects.requireNonNull(toolName, "toolName");
    Objects.requireNonNull(principalId, "principalId");
    if (tenant != null) {
      tenant = Set.copyOf(tenant);
    }
    Objects.requireNonNull(startedAt, "startedAt");
  }
}
