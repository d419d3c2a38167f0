package io.codemode4j.bridge.outcome;

/**
 * What is known about one inner call. A call is {@link #SUCCEEDED} or {@link #FAILED} only when its
 * outcome is known; {@link #UNCERTAIN} means its handler started and the outcome was not confirmed
 * (timeout, interruption, crash), so it must be reconciled before any retry; {@link #NOT_STARTED}
 * means its handler never ran; {@link #PLANNED} means it is a write that a plan recorded instead of
 * running (see {@code CodeMode.plan}): validated and authorized, its handler not run.
 */
public enum CallStatus {
  SUCCEEDED("succeeded"),
  FAILED("failed"),
  UNCERTAIN("uncertain"),
  NOT_STARTED("not-started"),
  PLANNED("planned");

  private final String wireName;

  CallStatus(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }
}
