package io.codemode4j.bridge.plan;

import io.codemode4j.bridge.outcome.CallRecord;
import java.util.List;
import java.util.Objects;

/** What applying an approved {@link Plan} did. */
public sealed interface PlanApplication {

  String planId();

  /** A plain sentence of what happened, for the person who approved. */
  String message();

  /** Every write ran, in order, once; {@code calls} is their ledger. */
  record Applied(String planId, List<CallRecord> calls, String message) implements PlanApplication {
    public Applied {
      Objects.requireNonNull(planId, "planId");
      calls = List.copyOf(calls);
      Objects.requireNonNull(message, "message");
    }
  }

  /**
   * A write failed and the rest did not run: {@code calls} holds the writes before it {@code
   * succeeded}, it {@code failed} (or {@code uncertain}) and the rest {@code not-started}. Applying
   * the plan again retries: the writes that succeeded are not written twice (their idempotency
   * keys).
   */
  record Stopped(String planId, List<CallRecord> calls, String message) implements PlanApplication {
    public Stopped {
      Objects.requireNonNull(planId, "planId");
      calls = List.copyOf(calls);
      Objects.requireNonNull(message, "message");
    }
  }

  /** The plan was already applied (or is being applied) here: nothing ran again. */
  record AlreadyApplied(String planId, String message) implements PlanApplication {
    public AlreadyApplied {
      Objects.requireNonNull(planId, "planId");
      Objects.requireNonNull(message, "message");
    }
  }

  /** The plan was not applied, and nothing ran. */
  record Refused(String planId, Reason reason, String message) implements PlanApplication {
    public Refused {
      Objects.requireNonNull(planId, "planId");
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(message, "message");
    }
  }

  /** Why a plan was refused. */
  enum Reason {
    /** It differs from the plan that was signed: a changed argument, step or read. */
    CHANGED,
    /** Its approval window ({@code planTtl}) has passed: plan again. */
    EXPIRED,
    /** The run applying it acts for another principal than the one that planned it. */
    OTHER_PRINCIPAL
  }
}
