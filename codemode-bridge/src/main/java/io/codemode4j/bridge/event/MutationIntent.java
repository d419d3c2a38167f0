package io.codemode4j.bridge.event;

import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A call to a {@code mutation} tool about to run: its arguments are checked and it is authorized
 * and charged, and its handler starts once the intent is recorded ({@link MutationAudit}).
 *
 * @param at when the intent was recorded
 * @param argumentsJson the checked arguments, only when the audit asked for them ({@link
 *     PassListener#wantsArguments()}); null otherwise
 */
public record MutationIntent(
    String runId,
    String passId,
    String callId,
    String method,
    String tool,
    Instant at,
    @Nullable String argumentsJson) {
  public MutationIntent {
    Events.requireIds(runId, passId);
    Events.requireCall(callId, method, tool);
    Objects.requireNonNull(at, "at");
  }
}
