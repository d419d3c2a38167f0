package io.codemode4j.bridge.event;

import java.time.Instant;
import java.util.Objects;

/**
 * A call's handler is about to run: from here on the call may have had an effect, and it is {@code
 * uncertain} until its outcome is known. Delivered on the call's own thread.
 *
 * @param startedAt when the handler started
 */
public record CallStarted(
    String runId, String passId, String callId, String method, String tool, Instant startedAt)
    implements CallEvent {
  public CallStarted {
    Events.requireIds(runId, passId);
    Events.requireCall(callId, method, tool);
    Objects.requireNonNull(startedAt, "startedAt");
  }
}
