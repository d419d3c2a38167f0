package io.codemode4j.mcp.internal;

import io.codemode4j.mcp.Grant;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * The sessions each grant holds on a server with kept sessions, so that no token can start sessions
 * without bound: a session costs the server memory until it ends, and an authenticated client that
 * sent {@code initialize} in a loop would otherwise fill the heap.
 *
 * <p>Decided: counted here, from what the endpoint sees (a session started by an {@code initialize}
 * answered with its {@code Mcp-Session-Id}, each request in it, its DELETE, a 404 that says the
 * transport no longer has it), since the SDK's transport says nothing when its sweeper ends an idle
 * session. The sweeper ends a session within two sweep intervals of its last request, so a session
 * idle longer than that is counted as ended; one idle between one and two intervals may still be
 * counted after the SDK ended it, which only makes the bound apply a little early. Synchronized:
 * the work is a few map operations per request of a session.
 */
public final class KeptSessions {

  /** The sessions one grant may hold at once. */
  public static final int MAX_PER_GRANT = 256;

  private final int max;
  private final long idleNanos;
  private final LongSupplier nanoTime;
  private final Map<Grant, Map<String, Long>> byGrant = new HashMap<>();

  /**
   * @param sweep the SDK's sweep interval: a session idle for two of them has ended
   */
  public KeptSessions(Duration sweep) {
    this(sweep, MAX_PER_GRANT, System::nanoTime);
  }

  /** With {@code max} sessions per grant and {@code nanoTime} as the clock (tests). */
  public KeptSessions(Duration sweep, int max, LongSupplier nanoTime) {
    if (max < 1) {
      throw new IllegalArgumentException("max must be at least 1, was " + max);
    }
    this.max = max;
    this.idleNanos = sweep.multipliedBy(2).toNanos();
    this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
  }

  /** The most sessions one grant may hold. */
  public int max() {
    return max;
  }

  /** Whether {@code grant} may start one more session now; forgets those that have ended. */
  public synchronized boolean mayStart(Grant grant) {
    Map<String, Long> sessions = byGrant.get(grant);
    if (sessions == null) {
      return true;
    }
    long now = nanoTime.getAsLong();
    sessions.values().removeIf(seen -> now - seen > idleNanos);
    return sessions.size() < max;
  }

  /** {@code grant} started session {@code id}. */
  public synchronized void started(Grant grant, String id) {
    byGrant.computeIfAbsent(grant, g -> new HashMap<>()).put(id, nanoTime.getAsLong());
  }

  /** A request of {@code grant} in session {@code id} was served: the session is not idle. */
  public synchronized void touched(Grant grant, String id) {
    Map<String, Long> sessions = byGrant.get(grant);
    if (sessions != null) {
      sessions.computeIfPresent(id, (k, seen) -> nanoTime.getAsLong());
    }
  }

  /** Session {@code id} of {@code grant} ended (deleted, or unknown to the transport). */
  public synchronized void ended(Grant grant, String id) {
    Map<String, Long> sessions = byGrant.get(grant);
    if (sessions != null) {
      sessions.remove(id);
      if (sessions.isEmpty()) {
        byGrant.remove(grant);
      }
    }
  }

  /** The sessions {@code grant} holds, as counted. */
  synchronized int held(Grant grant) {
    Map<String, Long> sessions = byGrant.get(grant);
    return sessions == null ? 0 : sessions.size();
  }
}
