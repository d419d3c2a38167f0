package io.codemode4j.bridge.event;

/**
 * What the host's per-call authorization hook ({@code RunToolAuthorization}) decided about a call.
 *
 * <p>Decided: an enum of its own rather than a boolean, because "never asked" (no hook, or a call
 * refused before the hook's turn: unknown method, budget, size, invalid arguments) is a third fact
 * an audit must tell apart from an allowed call.
 */
public enum CallAuthorization {
  /** The hook was not asked: there is none, or the call was refused before its turn. */
  NOT_ASKED("not_asked"),
  /** The hook allowed the call (it may still have failed afterwards, e.g. on the run's budget). */
  ALLOWED("allowed"),
  /**
   * The hook denied the call, or failed closed (threw, answered null or late); the call failed
   * {@code unauthorized} and never ran.
   */
  DENIED("denied");

  private final String wireName;

  CallAuthorization(String wireName) {
    this.wireName = wireName;
  }

  /** The name an audit line or span attribute carries. */
  public String wireName() {
    return wireName;
  }
}
