package io.codemode4j.bridge.event;

/**
 * One thing that happened in a pass, as a {@link PassListener} receives it.
 *
 * <p>Decided: sealed, so a listener that handles every event in one place (an audit log) can switch
 * over them exhaustively, and a new event is a compile error there rather than a silent gap.
 */
public sealed interface PassEvent permits PassStarted, PassEnded, CallEvent {

  /** The agent run the pass belongs to ({@code RunContext.runId}). */
  String runId();

  /** The pass, as its outcome names it ({@code PassOutcome.passId}). */
  String passId();
}
