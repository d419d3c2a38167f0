package io.codemode4j.bridge;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Waits for a condition that no event announces (a child process came up, a server reports a pass),
 * by checking it every few milliseconds until a generous deadline. Only for such conditions:
 * whatever a test can be told about (a handler started, a call was admitted) it waits on with a
 * latch instead ({@link TestTools#awaitStarted}).
 */
public final class Poll {

  private static final long PAUSE_NANOS = Duration.ofMillis(5).toNanos();

  private Poll() {}

  /**
   * Returns once {@code condition} holds; fails naming {@code what} when it still does not after
   * {@code patience}, which only a broken system should reach.
   */
  public static void until(String what, Duration patience, BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + patience.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("gave up after " + patience + " waiting until " + what);
      }
      LockSupport.parkNanos(PAUSE_NANOS);
      if (Thread.interrupted()) {
        throw new InterruptedException("interrupted waiting until " + what);
      }
    }
  }
}
