package io.codemode4j.bridge.internal.broker;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Durations;
import io.codemode4j.bridge.approval.Approval;
import io.codemode4j.bridge.approval.ApprovalChannel;
import io.codemode4j.bridge.approval.ApprovalDecision;
import io.codemode4j.bridge.approval.ApprovalOutcome;
import io.codemode4j.bridge.approval.ApprovalRequest;
import io.codemode4j.bridge.audit.LogText;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks a run's {@link ApprovalChannel} about one call, failing closed: no channel, a channel that
 * throws or answers null denies, and one that answers later than {@code maxApprovalWait} times out.
 * The channel decides through {@link HostDecision}, like the authorization hook, so the wait holds
 * whichever thread asks and costs the pass no CPU.
 */
public final class Approver {

  private static final Logger LOG = LoggerFactory.getLogger(Approver.class);

  /**
   * No channel of its own: a run that brings none has every such call denied, and a run's own
   * channel waits as long as {@link CodeMode}'s default.
   */
  static final Approver NONE = new Approver(null, CodeMode.DEFAULT_MAX_APPROVAL_WAIT);

  /** Null when only runs bring channels. */
  private final @Nullable ApprovalChannel defaultChannel;

  private final Duration maxWait;

  /**
   * @param defaultChannel asked for runs that bring no channel of their own; null for none
   * @param maxWait how long one call waits for a decision ({@code maxApprovalWait})
   */
  public Approver(@Nullable ApprovalChannel defaultChannel, Duration maxWait) {
    this.defaultChannel = defaultChannel;
    this.maxWait = Objects.requireNonNull(maxWait, "maxWait");
  }

  /** How long one call waits for a decision ({@code maxApprovalWait}). */
  Duration maxWait() {
    return maxWait;
  }

  /**
   * The approval of {@code request} by the run's channel {@code runChannel}, or by the default one
   * when the run brings none.
   *
   * @throws InterruptedException when the pass ended while the channel decided
   */
  Approval approval(@Nullable ApprovalChannel runChannel, ApprovalRequest request)
      throws InterruptedException {
    ApprovalChannel channel = runChannel != null ? runChannel : defaultChannel;
    if (channel == null) {
      return closed(
          ApprovalOutcome.NO_CHANNEL,
          request.method()
              + " needs a person's approval and this run has no approval channel, so the call did"
              + " not run (the host can give one: CodeMode.Builder.approval, or --approve ask)");
    }
    return switch (HostDecision.await(
        "codemode-approve-" + request.call().callId(), () -> channel.decide(request), maxWait)) {
      case HostDecision.Answered<ApprovalDecision>(ApprovalDecision.Approved approved) ->
          new Approval(
              ApprovalOutcome.APPROVED, approved.decider(), approved.reason(), Instant.now());
      case HostDecision.Answered<ApprovalDecision>(ApprovalDecision.Denied denied) ->
          new Approval(ApprovalOutcome.DENIED, denied.decider(), denied.reason(), Instant.now());
      case HostDecision.Answered<ApprovalDecision>(var none) ->
          failed(request, "answered null", null);
      case HostDecision.Failed<ApprovalDecision>(Throwable cause) ->
          failed(request, "failed", cause);
      case HostDecision.TimedOut<ApprovalDecision>() ->
          closed(
              ApprovalOutcome.TIMED_OUT,
              "no approval decision for "
                  + request.method()
                  + " within "
                  + Durations.format(maxWait)
                  + " (maxApprovalWait), so the call did not run");
    };
  }

  private static Approval failed(ApprovalRequest request, String what, @Nullable Throwable cause) {
    LOG.warn(
        "the approval channel {} for {} (call {}); the call is denied",
        what,
        request.method(),
        request.call().callId(),
        cause == null ? null : LogText.of(cause));
    return closed(
        ApprovalOutcome.FAILED,
        "the approval channel "
            + what
            + " for "
            + request.method()
            + ", so the call did not run (the host's log has the details)");
  }

  private static Approval closed(ApprovalOutcome outcome, String reason) {
    return new Approval(outcome, Approval.NO_DECIDER, reason, Instant.now());
  }
}
