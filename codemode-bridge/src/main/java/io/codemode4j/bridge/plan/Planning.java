package io.codemode4j.bridge.plan;

import io.codemode4j.bridge.outcome.PassOutcome;
import java.util.Objects;

/**
 * What planning a program gave: its pass (reads run, writes {@code planned} in the ledger) and the
 * plan to show the approver. A pass that failed still has its plan, which an approver should not
 * approve without reading why the program failed.
 */
public record Planning(PassOutcome pass, Plan plan) {
  public Planning {
    Objects.requireNonNull(pass, "pass");
    Objects.requireNonNull(plan, "plan");
  }
}
