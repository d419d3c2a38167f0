package io.codemode4j.mcp;

import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.bridge.event.PassStarted;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * A listener that counts the passes a CodeMode starts, so a test waits for a pass to be running
 * (and counted by the server's gate, which admits it before it starts) instead of polling the
 * server for it; and {@link #until}, for what nothing announces.
 */
final class PassStarts implements PassListener {

  /** How long a test waits for an event: only a broken server lets it pass. */
  static final Duration PATIENCE = Duration.ofSeconds(60);

  private final Semaphore started = new Semaphore(0);

  @Override
  public void onPassStarted(PassStarted event) {
    started.release();
  }

  /** Forgets the passes started so far. */
  void reset() {
    started.drainPermits();
  }

  /** Waits for the next pass to start (one started since the last wait or reset counts). */
  void awaitNext() throws InterruptedException {
    if (!started.tryAcquire(PATIENCE.toNanos(), TimeUnit.NANOSECONDS)) {
      throw new AssertionError("no pass started within " + PATIENCE);
    }
  }

  /**
   * Returns once {@code condition} holds, checking it every few milliseconds; fails naming {@code
   * what} after {@code patience}. Only for conditions no event announces.
   */
  static void until(String what, Duration patience, BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + patience.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("gave up after " + patience + " waiting until " + what);
      }
      LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
      if (Thread.interrupted()) {
        throw new InterruptedException("interrupted waiting until " + what);
      }
    }
  }
}
