package io.codemode4j.bridge.internal.engine;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.audit.InternalFailure;
import io.codemode4j.bridge.internal.broker.Broker;
import io.codemode4j.bridge.internal.broker.LocalDispatcher;
import io.codemode4j.bridge.outcome.FailureKind;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs passes in process: each on a platform thread with a large stack (CPU limits fail open on
 * virtual threads in GraalVM, and JavaScript recursion depth follows the thread's stack), in a
 * fresh context of the shared engine, watched by one scheduler thread that enforces wall time by
 * closing contexts.
 */
public final class GraalExecutor implements CodeExecutor {

  /** Platform thread stack for guest code: about 5,000 JavaScript frames. */
  public static final long PASS_STACK_BYTES = 8L * 1024 * 1024;

  /**
   * How long a pass may take to wind down after it was told to stop, before its caller gives up on
   * it.
   */
  private static final long STOP_GRACE_SECONDS = 10;

  /**
   * Contexts kept ready: two cover a caller running passes back to back while one is being
   * replaced.
   */
  public static final int READY_CONTEXTS = 2;

  private final ContextPool contexts;
  private final ExecutorService passThreads =
      new ThreadPoolExecutor(
          0,
          Integer.MAX_VALUE,
          30,
          TimeUnit.SECONDS,
          new SynchronousQueue<>(),
          Thread.ofPlatform()
              .name("codemode-pass-", 0)
              .daemon(true)
              .stackSize(PASS_STACK_BYTES)
              .factory());
  private final ScheduledExecutorService watchdog =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().name("codemode-watchdog").daemon(true).factory());

  /**
   * Keeps {@code readyContexts} contexts prepared ahead of the passes (see {@link ContextPool}).
   */
  public GraalExecutor(int readyContexts) {
    this.contexts = new ContextPool(new Sandbox(), readyContexts);
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
    GraalPass pass =
        new GraalPass(
            contexts,
            watchdog,
            new LocalDispatcher(broker, passId, run, limits, true),
            passId,
            source,
            namespacesJson,
            limits,
            wallNanos);
    passThreads.submit(pass::run);
    Future<PassResult> future = pass.outcome();
    try {
      return future.get();
    } catch (InterruptedException e) {
      pass.stop(FailureKind.INTERRUPTED, null, "the pass was interrupted by its caller");
      Thread.currentThread().interrupt();
      return awaitAfterStop(future, passId);
    } catch (ExecutionException e) {
      return internal(passId, InternalFailure.report("", e.getCause() == null ? e : e.getCause()));
    }
  }

  private static PassResult awaitAfterStop(Future<PassResult> future, String passId) {
    boolean interrupted = Thread.interrupted();
    try {
      return future.get(STOP_GRACE_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException | ExecutionException | TimeoutException e) {
      return internal(
          passId, "the pass did not wind down within " + STOP_GRACE_SECONDS + "s of being stopped");
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static PassResult internal(String passId, String message) {
    return PassResult.failedWithoutOutput(passId, FailureKind.INTERNAL, null, message, List.of());
  }

  @Override
  public void close() {
    passThreads.shutdownNow();
    watchdog.shutdownNow();
    contexts.close();
  }
}
