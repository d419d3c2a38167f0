package io.codemode4j.bridge.internal.broker;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.outcome.CallRecord;
import java.util.ArrayDeque;
import java.util.List;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The executor's side of the call path: every call is admitted by the broker when the program makes
 * it (so the ledger is in invocation order and refusals come back at once), then waits as {@code
 * not-started} until fewer than {@code maxHostCallConcurrency} calls run. This is the one place
 * that bound is enforced: every executor, in process or over the worker protocol, routes its calls
 * through a dispatcher of this class, and a call counts as running from its start here until its
 * completion (argument checks included). Thread-safe: calls arrive on the pass thread (or a
 * worker's reader), completions on handler threads.
 *
 * <p>With {@code holdLoneCall}, a call made while no other call is running or waiting is held
 * instead of started: when the program then waits, the pass thread runs it itself ({@link
 * #takeHeldCall}), saving the two thread wake-ups of a handoff (about half the cost of a sequential
 * call). A second call releases the held one, so calls made together still overlap; so does the
 * second of the pass's 1 ms watchdog ticks to find it held ({@link #releaseHeldCall}), so a program
 * that computes after making a call delays it by at most 2 ms. (Releasing at the first tick would
 * release about a third of lone calls on a cold engine, where the rest of a program's first turn
 * takes a good part of a millisecond.)
 */
public final class LocalDispatcher implements CallDispatcher {

  private record Waiting(Broker.Admitted call, Consumer<Completion> done) {}

  private final Broker.Session session;
  private final PassLedger ledger;
  private final int maxActive;
  private final boolean holdLoneCall;
  private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();

  /** Null unless a lone call is held. */
  private @Nullable Waiting held;

  private boolean heldSeenByTick;
  private int active;
  private boolean closed;

  public LocalDispatcher(
      Broker broker,
      String passId,
      RunContext run,
      CodeExecutionLimits limits,
      boolean holdLoneCall) {
    this.ledger = broker.ledger(passId, run);
    this.session = broker.open(passId, run, limits, ledger);
    this.maxActive = limits.maxHostCallConcurrency();
    this.holdLoneCall = holdLoneCall;
  }

  @Override
  public synchronized void call(
      String method, @Nullable String argumentsJson, Consumer<Completion> done) {
    admit(method, session.admit(method, argumentsJson), done);
  }

  /**
   * A call from a worker, which measured the arguments' JSON at {@code bytes} and left out those
   * over {@code maxHostCallBytes} ({@code argumentsJson} null).
   */
  public synchronized void call(
      String method, @Nullable String argumentsJson, int bytes, Consumer<Completion> done) {
    admit(method, session.admit(method, argumentsJson, bytes), done);
  }

  private void admit(String method, Broker.Admission admission, Consumer<Completion> done) {
    switch (admission) {
      case Broker.Rejected rejected ->
          done.accept(new Completion(true, Broker.envelope(method, rejected.failure())));
      case Broker.Admitted admitted -> {
        Waiting call = new Waiting(admitted, done);
        if (holdLoneCall && held == null && active == 0 && waiting.isEmpty()) {
          held = call;
          heldSeenByTick = false;
          return;
        }
        releaseHeld();
        waiting.add(call);
        dispatch();
      }
    }
  }

  @Override
  public synchronized @Nullable Runnable takeHeldCall() {
    Waiting call = held;
    held = null;
    if (call == null || closed) {
      return null;
    }
    active++;
    return () -> session.runHere(call.call(), completion -> finished(completion, call.done()));
  }

  @Override
  public synchronized void releaseHeldCall() {
    if (held == null) {
      return;
    }
    if (!heldSeenByTick) {
      heldSeenByTick = true;
      return;
    }
    releaseHeld();
    dispatch();
  }

  private void releaseHeld() {
    if (held != null) {
      waiting.addFirst(held);
      held = null;
    }
  }

  private void dispatch() {
    while (!closed && active < maxActive && !waiting.isEmpty()) {
      Waiting next = waiting.poll();
      active++;
      session.start(next.call(), completion -> finished(completion, next.done()));
    }
  }

  private void finished(Completion completion, Consumer<Completion> done) {
    synchronized (this) {
      active--;
      dispatch();
    }
    done.accept(completion);
  }

  @Override
  public List<CallRecord> close() {
    List<CallRecord> records;
    synchronized (this) {
      closed = true;
      held = null;
      waiting.clear();
      records = ledger.close();
    }
    session.cancelAll();
    return records;
  }
}
