package io.codemode4j.mcp.internal;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Failed authentications per client address: each logged, at most twice a window per client, and a
 * client that fails {@link #MAX_FAILURES} times in a window refused at once ({@code 429}) until the
 * window ends, its token not even checked.
 *
 * <p>Decided: a window of one minute that starts at a client's first failure; throttling refuses
 * every request of the address, valid token or not, since answering a valid one would tell a
 * guesser when it guessed right. A token of this server carries at least 128 bits ({@code
 * Tokens.weakness}), so the throttle is not what stops guessing; it keeps a flood of bad requests
 * from filling the log and costing a hash each. Behind a proxy every client shares its address, so
 * one client's failures throttle all: the operator sees the lines that say so. At most {@link
 * #MAX_CLIENTS} addresses are remembered; past that, ended windows are dropped first, then any.
 */
public final class FailedAuthentications {

  /** Failures a client may make in one window before it is refused at once. */
  public static final int MAX_FAILURES = 10;

  /** How long a client's failures count, from its first. */
  public static final Duration WINDOW = Duration.ofMinutes(1);

  static final int MAX_CLIENTS = 10_000;

  private static final Logger LOG = LoggerFactory.getLogger("io.codemode4j.mcp");

  private final LongSupplier nanoTime;
  private final Map<String, Window> byClient = new ConcurrentHashMap<>();

  /** One client's failures in its current window. */
  private record Window(long startNanos, int failures) {}

  /** With {@link System#nanoTime}. */
  public FailedAuthentications() {
    this(System::nanoTime);
  }

  /** With {@code nanoTime} as the clock (tests). */
  public FailedAuthentications(LongSupplier nanoTime) {
    this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
  }

  /**
   * Seconds until {@code client} may try again, rounded up, or 0 when it is not throttled.
   *
   * @param client the client's address, as the connection reports it
   */
  public long retryAfterSeconds(String client) {
    Window window = byClient.get(client);
    if (window == null || window.failures() < MAX_FAILURES) {
      return 0;
    }
    long left = WINDOW.toNanos() - (nanoTime.getAsLong() - window.startNanos());
    if (left <= 0) {
      byClient.remove(client, window);
      return 0;
    }
    return (left + 999_999_999L) / 1_000_000_000L;
  }

  /**
   * Records that {@code client} failed to authenticate, and logs it: the first failure of its
   * window, and the one that makes it throttled.
   *
   * @param reason what was wrong, in this server's words (never the token)
   */
  public void failed(String client, String reason) {
    long now = nanoTime.getAsLong();
    if (byClient.size() >= MAX_CLIENTS && !byClient.containsKey(client)) {
      forgetEnded(now);
    }
    Window window =
        byClient.compute(
            client,
            (address, current) ->
                current == null || now - current.startNanos() >= WINDOW.toNanos()
                    ? new Window(now, 1)
                    : new Window(current.startNanos(), current.failures() + 1));
    if (window.failures() == 1) {
      LOG.warn("authentication failed from {}: {}", client, reason);
    } else if (window.failures() == MAX_FAILURES) {
      LOG.warn(
          "authentication failed {} times in {} s from {}: its requests are refused (429) until"
              + " the window ends",
          MAX_FAILURES,
          WINDOW.toSeconds(),
          client);
    }
  }

  /** How many clients are remembered now. */
  int clients() {
    return byClient.size();
  }

  private void forgetEnded(long now) {
    byClient.entrySet().removeIf(e -> now - e.getValue().startNanos() >= WINDOW.toNanos());
    var addresses = byClient.keySet().iterator();
    while (byClient.size() >= MAX_CLIENTS && addresses.hasNext()) {
      addresses.next();
      addresses.remove();
    }
  }
}
