package io.codemode4j.bridge.internal.worker;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.Durations;
import io.codemode4j.bridge.Isolation;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.internal.broker.Broker;
import io.codemode4j.bridge.internal.broker.LocalDispatcher;
import io.codemode4j.bridge.internal.engine.CodeExecutor;
import io.codemode4j.bridge.internal.engine.PassResult;
import io.codemode4j.bridge.outcome.FailureKind;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs passes in a pool of pre-started worker JVMs ({@link WorkerMain}) with a hard {@code -Xmx}.
 * The broker, the handlers and the ledger stay here: a worker only sends {@code call} frames, which
 * this side admits through a {@link LocalDispatcher} and answers with {@code completion} frames.
 *
 * <p>A worker that dies (out of memory, crash, kill) ends its pass with the ledger as this side
 * knows it: calls in flight {@code uncertain}, queued ones {@code not-started}. It is replaced, as
 * is a worker whose pass hit its memory limit (its heap may be full of the program's garbage). If a
 * worker does not answer within the wall time plus a grace period, it is killed.
 *
 * <p>Decided: split as HikariCP splits its pool, so each part reads alone: this facade (a pass's
 * tries), {@link WorkerPool} (the workers, checked out and given back), {@link WorkerProcess} (one
 * JVM and its frames) and {@link WorkerSession} (one try of a pass on one worker).
 */
public final class WorkerProcessExecutor implements CodeExecutor {

  private static final Logger LOG = LoggerFactory.getLogger(WorkerProcessExecutor.class);

  /** How the message of a pass that never got a worker begins. */
  static final String NO_FREE_WORKER = "no worker process became free";

  private final Isolation.Process options;
  private final WorkerPool pool;
  private final Duration freeWorkerWait;

  public WorkerProcessExecutor(Isolation.Process options) {
    this(options, WorkerProcess.START_TIMEOUT);
  }

  /**
   * @param freeWorkerWait how long a pass waits at least for a free worker (the default, {@code
   *     START_TIMEOUT}, covers a replaced worker's start; tests shorten it to see a pass that finds
   *     none)
   */
  WorkerProcessExecutor(Isolation.Process options, Duration freeWorkerWait) {
    this(options, freeWorkerWait, WorkerMain.class);
  }

  /**
   * @param workerMain the class each worker JVM runs: {@link WorkerMain}, or in tests a worker that
   *     breaks the protocol
   */
  WorkerProcessExecutor(Isolation.Process options, Duration freeWorkerWait, Class<?> workerMain) {
    this.options = options;
    this.freeWorkerWait = freeWorkerWait;
    this.pool = new WorkerPool(options.workers(), options.maxHeapMegabytes(), workerMain.getName());
  }

  @Override
  public PassResult execute(
      Broker broker,
      String passId,
      String source,
      String namespacesJson,
      RunContext run,
      CodeExecutionLimits limits,
      long wallNanos) {
    // A worker killed from outside while idle can look alive for a moment after the kill, and take
    // a pass it never reads. A worker that ended before saying anything of the pass (no call, no
    // result) and not for lack of memory ran none of the program's calls, so the pass runs once
    // more on another worker; a pass with any call in its ledger never runs again.
    CodeExecutionLimits framed =
        limits.maxHostCallBytes() > Frames.MAX_CALL_BYTES
            ? limits.withMaxHostCallBytes(Frames.MAX_CALL_BYTES)
            : limits;
    Frame.Run frame =
        new Frame.Run(passId, source, namespacesJson, wallNanos, Frame.WorkerLimits.of(framed));
    for (int attempt = 1; ; attempt++) {
      WorkerSession.Outcome outcome = attempt(broker, passId, frame, run, framed, wallNanos);
      if (!outcome.diedUnheard() || attempt == 2) {
        return outcome.result();
      }
      LOG.info(
          "worker process died before it answered pass {} ({}); running the pass on another worker",
          passId,
          outcome.result().message());
    }
  }

  /** One try of the pass on the next free worker. */
  private WorkerSession.Outcome attempt(
      Broker broker,
      String passId,
      Frame.Run frame,
      RunContext run,
      CodeExecutionLimits limits,
      long wallNanos) {
    // A pass waits for a worker as long as its wall time, or as long as a replaced worker takes to
    // start.
    long wait = Math.max(wallNanos, freeWorkerWait.toNanos());
    WorkerProcess worker;
    try {
      worker = pool.checkOut(wait);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return unrun(
          passId, FailureKind.INTERRUPTED, "the pass was interrupted while waiting for a worker");
    }
    if (worker == null) {
      return unrun(
          passId,
          FailureKind.TIMEOUT,
          NO_FREE_WORKER
              + " within "
              + Durations.format(Duration.ofNanos(wait))
              + ": all "
              + options.workers()
              + " workers were busy; run fewer passes at once or use more workers (Isolation.Process)");
    }
    WorkerSession session =
        new WorkerSession(
            passId,
            worker,
            new LocalDispatcher(broker, passId, run, limits, false),
            options.maxHeapMegabytes());
    // A session that ended by surprise (a bug, not the worker) gives its worker back to be
    // replaced: what the worker holds of the pass is unknown.
    boolean replace = true;
    try {
      WorkerSession.Outcome outcome = session.run(frame, wallNanos);
      replace = outcome.replace();
      return outcome;
    } finally {
      pool.release(worker, replace);
    }
  }

  private static WorkerSession.Outcome unrun(String passId, FailureKind kind, String message) {
    return new WorkerSession.Outcome(
        PassResult.failedWithoutOutput(passId, kind, null, message, List.of()), false, false);
  }

  /** Live worker processes, for tests that check none is leaked. */
  List<ProcessHandle> processes() {
    return pool.processes();
  }

  @Override
  public void close() {
    pool.close();
  }
}
