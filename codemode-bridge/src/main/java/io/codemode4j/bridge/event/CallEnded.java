package io.codemode4j.bridge.event;

import io.codemode4j.bridge.approval.Approval;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.tool.ToolFailure;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What is finally known of one call: exactly one per call the program made, before the pass's
 * {@link PassEnded}. A call whose outcome the pass saw ends {@code succeeded} or {@code failed}
 * when it completes; one still running when the pass ended ends {@code uncertain}, one still queued
 * {@code not-started}, both when the pass ends.
 *
 * <p>An OpenTelemetry {@code execute_tool} span maps from it directly: name {@code execute_tool
 * <method>}, start {@link #startedAt} (or {@link #invokedAt} when the handler never ran), end start
 * plus {@link #duration}, {@code gen_ai.tool.call.id} the call id, and {@code error.type} the
 * failure kind's wire name or the status for an {@code uncertain} or {@code not-started} call.
 *
 * @param status what is known of the outcome
 * @param failureKind why a {@code failed} call failed; null for every other status
 * @param failureMessage with {@code failureKind}, the message the program saw (for a denied call,
 *     the hook's reason); null for every other status
 * @param authorization what the host's authorization hook decided, {@link
 *     CallAuthorization#NOT_ASKED} when it was not asked
 * @param approval how a person's approval of a {@code needsApproval} call ended, who decided and
 *     when; null when the call needed none or was refused before its turn
 * @param invokedAt when the program made the call
 * @param startedAt when its handler started; null when it never did (refused, or still queued)
 * @param duration from the handler's start to its known end, or to the pass's end when {@code
 *     uncertain}; zero when the handler never started
 */
public record CallEnded(
    String runId,
    String passId,
    String callId,
    String method,
    String tool,
    CallStatus status,
    ToolFailure.@Nullable Kind failureKind,
    @Nullable String failureMessage,
    CallAuthorization authorization,
    @Nullable Approval approval,
    Instant invokedAt,
    @Nullable Instant startedAt,
    Duration duration)
    implements CallEvent {
  public CallEnded {
    Events.requireIds(runId, passId);
    Events.requireCall(callId, method, tool);
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(authorization, "authorization");
    Objects.requireNonNull(invokedAt, "invokedAt");
    Objects.requireNonNull(duration, "duration");
    if ((failureKind != null) != (status == CallStatus.FAILED)) {
      throw new IllegalArgumentException(
          "a failure kind is given exactly for a failed call, but status was "
              + status
              + " with "
              + failureKind);
    }
    if ((failureMessage != null) != (failureKind != null)) {
      throw new IllegalArgumentException(
          "a failure message is given exactly with a failure kind, but kind was "
              + failureKind
              + " with message "
              + failureMessage);
    }
    if (authorization == CallAuthorization.DENIED && failureKind != ToolFailure.Kind.UNAUTHORIZED) {
      throw new IllegalArgumentException(
          "a denied call fails unauthorized, but its failure kind was " + failureKind);
    }
    if (approval != null && !approval.approved() && status != CallStatus.FAILED) {
      throw new IllegalArgumentException(
          "a call whose approval ended "
              + approval.outcome().wireName()
              + " fails, but its status was "
              + status.wireName());
    }
    boolean mustHaveStarted = status == CallStatus.SUCCEEDED || status == CallStatus.UNCERTAIN;
    if (mustHaveStarted && startedAt == null
        || status == CallStatus.NOT_STARTED && startedAt != null) {
      throw new IllegalArgumentException(
          "a "
              + status.wireName()
              + " call "
              + (startedAt == null ? "must" : "cannot")
              + " have started");
    }
    if (duration.isNegative() || startedAt == null && !duration.isZero()) {
      throw new IllegalArgumentException(
          "duration must be zero for a call that never started and never negative, was "
              + duration);
    }
  }
}
