package io.codemode4j.bridge;

import io.codemode4j.bridge.approval.Approval;
import io.codemode4j.bridge.approval.ApprovalDecision;
import io.codemode4j.bridge.approval.ApprovalOutcome;
import io.codemode4j.bridge.event.PassEnded;
import io.codemode4j.bridge.event.PassStarted;
import io.codemode4j.bridge.internal.broker.Broker;
import io.codemode4j.bridge.internal.broker.GuardedListeners;
import io.codemode4j.bridge.internal.broker.PlanRecorder;
import io.codemode4j.bridge.internal.broker.PlanSigner;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.plan.Plan;
import io.codemode4j.bridge.plan.PlanApplication;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * A Code Mode's plans: signed as {@link CodeMode#plan} records them, and applied once each, as
 * {@link CodeMode#apply} asks, after checking that a plan is the one signed, has not expired and
 * acts for the run's principal. What a plan's writes do is the broker's; this keeps the key, the
 * expiry and which plans this instance applied.
 */
final class Plans {

  private final PlanSigner signer;
  private final Duration ttl;
  private final Broker broker;
  private final @Nullable GuardedListeners listeners;
  private final CodeExecutionLimits limits;
  private final String toolName;

  /** Plans applied here, or being applied: a second apply of one writes nothing. */
  private final Set<String> appliedPlans = ConcurrentHashMap.newKeySet();

  Plans(
      PlanSigner signer,
      Duration ttl,
      Broker broker,
      @Nullable GuardedListeners listeners,
      CodeExecutionLimits limits,
      String toolName) {
    this.signer = signer;
    this.ttl = ttl;
    this.broker = broker;
    this.listeners = listeners;
    this.limits = limits;
    this.toolName = toolName;
  }

  /** The plan {@code recorder} recorded for {@code run}, signed, expiring after the ttl. */
  Plan sign(String planId, RunContext run, PlanRecorder recorder) {
    Instant now = Instant.now();
    Plan unsigned =
        new Plan(
            planId,
            run.runId(),
            run.principal(),
            now,
            now.plus(ttl),
            recorder.reads(),
            recorder.writes(),
            "");
    return new Plan(
        planId,
        unsigned.runId(),
        unsigned.principal(),
        unsigned.createdAt(),
        unsigned.expiresAt(),
        unsigned.reads(),
        unsigned.writes(),
        signer.mac(unsigned));
  }

  /** Why {@code plan} cannot be applied for {@code run} (see {@link CodeMode#refusal}), or null. */
  PlanApplication.@Nullable Refused refusal(Plan plan, RunContext run) {
    if (!signer.verify(plan)) {
      return new PlanApplication.Refused(
          plan.planId(),
          PlanApplication.Reason.CHANGED,
          "plan "
              + plan.planId()
              + " is not the plan that was signed (a step, an argument or a read differs, or"
              + " another host's key signed it): nothing was written; plan again");
    }
    if (Instant.now().isAfter(plan.expiresAt())) {
      return new PlanApplication.Refused(
          plan.planId(),
          PlanApplication.Reason.EXPIRED,
          "plan "
              + plan.planId()
              + " expired at "
              + plan.expiresAt()
              + " (planTtl "
              + Durations.format(ttl)
              + "): nothing was written; plan again");
    }
    if (!plan.principal().equals(run.principal())) {
      return new PlanApplication.Refused(
          plan.planId(),
          PlanApplication.Reason.OTHER_PRINCIPAL,
          "plan "
              + plan.planId()
              + " acts for "
              + plan.principal().id()
              + ", not for "
              + run.principal().id()
              + ": nothing was written");
    }
    return null;
  }

  /**
   * Applies {@code plan} as {@link CodeMode#apply} says; {@code visible} narrows a run to the
   * methods it may see.
   */
  PlanApplication apply(
      Plan plan,
      ApprovalDecision.Approved approval,
      RunContext run,
      UnaryOperator<RunContext> visible) {
    PlanApplication.Refused refused = refusal(plan, run);
    if (refused != null) {
      return refused;
    }
    Instant now = Instant.now();
    RunContext visibleRun = visible.apply(run);
    if (!appliedPlans.add(plan.planId())) {
      return new PlanApplication.AlreadyApplied(
          plan.planId(),
          "plan "
              + plan.planId()
              + " was already applied (or is being applied): nothing was written again");
    }
    String passId = "apply-" + UUID.randomUUID();
    long started = System.nanoTime();
    // An apply is a pass without a program: its listeners (the audit) learn who it acts for.
    if (listeners != null) {
      listeners.onPassStarted(
          new PassStarted(
              run.runId(),
              passId,
              run.parentCallId(),
              toolName,
              run.principal().id(),
              run.principal().tenant(),
              now));
    }
    Broker.AppliedWrites applied =
        broker.apply(
            passId,
            visibleRun,
            limits,
            plan.writes(),
            new Approval(
                ApprovalOutcome.APPROVED,
                approval.decider(),
                "plan " + plan.planId() + ": " + approval.reason(),
                now));
    if (listeners != null) {
      listeners.onPassEnded(
          new PassEnded(
              run.runId(),
              passId,
              run.parentCallId(),
              toolName,
              now,
              Duration.ofNanos(System.nanoTime() - started),
              // A stopped plan ends as a program whose awaited write rejected would.
              applied.stoppedBy() == null ? null : FailureKind.THROWN,
              null,
              applied.calls()));
    }
    if (applied.stoppedBy() == null) {
      return new PlanApplication.Applied(
          plan.planId(),
          applied.calls(),
          "plan " + plan.planId() + " applied: " + plan.writes().size() + " writes, each once");
    }
    // A stopped plan may be retried: its written steps are kept from a second write by their keys.
    appliedPlans.remove(plan.planId());
    return new PlanApplication.Stopped(
        plan.planId(),
        applied.calls(),
        "plan "
            + plan.planId()
            + " stopped: "
            + applied.stoppedBy()
            + "; the writes after it did not run (see the ledger's statuses)");
  }
}
