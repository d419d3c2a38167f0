package io.codemode4j.cli;

import static io.codemode4j.cli.TerminalText.Context.MESSAGE;
import static io.codemode4j.cli.TerminalText.escape;

import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.plan.Plan;
import io.codemode4j.bridge.plan.PlannedWrite;
import java.io.PrintWriter;
import java.util.List;
import java.util.TreeSet;

/**
 * A plan as a person reads it before approving it ({@code codemode run --plan}, {@code codemode
 * apply}): who it acts for, when it expires, and each write with its arguments in order. The
 * methods and arguments are the program's, so they are escaped like any other text of it.
 */
final class PlanText {

  private PlanText() {}

  static void show(PrintWriter err, Plan plan) {
    err.println(
        "plan "
            + plan.planId()
            + " for "
            + escape(plan.principal().id(), MESSAGE)
            + (plan.principal().tenant() == null
                ? ""
                : " [tenant "
                    + escape(String.join(",", new TreeSet<>(plan.principal().tenant())), MESSAGE)
                    + "]")
            + ": "
            + plan.writes().size()
            + (plan.writes().size() == 1 ? " write" : " writes")
            + " after "
            + plan.reads().size()
            + (plan.reads().size() == 1 ? " read" : " reads")
            + ", expires "
            + plan.expiresAt());
    for (PlannedWrite write : plan.writes()) {
      err.println(
          "  "
              + write.step()
              + ". "
              + escape(write.method(), MESSAGE)
              + " "
              + escape(write.arguments().toString(), MESSAGE));
    }
  }

  /** The ledger of an apply: one line per write with its status. */
  static void ledger(PrintWriter err, List<CallRecord> calls) {
    for (CallRecord call : calls) {
      err.println(
          "  "
              + escape(call.method(), MESSAGE)
              + " "
              + call.status().wireName()
              + (call.failureKind() == null ? "" : " (" + call.failureKind() + ")"));
    }
  }
}
