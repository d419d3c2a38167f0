package io.codemode4j.bridge.internal.broker;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * What a host's hook answered for one call within its deadline: the authorization hook and the
 * approval channel both decide through {@link #await}. Each decision runs on a virtual thread of
 * its own, so the deadline holds whichever thread asks (a lone call runs on the pass thread) and a
 * hook that ignores interruption keeps only its own thread. The callers turn every outcome other
 * than an answer into a refusal: failing closed is theirs to word, not this class's.
 *
 * @param <T> the hook's answer
 */
sealed interface HostDecision<T> {

  /** The hook answered in time; {@code value} is null when it answered null. */
  record Answered<T>(@Nullable T value) implements HostDecision<T> {}

  /** The hook threw. */
  record Failed<T>(Throwable cause) implements HostDecision<T> {}

  /** The hook did not answer within the deadline; its thread was interrupted. */
  record TimedOut<T>() implements HostDecision<T> {}

  /**
   * Runs {@code hook} on a virtual thread named {@code threadName} and waits at most {@code
   * deadline} for it.
   *
   * @throws InterruptedException when the pass ended while the hook decided (the hook's thread is
   *     interrupted too)
   */
  static <T> HostDecision<T> await(String threadName, Callable<@Nullable T> hook, Duration deadline)
      throws InterruptedException {
    CompletableFuture<@Nullable T> answer = new CompletableFuture<>();
    Thread deciding =
        Thread.ofVirtual()
            .name(threadName)
            .start(
                () -> {
                  try {
                    answer.complete(hook.call());
                  } catch (Exception | Error e) {
                    answer.completeExceptionally(e);
                  }
                });
    try {
      return new Answered<>(answer.get(deadline.toNanos(), TimeUnit.NANOSECONDS));
    } catch (TimeoutException e) {
      deciding.interrupt();
      return new TimedOut<>();
    } catch (ExecutionException e) {
      return new Failed<>(e.getCause() == null ? e : e.getCause());
    } catch (InterruptedException e) {
      deciding.interrupt();
      throw e;
    }
  }
}
