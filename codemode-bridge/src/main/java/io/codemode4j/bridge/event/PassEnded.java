package io.codemode4j.bridge.event;

import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import io.codemode4j.bridge.outcome.PassReport;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A pass has ended and every resource of it has closed: always its last event, after the {@link
 * CallEnded} of each of its calls. Delivered on the thread that called {@code CodeMode.run}.
 *
 * @param parentCallId the id of the outer tool call, as in {@link PassStarted}
 * @param toolName the outer tool's name, as in {@link PassStarted}
 * @param startedAt when the pass started, as in {@link PassStarted}, so that a span can be built
 *     from this event alone
 * @param duration from the start to the end of the pass
 * @param failure why the pass failed; null when the program returned a value
 * @param limit with {@link FailureKind#LIMIT}, the limit that was hit (e.g. {@link
 *     Limit#MAX_LOG_BYTES}); null otherwise
 * @param calls the pass's final ledger in invocation order (names, statuses and timings only)
 */
public record PassEnded(
    String runId,
    String passId,
    String parentCallId,
    String toolName,
    Instant startedAt,
    Duration duration,
    @Nullable FailureKind failure,
    @Nullable Limit limit,
    List<CallRecord> calls)
    implements PassEvent {
  public PassEnded {
    Events.requireIds(runId, passId);
    Objects.requireNonNull(parentCallId, "parentCallId");
    Objects.requireNonNull(toolName, "toolName");
    Objects.requireNonNull(startedAt, "startedAt");
    Objects.requireNonNull(duration, "duration");
    if (duration.isNegative()) {
      throw new IllegalArgumentException("duration must not be negative, was " + duration);
    }
    if (limit != null && failure != FailureKind.LIMIT) {
      throw new IllegalArgumentException(
          "only a limit failure names a limit, but failure was " + failure + " with " + limit);
    }
    calls = List.copyOf(calls);
  }

  /** Whether the program returned a value. */
  public boolean ok() {
    return failure == null;
  }

  /** The same facts as the {@link PassReport} that {@code onPassExit} receives. */
  public PassReport report() {
    return new PassReport(
        runId,
        passId,
        failure,
        limit,
        duration,
        calls.stream()
            .map(c -> new PassReport.Call(c.method(), c.tool(), c.status(), c.duration()))
            .toList());
  }
}
