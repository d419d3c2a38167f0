package io.codemode4j.bridge.approval;

import java.util.Objects;

/** What an {@link ApprovalChannel} answered about one call: who decided, and why. */
public sealed interface ApprovalDecision {

  /** Who decided, e.g. a user name or {@code terminal}; recorded in the ledger and the audit. */
  String decider();

  /** Why, in words; a denial's reason is what the program reads. */
  String reason();

  /** The call may run. */
  record Approved(String decider, String reason) implements ApprovalDecision {
    public Approved {
      requireText(decider, reason);
    }
  }

  /** The call may not run; it rejects in the program with kind {@code denied} and the reason. */
  record Denied(String decider, String reason) implements ApprovalDecision {
    public Denied {
      requireText(decider, reason);
    }
  }

  static ApprovalDecision approve(String decider, String reason) {
    return new Approved(decider, reason);
  }

  static ApprovalDecision deny(String decider, String reason) {
    return new Denied(decider, reason);
  }

  private static void requireText(String decider, String reason) {
    Objects.requireNonNull(decider, "decider");
    Objects.requireNonNull(reason, "reason");
    if (decider.isBlank() || reason.isBlank()) {
      throw new IllegalArgumentException(
          "an approval decision names who decided and why, was decider '"
              + decider
              + "' and reason '"
              + reason
              + "'");
    }
  }
}
