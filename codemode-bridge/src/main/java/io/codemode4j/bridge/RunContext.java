package io.codemode4j.bridge;

import io.codemode4j.bridge.approval.ApprovalChannel;
import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The agent run a pass belongs to, and what is left of the run's own budget: {@code budget} is
 * charged for every inner call of every pass of the run (the pass's own {@code maxHostCalls} still
 * applies), and a smaller {@code remainingTime} than the pass's wall time caps it.
 *
 * @param runId the agent run
 * @param parentCallId the id of the outer {@code run_javascript} tool call
 * @param principal who the run acts for
 * @param budget the run's inner calls, shared by its passes; null when the run does not count them
 * @param remainingTime the run's time still allowed; null when it has no deadline
 * @param grants the methods the run inherited the right to see (all by default); the host's policy
 *     may hide more, see {@link Visibility}
 * @param approval who approves the run's calls of {@code needsApproval} tools; null for the Code
 *     Mode's own channel ({@link CodeMode.Builder#approval}), and when that is absent too, every
 *     such call is denied
 *     <p>Decided: no {@code Optional} or {@code OptionalInt} components (a record's components are
 *     its fields); a budget the run does not have is null.
 */
public record RunContext(
    String runId,
    String parentCallId,
    Principal principal,
    @Nullable RunBudget budget,
    @Nullable Duration remainingTime,
    Visibility grants,
    @Nullable ApprovalChannel approval) {

  public RunContext {
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(parentCallId, "parentCallId");
    Objects.requireNonNull(principal, "principal");
    Objects.requireNonNull(grants, "grants");
    if (remainingTime != null && remainingTime.isNegative()) {
      throw new IllegalArgumentException(
          "remainingTime must not be negative, was " + remainingTime);
    }
  }

  /** A run with the Code Mode's own approval channel, if any. */
  public RunContext(
      String runId,
      String parentCallId,
      Principal principal,
      @Nullable RunBudget budget,
      @Nullable Duration remainingTime,
      Visibility grants) {
    this(runId, parentCallId, principal, budget, remainingTime, grants, null);
  }

  /** A run that may see every allowlisted method. */
  public RunContext(
      String runId,
      String parentCallId,
      Principal principal,
      @Nullable RunBudget budget,
      @Nullable Duration remainingTime) {
    this(runId, parentCallId, principal, budget, remainingTime, Visibility.all());
  }

  /**
   * A run with no budget of its own beyond the pass limits, that may see every allowlisted method.
   */
  public static RunContext of(String runId, Principal principal) {
    return new RunContext(runId, runId + ":run_javascript", principal, null, null);
  }

  /** This run, charging its inner calls to {@code budget}, which its other passes may share. */
  public RunContext withBudget(RunBudget budget) {
    return new RunContext(
        runId,
        parentCallId,
        principal,
        Objects.requireNonNull(budget, "budget"),
        remainingTime,
        grants,
        approval);
  }

  public RunContext withRemainingTime(Duration time) {
    return new RunContext(
        runId,
        parentCallId,
        principal,
        budget,
        Objects.requireNonNull(time, "time"),
        grants,
        approval);
  }

  /** This run, seeing only what {@code visibility} allows. */
  public RunContext withGrants(Visibility visibility) {
    return new RunContext(
        runId, parentCallId, principal, budget, remainingTime, visibility, approval);
  }

  /** This run, its {@code needsApproval} calls approved (or not) by {@code channel}. */
  public RunContext withApproval(ApprovalChannel channel) {
    return new RunContext(
        runId,
        parentCallId,
        principal,
        budget,
        remainingTime,
        grants,
        Objects.requireNonNull(channel, "approval"));
  }
}
