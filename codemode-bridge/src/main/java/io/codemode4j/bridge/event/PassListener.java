package io.codemode4j.bridge.event;

/**
 * Observes the passes of a {@code CodeMode}: each method receives one kind of {@link PassEvent} and
 * does nothing by default, so a listener overrides only what it needs. Registered with {@code
 * CodeMode.Builder.listener}; audit and OpenTelemetry implement it.
 *
 * <p>What a listener can rely on, for the events of one pass: {@link PassStarted} comes first and
 * {@link PassEnded} last; every call the program made has exactly one {@link CallEnded}, preceded
 * by its {@link CallAdmitted} when the broker admitted it and by its {@link CallStarted} when its
 * handler ran; the events of one pass are delivered one at a time, in the order the ledger saw
 * them. The same holds for both executors, since the calls of a worker process are brokered here.
 * Warm-up passes are not observed.
 *
 * <p>Decided: events carry ids, names, statuses, timing, failure kinds and messages, never result
 * values, logs or program text, so that a listener cannot leak what a tool returned to a trace
 * backend; a listener that needs more than that is an audit of the tools themselves, not of passes.
 * Argument values reach a listener only when one asks ({@link #wantsArguments()}), for an audit
 * whose host opted in; otherwise no event carries them. Call events are delivered synchronously,
 * while the pass's ledger holds its lock (which is what keeps each pass's events in one order
 * across the pass thread, the handlers' threads and the watchdog): a listener must therefore be
 * quick and must not block, must be thread-safe (passes run concurrently, and one pass's events
 * arrive on several threads), and must not call back into the {@code CodeMode}. A listener that
 * throws never breaks a pass or reaches the model: the exception is logged once (later ones at
 * debug level), and the pass and the other listeners go on.
 */
public interface PassListener {

  /**
   * Whether {@link CallAdmitted#argumentsJson()} should carry the call's arguments; false by
   * default. Asked once, when the listener is registered; if any listener asks, every listener
   * receives them.
   */
  default boolean wantsArguments() {
    return false;
  }

  default void onPassStarted(PassStarted event) {}

  default void onCallAdmitted(CallAdmitted event) {}

  default void onCallStarted(CallStarted event) {}

  default void onCallEnded(CallEnded event) {}

  default void onPassEnded(PassEnded event) {}
}
