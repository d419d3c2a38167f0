package io.codemode4j.bridge.internal.worker;

import io.codemode4j.bridge.Durations;
import io.codemode4j.bridge.audit.LogText;
import io.codemode4j.bridge.internal.broker.LocalDispatcher;
import io.codemode4j.bridge.internal.engine.PassResult;
import io.codemode4j.bridge.internal.worker.WorkerProcess.Inbound;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One try of a pass on one checked-out worker: sends the run frame, answers the worker's calls
 * through the pass's {@link LocalDispatcher} with completion frames, and ends with the pass's
 * result, whether the worker must be replaced, and whether it died before it said anything of the
 * pass. Single-use, on the pass's thread; what it learns on the way is its state rather than the
 * flags of one long method.
 */
final class WorkerSession {

  private static final Logger LOG = LoggerFactory.getLogger(WorkerSession.class);

  /** How long past its wall time a worker may take to answer, or to stop once asked. */
  private static final Duration GRACE = Duration.ofSeconds(3);

  /**
   * How the try ended.
   *
   * @param replace the worker must not run another pass (it died, broke the protocol, overran, or
   *     its heap may be full of the program's garbage)
   * @param diedUnheard the worker ended before any frame of the pass and not for lack of memory:
   *     the program ran none of its calls, so the pass may run once more on another worker
   */
  record Outcome(PassResult result, boolean replace, boolean diedUnheard) {}

  private final String passId;
  private final WorkerProcess worker;
  private final LocalDispatcher dispatcher;
  private final int maxHeapMegabytes;

  private boolean replace;
  private boolean interrupted;
  private boolean heard;
  private boolean died;

  WorkerSession(
      String passId, WorkerProcess worker, LocalDispatcher dispatcher, int maxHeapMegabytes) {
    this.passId = passId;
    this.worker = worker;
    this.dispatcher = dispatcher;
    this.maxHeapMegabytes = maxHeapMegabytes;
  }

  /** Runs {@code run} on the worker within its wall time {@code wallNanos}, plus the grace. */
  Outcome run(Frame.Run run, long wallNanos) {
    long deadline = System.nanoTime() + wallNanos;
    try {
      try {
        worker.send(run);
      } catch (Frames.FrameTooLargeException e) {
        return outcome(tooLarge(e));
      }
      long giveUp = deadline + GRACE.toNanos();
      PassResult result = null;
      while (result == null) {
        Inbound inbound;
        try {
          inbound = worker.poll(Math.max(0, giveUp - System.nanoTime()));
        } catch (InterruptedException e) {
          interrupted = true;
          worker.sendQuietly(new Frame.Stop("the pass was interrupted by its caller"));
          giveUp = System.nanoTime() + GRACE.toNanos();
          continue;
        }
        result = inbound == null ? overran(wallNanos) : receive(inbound);
      }
      return outcome(result);
    } catch (IOException e) {
      replace = true;
      died = true;
      return outcome(died(dispatcher.close()));
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** The pass's result once {@code inbound} ends it, or null while it goes on. */
  private @Nullable PassResult receive(Inbound inbound) {
    return switch (inbound) {
      case Inbound.Ended ended -> {
        replace = true;
        died = true;
        yield died(dispatcher.close());
      }
      case Inbound.Refused refused -> {
        heard = true;
        replace = true;
        yield refused(refused.error(), dispatcher.close());
      }
      case Inbound.Received(Frame.Call call) -> {
        heard = true;
        dispatcher.call(
            call.method(),
            call.args(),
            call.bytes(),
            completion -> worker.sendQuietly(new Frame.Completion(call.id(), completion)));
        yield null;
      }
      case Inbound.Received(Frame.Done done) -> {
        heard = true;
        PassResult result = done.toResult(dispatcher.close());
        replace = result.limit() == Limit.MEMORY;
        yield result;
      }
      case Inbound.Received(Frame other) -> {
        // The reader accepts only frames a worker sends; a second ready is out of place.
        heard = true;
        replace = true;
        yield refused(
            new FrameProtocolException(
                other.type().wireName(),
                Set.of(FrameType.CALL, FrameType.DONE),
                "not accepted while a pass runs"),
            dispatcher.close());
      }
    };
  }

  private Outcome outcome(PassResult result) {
    return new Outcome(
        result,
        replace,
        died
            && !heard
            && !interrupted
            && result.failure() == FailureKind.INTERNAL
            && result.calls().isEmpty());
  }

  private PassResult tooLarge(Frames.FrameTooLargeException e) {
    return PassResult.failedWithoutOutput(
        passId,
        FailureKind.INVALID_PROGRAM,
        null,
        "the program and its namespaces are "
            + e.bytes()
            + " bytes as a frame, over the "
            + Frames.MAX_FRAME_BYTES
            + " bytes a worker process takes: send a shorter program",
        dispatcher.close());
  }

  private PassResult overran(long wallNanos) {
    replace = true;
    return PassResult.failedWithoutOutput(
        passId,
        FailureKind.TIMEOUT,
        null,
        "the worker did not finish "
            + "within its wall-clock limit of "
            + Durations.format(Duration.ofNanos(wallNanos))
            + " (maxWallTime) and was killed",
        dispatcher.close());
  }

  private PassResult died(List<CallRecord> calls) {
    Integer exit = worker.exitCode(Duration.ofSeconds(2));
    if (exit != null && exit == WorkerProcess.EXIT_OUT_OF_MEMORY) {
      return PassResult.failedWithoutOutput(
          passId,
          FailureKind.LIMIT,
          Limit.MEMORY,
          "the program exhausted its "
              + "worker's heap of "
              + maxHeapMegabytes
              + " MiB: work on less data at once",
          calls);
    }
    return PassResult.failedWithoutOutput(
        passId,
        FailureKind.INTERNAL,
        null,
        "the worker process died (exit code " + exit + ")",
        calls);
  }

  /**
   * The pass of a worker that sent a frame this side refuses: {@code internal}, and the worker is
   * replaced. A worker that died of its heap as it wrote reports the memory limit instead.
   */
  private PassResult refused(FrameProtocolException error, List<CallRecord> calls) {
    LOG.warn(
        "worker {} broke the frame protocol: {}", worker.pid(), LogText.of(error.getMessage()));
    Integer exit = worker.exitCode(Duration.ofMillis(200));
    if (exit != null && exit == WorkerProcess.EXIT_OUT_OF_MEMORY) {
      return died(calls);
    }
    return PassResult.failedWithoutOutput(
        passId,
        FailureKind.INTERNAL,
        null,
        "the worker process broke the frame protocol and was replaced: " + error.getMessage(),
        calls);
  }
}
