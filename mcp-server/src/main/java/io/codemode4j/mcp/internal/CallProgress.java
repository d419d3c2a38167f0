package io.codemode4j.mcp.internal;

import io.codemode4j.bridge.event.CallAdmitted;
import io.codemode4j.bridge.event.CallEnded;
import io.codemode4j.bridge.event.CallStarted;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * The progress of one {@code tools/call} that carried a progress token: a notification as each
 * inner call starts and ends, saying the method's name and how many of the calls made so far are
 * done, and a last one when the pass has ended, whose total is its progress.
 *
 * <p>Decided: built from the pass's call events, which carry names, statuses and counts and never
 * arguments or results, so progress tells a client nothing the result would not. Rate-limited:
 * after one notification, events within {@link #MIN_INTERVAL} send none (the next one sent carries
 * the counts up to it), so a program of a thousand small calls sends a handful; the last is always
 * sent. Progress is the count of events seen, so it grows with every notification, as MCP asks.
 * Thread-safe: one pass's events arrive one at a time but on several threads.
 */
final class CallProgress {

  /** The least time between two notifications before the last. */
  static final Duration MIN_INTERVAL = Duration.ofMillis(100);

  private final Object token;
  private final CallNotifier notifier;
  private final Set<String> made = new HashSet<>();
  private int done;
  private int steps;
  private long lastSent;
  private boolean sentAny;
  private boolean finished;

  private final LongSupplier nanoTime;

  CallProgress(Object token, CallNotifier notifier) {
    this(token, notifier, System::nanoTime);
  }

  /** With {@code nanoTime} as the clock the rate limit reads. */
  CallProgress(Object token, CallNotifier notifier, LongSupplier nanoTime) {
    this.token = token;
    this.notifier = notifier;
    this.nanoTime = nanoTime;
  }

  synchronized void admitted(CallAdmitted event) {
    made.add(event.callId());
  }

  synchronized void started(CallStarted event) {
    made.add(event.callId());
    step(event.method() + " started", false);
  }

  synchronized void ended(CallEnded event) {
    made.add(event.callId());
    done++;
    step(event.method() + " " + event.status().wireName(), false);
  }

  /** The pass has ended: the last notification, whose total is its progress. */
  synchronized void finish() {
    if (finished) {
      return;
    }
    step("the pass ended", true);
    finished = true;
  }

  private void step(String what, boolean last) {
    if (finished) {
      return;
    }
    steps++;
    long now = nanoTime.getAsLong();
    if (!last && sentAny && now - lastSent < MIN_INTERVAL.toNanos()) {
      return;
    }
    sentAny = true;
    lastSent = now;
    notifier.progress(
        new McpSchema.ProgressNotification(
            token,
            steps,
            last ? Double.valueOf(steps) : null,
            what
                + ": "
                + done
                + " of "
                + made.size()
                + (made.size() == 1 ? " call" : " calls")
                + " done"));
  }
}
