package io.codemode4j.bridge.internal.broker;

import io.codemode4j.bridge.approval.Approval;
import io.codemode4j.bridge.event.CallAdmitted;
import io.codemode4j.bridge.event.CallAuthorization;
import io.codemode4j.bridge.event.CallEnded;
import io.codemode4j.bridge.event.CallStarted;
import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.tool.ToolFailure;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Every inner call of one pass in invocation order, with what is known of its outcome.
 *
 * <p>A call enters as {@code not-started}; its handler's start makes it {@code uncertain}; only a
 * known outcome makes it {@code succeeded} or {@code failed}. Once the pass ends the ledger is
 * closed: later completions (a handler that returned after the pass was cut short) change nothing,
 * so a call the pass did not see finish stays {@code uncertain}. Thread-safe: handlers finish on
 * their own threads.
 *
 * <p>Each transition is also a {@link PassListener} event, delivered under the ledger's lock so
 * that a pass's events arrive in the order of its transitions whichever thread makes them: {@code
 * admit} a {@link CallAdmitted}, {@code start} a {@link CallStarted}, {@code finish} and {@code
 * reject} a {@link CallEnded}, and {@code close} a {@link CallEnded} for each call still {@code
 * uncertain} or {@code not-started}. A transition refused because the pass has ended emits nothing,
 * so each call ends exactly once.
 */
final class PassLedger {

  /** One call; its fields change only under the ledger's lock. */
  static final class Entry {
    final String callId;
    final String method;
    final String tool;
    final Instant invokedAt;
    private CallStatus status = CallStatus.NOT_STARTED;

    /** Null unless the call failed. */
    private @Nullable ToolFailure failure;

    private CallAuthorization authorization = CallAuthorization.NOT_ASKED;

    /** Null unless the call needed approval and its approval ended. */
    private @Nullable Approval approval;

    /** Null until the handler starts. */
    private @Nullable Instant startedAt;

    private long startNanos;
    private long endNanos;

    private Entry(String callId, String method, String tool, Instant invokedAt) {
      this.callId = callId;
      this.method = method;
      this.tool = tool;
      this.invokedAt = invokedAt;
    }
  }

  private final String runId;
  private final String passId;

  /** Null when no one listens: no event is then built. */
  private final @Nullable PassListener listener;

  private final List<Entry> entries = new ArrayList<>();
  private boolean closed;

  /** A ledger no one listens to. */
  PassLedger(String passId) {
    this("", passId, null);
  }

  /** {@code listener} is null when no one listens; otherwise it must not throw. */
  PassLedger(String runId, String passId, @Nullable PassListener listener) {
    this.runId = runId;
    this.passId = passId;
    this.listener = listener;
  }

  synchronized Entry register(String method, String tool) {
    Entry entry = new Entry(passId + ":" + (entries.size() + 1), method, tool, Instant.now());
    entries.add(entry);
    return entry;
  }

  synchronized int size() {
    return entries.size();
  }

  /**
   * The broker admitted the call; it stays {@code not-started} until its handler starts. {@code
   * argumentsJson} reaches the event only when a listener asked for arguments.
   */
  synchronized void admit(Entry entry, String argumentsJson) {
    if (!closed && listener != null) {
      listener.onCallAdmitted(
          new CallAdmitted(
              runId,
              passId,
              entry.callId,
              entry.method,
              entry.tool,
              entry.invokedAt,
              listener.wantsArguments() ? argumentsJson : null));
    }
  }

  /** The host's authorization hook allowed the call; recorded for the call's {@link CallEnded}. */
  synchronized void allowed(Entry entry) {
    if (!closed && entry.status == CallStatus.NOT_STARTED) {
      entry.authorization = CallAuthorization.ALLOWED;
    }
  }

  /**
   * A person approved a {@code needsApproval} call; recorded for the call's {@link CallEnded} and
   * record.
   */
  synchronized void approved(Entry entry, Approval approval) {
    if (!approval.approved()) {
      throw new IllegalArgumentException(
          "an approved call's approval is approved, was " + approval.outcome().wireName());
    }
    if (!closed && entry.status == CallStatus.NOT_STARTED) {
      entry.approval = approval;
    }
  }

  /**
   * A {@code needsApproval} call was not approved: a {@link #reject} with {@code refusal}, recorded
   * with its approval in one step, so no call ends unapproved and not failed.
   */
  synchronized boolean unapproved(Entry entry, Approval approval, ToolFailure refusal) {
    if (closed || entry.status != CallStatus.NOT_STARTED) {
      return false;
    }
    entry.approval = approval;
    return refuse(entry, refusal, entry.authorization);
  }

  /** The handler is about to run; false when the pass has ended and it must not. */
  synchronized boolean start(Entry entry) {
    if (closed || entry.status != CallStatus.NOT_STARTED) {
      return false;
    }
    entry.status = CallStatus.UNCERTAIN;
    entry.startNanos = System.nanoTime();
    entry.startedAt = Instant.now();
    if (listener != null) {
      listener.onCallStarted(
          new CallStarted(runId, passId, entry.callId, entry.method, entry.tool, entry.startedAt));
    }
    return true;
  }

  /**
   * The handler's outcome is known, with {@code failure} the failure of a failed call (null for one
   * that succeeded); false when the pass has already ended.
   */
  synchronized boolean finish(Entry entry, CallStatus status, @Nullable ToolFailure failure) {
    if (closed || entry.status != CallStatus.UNCERTAIN) {
      return false;
    }
    entry.status = status;
    entry.failure = failure;
    entry.endNanos = System.nanoTime();
    ended(entry, duration(entry, entry.endNanos));
    return true;
  }

  /**
   * The broker refused the call before its handler could run: a known failure that did nothing.
   * False when the pass has already ended (the call stays {@code not-started}).
   */
  synchronized boolean reject(Entry entry, ToolFailure failure) {
    return refuse(entry, failure, entry.authorization);
  }

  /**
   * The host's authorization hook denied the call ({@code denial} is {@code unauthorized}): a
   * {@link #reject} recorded as denied.
   */
  synchronized boolean deny(Entry entry, ToolFailure denial) {
    if (denial.kind() != ToolFailure.Kind.UNAUTHORIZED) {
      throw new IllegalArgumentException(
          "a denial fails unauthorized, but its kind was " + denial.kind().wireName());
    }
    return refuse(entry, denial, CallAuthorization.DENIED);
  }

  private boolean refuse(Entry entry, ToolFailure failure, CallAuthorization authorization) {
    if (closed || entry.status != CallStatus.NOT_STARTED) {
      return false;
    }
    entry.status = CallStatus.FAILED;
    entry.failure = failure;
    entry.authorization = authorization;
    ended(entry, Duration.ZERO);
    return true;
  }

  /**
   * A write that a plan recorded instead of running: a known outcome in which nothing ran. False
   * when the pass has already ended.
   */
  synchronized boolean planned(Entry entry) {
    if (closed || entry.status != CallStatus.NOT_STARTED) {
      return false;
    }
    entry.status = CallStatus.PLANNED;
    ended(entry, Duration.ZERO);
    return true;
  }

  /** Ends the pass's bookkeeping and returns the final records. */
  synchronized List<CallRecord> close() {
    closed = true;
    long now = System.nanoTime();
    List<CallRecord> records = new ArrayList<>(entries.size());
    for (Entry e : entries) {
      Duration duration = duration(e, now);
      if (e.status == CallStatus.NOT_STARTED || e.status == CallStatus.UNCERTAIN) {
        ended(e, duration);
      }
      records.add(
          new CallRecord(
              e.callId,
              e.method,
              e.tool,
              e.status,
              e.failure == null ? null : e.failure.kind().wireName(),
              e.invokedAt,
              duration,
              e.approval));
    }
    return List.copyOf(records);
  }

  /** How long the handler ran, up to {@code now} when its outcome is not known. */
  private static Duration duration(Entry e, long now) {
    return switch (e.status) {
      case NOT_STARTED, PLANNED -> Duration.ZERO;
      case UNCERTAIN -> Duration.ofNanos(now - e.startNanos);
      case SUCCEEDED, FAILED ->
          e.startNanos == 0 ? Duration.ZERO : Duration.ofNanos(e.endNanos - e.startNanos);
    };
  }

  private void ended(Entry e, Duration duration) {
    if (listener != null) {
      listener.onCallEnded(
          new CallEnded(
              runId,
              passId,
              e.callId,
              e.method,
              e.tool,
              e.status,
              e.failure == null ? null : e.failure.kind(),
              e.failure == null ? null : String.valueOf(e.failure.getMessage()),
              e.authorization,
              e.approval,
              e.invokedAt,
              e.startedAt,
              duration));
    }
  }
}
