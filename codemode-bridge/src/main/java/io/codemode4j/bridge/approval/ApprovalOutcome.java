package io.codemode4j.bridge.approval;

/**
 * How the approval of one call ended. Only {@link #APPROVED} lets the call go on; every other
 * outcome refuses it before its handler runs, uncharged.
 */
public enum ApprovalOutcome {
  /** The channel approved the call. */
  APPROVED("approved"),
  /** The channel denied it; the call failed {@code denied}. */
  DENIED("denied"),
  /**
   * The run has no approval channel; the call failed {@code denied}, naming the missing approval.
   */
  NO_CHANNEL("no_channel"),
  /** The channel threw or answered null; the call failed {@code denied}. */
  FAILED("failed"),
  /** No decision within {@code maxApprovalWait}; the call failed {@code timeout}. */
  TIMED_OUT("timed_out");

  private final String wireName;

  ApprovalOutcome(String wireName) {
    this.wireName = wireName;
  }

  /** The name in the ledger's JSON and the audit. */
  public String wireName() {
    return wireName;
  }
}
