package io.codemode4j.bridge.approval;

import java.time.Instant;
import java.util.Objects;

/**
 * What the ledger and the audit record of one call's approval.
 *
 * @param outcome how it ended
 * @param decider who decided: the channel's decider, or {@code codemode4j} when no one did (no
 *     channel, a failed channel, no answer in time)
 * @param reason why
 * @param decidedAt when the decision (or its absence) was known
 */
public record Approval(ApprovalOutcome outcome, String decider, String reason, Instant decidedAt) {

  /** The decider recorded when no person decided. */
  public static final String NO_DECIDER = "codemode4j";

  public Approval {
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(decider, "decider");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(decidedAt, "decidedAt");
  }

  public boolean approved() {
    return outcome == ApprovalOutcome.APPROVED;
  }
}
