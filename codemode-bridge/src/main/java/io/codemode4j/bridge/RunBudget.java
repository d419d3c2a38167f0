package io.codemode4j.bridge;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The inner calls one agent run may still make, shared by every pass of the run (and handed on by
 * the agent runtime from one model turn to the next). Thread-safe: passes of one run may overlap.
 *
 * <p>A call is charged when it is about to run: with no authorization hook, as the program makes it
 * (in invocation order); with one, once the hook has allowed it, so a denied call costs nothing.
 * Calls refused earlier (a method the run may not call, arguments that are not JSON or too large)
 * are not charged. A run that has spent its budget gets kind {@code budget} on its next call, in
 * any pass.
 */
public final class RunBudget {

  private final int limit;
  private final AtomicInteger remaining;

  private RunBudget(int limit) {
    if (limit < 0) {
      throw new IllegalArgumentException(
          "a run's tool-call budget must not be negative, was " + limit);
    }
    this.limit = limit;
    this.remaining = new AtomicInteger(limit);
  }

  /** A budget of {@code toolCalls} inner calls, at least 0. */
  public static RunBudget of(int toolCalls) {
    return new RunBudget(toolCalls);
  }

  /** Charges one call; false, charging nothing, once the budget is spent. */
  public boolean tryCharge() {
    return remaining.getAndUpdate(left -> left > 0 ? left - 1 : 0) > 0;
  }

  /** The calls still allowed. */
  public int remaining() {
    return remaining.get();
  }

  /** The calls the run was given. */
  public int limit() {
    return limit;
  }

  @Override
  public String toString() {
    return "RunBudget[" + remaining() + " of " + limit + " calls left]";
  }
}
