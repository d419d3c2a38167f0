package io.codemode4j.mcp.internal;

import io.codemode4j.mcp.Grant;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import org.jspecify.annotations.Nullable;

/**
 * How many Code Mode passes run at once: at most {@code serverLimit} in all and at most each
 * grant's {@link Grant#maxConcurrentPasses()} for its principal.
 *
 * <p>Decided: a call over a limit is refused at once with a {@code busy} result rather than queued,
 * so that a client flooding the server cannot make another's calls wait, and the model reads why;
 * nothing ran, so the call is safe to repeat.
 */
public final class PassGate {

  /** A held place; {@link #release()} gives it back, once. */
  public interface Permit {
    Permit NONE = () -> {};

    void release();
  }

  private final int serverLimit;
  private final Semaphore server;

  /**
   * Keyed by the whole grant, not the principal id: one server may serve the same principal over
   * stdio and HTTP with different limits, and each must hold to its own (a tokens file gives one
   * principal one grant).
   */
  private final ConcurrentHashMap<Grant, Semaphore> principals = new ConcurrentHashMap<>();

  public PassGate(int serverLimit) {
    if (serverLimit < 1) {
      throw new IllegalArgumentException("serverLimit must be at least 1, was " + serverLimit);
    }
    this.serverLimit = serverLimit;
    this.server = new Semaphore(serverLimit);
  }

  /** A permit for one pass of {@code grant}, or null when a limit is reached. */
  public @Nullable Permit tryAcquire(Grant grant) {
    Semaphore own = principals.computeIfAbsent(grant, g -> new Semaphore(g.maxConcurrentPasses()));
    if (!own.tryAcquire()) {
      return null;
    }
    if (!server.tryAcquire()) {
      own.release();
      return null;
    }
    return new Permit() {
      private boolean released;

      @Override
      public synchronized void release() {
        if (!released) {
          released = true;
          server.release();
          own.release();
        }
      }
    };
  }

  /** Passes running now, over all principals. */
  public int running() {
    return serverLimit - server.availablePermits();
  }

  /** Why a pass of {@code grant} was refused, for the model. */
  public String busyMessage(Grant grant) {
    Semaphore own = principals.get(grant);
    if (own != null && own.availablePermits() == 0) {
      return "too many programs at once: "
          + grant.principal().id()
          + " already runs "
          + grant.maxConcurrentPasses()
          + ", its limit; nothing ran, so wait for one to finish and send this program again"
          + " (or combine independent work into one program with Promise.all)";
    }
    return "the server is at its limit of "
        + serverLimit
        + (serverLimit == 1 ? " program" : " programs")
        + " at once; nothing ran, so send this program again shortly";
  }
}
