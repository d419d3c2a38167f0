package io.codemode4j.mcp.internal;

import io.codemode4j.bridge.approval.Approval;
import io.codemode4j.bridge.approval.ApprovalDecision;
import io.codemode4j.bridge.plan.Plan;
import java.time.Duration;
import java.util.Objects;

/**
 * Who approves all of a plan's writes at once for one {@code apply_plan} call: the client's user
 * through elicitation, or no one, saying why the client cannot be asked.
 */
@FunctionalInterface
public interface PlanApproval {

  /**
   * The decision on every write of {@code plan}; an answer not given within {@code maxWait} is a
   * denial naming the wait.
   *
   * @throws Exception when asking failed (the session ended): the plan is not applied
   */
  ApprovalDecision decide(Plan plan, Duration maxWait) throws Exception;

  /** Denies every plan for {@code why}, decided by no person: the plan fails closed. */
  static PlanApproval unavailable(String why) {
    Objects.requireNonNull(why, "why");
    return (plan, maxWait) ->
        ApprovalDecision.deny(
            Approval.NO_DECIDER,
            "plan "
                + plan.planId()
                + " needs a person's approval and "
                + why
                + ", so no one was asked");
  }
}
