package io.codemode4j.bridge.outcome;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * A pass that did not return a value. Writes are not transactional: calls recorded {@code
 * succeeded} stay done, and {@code uncertain} ones must be reconciled with the application before
 * any retry.
 *
 * <p>Decided: named to pair with {@link PassSuccess} (it was {@code CodeModeFailure}): the two are
 * the only outcomes of a pass, and a reader who finds one should guess the other's name.
 *
 * @param kind why the pass failed
 * @param limit with {@link FailureKind#LIMIT}, the limit that was hit (e.g. {@link
 *     Limit#MAX_LOG_BYTES}); null otherwise
 * @param message what happened and, where it helps, how to fix it
 * @param thrown the value the program threw or rejected with, as JSON; null when it threw nothing
 */
public record PassFailure(
    String passId,
    FailureKind kind,
    @Nullable Limit limit,
    String message,
    @Nullable JsonNode thrown,
    List<LogEntry> logs,
    List<CallRecord> calls,
    Egress egress)
    implements PassOutcome {
  public PassFailure {
    Objects.requireNonNull(passId, "passId");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(message, "message");
    logs = List.copyOf(logs);
    calls = List.copyOf(calls);
    Objects.requireNonNull(egress, "egress");
  }
}
