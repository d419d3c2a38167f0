package io.codemode4j.mcp;

import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.bridge.event.PassStarted;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A listener that counts the passes a CodeMode starts, so a test waits for a pass to be running
 * (and counted by the server's gate, which admits it before it starts) instead of polling the
 * server for it.
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
}
