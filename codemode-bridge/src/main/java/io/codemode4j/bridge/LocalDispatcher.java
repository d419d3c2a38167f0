package io.codemode4j.bridge;

import java.util.ArrayDeque;
import java.util.List;
import java.util.function.Consumer;

/**
 * The executor's side of the call path: every call is admitted by the broker when the program makes it (so
 * the ledger is in invocation order and refusals come back at once), then waits as {@code not-started} until
 * fewer than {@code maxHostCallConcurrency} calls run. The broker bounds running handlers as well.
 * Thread-safe: calls arrive on the pass thread (or a worker's reader), completions on handler threads.
 */
final class LocalDispatcher implements CallDispatcher {

  private record Waiting(Broker.Admitted call, Consumer<Completion> done) {}

  private final Broker.Session session;
  private final PassLedger ledger;
  private final int maxActive;
  private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
  private int active;
  private boolean closed;

  LocalDispatcher(Broker broker, String passId, RunContext run, CodeExecutionLimits limits) {
    this.ledger = new PassLedger(passId);
    this.session = broker.open(passId, run, limits, ledger);
    this.maxActive = limits.maxHostCallConcurrency();
  }

  @Override
  public synchronized void call(String method, String argumentsJson, Consumer<Completion> done) {
    switch (session.admit(method, argumentsJson)) {
      case Broker.Rejected rejected -> done.accept(new Completion(true, Broker.envelope(method, rejected.failure())));
      case Broker.Admitted admitted -> {
        waiting.add(new Waiting(admitted, done));
        dispatch();
      }
    }
  }

  private void dispatch() {
    while (!closed && active < maxActive && !waiting.isEmpty()) {
      Waiting next = waiting.poll();
      active++;
      session.start(next.call(), completion -> finished(completion, next.done()));
    }
  }

  private void finished(Broker.Completion completion, Consumer<Completion> done) {
    synchronized (this) {
      active--;
      dispatch();
    }
    done.accept(new Completion(completion.failure(), completion.json()));
  }

  @Override
  public List<CallRecord> close() {
    List<CallRecord> records;
    synchronized (this) {
      closed = true;
      waiting.clear();
      records = ledger.close();
    }
    session.cancelAll();
    return records;
  }
}
