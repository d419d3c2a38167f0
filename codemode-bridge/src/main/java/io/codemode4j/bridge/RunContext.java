package io.codemode4j.bridge;

import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The agent run a pass belongs to, and what is left of the run's own budget. A smaller remaining
 * budget than the pass limits applies: {@code remainingToolCalls} caps the pass's inner calls (they
 * count against the run's tool calls too) and {@code remainingTime} caps its wall time.
 *
 * @param runId the agent run
 * @param parentCallId the id of the outer {@code run_javascript} tool call
 * @param principal who the run acts for
 * @param remainingToolCalls the run's tool calls still allowed; null when it does not count them
 * @param remainingTime the run's time still allowed; null when it has no deadline
 * @param grants the methods the run inherited the right to see (all by default); the host's policy
 *     may hide more, see {@link Visibility}
 *     <p>Decided: no {@code Optional} or {@code OptionalInt} components (a record's components are
 *     its fields); a budget the run does not have is null.
 */
public record RunContext(
    String runId,
    String parentCallId,
    Principal principal,
    @Nullable Integer remainingToolCalls,
    @Nullable Duration remainingTime,
    Visibility grants) {

  public RunContext {
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(parentCallId, "parentCallId");
    Objects.requireNonNull(principal, "principal");
    Objects.requireNonNull(grants, "grants");
    if (remainingToolCalls != null && remainingToolCalls < 0) {
      throw new IllegalArgumentException(
          "remainingToolCalls must not be negative, was " + remainingToolCalls);
    }
    if (remainingTime != null && remainingTime.isNegative()) {
      throw new IllegalArgumentException(
          "remainingTime must not be negative, was " + remainingTime);
    }
  }

  /** A run that may see every allowlisted method. */
  public RunContext(
      String runId,
      String parentCallId,
      Principal principal,
      @Nullable Integer remainingToolCalls,
      @Nullable Duration remainingTime) {
    this(runId, parentCallId, principal, remainingToolCalls, remainingTime, Visibility.all());
  }

  /**
   * A run with no budget of its own beyond the pass limits, that may see every allowlisted method.
   */
  public static RunContext of(String runId, Principal principal) {
    return new RunContext(runId, runId + ":run_javascript", principal, null, null);
  }

  public RunContext withRemainingToolCalls(int calls) {
    return new RunContext(runId, parentCallId, principal, calls, remainingTime, grants);
  }

  public RunContext withRemainingTime(Duration time) {
    return new RunContext(
        runId,
        parentCallId,
        principal,
        remainingToolCalls,
        Objects.requireNonNull(time, "time"),
        grants);
  }

  /** This run, seeing only what {@code visibility} allows. */
  public RunContext withGrants(Visibility visibility) {
    return new RunContext(
        runId, parentCallId, principal, remainingToolCalls, remainingTime, visibility);
  }
}
