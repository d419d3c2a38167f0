package io.codemode4j.bridge.internal.broker;

import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.tool.ToolFailure;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Every inner call of one pass in invocation order, with what is known of its outcome.
 *
 * <p>A call enters as {@code not-started}; its handler's start makes it {@code uncertain}; only a
 * known outcome makes it {@code succeeded} or {@code failed}. Once the pass ends the ledger is
 * closed: later completions (a handler that returned after the pass was cut short) change nothing,
 * so a call the pass did not see finish stays {@code uncertain}. Thread-safe: handlers finish on
 * their own threads.
 */
final class PassLedger {

  /** One call; its fields change only under the ledger's lock. */
  static final class Entry {
    final String callId;
    final String method;
    final String tool;
    final Instant invokedAt;
    private CallStatus status = CallStatus.NOT_STARTED;

    /** The failure's wire name; null unless the call failed. */
    private String failureKind;

    private long startNanos;
    private long endNanos;

    private Entry(String callId, String method, String tool, Instant invokedAt) {
      this.callId = callId;
      this.method = method;
      this.tool = tool;
      this.invokedAt = invokedAt;
    }
  }

  private final String passId;
  private final List<Entry> entries = new ArrayList<>();
  private boolean closed;

  PassLedger(String passId) {
    this.passId = passId;
  }

  synchronized Entry register(String method, String tool) {
    Entry entry = new Entry(passId + ":" + (entries.size() + 1), method, tool, Instant.now());
    entries.add(entry);
    return entry;
  }

  synchronized int size() {
    return entries.size();
  }

  /** The handler is about to run; false when the pass has ended and it must not. */
  synchronized boolean start(Entry entry) {
    if (closed || entry.status != CallStatus.NOT_STARTED) {
      return false;
    }
    entry.status = CallStatus.UNCERTAIN;
    entry.startNanos = System.nanoTime();
    return true;
  }

  /**
   * The handler's outcome is known, with {@code failure} the kind of a failed call (null for one
   * that succeeded); false when the pass has already ended.
   */
  synchronized boolean finish(Entry entry, CallStatus status, ToolFailure.Kind failure) {
    if (closed || entry.status != CallStatus.UNCERTAIN) {
      return false;
    }
    entry.status = status;
    entry.failureKind = failure == null ? null : failure.wireName();
    entry.endNanos = System.nanoTime();
    return true;
  }

  /**
   * The broker refused the call before its handler could run: a known failure that did nothing.
   * False when the pass has already ended (the call stays {@code not-started}).
   */
  synchronized boolean reject(Entry entry, ToolFailure.Kind kind) {
    if (closed || entry.status != CallStatus.NOT_STARTED) {
      return false;
    }
    entry.status = CallStatus.FAILED;
    entry.failureKind = kind.wireName();
    return true;
  }

  /** Ends the pass's bookkeeping and returns the final records. */
  synchronized List<CallRecord> close() {
    closed = true;
    long now = System.nanoTime();
    List<CallRecord> records = new ArrayList<>(entries.size());
    for (Entry e : entries) {
      Duration duration =
          switch (e.status) {
            case NOT_STARTED -> Duration.ZERO;
            case UNCERTAIN -> Duration.ofNanos(now - e.startNanos);
            case SUCCEEDED, FAILED ->
                e.startNanos == 0 ? Duration.ZERO : Duration.ofNanos(e.endNanos - e.startNanos);
          };
      records.add(
          new CallRecord(
              e.callId, e.method, e.tool, e.status, e.failureKind, e.invokedAt, duration));
    }
    return List.copyOf(records);
  }
}
