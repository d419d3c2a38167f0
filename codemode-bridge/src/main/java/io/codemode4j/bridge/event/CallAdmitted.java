package io.codemode4j.bridge.event;

import java.time.Instant;
import java.util.Objects;

/**
 * The broker admitted a call the program made: the method is one the run may call, and the call
 * fits the pass's budget and size limits. It now waits for its arguments to be checked and for a
 * concurrency slot; a call refused at admission has no such event, only its {@link CallEnded}.
 *
 * @param invokedAt when the program made the call
 */
public record CallAdmitted(
    String runId, String passId, String callId, String method, String tool, Instant invokedAt)
    implements CallEvent {
  public CallAdmitted {
    Events.requireIds(runId, passId);
    Events.requireCall(callId, method, tool);
    Objects.requireNonNull(invokedAt, "invokedAt");
  }
}
