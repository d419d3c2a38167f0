package io.codemode4j.bridge;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The agent run a pass belongs to, and what is left of the run's own budget. A smaller remaining budget
 * than the pass limits applies: {@code remainingToolCalls} caps the pass's inner calls (they count against
 * the run's tool calls too) and {@code remainingTime} caps its wall time.
 *
 * @param runId the agent run
 * @param parentCallId the id of the outer {@code run_javascript} tool call
 * @param principal who the run acts for
 * @param remainingToolCalls the run's tool calls still allowed, if it counts them
 * @param remainingTime the run's time still allowed, if it has a deadline
 * @param grants the methods the run inherited the right to see (all by default); the host's policy may hide
 *     more, see {@link Visibility}
 */
public record RunContext(
    String runId,
    String parentCallId,
    Principal principal,
    OptionalInt remainingToolCalls,
    Optional<Duration> remainingTime,
    Visibility grants) {

  public RunContext {
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(parentCallId, "parentCallId");
    Objects.requireNonNull(principal, "principal");
    Objects.requireNonNull(remainingToolCalls, "remainingToolCalls");
    Objects.requireNonNull(remainingTime, "remainingTime");
    Objects.requireNonNull(grants, "grants");
    if (remainingToolCalls.isPresent() && remainingToolCalls.getAsInt() < 0) {
      throw new IllegalArgumentException("remainingToolCalls must not be negative, was " + remainingToolCalls.getAsInt());
    }
    remainingTime.ifPresent(t -> {
      if (t.isNegative()) {
        throw new IllegalArgumentException("remainingTime must not be negative, was " + t);
      }
    });
  }

  /** A run that may see every allowlisted method. */
  public RunContext(String runId, String parentCallId, Principal principal, OptionalInt remainingToolCalls,
      Optional<Duration> remainingTime) {
    this(runId, parentCallId, principal, remainingToolCalls, remainingTime, Visibility.all());
  }

  /** A run with no budget of its own beyond the pass limits, that may see every allowlisted method. */
  public static RunContext of(String runId, Principal principal) {
    return new RunContext(runId, runId + ":run_javascript", principal, OptionalInt.empty(), Optional.empty());
  }

  public RunContext withRemainingToolCalls(int calls) {
    return new RunContext(runId, parentCallId, principal, OptionalInt.of(calls), remainingTime, grants);
  }

  public RunContext withRemainingTime(Duration time) {
    return new RunContext(runId, parentCallId, principal, remainingToolCalls, Optional.of(time), grants);
  }

  /** This run, seeing only what {@code visibility} allows. */
  public RunContext withGrants(Visibility visibility) {
    return new RunContext(runId, parentCallId, principal, remainingToolCalls, remainingTime, visibility);
  }
}
