package io.codemode4j.bridge.event;

import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The broker admitted a call the program made: the method is one the run may call, and the call
 * fits the pass's budget and size limits. It now waits for its arguments to be checked and for a
 * concurrency slot; a call refused at admission has no such event, only its {@link CallEnded}.
 *
 * @param invokedAt when the program made the call
 * @param argumentsJson the arguments as the program passed them (one JSON object, not yet checked
 *     against the parameters schema), only when a listener asked for them ({@link
 *     PassListener#wantsArguments()}); null otherwise
 */
public record CallAdmitted(
    String runId,
    String passId,
    String callId,
    String method,
    String tool,
    Instant invokedAt,
    @Nullable String argumentsJson)
    implements CallEvent {
  public CallAdmitted {
    Events.requireIds(runId, passId);
    Events.requireCall(callId, method, tool);
    Objects.requireNonNull(invokedAt, "invokedAt");
  }
}
